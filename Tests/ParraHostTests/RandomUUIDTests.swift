import Testing

@testable import ParraRuntime

/// Random identifiers: version 4 UUIDs in lowercase text.
@Suite("Random UUID text")
struct RandomUUIDTests {
    @Test("is 36 lowercase hex digits and hyphens in the 8-4-4-4-12 form, version 4, RFC variant")
    func form() {
        for _ in 0..<200 {
            let text = Array(randomUUIDString().utf8)
            #expect(text.count == 36)
            for (index, byte) in text.enumerated() {
                if [8, 13, 18, 23].contains(index) {
                    #expect(byte == UInt8(ascii: "-"), "\(String(decoding: text, as: UTF8.self)) at \(index)")
                } else {
                    #expect(
                        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte))
                }
            }
            #expect(text[14] == UInt8(ascii: "4"))
            #expect([UInt8(ascii: "8"), UInt8(ascii: "9"), UInt8(ascii: "a"), UInt8(ascii: "b")].contains(text[19]))
        }
    }

    @Test("every digit but the version's is drawn: each position takes several values")
    func everyDigitVaries() {
        let samples = (0..<200).map { _ in Array(randomUUIDString().utf8) }
        for index in 0..<36 where ![8, 13, 14, 18, 23].contains(index) {
            #expect(Set(samples.map { $0[index] }).count >= 4, "position \(index)")
        }
        // Each byte is drawn on its own: bytes repeated within a draw would leave at most six
        // different digits; 30 random ones show fewer than seven about once in 10^9 UUIDs.
        for sample in samples {
            let digits = Set(sample.filter { $0 != UInt8(ascii: "-") })
            #expect(digits.count >= 7, "\(String(decoding: sample, as: UTF8.self))")
        }
    }

    @Test("two in a row differ")
    func distinct() {
        #expect(Set((0..<100).map { _ in randomUUIDString() }).count == 100)
    }
}

/// A service with a fixed identity (or none), to fill request paths with.
private struct IdentityService: ParraAPIService {
    let appIdentity: (tenantId: String, applicationId: String)?
    func send(_ request: APIRequest, completion: @escaping @Sendable (Result<APIResponse, APIServiceError>) -> Void) {}
}

/// A module's request path placeholders.
@Suite("API path placeholders")
struct APIPathPlaceholderTests {
    @Test("both placeholders are filled, each as one encoded segment, as often as they appear")
    func filled() {
        let service = IdentityService(appIdentity: (tenantId: "t/1", applicationId: "app 2"))
        #expect(
            service.fillingPlaceholders("tenants/{tenantId}/applications/{applicationId}/x/{tenantId}")
                == "tenants/t%2F1/applications/app%202/x/t%2F1")
    }

    @Test("other braces stay as written")
    func otherBraces() {
        let service = IdentityService(appIdentity: (tenantId: "t", applicationId: "a"))
        #expect(service.fillingPlaceholders("a/{other}/{tenantId}/{") == "a/{other}/t/{")
        #expect(service.fillingPlaceholders("plain/path?q=1") == "plain/path?q=1")
    }

    @Test("a path with placeholders has none to fill them with without an identity")
    func noIdentity() {
        let service = IdentityService(appIdentity: nil)
        #expect(service.fillingPlaceholders("tenants/{tenantId}") == nil)
        #expect(service.fillingPlaceholders("a/{other}") == "a/{other}")
    }
}
