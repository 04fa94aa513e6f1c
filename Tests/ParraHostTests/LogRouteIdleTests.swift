import CParraLogRoute
import Foundation
import Testing

/// Waiting for the app log calls in progress to end (`parra_log_route_wait_idle`); the cases
/// whose answer depends on no other call being in progress run in ParraLoggerProbe
/// (`LogCallsInProgressTests`).
@Suite("Waiting for app log calls in progress, in this process")
struct LogRouteIdleTests {
    @Test("a wait that outlasts its timeout says calls are still in progress")
    func waitTimesOut() {
        let entered = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            parra_log_route_enter()
            entered.signal()
            leave.wait()
            parra_log_route_leave()
        }
        entered.wait()
        defer { leave.signal() }
        #expect(!parra_log_route_wait_idle(20_000_000, nil))
    }
}
