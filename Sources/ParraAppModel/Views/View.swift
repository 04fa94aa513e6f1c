/// A piece of user interface. Write `body` with `@ViewBuilder`, as in SwiftUI; on Linux a view
/// renders to lines of terminal text. Main-actor isolated, as SwiftUI's: the host builds and
/// renders views on the main actor.
///
/// Parra's generic views (`VStack`, `ViewPair`, the auth windows, ...) are views when their
/// contents are: the conformance is conditional, and only the initializers require `View`. A
/// protocol constraint on a generic type's parameter is looked up in every loaded library the
/// first time the type is made at run time, which the first frame paid for each view type.
/// `@preconcurrency`, as SwiftUI's: a view made outside the main actor (such as a launch
/// screen's `.custom(MyView())` in a file-level constant) is a warning in Swift 5 mode, not an
/// error.
@MainActor @preconcurrency
public protocol View {
    /// The view this one is made of.
    associatedtype Body: View
    /// The content, built with `@ViewBuilder`.
    @ViewBuilder var body: Body { get }
    /// The lines the view draws, for Parra's runtime; leave it to the default, which draws
    /// `body`. The primitive views (`Text`, the stacks, the builder's pairs) draw themselves
    /// here, as SwiftUI's do in `_makeView`. A requirement, not a cast to a protocol of
    /// primitives: such a cast searched every loaded library the first time each view type
    /// was drawn.
    func _render(in context: _RenderContext) -> [String]
}

extension Never: View {
    /// Never called: primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

extension View {
    /// Draws `body`.
    public func _render(in context: _RenderContext) -> [String] { body._render(in: context) }

    /// The lines this view draws before anyone has signed in: what a launch screen shows.
    /// Drawn on the main actor, from any thread.
    package nonisolated var launchScreenLines: [String] {
        // Read by the hop alone, while this thread waits for it.
        nonisolated(unsafe) let view = self
        return MainActorHop.run { view._render(in: _RenderContext(authState: .undetermined)) }
    }
}
