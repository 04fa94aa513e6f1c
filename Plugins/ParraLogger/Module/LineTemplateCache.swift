import CParraPlugin

#if canImport(Glibc)
    import Glibc
#endif

/// Remembers, for recent call sites and levels, everything a console line prints around its
/// message: the pieces before it (trimmed at the start) and after it (trimmed at the end), for
/// formats whose other pieces depend on the call site and level alone (`ConsoleLineFormatter`
/// says which). A line from a call site seen before is then its template's two runs of bytes
/// around the message, with nothing formatted. Direct-mapped, 32 slots; a slot holds the file
/// and function bytes it was made from and is used only when they, the line, the column and
/// the level match the record's exactly, whatever the strings' addresses. Not thread-safe:
/// each thread has its own (`ThreadScratch`). A struct of two pointers, so using it touches no
/// reference count; its owner calls `deallocate()`.
struct LineTemplateCache {
    /// What a slot describes; its bytes are in `storage`.
    private struct Slot {
        var used = false
        var level: Int32 = 0
        var line: UInt32 = 0
        var column: UInt32 = 0
        var fileLength: UInt16 = 0
        var functionLength: UInt16 = 0
        var prefixLength: UInt16 = 0
        var suffixLength: UInt16 = 0
    }

    /// A template found for a record: `prefix`, the message, `suffix`, a newline.
    struct Template {
        let prefix: UnsafePointer<UInt8>
        let prefixLength: Int
        let suffix: UnsafePointer<UInt8>
        let suffixLength: Int
    }

    private static let slotCount = 32
    private static let fileCapacity = 160
    private static let functionCapacity = 128
    /// Prefix and suffix together.
    static let textCapacity = 256
    private static let stride = fileCapacity + functionCapacity + textCapacity

    private let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
    private let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * stride)

    init() { slots.initialize(repeating: Slot(), count: Self.slotCount) }

    /// Forgets every template.
    func removeAll() { slots.update(repeating: Slot(), count: Self.slotCount) }

    /// Frees the cache's memory; the owner calls it once, last.
    func deallocate() {
        slots.deallocate()
        storage.deallocate()
    }

    /// The slot a record's call site and level map to.
    @inline(__always)
    private static func index(_ record: UnsafePointer<parra_log_record>) -> Int {
        let hash =
            (UInt(bitPattern: record.pointee.file_id.data) >> 3) ^ (UInt(bitPattern: record.pointee.function.data) >> 5)
            ^ UInt(record.pointee.line) &* 31 ^ UInt(UInt32(bitPattern: record.pointee.level)) &* 7
        return Int(hash % UInt(slotCount))
    }

    /// The template of the record's call site and level, when this cache has it.
    @inline(__always)
    func template(for record: UnsafePointer<parra_log_record>) -> Template? {
        let index = Self.index(record)
        let slot = slots[index]
        let file = record.pointee.file_id
        let function = record.pointee.function
        guard slot.used, slot.line == record.pointee.line, slot.column == record.pointee.column,
            slot.level == record.pointee.level, Int(slot.fileLength) == file.length,
            Int(slot.functionLength) == function.length
        else { return nil }
        let base = storage + index * Self.stride
        guard ShortBytes.equal(base, file), ShortBytes.equal(base + Self.fileCapacity, function) else { return nil }
        let text = base + Self.fileCapacity + Self.functionCapacity
        return Template(
            prefix: text, prefixLength: Int(slot.prefixLength), suffix: text + Int(slot.prefixLength),
            suffixLength: Int(slot.suffixLength))
    }

    /// Keeps `prefix` and `suffix` as the template of the record's call site and level, in
    /// place of what its slot held; does nothing when they do not fit.
    func store(
        _ record: UnsafePointer<parra_log_record>, prefix: UnsafeBufferPointer<UInt8>,
        suffix: UnsafeBufferPointer<UInt8>
    ) {
        let file = record.pointee.file_id
        let function = record.pointee.function
        guard file.length <= Self.fileCapacity, function.length <= Self.functionCapacity,
            prefix.count + suffix.count <= Self.textCapacity
        else { return }
        let index = Self.index(record)
        let base = storage + index * Self.stride
        if file.length > 0 { memcpy(base, file.data, file.length) }
        if function.length > 0 { memcpy(base + Self.fileCapacity, function.data, function.length) }
        let text = base + Self.fileCapacity + Self.functionCapacity
        if let start = prefix.baseAddress, !prefix.isEmpty { memcpy(text, start, prefix.count) }
        if let start = suffix.baseAddress, !suffix.isEmpty { memcpy(text + prefix.count, start, suffix.count) }
        slots[index] = Slot(
            used: true, level: record.pointee.level, line: record.pointee.line, column: record.pointee.column,
            fileLength: UInt16(file.length), functionLength: UInt16(function.length),
            prefixLength: UInt16(prefix.count), suffixLength: UInt16(suffix.count))
    }
}
