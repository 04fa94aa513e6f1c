/// A string written as a JSON string literal, with the escapes JSON requires: the one escaper
/// of the app, the host and the modules.
///
/// `"` and `\` are escaped, and the control characters below U+0020 written as `\n`, `\r`, `\t`,
/// `\b`, `\f` or `\u00xx`. Every byte JSON escapes is ASCII, and no byte of a multi-byte UTF-8
/// sequence is, so text is escaped byte by byte without decoding, and bytes that are not UTF-8
/// pass through as they are.
package enum JSONStringLiteral {
    /// Escapes `source` (the inside of a string literal, without its quotes), handing `write`
    /// the result piece by piece: each run of bytes that needs no escape as it lies in
    /// `source`, and each escape from a buffer of its own. Text with no escape (nearly all of
    /// it: keys, ids, paths, log messages) is one call. Every writer of JSON text calls this,
    /// the logger's per-event buffer among them.
    @inlinable
    package static func escape(_ source: UnsafeRawBufferPointer, _ write: (UnsafeRawBufferPointer) -> Void) {
        var runStart = 0
        for index in 0..<source.count {
            let byte = source[index]
            guard needsEscape(byte) else { continue }
            if index > runStart { write(UnsafeRawBufferPointer(rebasing: source[runStart..<index])) }
            runStart = index + 1
            // `\` and one letter, or `\u00` and two hex digits.
            var escaped: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0x5C, 0, 0x30, 0x30, 0, 0)
            var length = 2
            switch byte {
            case 0x22, 0x5C: escaped.1 = byte
            case 0x0A: escaped.1 = UInt8(ascii: "n")
            case 0x0D: escaped.1 = UInt8(ascii: "r")
            case 0x09: escaped.1 = UInt8(ascii: "t")
            case 0x08: escaped.1 = UInt8(ascii: "b")
            case 0x0C: escaped.1 = UInt8(ascii: "f")
            default:
                escaped.1 = UInt8(ascii: "u")
                escaped.4 = hexDigit(byte >> 4)
                escaped.5 = hexDigit(byte & 0x0F)
                length = 6
            }
            withUnsafeBytes(of: &escaped) { write(UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
        }
        if source.count > runStart { write(UnsafeRawBufferPointer(rebasing: source[runStart...])) }
    }

    /// Appends `text`, quoted and escaped, to `out`. Text that needs no escape is appended whole.
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

    /// Appends `text`, quoted and escaped, to the UTF-8 `bytes`.
    package static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in escape(UnsafeRawBufferPointer(utf8)) { bytes += $0 } }
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
    @usableFromInline
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The lowercase hexadecimal digit of `value` (0 to 15).
    @usableFromInline
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x61 + value - 10
    }
}
