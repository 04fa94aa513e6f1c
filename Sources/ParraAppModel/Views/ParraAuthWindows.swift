/// Wraps a window's content and always shows it, whatever the auth state.
///
/// A view when its content is a view: a conditional conformance, as `View` explains.
@MainActor
public struct ParraOptionalAuthWindow<Content> {
    let content: Content

    /// A window showing `content`.
    public init(@ViewBuilder content: () -> Content) where Content: View { self.content = content() }
}

extension ParraOptionalAuthWindow: View where Content: View {
    public var body: Never { fatalError("a primitive view has no body") }

    /// Its lines, for Parra's runtime.
    public func _render(in context: _RenderContext) -> [String] { content._render(in: context) }
}

/// Shows the app only to a signed-in user: `authenticatedContent` when authenticated,
/// `unauthenticatedContent` (a sign-in flow) otherwise, and nothing while the state is
/// undetermined.
///
/// A view when both its contents are views: a conditional conformance, as `View` explains.
@MainActor
public struct ParraRequiredAuthWindow<Authenticated, Unauthenticated> {
    let authenticated: Authenticated
    let unauthenticated: Unauthenticated

    /// A window that requires sign-in.
    public init(
        @ViewBuilder authenticatedContent: () -> Authenticated,
        @ViewBuilder unauthenticatedContent: () -> Unauthenticated
    ) where Authenticated: View, Unauthenticated: View {
        authenticated = authenticatedContent()
        unauthenticated = unauthenticatedContent()
    }
}

extension ParraRequiredAuthWindow: View where Authenticated: View, Unauthenticated: View {
    public var body: Never { fatalError("a primitive view has no body") }

    /// Its lines, for Parra's runtime.
    public func _render(in context: _RenderContext) -> [String] {
        switch context.authState {
        case .undetermined: []
        case .authenticated: authenticated._render(in: context)
        case .guest, .anonymous: unauthenticated._render(in: context)
        }
    }
}
