import Foundation

/// Polls `condition` until it holds or `timeout` seconds have passed; whether it held.
///
/// For tests that wait for an event nothing signals them about (a record reaching a file, a
/// server's count growing). The timeout is a safety net for a hang, not a measurement: make it
/// far above what the event takes, so a slow machine only waits longer, never fails. The polls
/// start 1 ms apart and back off to 10 ms; the deadline is on the monotonic clock, so a step of
/// the wall clock neither cuts the wait short nor stretches it.
package func waitUntil(timeout: TimeInterval = 20, _ condition: () -> Bool) -> Bool {
    let deadline = DispatchTime.now() + timeout
    var pause: useconds_t = 1_000
    while !condition() {
        guard DispatchTime.now() < deadline else { return condition() }
        usleep(pause)  // the poll's interval, not a wait for the event
        pause = min(pause * 2, 10_000)
    }
    return true
}
