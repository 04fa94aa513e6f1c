import Glibc

/// A pthread mutex, for state shared between threads in the host and in the modules: what
/// corelibs Foundation's `NSLock` and `NSRecursiveLock` were, without Foundation, which would
/// cost every app's launch about 2 ms and 6.5 MiB.
/// Sendable by hand: it owns its pthread mutex, which nothing else reaches and any thread may take.
package final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// A lock that one thread holds at a time; a `recursive` one may be taken again by the
    /// thread that holds it, and is free once every `lock()` has had its `unlock()`.
    package init(recursive: Bool = false) {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive { pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE)) }
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Waits until the lock is free and takes it.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Lets the lock go; only the thread that holds it may.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    @inline(__always)
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
