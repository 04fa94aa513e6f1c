import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a thread formats console lines with: caches of its own (call sites, line templates)
/// and a buffer for a line made piece by piece, so that threads logging at once format their
/// lines at the same time; and the writer lane it fills. Made on a thread's first line, freed
/// when it ends.
final class ThreadScratch {
    private let callSites = CallSiteCache()
    private let templates = LineTemplateCache()
    /// The formatter whose call sites and templates the caches hold: a cache is good for one
    /// format only.
    private var cacheOwner: UInt64 = 0
    /// A line being formatted piece by piece before it is copied into a lane.
    let line = ByteBuffer(capacity: 1024)
    /// The thread's lane among a writer's `WriterLanes.count`: threads take lanes in turn as
    /// they log their first line, so threads logging together fill different lanes.
    let lane: Int = ThreadScratch.lanesTaken.add(1, ordering: .relaxed).oldValue & (WriterLanes.count - 1)

    private static let lanesTaken = Atomic<Int>(0)

    deinit {
        callSites.deallocate()
        templates.deallocate()
    }

    /// The caches of `formatter`'s call sites and templates on this thread, emptied when
    /// another formatter filled them last.
    @inline(__always)
    func caches(for formatter: UInt64) -> (callSites: CallSiteCache, templates: LineTemplateCache) {
        if cacheOwner != formatter {
            callSites.removeAll()
            templates.removeAll()
            cacheOwner = formatter
        }
        return (callSites, templates)
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
