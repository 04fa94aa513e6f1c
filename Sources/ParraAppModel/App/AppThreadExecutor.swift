import Foundation

/// Runs an async call of the app's (an async delegate method) on the app's own thread, as
/// UIKit runs them on the main actor: every part of it that is not waiting on something else
/// runs on the thread that called `run`, where `ParraAppContext.current` is set and the
/// modules' hooks may be called.
final class AppThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    /// Runs `body` to its end, its parts on the calling thread. When that is the main thread,
    /// main-queue work `body` waits for still runs meanwhile.
    func run(_ body: @escaping @Sendable () async -> Void) {
        Task(executorPreference: self) { [self] in
            await body()
            condition.withLock {
                finished = true
                condition.signal()
            }
        }
        while true {
            condition.lock()
            if jobs.isEmpty && !finished { _ = condition.wait(until: Date(timeIntervalSinceNow: 0.01)) }
            let batch = jobs
            jobs = []
            let done = finished && batch.isEmpty
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if done { return }
            if Thread.isMainThread { RunLoop.main.run(until: Date()) }
        }
    }
}
