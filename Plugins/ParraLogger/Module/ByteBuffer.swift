import CParraPlugin
import ParraShared

#if canImport(Glibc)
    import Glibc
#endif

/// A growable run of bytes in memory the buffer owns: where console lines and session events
/// are built without going through `String`. Not thread-safe; its owner locks.
final class ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Forgets every byte, keeping the memory.
    @inline(__always) func removeAll() { count = 0 }

    /// Drops bytes from the end until `count` is `newCount`.
    @inline(__always) func truncate(to newCount: Int) { count = min(count, max(0, newCount)) }

    /// Drops the first `length` bytes, moving the rest to the front.
    func removeFirst(_ length: Int) {
        let dropped = min(max(0, length), count)
        if dropped < count { base.update(from: base + dropped, count: count - dropped) }
        count -= dropped
    }

    /// Exchanges the bytes (and memory) of this buffer and `other`.
    func swapContents(with other: ByteBuffer) {
        (base, other.base) = (other.base, base)
        (count, other.count) = (other.count, count)
        (capacity, other.capacity) = (other.capacity, capacity)
    }

    /// Appends `length` bytes from `source`.
    @inline(__always) func append(_ source: UnsafeRawPointer?, _ length: Int) {
        guard length > 0, let source else { return }
        reserve(length)
        let from = source.assumingMemoryBound(to: UInt8.self)
        if length <= 32 {
            // Most pieces of a line are a few bytes: a loop beats a call to memmove.
            for offset in 0..<length { base[count + offset] = from[offset] }
        } else {
            (base + count).update(from: from, count: length)
        }
        count += length
    }

    /// Appends one byte.
    @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends a byte array.
    @inline(__always) func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0.baseAddress, $0.count) }
    }

    /// Appends the text of a C string with a length.
    @inline(__always) func append(_ string: parra_string) {
        append(string.data, string.length)
    }

    /// Appends a string's UTF-8.
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0.baseAddress, $0.count) }
    }

    /// Appends `value` in decimal.
    @inline(__always) func append(decimal value: UInt64) {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes of scratch
        withUnsafeMutableBytes(of: &digits) { scratch in
            var index = scratch.count
            var rest = value
            repeat {
                index -= 1
                scratch[index] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                rest /= 10
            } while rest > 0
            append(scratch.baseAddress! + index, scratch.count - index)
        }
    }

    /// Appends `value` with exactly `width` digits, zero-padded (value must fit).
    @inline(__always) func append(padded value: Int, width: Int) {
        reserve(width)
        var rest = value
        for offset in stride(from: width - 1, through: 0, by: -1) {
            base[count + offset] = UInt8(truncatingIfNeeded: 48 + rest % 10)
            rest /= 10
        }
        count += width
    }

    /// Appends `source` as the inside of a JSON string (without the quotes), escaped as
    /// `JSONStringLiteral` escapes. Invalid UTF-8 passes through byte for byte.
    func appendJSONEscaped(_ source: UnsafeRawPointer?, _ length: Int) {
        guard let source, length > 0 else { return }
        JSONStringLiteral.escape(UnsafeRawBufferPointer(start: source, count: length)) { piece in
            append(piece.baseAddress, piece.count)
        }
    }

    /// Appends `seconds` since 1970 as `ISO8601Timestamp` writes it: `2024-02-24T20:47:51.530Z`,
    /// or `2024-02-24T20:47:51Z` without `fractionalSeconds`.
    func append(timestamp seconds: Double, fractionalSeconds: Bool) {
        ISO8601Timestamp.write(seconds, fractionalSeconds: fractionalSeconds) { append($0.baseAddress, $0.count) }
    }

    /// Appends `text` as a quoted JSON string.
    func appendJSONString(_ string: parra_string) {
        append(0x22)
        appendJSONEscaped(string.data, string.length)
        append(0x22)
    }

    /// Adds `length` bytes to the end, to be filled by the caller at once, and returns where
    /// they start.
    @inline(__always) func claim(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        reserve(length)
        defer { count += length }
        return base + count
    }

    /// Makes room for `extra` more bytes.
    @inline(__always) func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(to: count + extra)
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

extension parra_string {
    /// The bytes, as a buffer over the host's memory.
    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length) }
}
