/// Part of an app's user interface: window groups, and the `ParraApp` that holds them.
/// Main-actor isolated, as SwiftUI's.
@MainActor
public protocol Scene {
    /// Adds the window groups this scene declares, in order, to `groups`.
    func collectWindowGroups(into groups: inout [WindowGroupDeclaration])
}

/// Builds scenes from the statements of a closure: sequences, `if`, `if`/`else`, and
/// declarations (`let`), as in the Parra documentation's `body`.
@resultBuilder
@MainActor
public enum SceneBuilder {
    public static func buildPartialBlock<Content: Scene>(first: Content) -> Content { first }
    public static func buildPartialBlock<First: Scene, Next: Scene>(
        accumulated: First, next: Next
    ) -> ScenePair<First, Next> {
        ScenePair(first: accumulated, second: next)
    }
    public static func buildOptional<Content: Scene>(_ content: Content?) -> OptionalScene<Content> {
        OptionalScene(content: content)
    }
    public static func buildEither<First: Scene, Second: Scene>(first: First) -> EitherScene<First, Second> {
        EitherScene(first: first, second: nil)
    }
    public static func buildEither<First: Scene, Second: Scene>(second: Second) -> EitherScene<First, Second> {
        EitherScene(first: nil, second: second)
    }
    public static func buildLimitedAvailability<Content: Scene>(_ content: Content) -> Content { content }
}

/// Two scenes in order.
public struct ScenePair<First: Scene, Second: Scene>: Scene {
    let first: First
    let second: Second

    public func collectWindowGroups(into groups: inout [WindowGroupDeclaration]) {
        first.collectWindowGroups(into: &groups)
        second.collectWindowGroups(into: &groups)
    }
}

/// A scene that may be absent.
public struct OptionalScene<Content: Scene>: Scene {
    let content: Content?

    public func collectWindowGroups(into groups: inout [WindowGroupDeclaration]) {
        content?.collectWindowGroups(into: &groups)
    }
}

/// One of two scenes.
public struct EitherScene<First: Scene, Second: Scene>: Scene {
    let first: First?
    let second: Second?

    public func collectWindowGroups(into groups: inout [WindowGroupDeclaration]) {
        first?.collectWindowGroups(into: &groups)
        second?.collectWindowGroups(into: &groups)
    }
}
