/// Who is using the app, as the auth windows see it.
package enum ParraAuthState: Hashable, Sendable {
    /// Not known yet (the launch has not finished the auth check).
    case undetermined
    /// No account and no anonymous user: the tenant issues guest tokens only.
    case guest
    /// An anonymous user the tenant created for this install.
    case anonymous(userId: String)
    /// A signed-in user.
    case authenticated(userId: String)
}
