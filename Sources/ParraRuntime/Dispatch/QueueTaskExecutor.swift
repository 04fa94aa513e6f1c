import Dispatch

/// Runs tasks on a serial queue of their own rather than Swift's shared pool, so they run even
/// while every pool thread is blocked (an app run waiting for its launch on a pool thread, as
/// tests do): the app's launch prerequisite, and tests' own tasks that an app run waits for.
/// Sendable by hand: its one field is a `let` of a Sendable type, the queue.
package final class QueueTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    package init(label: String) { queue = DispatchQueue(label: label) }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
