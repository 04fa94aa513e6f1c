import Dispatch

/// Runs the app's launch prerequisite on a queue of its own rather than Swift's shared pool,
/// so it runs even while every pool thread is blocked (an app run waiting for its launch on a
/// pool thread, as tests do).
final class LaunchTaskExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "parra.launch.prerequisite")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
