import FoundationEssentials
import Glibc

/// A pthread mutex with a condition variable, as `NSCondition` was: a thread holding the lock
/// waits for a signal, which lets the lock go while it waits and takes it again before it
/// returns.
package final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// A condition whose lock is free.
    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Waits until the lock is free and takes it.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Lets the lock go; only the thread that holds it may.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits, holding the lock, for a signal; it may also return without one, as a condition
    /// variable may, so the caller checks its predicate again.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits, holding the lock, for a signal until the wall-clock time `limit`: false when
    /// the time came first.
    package func wait(until limit: Date) -> Bool {
        let seconds = limit.timeIntervalSince1970.rounded(.down)
        var deadline = timespec(
            tv_sec: Int(seconds), tv_nsec: Int((limit.timeIntervalSince1970 - seconds) * 1_000_000_000))
        return pthread_cond_timedwait(condition, mutex, &deadline) == 0
    }

    /// Wakes one waiting thread.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every waiting thread.
    package func broadcast() { pthread_cond_broadcast(condition) }
}
