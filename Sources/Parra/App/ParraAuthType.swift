import FoundationEssentials
import ParraAPI

/// Gives the app's signed-in user a token for the Parra API; nil when nobody is signed in.
public typealias ParraTokenProvider = @Sendable () async throws -> String?
/// Names the app's signed-in user; nil when nobody is signed in.
public typealias ParraUserIdProvider = @Sendable () async throws -> String?

/// How the app's users authenticate with the Parra API, as the Parra SDK names it.
public enum ParraAuthType: Sendable {
    /// The app signs its users in itself: `tokenProvider` hands Parra a signed access token
    /// for the current user, and is asked again when the server refuses the one it has. Its
    /// tokens are not cached on disk.
    case custom(tokenProvider: ParraTokenProvider)
    /// Public API key authentication: with the API key `apiKeyId`, Parra's issuer gives a
    /// token for the user `userIdProvider` names, asked again when the server refuses it.
    case `public`(apiKeyId: String, userIdProvider: ParraUserIdProvider)
    /// Parra's own auth: an anonymous user per install (a guest where the tenant has none),
    /// cached in the app's storage folder.
    case parra

    /// Whether Parra's own sign-in screens apply (only with `.parra`).
    public var supportsParraLoginScreen: Bool {
        if case .parra = self { true } else { false }
    }

    /// The runtime's terms for it; nil for Parra's anonymous and guest tokens.
    var appAuthentication: ParraAppAuthentication? {
        switch self {
        case .custom(let tokenProvider): .tokenProvider(tokenProvider)
        case .public(let apiKeyId, let userIdProvider): .apiKey(id: apiKeyId, userIdProvider: userIdProvider)
        case .parra: nil
        }
    }
}
