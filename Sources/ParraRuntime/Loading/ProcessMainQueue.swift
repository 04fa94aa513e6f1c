import Dispatch
import FoundationEssentials

/// The process's main queue, `DispatchQueue.main`: the main actor's executor.
package enum ProcessMainQueue {
    /// Whether the main queue runs this code, on whichever thread drains it (the main thread in
    /// an app; a worker thread in a process whose main thread called `dispatchMain`, as a test
    /// runner's does).
    package static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }

    /// A key only the main queue has a value for.
    private static let key: DispatchSpecificKey<Void> = {
        let key = DispatchSpecificKey<Void>()
        DispatchQueue.main.setSpecific(key: key, value: ())
        return key
    }()
}
