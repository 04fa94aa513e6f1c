import Dispatch
import FoundationEssentials
import ParraRuntime
import ParraSync

/// Runs an async call of the app's (an async delegate method) to its end while the app's thread
/// waits, as UIKit awaits them: its nonisolated parts run on the thread that called `run`, its
/// main-actor parts on the main actor (see `MainActorHop`), with `ParraAppContext.current`
/// set in both.
/// Sendable by hand: `jobs` and `finished` are behind `condition`, and `onMainThread` is immutable.
final class AppThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = Condition()
    private var jobs: [UnownedJob] = []
    private var finished = false
    /// Whether `run` waits on the main thread, turning its run loop rather than the condition.
    private let onMainThread = MainThread.isCurrent

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock { jobs.append(job) }
        wake()
    }

    /// Wakes `runJobs`: on the main thread an empty main-queue block ends the run loop's
    /// wait, as the main actor's own work does.
    private func wake() {
        if onMainThread { DispatchQueue.main.async {} } else { condition.withLock { condition.signal() } }
    }

    /// Runs `body` to its end. When the calling thread is the main thread, main-queue work
    /// (the main actor's included) still runs meanwhile.
    func run(_ body: @escaping @Sendable () async -> Void) {
        let context = ParraAppContext.current
        Task(executorPreference: self) { [self] in
            await ParraAppContext.$awaited.withValue(context) { await body() }
            condition.withLock { finished = true }
            wake()
        }
        // The call's main-actor parts are the app's own: its modules see them as the main
        // thread's, wherever the main queue runs them.
        if let runtime = context?.runtime { runtime.lendingMainThread(runJobs) } else { runJobs() }
    }

    /// Runs the task's jobs here until it has finished: between them it waits on the
    /// condition, or on the main thread turns the run loop, which also runs the main queue.
    /// Either wait lasts until `wake`: a job or the end is added under the lock before it
    /// wakes, so none is missed.
    private func runJobs() {
        while true {
            condition.lock()
            if jobs.isEmpty && !finished && !onMainThread {
                condition.wait()
            }
            let batch = jobs
            jobs = []
            let done = finished && batch.isEmpty
            condition.unlock()
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if done { return }
            if onMainThread && batch.isEmpty {
                MainRunLoop.turn(before: .distantFuture)
            }
        }
    }
}
