import ParraAPI
import ParraRuntime

/// What a view may consult while it renders: the user's auth state. Public only because
/// `View._render(in:)` names it; the runtime makes it.
public struct _RenderContext {
    /// Who is signed in, for the auth windows.
    package let authState: ParraAuthState

    /// The context for `authState`.
    package init(authState: ParraAuthState) { self.authState = authState }
}
