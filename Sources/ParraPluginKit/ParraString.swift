import CParraPlugin

extension String {
    /// The text `string` points at, copied (UTF-8 of its length; a bad sequence becomes
    /// U+FFFD; `{NULL, 0}` is empty).
    public init(_ string: parra_string) {
        guard let data = string.data, string.length > 0 else {
            self = ""
            return
        }
        self = String(decoding: UnsafeRawBufferPointer(start: data, count: string.length), as: UTF8.self)
    }
}

/// Calls `body` with a `parra_string` pointing into `text`'s UTF-8, valid only during the call.
public func withParraString<Result>(_ text: String, _ body: (parra_string) throws -> Result) rethrows -> Result {
    var text = text
    return try text.withUTF8 { bytes in
        try body(
            parra_string(
                data: UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), length: bytes.count))
    }
}
