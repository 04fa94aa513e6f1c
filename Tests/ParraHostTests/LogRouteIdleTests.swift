import CParraLogRoute
import Foundation
import ParraTestSupport
import Testing

/// Waiting for the log calls in progress to end (`parra_log_route_wait_idle`), as a runtime's stop
/// does before it deactivates modules that take app logs: asleep until a call ends, never polling.
@Suite("Waiting for app log calls in progress")
struct LogRouteIdleTests {
    /// A call in progress on a thread of its own until `leave` is signalled.
    private func callInProgress(until leave: DispatchSemaphore) {
        let entered = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            parra_log_route_enter()
            entered.signal()
            leave.wait()
            parra_log_route_leave()
        }
        entered.wait()
    }

    @Test("a wait sleeps until the call in progress ends: it looks a few times, not every 100 µs")
    func waitSleepsUntilTheCallEnds() {
        let leave = DispatchSemaphore(value: 0)
        callInProgress(until: leave)
        let outcome = LockedValue<(idle: Bool, checks: Int32)?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var checks: Int32 = 0
            let idle = parra_log_route_wait_idle(10_000_000_000, &checks)
            outcome.value = (idle, checks)
            done.signal()
        }
        let deadline = Date().addingTimeInterval(10)
        while parra_log_route_idle_waiters() == 0, Date() < deadline { usleep(1000) }
        // The call goes on 50 ms after the waiter began to wait: a waiter that looked every
        // 100 µs would have looked hundreds of times. Log calls of other tests may wake it a few.
        usleep(50_000)
        leave.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        let result = outcome.value
        #expect(result?.idle == true)
        #expect((result?.checks ?? .max) < 50, "looked \(result?.checks ?? -1) times")
    }

    @Test("a wait that outlasts its timeout says calls are still in progress")
    func waitTimesOut() {
        let leave = DispatchSemaphore(value: 0)
        callInProgress(until: leave)
        defer { leave.signal() }
        var checks: Int32 = 0
        #expect(!parra_log_route_wait_idle(20_000_000, &checks))
        #expect(checks >= 1)
    }
}
