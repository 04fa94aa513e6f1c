import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// One of the console writer's lanes: formatted lines of the threads that map to it, waiting
/// to join the writer's block. A lane has its own lock and memory, so threads logging at once
/// each fill their own lane and meet only when a lane is full. Fields under `lock()`.
final class WriterLane {
    /// The waiting lines, whole.
    let buffer = ByteBuffer(capacity: WriterLane.limit + 1024)
    /// How many lines `buffer` holds.
    var lines = 0
    /// When the waiting lines began: the writer's batch number taken by the line that found the
    /// lane empty, 0 while it is empty. Set under `lock()`; read without it by the holder of the
    /// writer's block lock, under which alone a lane is emptied.
    let batch = Atomic<UInt64>(0)
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// A lane's lines join the block once they reach this many bytes.
    static let limit = 4 * 1024

    /// An empty lane. Its lock is adaptive: a writer moving the lines out holds it for a moment
    /// only, so the lane's thread spins briefly rather than sleep.
    init() {
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the lane's lock.
    @inline(__always) func lock() { pthread_mutex_lock(mutex) }

    /// Lets the lane's lock go.
    @inline(__always) func unlock() { pthread_mutex_unlock(mutex) }

    /// The lane of the calling thread, among `count` (a power of two).
    @inline(__always)
    static func index(among count: Int) -> Int {
        let thread = UInt64(truncatingIfNeeded: UInt(bitPattern: Int(bitPattern: pthread_self())))
        return Int(truncatingIfNeeded: ((thread >> 12) &* 0x9E37_79B9_7F4A_7C15) >> 32) & (count - 1)
    }
}
