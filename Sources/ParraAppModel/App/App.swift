import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// An app: the type you mark `@main`. Its `body` is a `ParraApp` holding window groups, as in
/// the Parra documentation; `main()` runs it on the terminal platform and exits with its
/// status. Main-actor isolated, as SwiftUI's: `@main` calls `main()` on the process's main
/// thread, which is the main actor's, and the app runs there.
@MainActor
public protocol App {
    /// The scenes the app shows.
    associatedtype Body: Scene
    /// Built with `@SceneBuilder`: declarations, `#if` and several window groups are fine.
    @SceneBuilder var body: Body { get }
    /// Made once per process by `main()`.
    init()
    /// The lifecycle methods `delegate` (the app's or a scene's delegate) implements that its
    /// base class does not declare, or nil when this type does not know its class. The
    /// `ParraDelegateMethods` build plugin writes it for the app's delegate classes; an app
    /// does not. With it the host need not ask the delegate whether it conforms to
    /// `ParraDelegateMethodsProviding`, a question the Swift runtime answers by searching
    /// every loaded library's conformance records.
    static func parraDelegateMethods(of delegate: AnyObject) -> ParraDelegateMethods?
}

extension App {
    /// No delegate class known: the host asks the delegate itself.
    public static func parraDelegateMethods(of delegate: AnyObject) -> ParraDelegateMethods? { nil }

    /// Runs the app on the terminal platform and exits with its status.
    public static func main() {
        exit(ParraAppHost.run(Self.self))
    }
}
