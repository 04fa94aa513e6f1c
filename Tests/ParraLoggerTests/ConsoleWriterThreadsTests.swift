import CParraPlugin
import Foundation
import Testing

@testable import ParraLogger

/// Several threads writing console lines to one file at once, through their lanes: every line
/// arrives whole, once, and each thread's lines keep their order.
@Suite("Console lines from several threads")
struct ConsoleWriterThreadsTests {
    private static let linesPerThread = 20_000

    /// The file's lines after `threads` threads each wrote `linesPerThread` lines
    /// `t<thread> <index>` at once (every 1000th an error line, which drains every lane).
    private func write(threads: Int, path: String) throws -> [String] {
        let writer = try ConsoleWriter(
            destination: .file(path), format: .default, environment: [:], report: { _ in })
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<Self.linesPerThread {
                var record = TestRecord(message: "t\(thread) \(index)")
                if index % 1000 == 999 { record.level = PARRA_LOG_LEVEL_ERROR }
                record.withRecord { writer.write($0) }
            }
        }
        writer.stop()
        return try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test("two threads' lines are whole, none is lost or doubled, each thread's in order")
    func twoThreads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parra-lanes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = try write(threads: 2, path: folder.appendingPathComponent("console.log").path)

        #expect(lines.count == 2 * Self.linesPerThread)
        var next = [0, 0]
        var malformed: [String] = []
        for line in lines {
            // "⚪️ [ContentView:body:42] t0 17" (an error line has its own symbol).
            guard let close = line.range(of: "[ContentView:body:42] t"),
                let space = line[close.upperBound...].firstIndex(of: " "),
                let thread = Int(line[close.upperBound..<space]), thread == 0 || thread == 1,
                let index = Int(line[line.index(after: space)...])
            else {
                malformed.append(line)
                continue
            }
            #expect(index == next[thread], "thread \(thread): line \(index) after \(next[thread] - 1)")
            next[thread] = index + 1
        }
        #expect(malformed.isEmpty, "cut or interleaved lines: \(malformed.prefix(3))")
        #expect(next == [Self.linesPerThread, Self.linesPerThread])
    }

    @Test("a batch begun after another thread's line is written after it, whatever their lanes")
    func batchesInTheOrderTheyBegan() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parra-batches-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("console.log").path
        let writer = try ConsoleWriter(
            destination: .file(path), format: .default, environment: [:], report: { _ in })
        // Two live threads whose lanes are the wrong way round: the first to write has the
        // higher lane, which a writer draining lanes by index would write last.
        var threads: [LaneThread] = []
        defer { for thread in threads { thread.end() } }
        var pair: (first: LaneThread, second: LaneThread)?
        while pair == nil, threads.count < 256 {
            let thread = LaneThread()
            let lane = thread.run { WriterLanes.currentIndex }
            if let lower = threads.first(where: { $0.lane < lane }) { pair = (thread, lower) }
            thread.lane = lane
            threads.append(thread)
        }
        let (first, second) = try #require(pair)
        _ = first.run {
            TestRecord(message: "first").withRecord { writer.write($0) }
            return 0
        }
        _ = second.run {
            TestRecord(message: "second").withRecord { writer.write($0) }
            return 0
        }
        writer.stop()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix("] first") == true)
        #expect(lines.last?.hasSuffix("] second") == true)
    }
}

extension ConsoleWriterThreadsTests {
    /// Writes through the system, except that the first write waits until `release()`; keeps
    /// every write's size.
    private final class HeldFirstWrite: @unchecked Sendable {
        private let lock = NSLock()
        private var sizes: [Int] = []
        private let gate = DispatchSemaphore(value: 0)
        /// Signalled when the first write has begun (and waits).
        let started = DispatchSemaphore(value: 0)

        var files: FileWriting {
            FileWriting(
                write: { [self] descriptor, bytes, count in
                    let first = lock.withLock {
                        sizes.append(count)
                        return sizes.count == 1
                    }
                    if first {
                        started.signal()
                        gate.wait()
                    }
                    return FileWriting.system.write(descriptor, bytes, count)
                }, sync: FileWriting.system.sync)
        }

        /// Lets the first write go on.
        func release() { gate.signal() }

        /// The size of every write so far.
        var writes: [Int] { lock.withLock { sizes } }
    }

    @Test(
        "a block that fills while another thread's write of the last one is in progress goes on filling: the thread does not wait, and every line is written once, in order",
        .timeLimit(.minutes(1)))
    func blockFillsDuringAWrite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parra-held-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("console.log").path
        let disk = HeldFirstWrite()
        let writer = try ConsoleWriter(
            destination: .file(path), format: .default, environment: [:], files: disk.files, report: { _ in })
        // A thread fills the first block (about 37 bytes a line) and is held in its write.
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for index in 0..<2000 { TestRecord(message: "w \(index)").withRecord { writer.write($0) } }
            done.signal()
        }
        disk.started.wait()
        // This thread fills well past a block meanwhile; waiting for the held write would
        // never end.
        for index in 0..<5000 { TestRecord(message: "m \(index)").withRecord { writer.write($0) } }
        disk.release()
        done.wait()
        writer.stop()

        #expect(disk.writes.contains { $0 > 64 * 1024 }, "\(disk.writes)")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 7000)
        var next = ["w": 0, "m": 0]
        for line in lines {
            let words = line.split(separator: " ")
            guard words.count >= 2, let thread = words.dropLast().last.map(String.init), let index = Int(words.last!),
                let expected = next[thread]
            else {
                Issue.record("malformed line \(line)")
                continue
            }
            #expect(index == expected, "\(thread): line \(index) after \(expected - 1)")
            next[thread] = index + 1
        }
        #expect(next == ["w": 2000, "m": 5000])
    }
}

/// A thread that stays alive until `end()`, running what `run` gives it: threads alive at once
/// have distinct identities, hence lanes that can be told apart.
private final class LaneThread: @unchecked Sendable {
    private let start = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    private var job: (() -> Int)?
    private var result = 0
    /// The writer lane this thread maps to, once known.
    var lane = 0

    init() {
        Thread.detachNewThread { [self] in
            while true {
                start.wait()
                guard let job else { break }
                result = job()
                done.signal()
            }
            done.signal()
        }
    }

    /// Runs `body` on the thread, waits for it and returns its result.
    func run(_ body: @escaping () -> Int) -> Int {
        job = body
        start.signal()
        done.wait()
        return result
    }

    /// Ends the thread and waits for it.
    func end() {
        job = nil
        start.signal()
        done.wait()
    }
}
