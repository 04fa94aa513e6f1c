import Foundation
import ParraRuntime
import ParraTestSupport
import Testing

/// A module may let go of what its timer uses once `cancel_timer` has returned: no callback
/// runs after it, even one already running on the main queue while another thread cancels.
@Suite("Timers after cancel_timer")
struct TimerCancellationTests {
    private static let moduleID = "com.example.timerrace"

    /// A runtime on a main queue of its own, running `timer_race.c`, once its timer has fired.
    private func startRacing() throws -> (TestHost, DispatchQueue) {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build(
            "libTimerRace.so", in: folder,
            source: CFixtureBuilder.repositoryRoot.appendingPathComponent("Tests/Fixtures/CModule/timer_race.c"))
        let queue = DispatchQueue(label: "test.timers.main")
        let host = try TestHost(paths: [module.path], mainQueue: queue)
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(waitUntil { host.log.messages(from: Self.moduleID).contains("fired") })
        return (host, queue)
    }

    @Test("cancel_timer from another thread returns after the running callback, and none runs after it")
    func cancelWhileRunning() throws {
        let (host, queue) = try startRacing()
        defer { host.runtime.stop() }
        _ = try host.runtime.callCommand("com.example.timerrace.cancel", [])
        queue.sync {}  // whatever callback was still to run on the queue has run
        let said = host.log.messages(from: Self.moduleID)
        #expect(said.contains("cancelled"))
        #expect(!said.contains("used after it was let go"), "\(said)")
    }

}
