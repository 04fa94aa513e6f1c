/// Who is using the app, with the Parra SDK's cases.
public enum ParraAuthState: Hashable, Sendable, CustomStringConvertible {
    /// A signed-in user.
    case authenticated(ParraUser)
    /// An anonymous user the tenant created for this install.
    case anonymous(ParraUser)
    /// No account and no anonymous user: the tenant issues guest tokens only.
    case guest(ParraGuest)
    /// Not known yet (the launch has not finished the auth check).
    case undetermined

    /// The user, when there is one (signed in or anonymous).
    public var user: ParraUser? {
        switch self {
        case .authenticated(let user), .anonymous(let user): user
        case .guest, .undetermined: nil
        }
    }

    /// Whether a user is signed in (anonymous users are not).
    public var isLoggedIn: Bool {
        if case .authenticated = self { true } else { false }
    }

    /// Whether the app runs with a guest token.
    public var isGuest: Bool {
        if case .guest = self { true } else { false }
    }

    /// Whether there is a user, signed in or anonymous.
    public var hasUser: Bool { user != nil }

    /// Whether the app holds a token of some kind: a user's, an anonymous user's or a guest's.
    public var hasToken: Bool { self != .undetermined }

    public var description: String {
        switch self {
        case .authenticated: "authenticated"
        case .anonymous: "anonymous"
        case .guest: "guest"
        case .undetermined: "undetermined"
        }
    }
}

/// A user of the app, signed in or anonymous.
public struct ParraUser: Hashable, Sendable {
    /// What Parra knows of the user.
    public struct Info: Hashable, Sendable {
        /// The user's id.
        public let id: String
    }

    /// What Parra knows of the user.
    public let info: Info

    /// The user with `id`.
    package init(id: String) {
        info = Info(id: id)
    }
}

/// The app's guest: no user, a guest token.
public struct ParraGuest: Hashable, Sendable {
    /// The guest.
    package init() {}
}
