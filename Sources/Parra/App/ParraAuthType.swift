import Foundation

/// Gives the app's signed-in user a token for the Parra API; nil when nobody is signed in.
public typealias ParraTokenProvider = @Sendable () async throws -> String?

/// How the app's users authenticate with the Parra API, as the Parra SDK names it.
public enum ParraAuthType: Sendable {
    /// The app signs its users in itself: `tokenProvider` hands Parra a signed access token
    /// for the current user, and is asked again when the server refuses the one it has. Its
    /// tokens are not cached on disk.
    case custom(tokenProvider: ParraTokenProvider)
    /// Parra's own auth: an anonymous user per install (a guest where the tenant has none),
    /// cached in the app's storage folder.
    case parra

    /// Whether Parra's own sign-in screens apply (only with `.parra`).
    public var supportsParraLoginScreen: Bool {
        if case .parra = self { true } else { false }
    }
}
