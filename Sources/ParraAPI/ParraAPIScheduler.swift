import Dispatch
import FoundationEssentials
import ParraSync

/// The client's clock and sleeper: what time it is (for `Retry-After` dates and token expiry)
/// and how to run work later (for backoff). Injected so tests check delays without sleeping.
package protocol ParraAPIScheduler: Sendable {
    /// The current wall-clock time.
    var now: Date { get }
    /// Runs `work` once, `seconds` from now, on any thread but the main one.
    func schedule(after seconds: TimeInterval, _ work: @escaping @Sendable () -> Void)
}

/// The real clock, sleeping on a Dispatch queue.
package struct DispatchAPIScheduler: ParraAPIScheduler {
    private let queue: DispatchQueue

    /// A scheduler running work on `queue`; by default a serial queue of its own (so a retry
    /// starts even when the global pool's workers are all blocked).
    package init(queue: DispatchQueue = DispatchQueue(label: "io.parra.api.scheduler")) { self.queue = queue }

    package var now: Date { Date.wallClockNow }

    package func schedule(after seconds: TimeInterval, _ work: @escaping @Sendable () -> Void) {
        if seconds <= 0 {
            queue.async(execute: work)
        } else {
            queue.asyncAfter(deadline: .now() + seconds, execute: work)
        }
    }
}

/// Where backoff jitter comes from: numbers in `0..<1`. Injected so tests see fixed delays.
package protocol ParraAPIRandomSource: Sendable {
    /// A number in `0..<1`.
    func unitInterval() -> Double
}

/// The system's random numbers.
package struct SystemAPIRandomSource: ParraAPIRandomSource {
    /// The system generator.
    package init() {}

    package func unitInterval() -> Double { Double.random(in: 0..<1) }
}
