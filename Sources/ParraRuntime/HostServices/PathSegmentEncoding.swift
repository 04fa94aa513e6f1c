// Percent-encoding of URL path segments, byte by byte. Foundation's `addingPercentEncoding`
// and `removingPercentEncoding` go through `NSString`, which costs three protocol conformance
// searches of every loaded library the first time, on the launch's first request.

/// `text` percent-encoded for use as one URL path segment: each UTF-8 byte other than RFC
/// 3986's unreserved characters, its sub-delimiters except `;`, and `:` and `@` (Foundation's
/// `.urlPathAllowed` less `/`) becomes `%XX`, the bytes `addingPercentEncoding` writes.
package func percentEncodedPathSegment(_ text: String) -> String {
    guard !text.utf8.allSatisfy(isPathSegmentByte) else { return text }
    let hexDigits = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = []
    encoded.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
        if isPathSegmentByte(byte) {
            encoded.append(byte)
        } else {
            encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
        }
    }
    return String(decoding: encoded, as: UTF8.self)
}

/// Whether `byte` stands for itself in a path segment: `A-Z a-z 0-9 - . _ ~ ! $ & ' ( ) * + , = : @`.
private func isPathSegmentByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
        UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
        UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "="),
        UInt8(ascii: ":"), UInt8(ascii: "@"):
        return true
    default:
        return false
    }
}

/// `text` with each `%XX` replaced by the byte it stands for; nil when a `%` is not followed by
/// two hex digits or the bytes are not UTF-8, as `removingPercentEncoding` answers.
package func percentDecoded(_ text: Substring) -> String? {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var rest = text.utf8.makeIterator()
    while let byte = rest.next() {
        guard byte == UInt8(ascii: "%") else {
            bytes.append(byte)
            continue
        }
        guard let high = rest.next().flatMap(ASCIIByte.hexValue), let low = rest.next().flatMap(ASCIIByte.hexValue)
        else {
            return nil
        }
        bytes.append(high << 4 | low)
    }
    return String(validating: bytes, as: UTF8.self)
}
