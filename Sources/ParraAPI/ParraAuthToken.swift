import FoundationEssentials

/// An access token from the tenant's issuer, with what it stands for.
package struct ParraAuthToken: Codable, Sendable, Hashable {
    /// Who the token is for.
    package enum Kind: String, Codable, Sendable, Hashable {
        /// A guest: no user.
        case guest
        /// An anonymous user the tenant created for this install.
        case anonymous
        /// A signed-in user.
        case user
    }

    /// The bearer token.
    package var accessToken: String
    /// When it stops being valid.
    package var expiresAt: Date
    /// Guest, anonymous or user.
    package var kind: Kind
    /// The user it belongs to (nil for a guest).
    package var userId: String?
    /// The tenant that issued it.
    package var tenantId: String
    /// The backend it was issued by (`ParraAPIBackend.description`): a token is never sent to
    /// another backend.
    package var backend: String
    /// When it was obtained.
    package var obtainedAt: Date

    /// A token.
    package init(
        accessToken: String, expiresAt: Date, kind: Kind, userId: String?, tenantId: String, backend: String,
        obtainedAt: Date
    ) {
        self.accessToken = accessToken
        self.expiresAt = expiresAt
        self.kind = kind
        self.userId = userId
        self.tenantId = tenantId
        self.backend = backend
        self.obtainedAt = obtainedAt
    }

    /// Whether the token has expired at `now`, or will within `leeway` seconds (at most a
    /// tenth of its lifetime, so a short-lived token is still used).
    package func isExpired(at now: Date, leeway: TimeInterval = 60) -> Bool {
        let margin = min(leeway, max(0, expiresAt.timeIntervalSince(obtainedAt)) / 10)
        return expiresAt.timeIntervalSince(now) <= margin
    }

    /// The auth state the token gives.
    package var authState: ParraAuthState {
        switch kind {
        case .guest: .guest(ParraGuest())
        case .anonymous: .anonymous(ParraUser(id: userId ?? "unknown"))
        case .user: .authenticated(ParraUser(id: userId ?? "unknown"))
        }
    }
}

extension ParraAuthToken: ParraAPIAnswerReadable {
    /// A token as `ParraAuthTokenStore` writes one, read member by member: a launch reading its
    /// cached token would otherwise page in `JSONDecoder` and its date format styles.
    package init(answer: ParraAPIAnswer) throws(ParraAPIAnswer.Mismatch) {
        accessToken = try answer.required(answer.string("accessToken"), "accessToken")
        expiresAt = try answer.required(answer.date("expiresAt"), "expiresAt")
        let kindName = try answer.required(answer.string("kind"), "kind")
        guard let kind = Kind(rawValue: kindName) else {
            throw ParraAPIAnswer.Mismatch(description: "'\(kindName)' is not a token kind (guest, anonymous or user)")
        }
        self.kind = kind
        userId = try answer.string("userId")
        tenantId = try answer.required(answer.string("tenantId"), "tenantId")
        backend = try answer.required(answer.string("backend"), "backend")
        obtainedAt = try answer.required(answer.date("obtainedAt"), "obtainedAt")
    }
}

/// What the issuer answers: `{access_token, expires_in, user_id}` (`token_type`, if present,
/// must be `Bearer`).
struct ParraAuthTokenResponse: ParraAPIAnswerReadable {
    var accessToken: String
    var expiresIn: Double?
    var userId: String?
    var tokenType: String?

    init(answer: ParraAPIAnswer) throws(ParraAPIAnswer.Mismatch) {
        accessToken = try answer.required(answer.string("accessToken"), "accessToken")
        expiresIn = try answer.number("expiresIn")
        userId = try answer.string("userId")
        tokenType = try answer.string("tokenType")
    }
}
