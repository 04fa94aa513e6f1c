#if canImport(Glibc)
    import Glibc
#endif

/// Orders strings by their UTF-8 bytes, as `ls` does in the C locale: a stable order for file
/// names and JSON keys whatever their characters.
package enum BytewiseOrder {
    /// `strings` sorted by their bytes. Other than ASCII, the bytes are laid end to end once and
    /// compared with `memcmp`: the generic comparison of two `utf8` views cost about a thousand
    /// instructions a pair, a hundred module files' names half a million at every launch.
    package static func sorted(_ strings: [String]) -> [String] {
        // ASCII strings compare the same by bytes and by `<` (whose ASCII path is fastest).
        if strings.allSatisfy({ $0.utf8.allSatisfy { $0 < 0x80 } }) { return strings.sorted() }
        var bytes: [UInt8] = []
        var spans: [(start: Int, count: Int)] = []
        spans.reserveCapacity(strings.count)
        for string in strings {
            spans.append((bytes.count, string.utf8.count))
            bytes += string.utf8
        }
        let order = bytes.withUnsafeBufferPointer { buffer in
            spans.indices.sorted { left, right in
                let a = spans[left]
                let b = spans[right]
                let common = min(a.count, b.count)
                let order =
                    common == 0 ? 0 : memcmp(buffer.baseAddress! + a.start, buffer.baseAddress! + b.start, common)
                return order != 0 ? order < 0 : a.count < b.count
            }
        }
        return order.map { strings[$0] }
    }
}
