import Foundation
import ParraTestSupport
import Testing

/// A log call reads the clock for its record only when a sink reads the record's time
/// (PARRA_EXT_LOG_SINK). Whether one does is process-wide, so each case runs in a process of its
/// own (ParraLoggerProbe), where no other test's sinks are attached.
@Suite("Record times only when a sink reads them")
struct LogTimestampTests {
    /// What the fixture `moduleID`'s sink said of the record `message`'s time: "at a time" or
    /// "at 0".
    private func received(
        _ run: LoggerProbeRun, _ message: String = "probe record", from moduleID: String = "com.example.cfixture"
    ) -> [String] {
        let prefix = "parra: info: [\(moduleID)] record \(message) "
        return run.output.split(separator: "\n").filter { $0.hasPrefix(prefix) }.map {
            String($0.dropFirst(prefix.count))
        }
    }

    /// Runs the probe's `timestamps` case with `arguments`; it must exit 0.
    private func probe(_ arguments: [String]) throws -> LoggerProbeRun {
        let run = try LoggerProbeRun(["timestamps"] + arguments)
        #expect(run.status == 0, "\(run.errors)")
        return run
    }

    @Test("a sink that reads no timestamps gets 0 while no active sink reads them; a held record gets its time")
    func aloneGetsZero() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let untimed = try TimeReportingFixture.build(reads: false, in: folder)
        let run = try probe([untimed.path])
        #expect(run.output.contains("reads no timestamps: 0"), "\(run.output)")
        #expect(received(run) == ["at 0"], "\(run.output)")
        #expect(received(run, "probe early") == ["at a time"], "logged before the sinks were active: \(run.output)")
    }

    @Test("beside a sink that reads timestamps, one that reads none gets the time too")
    func anyReaderStampsAll() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let untimed = try TimeReportingFixture.build(reads: false, in: folder)
        let timed = try TimeReportingFixture.build(reads: true, id: "com.example.timed", in: folder)
        let run = try probe([untimed.path, timed.path])
        #expect(received(run) == ["at a time"], "\(run.output)")
        #expect(received(run, from: "com.example.timed") == ["at a time"], "\(run.output)")
    }

    @Test("Parra's logger with its default console format reads no timestamps")
    func defaultLoggerReadsNone() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let untimed = try TimeReportingFixture.build(reads: false, in: folder)
        let run = try probe([untimed.path, LoggerModule.path])
        #expect(received(run) == ["at 0"], "\(run.output)")
        #expect(run.output.contains("probe record\n"), "the logger printed the line: \(run.output)")
    }

    @Test("Parra's logger reads the time for a console format that shows it, and shows the time of the call")
    func timestampFormatReads() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let untimed = try TimeReportingFixture.build(reads: false, in: folder)
        let before = Date().timeIntervalSince1970
        let run = try probe(["--timestamp-format", untimed.path, LoggerModule.path])
        #expect(received(run) == ["at a time"], "\(run.output)")
        let line = try #require(run.output.split(separator: "\n").first { $0.hasSuffix(" probe record") })
        let shown = try #require(Double(line.split(separator: " ").first ?? ""), "\(line)")
        #expect(shown >= before - 1 && shown <= Date().timeIntervalSince1970 + 1, "\(line)")
    }

    @Test("Parra's logger in production reads the time, for its session events")
    func productionReads() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let untimed = try TimeReportingFixture.build(reads: false, in: folder)
        let run = try probe(["--production", untimed.path, LoggerModule.path])
        #expect(received(run) == ["at a time"], "\(run.output)")
    }

    @Test("a sink built against the 1.8 headers, which cannot say, reads the time")
    func olderSinkReads() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let old = try CFixtureBuilder.build(
            "old.so", defines: ["FIXTURE_LOG_SINK", "FIXTURE_LOG_SINK_TIMES"], in: folder,
            headers: CFixtureBuilder.releasedHeaders("1.8"))
        let untimed = try TimeReportingFixture.build(reads: false, id: "com.example.untimed", in: folder)
        let run = try probe([old.path, untimed.path])
        #expect(received(run) == ["at a time"], "\(run.output)")
        #expect(received(run, from: "com.example.untimed") == ["at a time"], "\(run.output)")
    }
}
