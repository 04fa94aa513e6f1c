/// A string written as a JSON string literal, with the escapes JSON requires: the one escaper
/// of the app, the host and the modules.
package enum JSONStringLiteral {
    /// Appends `text`, quoted and escaped, to `out`: `"` and `\` escaped, and the control
    /// characters below U+0020 as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00xx`.
    ///
    /// Text that needs no escape (nearly all of it: keys, ids, paths) is appended whole; only
    /// text with an escape is rewritten, byte by byte. Every byte JSON escapes is ASCII, and
    /// no byte of a multi-byte UTF-8 sequence is, so the bytes are rewritten without decoding.
    package static func append(_ text: String, to out: inout String) {
        guard text.utf8.contains(where: needsEscape) else {
            out += "\""
            out += text
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        append(text, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`, quoted and escaped as `append(_:to:)` writes it, to the UTF-8 `bytes`.
    package static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        guard text.utf8.contains(where: needsEscape) else {
            bytes += text.utf8
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            guard needsEscape(byte) else {
                bytes.append(byte)
                continue
            }
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case UInt8(ascii: "\n"): bytes.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): bytes.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): bytes.append(UInt8(ascii: "t"))
            case 0x08: bytes.append(UInt8(ascii: "b"))
            case 0x0C: bytes.append(UInt8(ascii: "f"))
            default: bytes += [UInt8(ascii: "u"), 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `text` quoted and escaped.
    package static func quoted(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }

    /// Whether JSON writes `byte` (a UTF-8 code unit) escaped: a quote, a backslash or a
    /// control character.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The lowercase hexadecimal digit of `value` (0 to 15).
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}
