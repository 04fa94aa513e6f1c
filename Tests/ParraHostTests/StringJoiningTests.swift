import ParraShared
import Testing

@Suite("Joining strings")
struct StringJoiningTests {
    @Test(
        "String(joining:separator:) gives what joined(separator:) gives",
        arguments: [[], [""], ["a"], ["a", "b", "c"], ["", "", ""], ["héllo", "wörld", "👋🏽"], ["line\n", "\tx"]])
    func sameAsJoined(parts: [String]) {
        for separator in ["", ", ", "\n", "→"] {
            #expect(String(joining: parts, separator: separator) == parts.joined(separator: separator))
        }
        #expect(String(joining: parts) == parts.joined())
    }
}
