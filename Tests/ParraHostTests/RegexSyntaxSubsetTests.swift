import Foundation
import Testing

@testable import ParraRuntime

/// The patterns whose compile waits for the first value: every one of them is one that Swift's
/// `Regex` compiles, so deferring it never lets through a schema the host would have refused.
@Suite("Schema patterns compiled on first use")
struct RegexSyntaxSubsetTests {
    @Test(
        "the modules' patterns are in the subset; what Regex refuses, or might, is not",
        arguments: [
            ("^/", true), (#"[^\p{Zs}\t]"#, true), ("^#[0-9A-Fa-f]{6}$", true), ("^a+$", true),
            ("(?:ab|c)*?d{2,}", true),
            ("", false), ("(", false), ("a**", false), ("[z-a]", false), ("a{5,2}", false), (#"\p{Foo}"#, false),
            ("[[:alpha:]]", false), ("()", false), ("a||b", false), (#"\q"#, false),
        ])
    func examples(_ pattern: String, _ inSubset: Bool) {
        #expect(RegexSyntaxSubset.contains(pattern) == inSubset)
    }

    @Test("every pattern in the subset compiles with Regex (30,000 generated)")
    func subsetCompiles() {
        let alphabet = Array(#"ab#/^$.|?*+()[]{}\-,:&09pPdwsStZL é"#).map(String.init)
        let pieces = [
            #"\p{Zs}"#, #"\P{Nd}"#, #"\p{Foo}"#, "{2}", "{2,}", "{2,5}", "{5,2}", "(?:", "[^", #"\t"#, "a-z", "z-a",
        ]
        // A fixed linear congruential sequence, so every run checks the same patterns.
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var accepted = 0
        for _ in 0..<30_000 {
            var pattern = ""
            for _ in 0...next(8) {
                pattern += next(4) == 0 ? pieces[next(pieces.count)] : alphabet[next(alphabet.count)]
            }
            guard RegexSyntaxSubset.contains(pattern) else { continue }
            accepted += 1
            #expect((try? Regex(pattern)) != nil, "\(pattern)")
        }
        #expect(accepted > 1000)
    }

    @Test("a deferred pattern matches scalar by scalar, as ICU does")
    func deferredMatches() throws {
        let pattern = try SchemaPattern(#"[^\p{Zs}\t]"#)
        #expect(pattern.isMatched(by: "a "))
        #expect(!pattern.isMatched(by: " \t"))
        #expect(throws: (any Error).self) { try SchemaPattern("(") }
    }
}
