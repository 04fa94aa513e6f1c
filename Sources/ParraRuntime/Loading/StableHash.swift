#if canImport(Glibc)
    import Glibc
#endif

/// A 64-bit hash that comes out the same in every process and on every launch (Swift's `Hasher`
/// is seeded afresh in each process): what the module registry keeps of a descriptor to tell, at
/// a later launch, whether the module still declares the same things, and of each entry to tell
/// a damaged one. FNV-1a's scheme a word at a time: each eight bytes are xor-ed in and the hash
/// multiplied and folded, the last few bytes one by one. Not meant to withstand anyone crafting
/// a collision (a module's own code runs in the host anyway).
package struct StableHash {
    /// The hash of everything added so far.
    package private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    /// A hash of nothing yet.
    package init() {}

    /// Adds `bytes`.
    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var hash = value
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            offset += 8
        }
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
            offset += 1
        }
        value = hash
    }

    /// Adds the eight bytes of `number`.
    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { add($0) }
    }

    /// Adds the bytes of the NUL-terminated `text` and its length, or a marker for none, so that
    /// neighbouring strings cannot trade bytes; false when it runs past `limit` bytes.
    mutating func add(_ text: UnsafePointer<CChar>?, limit: Int) -> Bool {
        guard let text else {
            add(UInt64.max)
            return true
        }
        let length = strnlen(text, limit + 1)
        guard length <= limit else { return false }
        add(UInt64(length))
        add(UnsafeRawBufferPointer(start: text, count: length))
        return true
    }
}
