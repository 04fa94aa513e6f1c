import CParraPlugin
import Foundation
import ParraPluginKit
import ParraTestSupport
import Testing

@testable import ParraLogger

/// The count a spool hands `whenOpened`, waited for (5 s at most).
final class Recovered: @unchecked Sendable {
    private let lock = NSLock()
    private let done = DispatchSemaphore(value: 0)
    private var count: Int?
    var set: @Sendable (Int) -> Void {
        { [self] value in
            lock.withLock { count = value }
            done.signal()
        }
    }
    func wait() -> Int? {
        _ = done.wait(timeout: .now() + 5)
        return lock.withLock { count }
    }
}

/// Reports gathered from a spool or uploader.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    var sink: @Sendable (String) -> Void { { [self] line in lock.withLock { stored.append(line) } } }
    var lines: [String] { lock.withLock { stored } }
}

@Suite("Session spool on disk")
struct SessionSpoolTests {
    private func spool(
        _ folder: URL, session: String = "s1", sizeLimit: Int = 1 << 20, segmentLimit: Int = 1 << 20,
        reports: Reports = Reports()
    ) throws -> SessionSpool {
        let spool = SessionSpool(
            folder: { folder.path }, sessionID: session, sessionStartedAt: 1_700_000_000, sizeLimit: sizeLimit,
            segmentLimit: segmentLimit, report: reports.sink)
        spool.start()
        return spool
    }

    private func log(_ spool: SessionSpool, _ messages: [String], level: Int32 = PARRA_LOG_LEVEL_INFO) {
        for message in messages {
            var record = TestRecord(level: level, message: message, category: "Checkout/load")
            record.extraJSON = #"{"n":1}"#
            record.callStack = "frame 0"
            record.withRecord { spool.enqueue($0) }
        }
    }

