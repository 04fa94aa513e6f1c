import Glibc

/// Runs `body` on a new thread of its own, which nobody joins, as `Thread.detachNewThread`
/// does. As with Foundation's `Thread`, `body` never runs when no thread can be made.
package func detachThread(_ body: @escaping @Sendable () -> Void) {
    let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let made = pthread_create(
        &thread, nil,
        { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
    guard made == 0 else {
        Unmanaged<ThreadBody>.fromOpaque(context).release()
        return
    }
    pthread_detach(thread)
}

/// The closure handed to the new thread.
private final class ThreadBody {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
