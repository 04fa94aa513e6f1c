import Foundation
import ParraTestSupport
import Testing

/// A runtime's stop waits for the app log calls in progress (`parra_log_route_wait_idle`) before
/// it deactivates the modules that take app logs, asleep until a call ends. Calls in progress are
/// counted process-wide, so each case runs in a process of its own (ParraLoggerProbe).
@Suite("Waiting for app log calls in progress")
struct LogCallsInProgressTests {
    @Test("a wait sleeps until the call in progress ends: it looks a few times, not every 100 µs")
    func waitSleepsUntilTheCallEnds() throws {
        let run = try LoggerProbeRun(["wait-idle"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let result = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("idle ") }, "\(run.output)")
        let words = result.split(separator: " ")
        #expect(words.count == 4 && words[1] == "1", "\(result)")
        #expect((Int(words.last ?? "") ?? .max) <= 3, "\(result)")
    }

    @Test("a wait that outlasts its timeout says calls are still in progress")
    func waitTimesOut() throws {
        let run = try LoggerProbeRun(["wait-idle", "--times-out"])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.split(separator: "\n").contains { $0.hasPrefix("idle 0 checks ") }, "\(run.output)")
    }

    @Test("stop waits for a sink call in progress, then deactivates and shuts the module down")
    func stopWaitsForSinkCall() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let fixture = try CFixtureBuilder.build(
            "blocking.so", defines: ["FIXTURE_LOG_SINK", "FIXTURE_LOG_SINK_BLOCKS"], in: folder)
        let run = try LoggerProbeRun(["stop-waits", fixture.path])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        let lines = run.output.split(separator: "\n").map(String.init)
        let before = try #require(lines.first { $0.hasPrefix("before release: ") }, "\(run.output)")
        #expect(before.contains("activate") && !before.contains("deactivate"), "\(before)")
        let after = Array(lines.drop { !$0.hasPrefix("before release: ") }.dropFirst())
        let letGo = try #require(after.firstIndex(of: "sink let go"), "\(after)")
        let deactivated = try #require(after.firstIndex(of: "deactivate"), "\(after)")
        #expect(letGo < deactivated)
        #expect(after.last == "shutdown", "\(after)")
    }
}
