/// How an app signs its users in when it does not use Parra's anonymous and guest tokens (the
/// SDK's `ParraAuthType.custom` and `.public`).
package enum ParraAppAuthentication: Sendable {
    /// The app's own sign-in hands over a signed access token for the current user (nil: nobody
    /// is signed in). A token that is a JWT gives the user (`sub`) and the expiry (`exp`).
    case tokenProvider(@Sendable () async throws -> String?)
    /// Public API key authentication: the issuer (`POST tenants/{t}/auth/public`, the key as
    /// Basic `api_key:<id>`) issues a token for the user the app names (nil: nobody is signed in).
    case apiKey(id: String, userIdProvider: @Sendable () async throws -> String?)
}
