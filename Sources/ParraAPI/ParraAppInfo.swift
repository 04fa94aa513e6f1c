import FoundationEssentials

/// What the tenant allows for sign-in, as far as the Linux runtime uses it.
package struct ParraAppAuthInfo: Codable, Sendable, Hashable {
    /// Whether the tenant creates anonymous users; nil when app-info does not say.
    package var anonymousUsersEnabled: Bool?
    /// The tenant's token issuer, if app-info names one.
    package var issuer: String?

    /// Auth info.
    package init(anonymousUsersEnabled: Bool? = nil, issuer: String? = nil) {
        self.anonymousUsersEnabled = anonymousUsersEnabled
        self.issuer = issuer
    }
}

extension ParraAppAuthInfo: ParraAPIAnswerReadable {
    /// The `auth` member of an app-info answer.
    package init(answer: ParraAPIAnswer) throws(ParraAPIAnswer.Mismatch) {
        anonymousUsersEnabled = try answer.bool("anonymousUsersEnabled")
        issuer = try answer.string("issuer")
    }
}

/// `GET tenants/{t}/applications/{a}/app-info[?version_token=]`: what the server says of the
/// app, as the launch got it. The host reads only a few members; modules get the whole answer
/// as JSON (the launch step's result), so the host models nothing a feature owns.
public struct ParraAppInfo: Decodable, Sendable, Hashable {
    /// Identifies what the server last told this install; send it back as `version_token`.
    public var versionToken: String?
    /// Sign-in facts.
    package var auth: ParraAppAuthInfo?
    /// The whole answer as JSON object text, members the host does not read included, as
    /// modules get it.
    package var json = "{}"

    private enum CodingKeys: String, CodingKey {
        case versionToken, auth
    }

    /// The app-info in `json`, the whole answer (an object); the members the host reads are
    /// nil when it does not have them.
    package init(json: String) {
        self = (try? ParraAppInfo(answer: ParraAPIAnswer(json: json))) ?? ParraAppInfo()
        self.json = json
    }

    /// App info; `json` is the whole answer.
    package init(versionToken: String? = nil, auth: ParraAppAuthInfo? = nil, json: String = "{}") {
        self.versionToken = versionToken
        self.auth = auth
        self.json = json
    }
}

extension ParraAppInfo: ParraAPIAnswerReadable {
    /// The members the host reads; `json` is left for the caller to fill.
    package init(answer: ParraAPIAnswer) throws(ParraAPIAnswer.Mismatch) {
        versionToken = try answer.string("versionToken")
        auth = try answer.object("auth").map { answer throws(ParraAPIAnswer.Mismatch) in
            try ParraAppAuthInfo(answer: answer)
        }
    }
}
