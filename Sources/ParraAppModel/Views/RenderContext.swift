import ParraAPI
import ParraRuntime

/// What a view may consult while it renders: the user's auth state.
struct RenderContext {
    /// Who is signed in, for the auth windows.
    let authState: ParraAuthState
}
