/// Part of an app's user interface: window groups, and the `ParraApp` that holds them.
/// Main-actor isolated, as SwiftUI's.
///
/// Parra's generic scenes (`WindowGroup`, `ScenePair`, `ParraApp`, ...) are scenes when their
/// contents are: the conformance is conditional, and only the initializers require it, for the
/// reason `View` gives.
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
    /// A block's first scene, as it is.
    public static func buildPartialBlock<Content: Scene>(first: Content) -> Content { first }
    /// A block's scenes so far followed by its next one: a `ScenePair`.
    public static func buildPartialBlock<First: Scene, Next: Scene>(
        accumulated: First, next: Next
    ) -> ScenePair<First, Next> {
        ScenePair(first: accumulated, second: next)
    }
    /// An `if` without `else`: its scene when the condition held, else none.
    public static func buildOptional<Content: Scene>(_ content: Content?) -> OptionalScene<Content> {
        OptionalScene(content: content)
    }
    /// An `if`/`else` whose `if` branch ran.
    public static func buildEither<First: Scene, Second: Scene>(first: First) -> EitherScene<First, Second> {
        EitherScene(first: first, second: nil)
    }
    /// An `if`/`else` whose `else` branch ran.
    public static func buildEither<First: Scene, Second: Scene>(second: Second) -> EitherScene<First, Second> {
        EitherScene(first: nil, second: second)
    }
    /// The scene of an `if #available` branch, as it is.
    public static func buildLimitedAvailability<Content: Scene>(_ content: Content) -> Content { content }
}

/// Two scenes in order.
///
/// A scene when both its parts are scenes: a conditional conformance, as `Scene` explains.
@MainActor
public struct ScenePair<First, Second> {
    let first: First
    let second: Second
}

extension ScenePair: Scene where First: Scene, Second: Scene {
    public func collectWindowGroups(into groups: inout [WindowGroupDeclaration]) {
        first.collectWindowGroups(into: &groups)
        second.collectWindowGroups(into: &groups)
    }
}

/// A scene that may be absent.
///
/// A scene when its content is a scene: a conditional conformance, as `Scene` explains.
@MainActor
public struct OptionalScene<Content> {
    let content: Content?
}

extension OptionalScene: Scene where Content: Scene {
    public func collectWindowGroups(into groups: inout [WindowGroupDeclaration]) {
        content?.collectWindowGroups(into: &groups)
    }
}

/// One of two scenes.
///
/// A scene when both its choices are scenes: a conditional conformance, as `Scene` explains.
@MainActor
public struct EitherScene<First, Second> {
    let first: First?
    let second: Second?
}

extension EitherScene: Scene where First: Scene, Second: Scene {
    public func collectWindowGroups(into groups: inout [WindowGroupDeclaration]) {
        first?.collectWindowGroups(into: &groups)
        second?.collectWindowGroups(into: &groups)
    }
}
