import Foundation
import Testing

@testable import ParraAPI

/// The token and app-info answers, read member by member instead of with `JSONDecoder`.
@Suite("API answers read member by member")
struct APIAnswerTests {
    /// A 200 JSON response with `body`.
    static func response(_ body: String) -> ParraAPIRawResponse {
        ParraAPIRawResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    /// What the client makes of `body` as app-info, read and decoded, as comparable text.
    static func outcomes(_ body: String) -> (read: String, decoded: String) {
        func text(_ result: Result<ParraAppInfo, ParraAPIError>) -> String {
            switch result {
            case .success(let info):
                "\(info.versionToken ?? "-") \(info.auth?.anonymousUsersEnabled.map { "\($0)" } ?? "-") \(info.auth?.issuer ?? "-")"
            case .failure(let error):
                if case .malformedJSON(let detail, _, _) = error.kind { "malformed: \(detail)" } else { "\(error)" }
            }
        }
        return (
            text(ParraAPIClient.read(ParraAppInfo.self, from: response(body), endpoint: "GET x", attempts: 1)),
            text(ParraAPIClient.decode(ParraAppInfo.self, from: response(body), endpoint: "GET x", attempts: 1))
        )
    }

    @Test(
        "an app-info answer reads as JSONDecoder decoded it: values, nulls, camel-case keys and type errors",
        arguments: [
            #"{"version_token":"vt-1","new_installed_version_info":null}"#,
            #"{"version_token":null,"auth":{"anonymous_users_enabled":true,"issuer":"https://issuer"}}"#,
            #"{"versionToken":"camel","auth":{"anonymousUsersEnabled":false}}"#,
            #"{"auth":null,"other":[1,null,{"x":null}]}"#, "{}", "  ",
            #"{"version_token": 42}"#, #"{"auth": {"issuer": 7}}"#, #"{"auth": {"anonymous_users_enabled": "yes"}}"#,
        ])
    func sameAsDecoder(body: String) {
        let (read, decoded) = Self.outcomes(body)
        #expect(read == decoded)
    }

    @Test("what is not JSON, or not an object, is malformed JSON saying so")
    func notJSON() {
        #expect(Self.outcomes("{not json").read.hasPrefix("malformed: not valid JSON: "))
        #expect(Self.outcomes(#"{"version_token": "#).read.hasPrefix("malformed: not valid JSON: "))
        #expect(Self.outcomes("[1]").read == "malformed: expected an object at the top level, found list")
        let latin1 = ParraAPIRawResponse(
            status: 200, headers: ["Content-Type": "application/json"], body: Data([0x7B, 0x22, 0xE9, 0x22, 0x7D]))
        guard
            case .failure(let error) = ParraAPIClient.read(ParraAppInfo.self, from: latin1, endpoint: "x", attempts: 1),
            case .malformedJSON(let detail, _, _) = error.kind
        else {
            Issue.record("a body that is not UTF-8 was read")
            return
        }
        #expect(detail == "not valid JSON: the body is not UTF-8")
    }

    @Test("a token answer needs its access token; the rest is optional, numbers integer or not")
    func tokenAnswer() throws {
        let full = try ParraAuthTokenResponse(
            answer: ParraAPIAnswer(
                json: #"{"access_token":"a","expires_in":3600,"user_id":"u","token_type":"Bearer"}"#))
        #expect(full.accessToken == "a" && full.expiresIn == 3600 && full.userId == "u" && full.tokenType == "Bearer")
        let fraction = try ParraAuthTokenResponse(
            answer: ParraAPIAnswer(json: #"{"access_token":"a","expires_in":1.5}"#))
        #expect(fraction.expiresIn == 1.5 && fraction.userId == nil)
        #expect(throws: ParraAPIAnswer.Mismatch(description: "missing key 'access_token' at the top level")) {
            try ParraAuthTokenResponse(answer: ParraAPIAnswer(json: #"{"access_token":null}"#))
        }
        #expect(throws: ParraAPIAnswer.Mismatch(description: "expected Double at expires_in")) {
            try ParraAuthTokenResponse(answer: ParraAPIAnswer(json: #"{"access_token":"a","expires_in":"soon"}"#))
        }
    }
}