    private func events(_ chunk: SessionSpool.Chunk) -> [[String: Any]] {
        chunk.events.compactMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] }
    }

    @Test("an event is a line of JSON with id, session, time, name and Parra's metadata")
    func eventShape() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let spool = try spool(folder)
        log(spool, ["paid \"in full\""], level: PARRA_LOG_LEVEL_ERROR)
        #expect(spool.flush())
        let chunk = try #require(spool.nextChunk())
        let event = try #require(events(chunk).first)
        #expect(event["id"] as? String == "s1-1")
        #expect(event["session_id"] as? String == "s1")
        #expect(event["created_at"] as? String == "2024-02-24T20:47:51.530Z")
        #expect(event["name"] as? String == "log")
        let metadata = try #require(event["metadata"] as? [String: Any])
        #expect(metadata["level"] as? String == "error")
        #expect(metadata["message"] as? String == "paid \"in full\"")
        #expect((metadata["extra"] as? [String: Any])?["n"] as? Int == 1)
        #expect(metadata["call_stack"] as? String == "frame 0")
        let callSite = try #require(metadata["call_site"] as? [String: Any])
        #expect(callSite["file_id"] as? String == "App/ContentView.swift")
        #expect(callSite["function"] as? String == "body")
        #expect(callSite["line"] as? Int == 42)
        #expect(callSite["column"] as? Int == 9)
        let context = try #require(metadata["logger_context"] as? [String: Any])
        #expect(context["module"] as? String == "App")
        #expect(context["category"] as? String == "Checkout/load")
        spool.stop()
    }

    @Test("chunks hold at most the asked number of events; acknowledged events never come back")
    func chunksAndAcknowledgement() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let spool = try spool(folder)
        log(spool, (0..<600).map { "event \($0)" })
        #expect(spool.flush())
        var seen: [String] = []
        while let chunk = spool.nextChunk(maxEvents: 250) {
            #expect(chunk.events.count <= 250)
            seen += events(chunk).compactMap { ($0["metadata"] as? [String: Any])?["message"] as? String }
            spool.acknowledge(chunk)
        }
        #expect(seen == (0..<600).map { "event \($0)" })
        #expect(!spool.hasUnsentEvents)
        spool.stop()
    }

    @Test("unacknowledged events survive a restart; acknowledged ones do not; ids stay unique")
    func restart() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let first = try spool(folder, session: "run1")
        log(first, (0..<10).map { "first \($0)" })
        #expect(first.flush())
        let chunk = try #require(first.nextChunk(maxEvents: 4))
        first.acknowledge(chunk)
        first.stop()

        let second = try spool(folder, session: "run2")
        #expect(second.counts.recovered == 6)
        log(second, ["second 0"])
        #expect(second.flush())
        let leftover = try #require(second.nextChunk())
        // A chunk is one session: run1's six, then run2's one.
        #expect(events(leftover).map { $0["id"] as? String } == (5...10).map { "run1-\($0)" })
        second.acknowledge(leftover)
        let next = try #require(second.nextChunk())
        #expect(events(next).map { $0["id"] as? String } == ["run2-1"])
        second.stop()
    }

    @Test("damaged lines and a cut-off tail are skipped and reported; the readable events are kept")
    func damage() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let first = try spool(folder, session: "old")
        log(first, (0..<5).map { "kept \($0)" })
        #expect(first.flush())
        first.stop()
        let segment = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("segment-") })
        let url = folder.appendingPathComponent(segment)
        var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.insert("{\"id\":\"broken", at: 2)
        lines.insert("\u{0}\u{0}\u{0}", at: 4)
        let text = lines.joined(separator: "\n") + "\n{\"id\":\"old-99\",\"session_"
        try text.write(to: url, atomically: true, encoding: .utf8)

        let reports = Reports()
        let second = try spool(folder, session: "new", reports: reports)
        #expect(second.counts.recovered == 5)
        #expect(second.counts.damaged == 3)
        #expect(reports.lines.filter { $0.contains(segment) }.count == 3)
        #expect(reports.lines.contains { $0.contains("is cut short") })
        let chunk = try #require(second.nextChunk())
        #expect(events(chunk).count == 5)
        second.stop()
    }

    @Test("past its size limit the spool evicts the oldest segments, counts the events and says so")
    func eviction() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let reports = Reports()
        let spool = try spool(folder, sizeLimit: 64 * 1024, segmentLimit: 16 * 1024, reports: reports)
        for round in 0..<20 {
            log(spool, (0..<50).map { "round \(round) event \($0) " + String(repeating: "x", count: 100) })
            #expect(spool.flush())
        }
        let counts = spool.counts
        #expect(counts.evicted > 0)
        #expect(reports.lines.contains { $0.contains("evicted") && $0.contains("65536-byte limit") })
        var remaining = 0
        while let chunk = spool.nextChunk() {
            remaining += chunk.events.count
            spool.acknowledge(chunk)
        }
        #expect(remaining + counts.evicted == 1000)
        spool.stop()
    }

    @Test("a giant message is cut at 1 MiB on a character boundary; giant extras are replaced; the event stays valid")
    func giantFields() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let spool = try spool(folder, sizeLimit: 64 << 20, segmentLimit: 64 << 20)
        // "a" then two-byte characters: byte 1 MiB falls inside one, so the cut backs off a byte.
        var record = TestRecord(message: "a" + String(repeating: "é", count: 700_000))
        record.extraJSON = #"{"blob":""# + String(repeating: "x", count: 1_100_000) + #""}"#
        record.withRecord { spool.enqueue($0) }
        #expect(spool.flush())
        let chunk = try #require(spool.nextChunk())
        let event = try #require(events(chunk).first)
        let metadata = try #require(event["metadata"] as? [String: Any])
        let message = try #require(metadata["message"] as? String)
        #expect(message.hasPrefix("aé") && message.hasSuffix("é [351426 more bytes cut]"))
        #expect(message.utf8.count < 1_100_000)
        #expect((metadata["extra"] as? [String: Any])?["$truncated"] as? Int == 1_100_011)
        spool.stop()
    }

    @Test("chunks stop short of a byte limit, but always carry at least one event")
    func byteLimit() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let spool = try spool(folder)
        log(spool, (0..<10).map { "event \($0) " + String(repeating: "y", count: 1000) })
        #expect(spool.flush())
        let small = try #require(spool.nextChunk(maxEvents: 250, maxBytes: 3500))
        #expect(small.events.count == 2)
        let tiny = try #require(spool.nextChunk(maxEvents: 250, maxBytes: 10))
        #expect(tiny.events.count == 1)
        spool.stop()
    }

    @Test("everything acknowledged right after a rotation: the next run's events are still read")
    func acknowledgedAtRotation() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let first = try spool(folder, sizeLimit: 64 * 1024, segmentLimit: 16 * 1024)
        // Log until a record fills a segment past its limit, so the writer rotates after it
        // and the newest segment is empty; then the cursor ends at the start of that segment.
        func newestSegmentIsEmpty() throws -> Bool {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix("segment-")
            }
            let newest = try #require(names.max())
            return try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(newest).path)[.size]
                as? Int == 0
        }
        var logged = 0
        repeat {
            log(first, ["big \(logged) " + String(repeating: "x", count: 2200)])
            #expect(first.flush())
            logged += 1
        } while try !newestSegmentIsEmpty() && logged < 100
        #expect(logged < 100)
        while let chunk = first.nextChunk() { first.acknowledge(chunk) }
        first.stop()

        let second = try spool(folder, session: "again")
        log(second, ["one", "two", "three"])
        #expect(second.flush())
        let chunk = try #require(second.nextChunk())
        #expect(
            events(chunk).compactMap { ($0["metadata"] as? [String: Any])?["message"] as? String } == [
                "one", "two", "three",
            ])
        second.stop()
    }

    @Test("a second process on the same spool takes the next folder; a stopped one lets go of it")
    func twoProcesses() throws {
        let base = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("sessions")
        let reports = Reports()
        let first = try spool(base)
        let second = try spool(base, session: "s2", reports: reports)
        #expect(first.directory == base.path)
        #expect(second.directory?.hasSuffix("/sessions-2") == true)
        #expect(reports.lines.contains { $0.contains("another process holds the session spool") })
        log(first, ["from one"])
        log(second, ["from two"])
        #expect(first.flush() && second.flush())
        #expect(try #require(first.nextChunk()).events.count == 1)
        #expect(try #require(second.nextChunk()).events.count == 1)
        first.stop()
        let third = try spool(base, session: "s3")
        #expect(third.directory == base.path)
        second.stop()
        third.stop()
    }

    @Test("a cursor reads back as written; anything but two whole non-negative numbers is no cursor")
    func cursorText() {
        typealias Position = SessionSpool.Position
        #expect(
            Position(cursorJSON: Array(#"{"segment":12,"offset":3456}"#.utf8)) == Position(segment: 12, offset: 3456))
        #expect(Position(cursorJSON: Array(#"{"offset":0,"segment":1}"#.utf8)) == Position(segment: 1, offset: 0))
        for text in [
            #"{"segment":1}"#, #"{"segment":-1,"offset":0}"#, #"{"segment":1.5,"offset":0}"#,
            #"{"segment":"1","offset":0}"#, #"{"segment":1,"offset":1e300}"#, "[1,2]", "{not json",
        ] {
            #expect(Position(cursorJSON: Array(text.utf8)) == nil, "\(text)")
        }
    }

    @Test("a damaged cursor is reported and reading starts from the oldest segment")
    func damagedCursor() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let first = try spool(folder)
        log(first, ["a", "b"])
        #expect(first.flush())
        first.acknowledge(try #require(first.nextChunk(maxEvents: 1)))
        first.stop()
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("cursor.json"))
        let reports = Reports()
        let second = try spool(folder, reports: reports)
        #expect(reports.lines.contains { $0.contains("cursor.json is damaged") })
        #expect(second.counts.recovered == 2)
        second.stop()
    }

    @Test("a spool that opens on its writer makes its folder only when started; earlier records wait for it")
    func opensOnWriter() throws {
        let base = try CFixtureBuilder.makeTemporaryDirectory()
        let folder = base.appendingPathComponent("sessions")
        let earlier = try spool(folder)
        log(earlier, ["left", "behind"])
        #expect(earlier.flush())
        earlier.stop()
        let later = base.appendingPathComponent("later")
        let reports = Reports()
        let deferred = SessionSpool(
            folder: { later.path }, sessionID: "s2", sessionStartedAt: 1_700_000_000, sizeLimit: 1 << 20,
            opensOnWriter: true, report: reports.sink)
        #expect(!FileManager.default.fileExists(atPath: later.path), "nothing is made on the caller's thread")
        #expect(deferred.directory == nil)
        log(deferred, ["early"])
        let recovered = Recovered()
        deferred.start(whenOpened: recovered.set)
        #expect(deferred.flush())
        #expect(deferred.directory == later.path)
        #expect(try #require(deferred.nextChunk()).events.count == 1)
        #expect(recovered.wait() == 0)
        #expect(reports.lines.isEmpty, "\(reports.lines)")
        deferred.stop()

        let again = SessionSpool(
            folder: { folder.path }, sessionID: "s3", sessionStartedAt: 1_700_000_000, sizeLimit: 1 << 20,
            opensOnWriter: true, report: reports.sink)
        let counted = Recovered()
        again.start(whenOpened: counted.set)
        #expect(
            try #require(again.nextChunk()).events.count == 2, "a reader right after start waits for the opening")
        #expect(again.counts.recovered == 2)
        #expect(counted.wait() == 2, "what earlier runs left is counted on the writer")
        again.stop()
    }

    @Test("a spool that opens on its writer reports a folder that cannot be made from there; events wait for it")
    func opensOnWriterUnusableFolder() throws {
        let file = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("plain")
        try Data().write(to: file)
        let reports = Reports()
        let spool = SessionSpool(
            folder: { file.appendingPathComponent("spool").path }, sessionID: "s1", sessionStartedAt: 1_700_000_000,
            sizeLimit: 1 << 20, opensOnWriter: true, report: reports.sink)
        #expect(reports.lines.isEmpty)
        log(spool, ["waiting"])
        spool.start()
        #expect(!spool.flush())
        #expect(
            reports.lines.first
                == "cannot write the session spool at \(file.path)/spool: Not a directory; session events wait in memory (up to 16 MiB) and are written when it can be written again"
        )
        spool.stop()
        #expect(spool.counts.droppedUnwritten == 1)
        #expect(
            reports.lines.last?.hasPrefix(
                "1 session event(s) were never written: Not a directory at \(file.path)/spool") == true)
    }

    @Test("a spool folder that cannot be made is reported with its path and cause; events wait for it")
    func unusableFolder() throws {
        let file = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("plain")
        try Data().write(to: file)
        let reports = Reports()
        let spool = try spool(file.appendingPathComponent("spool"), reports: reports)
        #expect(spool.directory == nil)
        #expect(
            reports.lines == [
                "cannot write the session spool at \(file.path)/spool: Not a directory; session events wait in memory (up to 16 MiB) and are written when it can be written again"
            ])
        log(spool, ["waiting"])
        #expect(!spool.flush())
        spool.stop()
        #expect(spool.counts.droppedUnwritten == 1)
        #expect(
            reports.lines.last?.hasPrefix(
                "1 session event(s) were never written: Not a directory at \(file.path)/spool") == true)
    }
}

