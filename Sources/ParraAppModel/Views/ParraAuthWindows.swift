/// Wraps a window's content and always shows it, whatever the auth state.
public struct ParraOptionalAuthWindow<Content: View>: View {
    let content: Content

    /// A window showing `content`.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public var body: Never { fatalError("a primitive view has no body") }

    /// Its lines, for Parra's runtime.
    public func _render(in context: _RenderContext) -> [String] { content._render(in: context) }
}

/// Shows the app only to a signed-in user: `authenticatedContent` when authenticated,
/// `unauthenticatedContent` (a sign-in flow) otherwise, and nothing while the state is
/// undetermined.
public struct ParraRequiredAuthWindow<Authenticated: View, Unauthenticated: View>: View {
    let authenticated: Authenticated
    let unauthenticated: Unauthenticated

    /// A window that requires sign-in.
    public init(
        @ViewBuilder authenticatedContent: () -> Authenticated,
        @ViewBuilder unauthenticatedContent: () -> Unauthenticated
    ) {
        authenticated = authenticatedContent()
        unauthenticated = unauthenticatedContent()
    }

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
