import CParraPlugin
import Testing

@testable import ParraLogger

/// The in-line comparing and copying of short runs against the C library, at every length
/// around the word sizes and the in-line limit.
@Suite("Short byte runs")
struct ShortBytesTests {
    /// Lengths 0 through 80: every tail a word, a half word or a byte loop handles, and runs
    /// past the in-line limit that go to the C library.
    private static let lengths = Array(0...80)

    /// `count` bytes that differ from run to run.
    private static func bytes(_ count: Int, generator: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }

    @Test("equal runs are equal, and a change at any one byte is seen", arguments: lengths)
    func equal(length: Int) {
        var generator = SplitMix64(seed: UInt64(length) + 1)
        let first = Self.bytes(length, generator: &generator)
        // Each run sits one byte into its buffer, so no load is aligned.
        let a = [0] + first
        #expect(
            a.withUnsafeBytes { a in
                first.withUnsafeBytes { ShortBytes.equal(a.baseAddress! + 1, $0.baseAddress!, length) }
            })
        for index in 0..<length {
            var changed = first
            changed[index] &+= 1
            let b = [0] + changed
            let same = a.withUnsafeBytes { a in
                b.withUnsafeBytes { ShortBytes.equal(a.baseAddress! + 1, $0.baseAddress! + 1, length) }
            }
            #expect(!same, "a change at byte \(index) of \(length) went unseen")
        }
    }

    @Test("a copy holds the source's bytes and writes nothing around them", arguments: lengths)
    func copy(length: Int) {
        var generator = SplitMix64(seed: UInt64(length) + 100)
        let source = [0xAA] + Self.bytes(length, generator: &generator)
        var destination = [UInt8](repeating: 0x55, count: length + 2)
        destination.withUnsafeMutableBytes { target in
            source.withUnsafeBytes { ShortBytes.copy(target.baseAddress! + 1, $0.baseAddress! + 1, length) }
        }
        #expect(destination.first == 0x55 && destination.last == 0x55)
        #expect(Array(destination[1..<length + 1]) == Array(source[1...]))
    }

    @Test("a record's string: empty matches anything, nil bytes with a length match nothing")
    func recordStrings() {
        let stored: [UInt8] = Array("main.swift".utf8)
        stored.withUnsafeBytes { stored in
            let base = stored.baseAddress!
            #expect(ShortBytes.equal(base, parra_string(data: nil, length: 0)))
            #expect(!ShortBytes.equal(base, parra_string(data: nil, length: 4)))
            "main.swift".withCString { text in
                #expect(ShortBytes.equal(base, parra_string(data: text, length: 10)))
            }
            "main.swifT".withCString { text in
                #expect(!ShortBytes.equal(base, parra_string(data: text, length: 10)))
            }
        }
    }
}
