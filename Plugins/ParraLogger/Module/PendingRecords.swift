import CParraPlugin

/// Log records waiting for the spool's writer, copied out of the host's memory into one byte
/// run: a fixed header, then the strings back to back. Appending is a few copies, which is
/// what keeps a production log call cheap; the JSON is written later, off the logging thread.
/// Not thread-safe; the spool locks.
final class PendingRecords {
    /// The fixed part of a pending record.
    struct Header {
        var timestamp: Double
        var sequence: UInt64
        var level: Int32
        var line: UInt32
        var column: UInt32
        var messageLength: UInt32
        var extraLength: UInt32
        var fileIDLength: UInt32
        var functionLength: UInt32
        var categoryLength: UInt32
        var callStackLength: UInt32
    }

    /// One record as the writer reads it back; the strings point into the queue's memory.
    struct Entry {
        var header: Header
        var message: parra_string
        var extra: parra_string
        var fileID: parra_string
        var function: parra_string
        var category: parra_string
        var callStack: parra_string
    }

    private let buffer: ByteBuffer
    private(set) var count = 0

    /// An empty queue with room for `capacity` bytes before it grows.
    init(capacity: Int) { buffer = ByteBuffer(capacity: capacity) }

    /// Bytes held.
    var byteCount: Int { buffer.count }

    /// Copies `record` in, numbered `sequence`.
    @inline(__always)
    func append(_ record: UnsafePointer<parra_log_record>, sequence: UInt64) {
        let r = record.pointee
        let stack = r.level >= PARRA_LOG_LEVEL_ERROR ? r.call_stack : parra_string(data: nil, length: 0)
        var header = Header(
            timestamp: r.timestamp, sequence: sequence, level: r.level, line: r.line, column: r.column,
            messageLength: Self.length(r.message), extraLength: Self.length(r.extra_json),
            fileIDLength: Self.length(r.file_id), functionLength: Self.length(r.function),
            categoryLength: Self.length(r.category), callStackLength: Self.length(stack))
        let total =
            MemoryLayout<Header>.size + Int(header.messageLength) + Int(header.extraLength)
            + Int(header.fileIDLength) + Int(header.functionLength) + Int(header.categoryLength)
            + Int(header.callStackLength)
        // One reservation, then plain copies.
        var cursor = UnsafeMutableRawPointer(buffer.claim(total))
        withUnsafeBytes(of: &header) { cursor.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        cursor += MemoryLayout<Header>.size
        @inline(__always) func copy(_ data: UnsafePointer<CChar>?, _ length: UInt32) {
            guard let data, length > 0 else { return }
            cursor.copyMemory(from: data, byteCount: Int(length))
            cursor += Int(length)
        }
        copy(r.message.data, header.messageLength)
        copy(r.extra_json.data, header.extraLength)
        copy(r.file_id.data, header.fileIDLength)
        copy(r.function.data, header.functionLength)
        copy(r.category.data, header.categoryLength)
        copy(stack.data, header.callStackLength)
        count += 1
    }

    /// Calls `body` with each record, in the order appended.
    func forEachEntry(_ body: (Entry) -> Void) {
        var offset = 0
        let base = UnsafeRawPointer(buffer.base)
        while offset < buffer.count {
            let header = base.loadUnaligned(fromByteOffset: offset, as: Header.self)
            offset += MemoryLayout<Header>.size
            func next(_ length: UInt32) -> parra_string {
                defer { offset += Int(length) }
                return parra_string(
                    data: (base + offset).assumingMemoryBound(to: CChar.self), length: Int(length))
            }
            let message = next(header.messageLength)
            let extra = next(header.extraLength)
            let fileID = next(header.fileIDLength)
            let function = next(header.functionLength)
            let category = next(header.categoryLength)
            let callStack = next(header.callStackLength)
            body(
                Entry(
                    header: header, message: message, extra: extra, fileID: fileID, function: function,
                    category: category, callStack: callStack))
        }
    }

    /// Forgets every record, keeping the memory.
    func removeAll() {
        buffer.removeAll()
        count = 0
    }

    /// A string's length as stored: strings past 4 GiB are cut (the host limits them far lower).
    @inline(__always) private static func length(_ string: parra_string) -> UInt32 {
        string.data == nil ? 0 : UInt32(truncatingIfNeeded: min(string.length, Int(UInt32.max)))
    }
}
