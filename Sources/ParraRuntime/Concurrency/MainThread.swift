import CParraLogRoute

#if canImport(Glibc)
    import Glibc
#endif

/// The process's main thread, told apart without Foundation's `Thread`: on Linux its kernel
/// thread id is the process id.
package enum MainThread {
    /// Whether the calling thread is the main thread.
    package static var isCurrent: Bool { parra_log_route_thread_id() == Int64(getpid()) }
}
