/// Builds views from the statements of a closure, as SwiftUI's does: sequences, `if`,
/// `if`/`else`, `switch` and declarations. Nonisolated, as SwiftUI's views' initializers are:
/// views may be built anywhere; they are rendered on the main actor.
@resultBuilder
public enum ViewBuilder {
    /// An empty block: an `EmptyView`.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// A block's first view, as it is.
    public static func buildPartialBlock<Content: View>(first: Content) -> Content { first }
    /// A block's views so far followed by its next one: a `ViewPair`.
    public static func buildPartialBlock<First: View, Next: View>(
        accumulated: First, next: Next
    ) -> ViewPair<First, Next> {
        ViewPair(first: accumulated, second: next)
    }
    /// An `if` without `else`: its view when the condition held, else nothing.
    public static func buildOptional<Content: View>(_ content: Content?) -> OptionalView<Content> {
        OptionalView(content: content)
    }
    /// An `if`/`else` whose `if` branch ran; a `switch` comes as nested `if`/`else`s.
    public static func buildEither<First: View, Second: View>(first: First) -> EitherView<First, Second> {
        EitherView(storage: .first(first))
    }
    /// An `if`/`else` whose `else` branch ran; a `switch` comes as nested `if`/`else`s.
    public static func buildEither<First: View, Second: View>(second: Second) -> EitherView<First, Second> {
        EitherView(storage: .second(second))
    }
    /// The view of an `if #available` branch, as it is.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> Content { content }
}

/// Nothing.
nonisolated public struct EmptyView: View {
    /// An empty view.
    public init() {}
    public var body: Never { fatalError("a primitive view has no body") }
    /// Its lines, for Parra's runtime.
    @MainActor public func _render(in context: _RenderContext) -> [String] { [] }
}

/// Two views, one after the other; what `ViewBuilder` makes of a sequence.
///
/// A view when both its parts are views: a conditional conformance, as `View` explains.
nonisolated public struct ViewPair<First, Second> {
    let first: First
    let second: Second
}

extension ViewPair: View where First: View, Second: View {
    nonisolated public var body: Never { fatalError("a primitive view has no body") }
    /// Its lines, for Parra's runtime.
    @MainActor public func _render(in context: _RenderContext) -> [String] {
        first._render(in: context) + second._render(in: context)
    }
}

/// A view that may be absent; what `ViewBuilder` makes of an `if` without `else`.
///
/// A view when its content is a view: a conditional conformance, as `View` explains.
nonisolated public struct OptionalView<Content> {
    let content: Content?
}

extension OptionalView: View where Content: View {
    nonisolated public var body: Never { fatalError("a primitive view has no body") }
    /// Its lines, for Parra's runtime.
    @MainActor public func _render(in context: _RenderContext) -> [String] { content?._render(in: context) ?? [] }
}

/// One of two views; what `ViewBuilder` makes of `if`/`else`.
///
/// A view when both its choices are views: a conditional conformance, as `View` explains.
nonisolated public struct EitherView<First, Second> {
    enum Storage {
        case first(First)
        case second(Second)
    }
    let storage: Storage
}

extension EitherView: View where First: View, Second: View {
    nonisolated public var body: Never { fatalError("a primitive view has no body") }
    /// Its lines, for Parra's runtime.
    @MainActor public func _render(in context: _RenderContext) -> [String] {
        switch storage {
        case .first(let view): view._render(in: context)
        case .second(let view): view._render(in: context)
        }
    }
}
