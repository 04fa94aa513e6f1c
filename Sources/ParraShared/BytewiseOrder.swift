#if canImport(Glibc)
    import Glibc
#endif

/// Orders strings by their UTF-8 bytes, as `ls` does in the C locale: a stable order for file
/// names and JSON keys whatever their characters.
package enum BytewiseOrder {
    /// `strings` sorted by their bytes. Each string's first eight bytes, packed into an integer
    /// once, are sorted as integers; only strings that share them are compared byte by byte.
    /// (The generic comparison of two `utf8` views costs about a thousand instructions a pair, a
    /// hundred module files' names half a million at every launch.)
    package static func sorted(_ strings: [String]) -> [String] {
        var keyed = strings.indices.map { Keyed(key: prefixKey(strings[$0]), index: $0) }
        // qsort(3): the standard library's stable sort cost two thousand instructions a name.
        keyed.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            qsort(base, buffer.count, MemoryLayout<Keyed>.stride) { left, right in
                let a = left!.load(as: Keyed.self)
                let b = right!.load(as: Keyed.self)
                return a.key != b.key ? (a.key < b.key ? -1 : 1) : (a.index < b.index ? -1 : a.index > b.index ? 1 : 0)
            }
        }
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end].key == keyed[start].key { end += 1 }
            if end - start > 1 {
                keyed[start..<end].sort { strings[$0.index].utf8.lexicographicallyPrecedes(strings[$1.index].utf8) }
            }
            start = end
        }
        return keyed.map { strings[$0.index] }
    }

    /// A string's first bytes as an integer, and its position.
    private struct Keyed {
        let key: UInt64
        let index: Int
    }

    /// The first eight bytes of `string`, big-endian, zero past its end: integers that order as
    /// those bytes do (a string of fewer bytes sorts first, as a prefix does).
    private static func prefixKey(_ string: String) -> UInt64 {
        var key: UInt64 = 0
        var count = 0
        for byte in string.utf8.prefix(8) {
            key = key << 8 | UInt64(byte)
            count += 1
        }
        return count == 0 ? 0 : key << UInt64(8 * (8 - count))
    }
}
