#if canImport(Glibc)
    import Glibc
#endif

/// What a thread formats console lines with: a call-site cache of its own, so that threads
/// logging at once format their lines at the same time. Made on a thread's first line, freed
/// when it ends.
final class ThreadScratch {
    private let callSites = CallSiteCache()
    /// The formatter whose call sites the cache holds: a cache is good for one format only.
    private var cacheOwner: UInt64 = 0

    deinit { callSites.deallocate() }

    /// The cache of `formatter`'s call sites on this thread, emptied when another formatter
    /// filled it last.
    @inline(__always)
    func callSites(for formatter: UInt64) -> CallSiteCache {
        if cacheOwner != formatter {
            callSites.removeAll()
            cacheOwner = formatter
        }
        return callSites
    }

    /// Calls `body` with the calling thread's scratch, without retaining it (it lives as
    /// long as the thread).
    @inline(__always)
    static func withCurrent<R>(_ body: (ThreadScratch) -> R) -> R {
        guard let existing = pthread_getspecific(key) else { return body(makeCurrent()) }
        return Unmanaged<ThreadScratch>.fromOpaque(existing)._withUnsafeGuaranteedRef(body)
    }

    /// Makes the calling thread's scratch, on its first line.
    @inline(never)
    private static func makeCurrent() -> ThreadScratch {
        let made = ThreadScratch()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// The thread-specific key, whose destructor lets a thread's scratch go when it ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { scratch in
            guard let scratch else { return }
            Unmanaged<ThreadScratch>.fromOpaque(scratch).release()
        }
        return key
    }()
}
