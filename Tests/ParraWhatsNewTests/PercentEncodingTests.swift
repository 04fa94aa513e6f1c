import Foundation
import Testing

@testable import ParraWhatsNew

@Suite("WhatsNewController.percentEncoded")
struct PercentEncodingTests {
    @Test("encodes as addingPercentEncoding with alphanumerics and the kept characters")
    func agreesWithFoundation() {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        for text in ["v1.2-beta_3~x", "AZaz09", "a b/c?d=e&f", "é", "e\u{301}", "😀", "١٢٣", "Ⅻ", "%", "", "\u{0}\n"] {
            #expect(
                WhatsNewController.percentEncoded(text, keeping: "-._~")
                    == text.addingPercentEncoding(withAllowedCharacters: allowed),
                "\(text)")
        }
    }
}
