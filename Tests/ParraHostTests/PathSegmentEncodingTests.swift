import Foundation
import Testing

@testable import ParraRuntime

/// The tenant and application ids in request paths: encoded as Foundation would, without it.
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

    @Test("a segment with nothing to encode comes back as it was")
    func unchanged() {
        #expect(
            percentEncodedPathSegment("b3f1c0de-0000-4000-8000-000000000001") == "b3f1c0de-0000-4000-8000-000000000001")
        #expect(percentEncodedPathSegment("a/b") == "a%2Fb")
    }
}
