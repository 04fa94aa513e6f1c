#if canImport(Glibc)
    import Glibc
#endif

/// A mutual-exclusion lock around a `pthread_mutex_t`: what the host uses where
/// corelibs Foundation's `NSLock` would pull Foundation (and ICU) into every app's launch.
package final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// An unlocked lock.
    package init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
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
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
