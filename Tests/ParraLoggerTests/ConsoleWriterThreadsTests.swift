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
}
