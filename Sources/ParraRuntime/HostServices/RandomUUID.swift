/// A random (version 4, RFC 9562) UUID in its lowercase text form, such as
/// `1b4e28ba-2fa1-41d2-883f-0016d3cca427`, from the system's random source.
///
/// Foundation's `UUID().uuidString` gives the same (in uppercase); this one keeps a launch from
/// paging in Foundation's UUID code for the few identifiers it makes.
package func randomUUIDString() -> String {
    // Two 64-bit draws, two reads of the system's source: a byte at a time was sixteen.
    var generator = SystemRandomNumberGenerator()
    let halves: [UInt64] = [generator.next(), generator.next()]
    var bytes = halves.flatMap { half in (0..<8).map { UInt8(truncatingIfNeeded: half >> ($0 * 8)) } }
    bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
    bytes[8] = bytes[8] & 0x3F | 0x80  // the RFC's variant
    let hexDigits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
        if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
        text += [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
    }
    return String(decoding: text, as: UTF8.self)
}
