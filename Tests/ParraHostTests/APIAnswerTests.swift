import Foundation
import Testing

@testable import ParraAPI

/// The token and app-info answers, read member by member instead of with `JSONDecoder`.
@Suite("API answers read member by member")
struct APIAnswerTests {
    /// A 200 JSON response with `body`.
    static func response(_ body: String) -> ParraAPIRawResponse {
        ParraAPIRawResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
    }

    /// `info` as comparable text.
    static func text(_ info: ParraAppInfo) -> String {
        "\(info.versionToken ?? "-") \(info.auth?.anonymousUsersEnabled.map { "\($0)" } ?? "-") \(info.auth?.issuer ?? "-")"
    }

    /// What the client reads of `body` as app-info: the values as text, or the malformed-JSON
    /// detail.
    static func read(_ body: String) -> String {
        switch ParraAPIClient.read(ParraAppInfo.self, from: response(body), endpoint: "GET x", attempts: 1) {
        case .success(let info): text(info)
        case .failure(let error):
            if case .malformedJSON(let detail, _, _) = error.kind { "malformed: \(detail)" } else { "\(error)" }
        }
    }

    @Test(
        "an app-info answer reads as JSONDecoder, the client's decoder before, decoded it: values, nulls, spellings",
        arguments: [
            #"{"version_token":"vt-1","new_installed_version_info":null}"#,
            #"{"version_token":null,"auth":{"anonymous_users_enabled":true,"issuer":"https://issuer"}}"#,
            #"{"versionToken":"camel","auth":{"anonymousUsersEnabled":false}}"#,
            #"{"auth":null,"other":[1,null,{"x":null}]}"#, "{}",
        ])
    func sameAsDecoder(body: String) throws {
        let decoded = try ParraAPICoding.makeDecoder().decode(ParraAppInfo.self, from: Data(body.utf8))
        #expect(Self.read(body) == Self.text(decoded))
    }

    @Test(
        "a member of the wrong type is malformed JSON naming the type expected and where",
        arguments: [
            (#"{"version_token": 42}"#, "expected String at version_token"),
            (#"{"auth": {"issuer": 7}}"#, "expected String at auth.issuer"),
            (#"{"auth": {"anonymous_users_enabled": "yes"}}"#, "expected Bool at auth.anonymous_users_enabled"),
            (#"{"auth": []}"#, "expected Dictionary<String, Any> at auth"),
        ])
    func wrongTypes(body: String, detail: String) {
        #expect(Self.read(body) == "malformed: \(detail)")
    }

    @Test("members nobody reads do not fail an answer: repeated keys, deep nesting, huge numbers; a blank body is {}")
    func lenientElsewhere() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(Self.read(#"{"version_token":"a","version_token":"b"}"#) == "b - -")
        #expect(Self.read(#"{"version_token":"t","releases":\#(deep),"size":1e400}"#) == "t - -")
        #expect(Self.read("  ") == "- - -")
    }

    @Test("what is not JSON, or not an object, is malformed JSON saying so")
    func notJSON() {
        #expect(Self.read("{not json").hasPrefix("malformed: not valid JSON: "))
        #expect(Self.read(#"{"version_token": "#).hasPrefix("malformed: not valid JSON: "))
        #expect(Self.read("[1]") == "malformed: expected an object at the top level, found an array")
        let latin1 = ParraAPIRawResponse(
            status: 200, headers: ["Content-Type": "application/json"], body: Array([0x7B, 0x22, 0xE9, 0x22, 0x7D]))
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
        #expect(throws: ParraAPIAnswer.Mismatch(description: "expected Double at expires_in")) {
            try ParraAuthTokenResponse(answer: ParraAPIAnswer(json: #"{"access_token":"a","expires_in":1e400}"#))
        }
    }
}
