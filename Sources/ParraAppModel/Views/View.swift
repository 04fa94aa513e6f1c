/// A piece of user interface. Write `body` with `@ViewBuilder`, as in SwiftUI; on Linux a view
/// renders to lines of terminal text. Main-actor isolated, as SwiftUI's: the host builds and
/// renders views on the main actor.
@MainActor
public protocol View {
    /// The view this one is made of.
    associatedtype Body: View
    /// The content, built with `@ViewBuilder`.
    @ViewBuilder var body: Body { get }
}

/// A view that draws itself rather than being made of other views; its body is `Never`.
@MainActor
protocol PrimitiveView: View where Body == Never {
    /// The view's lines for `context`.
    func render(in context: RenderContext) -> [String]
}

extension Never: View {
    /// Never called: primitive views have no body.
    public var body: Never { fatalError("a primitive view has no body") }
}

extension View {
    /// The lines this view draws before anyone has signed in: what a launch screen shows.
    /// Drawn on the main actor, from any thread.
    package nonisolated var launchScreenLines: [String] {
        MainActorHop.run { renderLines(in: RenderContext(authState: .undetermined)) }
    }

    /// The lines this view draws in `context`.
    func renderLines(in context: RenderContext) -> [String] {
        // Only a view whose body is `Never` can be primitive (`PrimitiveView` requires it).
        // Asking that first spares a view made of others the cast, which searches every loaded
        // library's conformances for each new view type before it can say no.
        if Body.self == Never.self, let primitive = self as? any PrimitiveView { return primitive.render(in: context) }
        return body.renderLines(in: context)
    }
}
