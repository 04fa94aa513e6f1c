/// What a view may consult while it renders: the user's auth state and whether colour is on.
struct RenderContext {
    /// Who is signed in, for the auth windows.
    let authState: ParraAuthState
    /// Whether ANSI styling may be used.
    let usesColor: Bool
}