@Suite("Session uploads")
struct SessionUploaderTests {
    /// A fake server: answers each request with the next scripted status (the last repeats).
    final class FakeServer: @unchecked Sendable {
        private let lock = NSLock()
        private var script: [Result<Int, SessionUploader.SendFailure>]
        private(set) var bodies: [[String: Any]] = []
        init(_ script: [Result<Int, SessionUploader.SendFailure>]) { self.script = script }

        func send(
            _ body: [UInt8], _ timeout: Double,
            _ completion: @escaping @Sendable (Result<Int, SessionUploader.SendFailure>) -> Void
        ) {
            let answer = lock.withLock { () -> Result<Int, SessionUploader.SendFailure> in
                bodies.append((try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]) ?? [:])
                return script.count > 1 ? script.removeFirst() : script[0]
            }
            DispatchQueue.global().async { completion(answer) }
        }

        var requests: [[String: Any]] { lock.withLock { bodies } }
    }

    private func filledSpool(_ count: Int) throws -> SessionSpool {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let spool = SessionSpool(
            folder: { folder.path }, sessionID: "s", sessionStartedAt: 0, sizeLimit: 1 << 24, report: { _ in })
        spool.start()
        for index in 0..<count { TestRecord(message: "e\(index)").withRecord { spool.enqueue($0) } }
        #expect(spool.flush())
        return spool
    }

    @Test("chunks of at most 250 go out in order; accepted ones leave the spool")
    func accepted() throws {
        let spool = try filledSpool(600)
        let server = FakeServer([.success(201)])
        let uploader = SessionUploader(spool: spool, interval: 30, send: server.send, report: { _ in })
        #expect(uploader.finish(timeout: 10))
        let sizes = server.requests.map { ($0["events"] as? [Any])?.count ?? 0 }
        #expect(sizes == [250, 250, 100])
        #expect(server.requests.allSatisfy { $0["session_id"] as? String == "s" && $0["user_properties"] != nil })
        #expect(uploader.counts.acceptedEvents == 600)
        #expect(!spool.hasUnsentEvents)
        spool.stop()
    }

    @Test("after a 500, a 429, a network failure or a redirect the chunk stays and is sent again later")
    func retried() throws {
        let spool = try filledSpool(10)
        let server = FakeServer([
            .success(500), .success(429), .failure(.init(message: "reset")), .success(302), .success(200),
        ])
        let uploader = SessionUploader(spool: spool, interval: 0.05, send: server.send, report: { _ in })
        uploader.start()
        #expect(waitUntil { uploader.counts.acceptedEvents == 10 })
        #expect(uploader.counts.failedAttempts == 4)
        let ids = server.requests.map { (($0["events"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String } }
        #expect(ids.count == 5)
        #expect(Set(ids.map { $0.joined(separator: ",") }).count == 1, "every attempt carries the same ids")
        _ = uploader.finish(timeout: 1)
        spool.stop()
    }

    @Test("a 400 drops the chunk, counts it and says so; the next chunk still goes")
    func rejected() throws {
        let spool = try filledSpool(300)
        let server = FakeServer([.success(400), .success(200)])
        let reports = Reports()
        let uploader = SessionUploader(spool: spool, interval: 30, send: server.send, report: reports.sink)
        #expect(uploader.finish(timeout: 10))
        #expect(uploader.counts.rejectedEvents == 250)
        #expect(uploader.counts.acceptedEvents == 50)
        #expect(reports.lines.contains { $0.contains("HTTP 400") && $0.contains("250 event(s)") })
        spool.stop()
    }

    @Test("finishing waits no longer than its timeout, even for a server that never answers", .timeLimit(.minutes(1)))
    func boundedFinish() throws {
        let spool = try filledSpool(3)
        let uploader = SessionUploader(spool: spool, interval: 30, send: { _, _, _ in }, report: { _ in })
        uploader.trigger()
        #expect(!uploader.finish(timeout: 0.3))
        #expect(spool.hasUnsentEvents)
        spool.stop()
    }

    @Test("when requests cannot be made at all, events stay on disk and it is said once")
    func unavailable() throws {
        let spool = try filledSpool(3)
        let reports = Reports()
        let uploader = SessionUploader(
            spool: spool, interval: 30,
            send: { _, _, _ in throw SessionUploader.SendFailure(message: "no API service") },
            report: reports.sink)
        #expect(!uploader.finish(timeout: 1))
        #expect(!uploader.finish(timeout: 1))
        #expect(reports.lines.filter { $0.contains("unavailable") }.count == 1)
        #expect(spool.hasUnsentEvents)
        spool.stop()
    }
}
