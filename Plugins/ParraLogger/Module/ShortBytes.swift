import CParraPlugin

#if canImport(Glibc)
    import Glibc
#endif

/// Compares and copies the short runs of bytes a console line is made of (a call site's file
/// and function, a template's prefix and suffix, most messages) in line, eight bytes at a
/// time: below 64 bytes a `memcmp` or `memcpy` call costs more than the bytes it moves. Longer
/// runs go to the C library.
enum ShortBytes {
    /// Runs longer than this go to `memcmp` and `memcpy`.
    private static let inlineLimit = 64

    /// Whether the `count` bytes at `first` and at `second` are the same.
    @inline(__always)
    static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, _ count: Int) -> Bool {
        guard count >= 8 else {
            if count >= 4 {
                return word32(first, 0) == word32(second, 0) && word32(first, count - 4) == word32(second, count - 4)
            }
            var index = 0
            while index < count {
                if first.load(fromByteOffset: index, as: UInt8.self)
                    != second.load(fromByteOffset: index, as: UInt8.self)
                {
                    return false
                }
                index += 1
            }
            return true
        }
        guard count <= inlineLimit else { return memcmp(first, second, count) == 0 }
        var offset = 0
        while offset < count - 8 {
            if word(first, offset) != word(second, offset) { return false }
            offset += 8
        }
        // The last eight bytes, overlapping the words before when `count` is not a multiple.
        return word(first, count - 8) == word(second, count - 8)
    }

    /// Whether `stored` holds the bytes of a record's `text` (whose bytes are nil when it is
    /// empty).
    @inline(__always)
    static func equal(_ stored: UnsafeRawPointer, _ text: parra_string) -> Bool {
        guard text.length > 0 else { return true }
        guard let data = text.data else { return false }
        return equal(stored, data, text.length)
    }

    /// Copies `count` bytes from `source` to `destination`; the two do not overlap.
    @inline(__always)
    static func copy(_ destination: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, _ count: Int) {
        guard count >= 8 else {
            if count >= 4 {
                destination.storeBytes(of: word32(source, 0), as: UInt32.self)
                destination.storeBytes(of: word32(source, count - 4), toByteOffset: count - 4, as: UInt32.self)
                return
            }
            var index = 0
            while index < count {
                destination.storeBytes(
                    of: source.load(fromByteOffset: index, as: UInt8.self), toByteOffset: index, as: UInt8.self)
                index += 1
            }
            return
        }
        guard count <= inlineLimit else {
            memcpy(destination, source, count)
            return
        }
        var offset = 0
        while offset < count - 8 {
            destination.storeBytes(of: word(source, offset), toByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        destination.storeBytes(of: word(source, count - 8), toByteOffset: count - 8, as: UInt64.self)
    }

    @inline(__always)
    private static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
    }

    @inline(__always)
    private static func word32(_ base: UnsafeRawPointer, _ offset: Int) -> UInt32 {
        base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
    }
}
