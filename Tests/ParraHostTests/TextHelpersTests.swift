import Foundation
import ParraShared
import Testing

@testable import ParraRuntime

/// The host's stand-ins for corelibs Foundation's text functions give Foundation's results.
@Suite("Text helpers without Foundation")
struct TextHelpersTests {
    @Test("BytewiseOrder sorts by UTF-8 bytes, ASCII or not, as the generic comparison of the bytes does")
    func bytewiseOrder() {
        let ascii = ["b.so", "B.so", "a10.so", "a9.so", "a.so", "", "a"]
        #expect(BytewiseOrder.sorted(ascii) == ["", "B.so", "a", "a.so", "a10.so", "a9.so", "b.so"])
        // Decomposed é (e + U+0301) sorts by its bytes, before precomposed é (C3 A9): `<` on
        // String puts them together as one character.
        let mixed = ["\u{E9}.so", "e\u{301}.so", "f.so", "e.so", "\u{1F600}.so", "Z.so"]
        let expected = mixed.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(BytewiseOrder.sorted(mixed) == expected)
        #expect(expected == ["Z.so", "e.so", "e\u{301}.so", "f.so", "\u{E9}.so", "\u{1F600}.so"])
    }

    @Test("trimmingSpaces trims what trimmingCharacters(in: .whitespaces) trims, for every scalar up to U+2FFFF")
    func trimmingSpacesAsFoundation() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a\(Character(scalar))"
            if text.trimmingSpaces() != text.trimmingCharacters(in: .whitespaces) { differing.append(value) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0, radix: 16) })")
        #expect(" \t\u{3000}level \u{200B}".trimmingSpaces() == "level")
        #expect("\nline\n".trimmingSpaces() == "\nline\n", "line breaks are not spaces")
    }

    @Test(
        "String(cFormat:) writes as String(format:) does",
        arguments: [("%g", 5.0), ("%g", 0.25), ("%g", 1e-7), ("%.3f", 2.0 / 3), ("%.2f s", 12.5)])
    func cFormatAsFoundation(_ format: String, _ value: Double) {
        #expect(String(cFormat: format, value) == String(format: format, value))
    }

    @Test("String(cFormat:) takes integers and texts longer than its first buffer")
    func cFormatIntegersAndLongTexts() {
        #expect(String(cFormat: "%03d", 7) == "007")
        #expect(String(cFormat: "%0100d!", 7) == String(repeating: "0", count: 99) + "7!")
    }
}
