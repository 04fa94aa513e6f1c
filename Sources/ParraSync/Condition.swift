import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A lock with a condition variable (`pthread_mutex_t` and `pthread_cond_t`), as corelibs
/// Foundation's `NSCondition` offers, without Foundation: waiters hold the lock, and `wait`
/// lets it go while they sleep.
/// Sendable by hand: it owns its pthread mutex and condition, which nothing else reaches and any thread may use.
package final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// An unlocked condition nobody waits on.
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
    package func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Lets the lock go; only its holder calls this.
    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` holding the lock.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Holding the lock: sleeps until signalled (or woken spuriously), then holds it again.
    package func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// Holding the lock: sleeps until signalled (or woken spuriously) or until `deadline`,
    /// then holds it again. False when the deadline passed.
    package func wait(until deadline: Date) -> Bool {
        let seconds = deadline.timeIntervalSince1970
        // Past what a timespec holds (or not a number), the wait has no deadline.
        guard seconds.isFinite, abs(seconds) < 9e18 else {
            pthread_cond_wait(condition, mutex)
            return true
        }
        let whole = seconds.rounded(.down)
        var time = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        return pthread_cond_timedwait(condition, mutex, &time) != ETIMEDOUT
    }

    /// Wakes one waiter; called holding the lock.
    package func signal() {
        pthread_cond_signal(condition)
    }

    /// Wakes every waiter; called holding the lock.
    package func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
