import FoundationEssentials
import ParraSync

/// Admits command calls while modules run and counts the calls in progress into each module,
/// so that `stop()` can close it and wait for them before the first deactivate: no command
/// runs in a module that is being deactivated or has been shut down.
/// Sendable by hand: its mutable state is behind `condition`.
final class CommandGate: @unchecked Sendable {
    private let condition = Condition()
    private var isOpen = false
    private var inFlight: [String: Int] = [:]

    /// Admits calls from now on.
    func open() { condition.withLock { isOpen = true } }

    /// Whether calls are admitted now.
    var admits: Bool { condition.withLock { isOpen } }

    /// Counts a call into `moduleID` when calls are admitted; false (nothing counted) when not.
    func enter(_ moduleID: String) -> Bool {
        condition.withLock {
            guard isOpen else { return false }
            inFlight[moduleID, default: 0] += 1
            return true
        }
    }

    /// Ends a call `enter` counted.
    func leave(_ moduleID: String) {
        condition.withLock {
            inFlight[moduleID, default: 1] -= 1
            if inFlight[moduleID] == 0 { inFlight[moduleID] = nil }
            condition.broadcast()
        }
    }

    /// Admits no more calls and waits up to `timeout` seconds for those in progress; returns
    /// the modules that still have calls running then.
    func close(waitingUpTo timeout: Double) -> Set<String> {
        condition.withLock {
            isOpen = false
            let deadline = Date.wallClockNow.addingTimeInterval(timeout)
            while !inFlight.isEmpty && condition.wait(until: deadline) {}
            return Set(inFlight.keys)
        }
    }
}
