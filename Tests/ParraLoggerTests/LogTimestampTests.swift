import Foundation
import ParraTestSupport
import Testing

/// A log call reads the clock only when a sink reads the record's time (PARRA_EXT_LOG_SINK).
/// Whether one does is process-wide, so each case runs in a process of its own
/// (ParraLoggerProbe), where no other test's sinks are attached.
@Suite("Record times only when a sink reads them")
struct LogTimestampTests {
    /// The lines the fixture's sink wrote for the probe's record.
    private func received(_ run: LoggerProbeRun) -> [Substring] {
        run.output.split(separator: "\n").filter { $0.contains("record probe record at") }
    }

    @Test("a sink that reads no timestamps gets 0 while no active sink reads them")
    func aloneGetsZero() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let untimed = try TimeReportingFixture.build(reads: false, in: folder)
        let run = try LoggerProbeRun(["timestamps", untimed.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("reads no timestamps: 0"), "\(run.output)")
        #expect(received(run) == ["parra: info: [com.example.cfixture] record probe record at 0"], "\(run.output)")
    }

    @Test("Parra's logger with its default console format reads no timestamps either")
    func defaultLoggerReadsNone() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let untimed = try TimeReportingFixture.build(reads: false, in: folder)
        let run = try LoggerProbeRun(["timestamps", untimed.path, LoggerModule.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(received(run) == ["parra: info: [com.example.cfixture] record probe record at 0"], "\(run.output)")
        #expect(run.output.contains("probe record\n"), "the logger printed the line: \(run.output)")
    }
}
