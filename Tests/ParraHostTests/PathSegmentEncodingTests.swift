import Foundation
import Testing

@testable import ParraRuntime

/// Request path segments: encoded and decoded as Foundation would, without it.
@Suite("Path segment percent-encoding")
struct PathSegmentEncodingTests {
    /// What Foundation writes for `text` as one path segment.
    static func foundationEncoding(_ text: String) -> String? {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed)
    }

    @Test("every ASCII character alone is encoded as addingPercentEncoding encodes it")
    func everyASCIICharacter() {
        for value in UInt8(0)...127 {
            let text = String(UnicodeScalar(value))
            #expect(percentEncodedPathSegment(text) == Self.foundationEncoding(text), "byte \(value)")
        }
    }

    @Test(
        "whole ids, reserved characters and non-ASCII text match Foundation byte for byte",
        arguments: [
            "4c6f6361-6c00-4000-8000-000000000001", "", "a/b?c#d", "50% off", "é", "日本語", "👩‍💻 team",
            "a b+c=d&e", "~user_name.v1", "x\u{0}y",
        ])
    func texts(_ text: String) {
        #expect(percentEncodedPathSegment(text) == Self.foundationEncoding(text))
    }

    @Test(
        "decoding gives what removingPercentEncoding gives, nil for a broken escape or bytes that are not UTF-8",
        arguments: [
            ".", "%2E", "%2e%2E", "a%20b", "%C3%A9t%C3%A9", "%25", "%", "%2", "%G1", "a%2", "%FF", "%C3", "plain", "",
            "%F0%9F%91%A9", "+%2B",
        ])
    func decoding(_ text: String) {
        #expect(percentDecoded(Substring(text)) == text.removingPercentEncoding)
    }

    @Test("a segment with nothing to encode comes back as it was")
    func unchanged() {
        #expect(
            percentEncodedPathSegment("b3f1c0de-0000-4000-8000-000000000001") == "b3f1c0de-0000-4000-8000-000000000001")
        #expect(percentEncodedPathSegment("a/b") == "a%2Fb")
    }
}
