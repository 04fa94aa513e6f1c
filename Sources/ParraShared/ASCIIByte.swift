/// The classes of ASCII bytes the host's readers share: JSON, option keys, schema paths,
/// percent-encoding and colours all read text byte by byte, where `Character` properties and
/// `CharacterSet` would cost the launch.
package enum ASCIIByte {
    /// Whether `byte` is a letter, a digit or `_` (`[A-Za-z0-9_]`).
    package static func isWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// Whether `text` is two or more non-empty segments joined by dots, each of bytes that
    /// `isWord` takes (and `-` when `hyphens`): a module id or an option key. Byte by byte:
    /// a Unicode property look-up for each character cost every module a few microseconds at
    /// start-up.
    package static func isDottedName(_ text: String, hyphens: Bool) -> Bool {
        var segments = 1
        var segmentLength = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."):
                guard segmentLength > 0 else { return false }
                segments += 1
                segmentLength = 0
            case _ where isWord(byte) || (hyphens && byte == UInt8(ascii: "-")): segmentLength += 1
            default: return false
            }
        }
        return segments >= 2 && segmentLength > 0
    }

    /// The value of the hex digit `byte`, either case; nil for any other byte.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
