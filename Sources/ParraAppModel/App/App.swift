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
}

extension App {
    /// Runs the app on the terminal platform and exits with its status.
    public static func main() {
        exit(ParraAppHost.run(Self.self))
    }
}
