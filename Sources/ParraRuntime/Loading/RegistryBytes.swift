/// The module registry's byte format: little-endian fixed-width integers and length-prefixed
/// UTF-8 strings, written and read in one order. Reading a registry is on the launch path of
/// every app with modules that can wait, so it is a flat walk over bytes, not a JSON parse.
struct RegistryWriter {
    /// What has been written.
    private(set) var bytes: [UInt8] = []

    /// A writer whose bytes begin with `prefix`, with room for `capacity` bytes in all.
    init(startingWith prefix: [UInt8] = [], capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
        bytes += prefix
    }

    mutating func write(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Bool) { bytes.append(value ? 1 : 0) }

    mutating func write(_ text: String) {
        write(UInt32(text.utf8.count))
        bytes += text.utf8
    }

    /// Writes nil as a zero flag, else a one and the string.
    mutating func write(_ text: String?) {
        write(text != nil)
        if let text { write(text) }
    }

    mutating func write(_ block: [UInt8]) {
        write(UInt32(block.count))
        bytes += block
    }
}

/// Reads what `RegistryWriter` wrote; every read past the end or of a malformed value throws.
/// It reads the caller's bytes in place: they must outlive the reader.
struct RegistryReader {
    /// Why the bytes are not a registry.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private let bytes: UnsafeRawBufferPointer
    private var offset: Int

    init(_ bytes: UnsafeRawBufferPointer, from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    /// How many bytes have been read.
    var position: Int { offset }

    /// The bytes read since `position` was `start`.
    func bytesRead(since start: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
    }

    private mutating func take(_ count: Int) throws(Malformed) -> Int {
        guard count >= 0, count <= bytes.count - offset else {
            throw Malformed(
                description: "cut short at byte \(offset) (\(count) more wanted, \(bytes.count - offset) left)")
        }
        defer { offset += count }
        return offset
    }

    mutating func readUInt64() throws(Malformed) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(8), as: UInt64.self))
    }

    mutating func readUInt32() throws(Malformed) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: try take(4), as: UInt32.self))
    }

    mutating func readBool() throws(Malformed) -> Bool {
        let start = try take(1)
        switch bytes[start] {
        case 0: return false
        case 1: return true
        default: throw Malformed(description: "byte \(start) is \(bytes[start]), not a flag")
        }
    }

    mutating func readString() throws(Malformed) -> String {
        let count = Int(try readUInt32())
        let start = try take(count)
        // ASCII, as nearly every string of a registry is, is UTF-8 as it stands, and is copied
        // as it is; the generic `String(validating:as:)` walks the bytes one by one, several
        // times slower.
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)]).assumingMemoryBound(
            to: UInt8.self)
        let text =
            slice.allSatisfy { $0 < 0x80 }
            ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
        guard let text else { throw Malformed(description: "the text at byte \(start) is not UTF-8") }
        return text
    }

    mutating func readOptionalString() throws(Malformed) -> String? {
        try readBool() ? try readString() : nil
    }

    /// A length-prefixed block of bytes, in place.
    mutating func readBlock() throws(Malformed) -> UnsafeRawBufferPointer {
        let count = Int(try readUInt32())
        let start = try take(count)
        return UnsafeRawBufferPointer(rebasing: bytes[start..<(start + count)])
    }
}
