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
