/// Text from outside the app (pushes, API answers, release notes, modules' log lines) made safe to
/// show on a terminal: every control character is written out visibly instead of reaching the
/// terminal, which would act on it. An escape sequence (OSC 52 writing the clipboard, OSC 0
/// setting the window title, CSI 6n making the terminal type into the app's input) loses its
/// ESC and shows as text, and a line break that would start a forged `parra:` line shows as `\n`.
///
/// A tab is kept; a line feed is kept only where asked (a presentation's body). The C0 controls,
/// DEL and the C1 controls (U+0080 to U+009F, which some terminals also act on) are written as
/// `\n`, `\r` or `\u{1B}`.
package enum TerminalText {
    /// `text` with its control characters written out; `text` itself when it has none.
    package static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard needsEscaping(text, keepingLineBreaks: keepingLineBreaks) else { return text }
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: result.unicodeScalars.append(scalar)
            case 0x0A where keepingLineBreaks: result.unicodeScalars.append(scalar)
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x00..<0x20, 0x7F...0x9F: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `text` holds a control character to write out, read byte by byte: in UTF-8 a C0
    /// control or DEL is its own byte, and a C1 control is 0xC2 followed by 0x80 to 0x9F.
    /// Over the string's contiguous UTF-8 where it has it (a native string always does): every
    /// host log line and status line passes here, and the view's iterator cost several times
    /// as much per byte.
    private static func needsEscaping(_ text: String, keepingLineBreaks: Bool) -> Bool {
        func scan<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
            var previous: UInt8 = 0
            for byte in bytes {
                switch byte {
                case 0x09: break
                case 0x0A where keepingLineBreaks: break
                case 0x00..<0x20, 0x7F: return true
                case 0x80...0x9F where previous == 0xC2: return true
                default: break
                }
                previous = byte
            }
            return false
        }
        return text.utf8.withContiguousStorageIfAvailable(scan) ?? scan(text.utf8)
    }
}
