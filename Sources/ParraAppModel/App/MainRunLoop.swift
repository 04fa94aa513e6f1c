import CParraCallNote
import Dispatch
import FoundationEssentials
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// The main thread's run loop, turned without linking corelibs Foundation: what the app loop,
/// the launch wait and async delegate calls turn so that work put on the main queue (the main
/// actor's among it) runs.
///
/// When the process has Foundation loaded (the app imports it), Core Foundation's own run
/// loop is turned (`CFRunLoopRunInMode` in the default mode, found with `dlsym`), so the app's
/// timers and run loop sources fire as `RunLoop.main` would fire them. Otherwise the main
/// queue is drained as Core Foundation drains it: libdispatch signals an event file
/// descriptor when the queue has work, and `_dispatch_main_queue_callback_4CF` runs it.
/// Main thread only.
enum MainRunLoop {
    /// Turns the run loop once: runs what is due, waiting at most until `deadline` for
    /// something to arrive (`RunLoop.main.run(mode: .default, before: deadline)`).
    static func turn(before deadline: Date) {
        let seconds = max(0, deadline.timeIntervalSince(.wallClockNow))
        if let foundation = Self.foundation {
            _ = foundation.run(foundation.defaultMode, seconds, 1)
            return
        }
        // The call watchdog sleeps while this thread waits, and only then (Core Foundation's run
        // loop tells it itself).
        guard let queue = Self.mainQueue else {
            parra_call_watch_idle(true)
            usleep(useconds_t(min(seconds, 1) * 1e6))
            parra_call_watch_idle(false)
            return
        }
        var descriptor = pollfd(fd: queue.descriptor, events: Int16(POLLIN), revents: 0)
        parra_call_watch_idle(true)
        let ready = poll(&descriptor, 1, Int32(min((seconds * 1000).rounded(.up), Double(Int32.max))))
        parra_call_watch_idle(false)
        if ready > 0 {
            // An eventfd: reading it resets it, so the next poll waits for new work.
            var count: UInt64 = 0
            _ = read(queue.descriptor, &count, MemoryLayout<UInt64>.size)
        }
        // Drained after a timeout too: work queued before the descriptor existed signalled
        // nothing, and draining an empty queue costs nothing.
        queue.drain(nil)
    }

    /// Makes a `turn` waiting on the main thread return, from any thread: an empty block on the
    /// main queue, which signals the queue's descriptor (or Core Foundation's source for it),
    /// and counts as handled work. A wait of an app run off the main thread (`waitingOffMain`)
    /// is signalled too.
    static func wake() {
        DispatchQueue.main.async {}
        for waiter in offMainLock.withLock({ offMainWaiters }) { waiter.signal() }
    }

    /// Runs `body` with `semaphore` signalled by every `wake` meanwhile: how a thread that
    /// stands in for the main thread (an app run on a thread of its own, as tests run one)
    /// waits for what would have woken the main thread's run loop. Any thread.
    static func waitingOffMain<Result>(on semaphore: DispatchSemaphore, _ body: () -> Result) -> Result {
        offMainLock.withLock { offMainWaiters.append(semaphore) }
        defer { offMainLock.withLock { offMainWaiters.removeAll { $0 === semaphore } } }
        return body()
    }

    private static let offMainLock = Lock()
    /// Guarded by `offMainLock`.
    nonisolated(unsafe) private static var offMainWaiters: [DispatchSemaphore] = []

    /// Core Foundation's run loop, when Foundation is in the process.
    private struct Foundation {
        let run: @convention(c) (UnsafeRawPointer?, Double, UInt8) -> Int32
        let defaultMode: UnsafeRawPointer?
    }

    /// libdispatch's main queue as Core Foundation services it.
    private struct MainQueue {
        let descriptor: Int32
        let drain: @convention(c) (UnsafeMutableRawPointer?) -> Void
    }

    /// Looked up once; only read after.
    nonisolated(unsafe) private static let foundation: Foundation? = {
        guard let run = dlsym(nil, "CFRunLoopRunInMode"), let mode = dlsym(nil, "kCFRunLoopDefaultMode") else {
            return nil
        }
        return Foundation(
            run: unsafeBitCast(run, to: (@convention(c) (UnsafeRawPointer?, Double, UInt8) -> Int32).self),
            defaultMode: mode.load(as: UnsafeRawPointer?.self))
    }()

    private static let mainQueue: MainQueue? = {
        guard let handle = dlsym(nil, "_dispatch_get_main_queue_handle_4CF"),
            let drain = dlsym(nil, "_dispatch_main_queue_callback_4CF")
        else { return nil }
        let descriptor = unsafeBitCast(handle, to: (@convention(c) () -> Int32).self)()
        return MainQueue(
            descriptor: descriptor,
            drain: unsafeBitCast(drain, to: (@convention(c) (UnsafeMutableRawPointer?) -> Void).self))
    }()
}
