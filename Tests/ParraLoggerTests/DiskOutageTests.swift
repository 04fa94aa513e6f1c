import CParraPlugin
import Foundation
import ParraTestSupport
import Testing

@testable import ParraLogger

/// The logger on a full or read-only disk, from inside the module: the spool and the console
/// writer on a `FakeDisk` and a `ManualClock`, and on `/dev/full`, a real device that refuses
/// every write with ENOSPC.
@Suite("The logger on a full or read-only disk")
struct DiskOutageTests {
    private func spool(
        _ folder: URL, disk: FakeDisk, clock: ManualClock = ManualClock(), reports: Reports
    ) -> SessionSpool {
        let spool = SessionSpool(
            folder: { folder.path }, sessionID: "s", sessionStartedAt: 0, sizeLimit: 256 << 20, segmentLimit: 64 << 20,
            files: disk.files, clock: clock.read, report: reports.sink)
        spool.start()
        return spool
    }

    private func log(_ spool: SessionSpool, _ messages: some Sequence<String>) {
        for message in messages { TestRecord(message: message).withRecord { spool.enqueue($0) } }
    }

    /// Every event on disk, read and acknowledged chunk by chunk: (id, level, message).
    private func drain(_ spool: SessionSpool) -> [(id: String, level: String, message: String)] {
        var events: [(String, String, String)] = []
        while let chunk = spool.nextChunk() {
            for line in chunk.events {
                let event = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] ?? [:]
                let metadata = event["metadata"] as? [String: Any] ?? [:]
                events.append(
                    (
                        event["id"] as? String ?? "", metadata["level"] as? String ?? "",
                        metadata["message"] as? String ?? ""
                    ))
            }
            spool.acknowledge(chunk)
        }
        return events
    }

    @Test("the retry waits double from 0.1 s up to 5 s, on the clock it is given")
    func backoff() {
        var outage = DiskOutage(path: "/x", reason: "No space left on device", now: 10)
        #expect(!outage.isRetryDue(at: 10.09))
        #expect(outage.isRetryDue(at: 10.1))
        var delays: [Double] = []
        var now = 10.1
        for _ in 0..<8 {
            outage.retryFailed(at: now)
            delays.append(((outage.nextRetry - now) * 1000).rounded() / 1000)
            now = outage.nextRetry
        }
        #expect(delays == [0.2, 0.4, 0.8, 1.6, 3.2, 5, 5, 5])
    }

    @Test("a full disk: said once, events held, then written in order, each once, when space returns")
    func fullThenFree() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let disk = FakeDisk()
        let reports = Reports()
        let spool = spool(folder, disk: disk, reports: reports)
        log(spool, (0..<10).map { "before \($0)" })
        #expect(spool.flush())
        // Full mid-write: 150 bytes of the next batch reach the disk, then ENOSPC.
        disk.fill(ENOSPC, after: 150)
        log(spool, (0..<50).map { "held \($0)" })
        #expect(!spool.flush(), "flush says the events are not on disk")
        log(spool, (50..<100).map { "held \($0)" })
        #expect(!spool.flush())
        #expect(disk.refused >= 2)
        let refusals = reports.lines.filter { $0.hasPrefix("cannot write the session spool") }
        #expect(refusals.count == 1, "once per episode: \(reports.lines)")
        #expect(
            refusals.first?.contains(": No space left on device; session events wait in memory (up to 16 MiB)") == true)
        #expect(refusals.first?.contains(folder.path + "/segment-") == true, "names the file: \(refusals)")

        disk.free()
        #expect(spool.flush())
        let recovered = try #require(reports.lines.last)
        #expect(recovered.hasPrefix("the session spool at \(folder.path)/segment-"))
        #expect(recovered.hasSuffix(" can be written again: 100 held event(s) are on disk"))
        let events = drain(spool)
        #expect(events.map(\.message) == (0..<10).map { "before \($0)" } + (0..<100).map { "held \($0)" })
        #expect(Set(events.map(\.id)).count == events.count)
        spool.stop()
        #expect(spool.counts.droppedUnwritten == 0)

        // No torn line on disk: a new spool over the folder finds every line whole.
        let again = self.spool(folder, disk: FakeDisk(), reports: Reports())
        #expect(again.counts.damaged == 0)
        again.stop()
    }

    @Test("past the 16 MiB hold newer events are dropped, counted, and a warn event says so when space returns")
    func overflow() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let disk = FakeDisk()
        let reports = Reports()
        let spool = spool(folder, disk: disk, reports: reports)
        disk.fill(EDQUOT)
        let big = String(repeating: "x", count: 512 * 1024)
        let total = 40
        for index in 0..<total {
            log(spool, ["big \(index) " + big])
            _ = spool.flush()
        }
        disk.free()
        #expect(spool.flush())
        let events = drain(spool)
        let kept = events.filter { $0.message.hasPrefix("big ") }
        let dropped = spool.counts.droppedUnwritten
        #expect(dropped > 0 && kept.count + dropped == total, "kept \(kept.count), dropped \(dropped)")
        #expect(
            kept.map { $0.message.split(separator: " ")[1] } == (0..<kept.count).map { "\($0)" },
            "oldest kept, in order")
        let marker = try #require(events.last)
        #expect(marker.level == "warn")
        #expect(
            marker.message.hasPrefix(
                "\(dropped) session event(s) dropped: Disk quota exceeded at \(folder.path)/segment-"))
        #expect(Set(events.map(\.id)).count == events.count, "the marker's id is unique")
        #expect(reports.lines.last?.hasSuffix(marker.message) == true)
        spool.stop()
    }

    @Test("without a flush the writer retries once the backoff is due on its clock")
    func retryOnClock() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let disk = FakeDisk()
        let clock = ManualClock()
        let reports = Reports()
        let spool = spool(folder, disk: disk, clock: clock, reports: reports)
        disk.fill(EIO)
        log(spool, ["waits"])
        #expect(!spool.flush())
        disk.free()
        clock.advance(DiskOutage.firstDelay)
        #expect(waitUntil { spool.hasUnsentEvents }, "the held event reached the disk")
        #expect(drain(spool).map(\.message) == ["waits"])
        #expect(reports.lines.first?.contains(": Input/output error;") == true)
        spool.stop()
    }

    @Test("a disk still full at stop: the held events are counted and reported as never written")
    func fullAtStop() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let disk = FakeDisk()
        let reports = Reports()
        let spool = spool(folder, disk: disk, reports: reports)
        disk.fill(EROFS)
        log(spool, (0..<7).map { "lost \($0)" })
        #expect(!spool.flush())
        spool.stop()
        #expect(spool.counts.droppedUnwritten == 7)
        #expect(
            reports.lines.last?.hasPrefix(
                "7 session event(s) were never written: Read-only file system at \(folder.path)/segment-")
                == true, "\(reports.lines)")
        #expect(reports.lines.count == 2, "no end of the outage is claimed: \(reports.lines)")
    }

    @Test("a folder that cannot be made at start (a file in its place) is retried and used once it can be")
    func folderLater() throws {
        let parent = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("data")
        try Data().write(to: parent)
        let clock = ManualClock()
        let reports = Reports()
        let spool = spool(parent.appendingPathComponent("sessions"), disk: FakeDisk(), clock: clock, reports: reports)
        #expect(
            reports.lines.first?.hasPrefix(
                "cannot write the session spool at \(parent.path)/sessions: Not a directory;")
                == true, "\(reports.lines)")
        log(spool, ["early"])
        #expect(!spool.flush())
        try FileManager.default.removeItem(at: parent)
        clock.advance(DiskOutage.maxDelay)
        #expect(spool.flush())
        #expect(spool.directory == parent.appendingPathComponent("sessions").path)
        #expect(drain(spool).map(\.message) == ["early"])
        spool.stop()
    }

    // MARK: - Console lines

    private func writer(_ path: String, disk: FakeDisk? = nil, clock: ManualClock, reports: Reports) throws
        -> ConsoleWriter
    {
        let format = ConsoleFormat.parse(json: #"[{"kind":"message"}]"#).format!
        return try ConsoleWriter(
            destination: .file(path), format: format, environment: [:], files: disk?.files ?? .system,
            clock: clock.read, report: reports.sink)
    }

    @Test("console lines to /dev/full, a real full device: said once, counted at stop")
    func devFull() throws {
        let reports = Reports()
        let writer = try writer("/dev/full", clock: ManualClock(), reports: reports)
        for index in 0..<10 {
            TestRecord(message: "line \(index)").withRecord { writer.write($0) }
            writer.flush()
        }
        writer.stop()
        #expect(
            reports.lines == [
                "cannot write console lines to /dev/full: No space left on device; they wait in memory (up to 4 MiB) and are written when it can be written again",
                "10 console line(s) were never written: No space left on device at /dev/full (10 held in memory, 0 dropped past the 4194304-byte hold)",
            ])
    }

    @Test("a console file on a full disk: held lines follow in order, whole and once, then the dropped count")
    func consoleFileRecovers() throws {
        let file = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("console.log")
        let disk = FakeDisk()
        let clock = ManualClock()
        let reports = Reports()
        let writer = try writer(file.path, disk: disk, clock: clock, reports: reports)
        let padding = String(repeating: "p", count: 100 * 1024)
        TestRecord(message: "line 0").withRecord { writer.write($0) }
        writer.flush()
        disk.fill(ENOSPC, after: 20)
        let total = 60
        for index in 1..<total {
            TestRecord(message: "line \(index) \(padding)").withRecord { writer.write($0) }
        }
        writer.flush()
        disk.free()
        clock.advance(DiskOutage.maxDelay)
        writer.flush()
        writer.stop()
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let marker = try #require(lines.last)
        let logged = lines.dropLast()
        let dropped = total - logged.count
        #expect(dropped > 0)
        #expect(marker == "ParraLogger: \(dropped) console line(s) dropped: No space left on device at \(file.path)")
        #expect(
            logged.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
                == (0..<logged.count).map { "line \($0)" }, "in order, each once")
        #expect(logged.dropFirst().allSatisfy { $0.hasSuffix(padding) }, "no torn line")
        #expect(reports.lines.filter { $0.hasPrefix("cannot write console lines") }.count == 1)
        #expect(reports.lines.last == "console lines to \(file.path) can be written again; " + marker.dropFirst(13))
    }
}
