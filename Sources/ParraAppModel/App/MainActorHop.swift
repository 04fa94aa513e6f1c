import Dispatch
import FoundationEssentials
import ParraRuntime

/// How the host calls the app's main-actor code (its delegates, views and `ParraApp`'s
/// closures) from the app's thread.
///
/// In an app process `@main` calls `App.main()` on the main thread, the app runs there, and
/// that thread is the main actor's: a call runs at once, `MainActor.assumeIsolated` checking
/// that it is. An app run off the main thread (tests run apps on threads of their own, several
/// at once) hops onto the main queue, the main actor's executor, for each call and holds it
/// only for that call, so that the main-actor parts of an async delegate method the app's
/// thread awaits (`AppThreadExecutor`) run in between. Such a run must not start on the main
/// actor: those parts could never run.
enum MainActorHop {
    /// Runs `body` on the main actor and returns its result; `ParraAppContext.current` goes
    /// with it.
    static func run<T>(_ body: @MainActor () -> T) -> T {
        // Written by the hop and read after it, which `sync` orders: never at the same time.
        nonisolated(unsafe) var result: T?
        if isOnMainQueue {
            MainActor.assumeIsolated { result = body() }
        } else {
            let context = ParraAppContext.current
            DispatchQueue.main.sync {
                ParraAppContext.withCurrent(context) { MainActor.assumeIsolated { result = body() } }
            }
        }
        return result!
    }

    /// Whether this is the main thread, or the main queue runs this code (a hop's call, on
    /// the hopping thread): the main actor's, either way.
    static var isOnMainQueue: Bool { MainThread.isCurrent || ProcessMainQueue.isCurrent }
}
