import CParraPlugin

#if canImport(Glibc)
    import Glibc
#endif

/// Remembers how recent call sites print (`ContentView:body:42`), so a line from a call site
/// seen before copies its text instead of scanning the file and function names and writing the
/// numbers again. Direct-mapped, 64 slots; a slot holds the file and function bytes it was
/// made from and is used only when they match the record's exactly, so it never prints a
/// wrong call site whatever the strings' addresses. Not thread-safe: each thread has its own
/// (`ThreadScratch`). A struct of two pointers, so using it touches no reference count; its
/// owner calls `deallocate()`.
struct CallSiteCache {
    private struct Slot {
        var used = false
        var options: UInt8 = 0
        var line: UInt32 = 0
        var column: UInt32 = 0
        var fileLength: UInt16 = 0
        var functionLength: UInt16 = 0
        var textLength: UInt16 = 0
    }

    private static let slotCount = 64
    private static let fileCapacity = 160
    private static let functionCapacity = 128
    private static let textCapacity = 256
    private static let stride = fileCapacity + functionCapacity + textCapacity

    private let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
    private let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * stride)

    init() { slots.initialize(repeating: Slot(), count: Self.slotCount) }

    /// Forgets every call site.
    func removeAll() { slots.update(repeating: Slot(), count: Self.slotCount) }

    /// Frees the cache's memory; the owner calls it once, last.
    func deallocate() {
        slots.deallocate()
        storage.deallocate()
    }

    /// Appends the call-site text of `record` to `buffer`: from the cache when this call site
    /// is there, else made by `render` (which appends it) and kept for next time.
    /// `options` are the piece's call-site options: two call-site pieces with different
    /// options never share a slot's text.
    @inline(__always)
    func append(
        _ record: UnsafePointer<parra_log_record>, options: UInt8, to buffer: ByteBuffer, render: () -> Void
    ) {
        let file = record.pointee.file_id
        let function = record.pointee.function
        let line = record.pointee.line
        let column = record.pointee.column
        let hash =
            (UInt(bitPattern: file.data) >> 3) ^ (UInt(bitPattern: function.data) >> 5) ^ UInt(line) &* 31
            ^ UInt(options) &* 7
        let index = Int(hash % UInt(Self.slotCount))
        let slot = slots[index]
        let base = storage + index * Self.stride
        if slot.used, slot.options == options, slot.line == line, slot.column == column,
            Int(slot.fileLength) == file.length,
            Int(slot.functionLength) == function.length,
            ShortBytes.equal(base, file), ShortBytes.equal(base + Self.fileCapacity, function)
        {
            buffer.append(base + Self.fileCapacity + Self.functionCapacity, Int(slot.textLength))
            return
        }
        let start = buffer.count
        render()
        let length = buffer.count - start
        guard file.length <= Self.fileCapacity, function.length <= Self.functionCapacity,
            length <= Self.textCapacity
        else { return }
        if file.length > 0 { memcpy(base, file.data, file.length) }
        if function.length > 0 { memcpy(base + Self.fileCapacity, function.data, function.length) }
        memcpy(base + Self.fileCapacity + Self.functionCapacity, buffer.base + start, length)
        slots[index] = Slot(
            used: true, options: options, line: line, column: column, fileLength: UInt16(file.length),
            functionLength: UInt16(function.length), textLength: UInt16(length))
    }
}
