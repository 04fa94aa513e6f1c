import CParraPlugin
import ParraPluginKit

/// Writes a pending record as one session event, a line of JSON:
/// `{"id":…,"session_id":…,"session_started_at":…,"created_at":…,"name":"log","metadata":{…}}`,
/// where metadata is {level, message, call_site {file_id, function, line, column},
/// logger_context {module, category}, extra, call_stack}. The id is the session's id and the
/// record's sequence number, so a retried upload carries the same ids. A message or call stack
/// over 1 MiB is cut there (and says how much was cut), and extras over 1 MiB are replaced by
/// `{"$truncated": <bytes>}`, so every event fits in an upload.
struct SessionEventEncoder {
    let sessionID: String
    let sessionStartedAt: String

    /// The most bytes of one field an event keeps.
    static let fieldLimit = 1024 * 1024

    private static let levelNames: [[UInt8]] = ModuleHost.LogLevel.allCases.map { Array($0.keyword.utf8) }

    /// Appends the event line for `entry`, with its newline.
    func append(_ entry: PendingRecords.Entry, to out: ByteBuffer) {
        let header = entry.header
        out.append(#"{"id":""#)
        out.append(sessionID)
        out.append(0x2D)
        out.append(decimal: header.sequence)
        out.append(#"","session_id":""#)
        out.append(sessionID)
        out.append(#"","session_started_at":""#)
        out.append(sessionStartedAt)
        out.append(#"","created_at":""#)
        out.append(timestamp: header.timestamp, fractionalSeconds: true)
        out.append(#"","name":"log","metadata":{"level":""#)
        out.append(Self.levelNames[Int(min(max(header.level, 0), 5))])
        out.append(#"","message":"#)
        Self.appendCapped(entry.message, to: out)
        out.append(#","call_site":{"file_id":"#)
        out.appendJSONString(entry.fileID)
        out.append(#","function":"#)
        out.appendJSONString(entry.function)
        out.append(#","line":"#)
        out.append(decimal: UInt64(header.line))
        out.append(#","column":"#)
        out.append(decimal: UInt64(header.column))
        out.append(#"},"logger_context":{"module":"#)
        out.appendJSONString(Self.moduleName(entry.fileID))
        if entry.category.length > 0 {
            out.append(#","category":"#)
            out.appendJSONString(entry.category)
        }
        out.append(0x7D)
        if entry.extra.length > Self.fieldLimit {
            out.append(#","extra":{"$truncated":"#)
            out.append(decimal: UInt64(entry.extra.length))
            out.append(0x7D)
        } else if entry.extra.length > 0 {
            out.append(#","extra":"#)
            out.append(entry.extra)
        }
        if entry.callStack.length > 0 {
            out.append(#","call_stack":"#)
            Self.appendCapped(entry.callStack, to: out)
        }
        out.append("}}\n")
    }

    /// `text` as a JSON string, cut at `fieldLimit` bytes (on a character boundary) with a note
    /// of how many bytes were cut.
    static func appendCapped(_ text: parra_string, to out: ByteBuffer) {
        guard text.length > fieldLimit, let data = text.data else {
            out.appendJSONString(text)
            return
        }
        let bytes = UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self)
        var cut = fieldLimit
        while cut > 0, bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
        out.append(0x22)
        out.appendJSONEscaped(data, cut)
        out.append(" [\(text.length - cut) more bytes cut]\"")
    }

    /// The Swift module of a `#fileID` (`Module/File.swift`): what comes before the slash.
    static func moduleName(_ fileID: parra_string) -> parra_string {
        guard let data = fileID.data else { return fileID }
        let bytes = UnsafeRawBufferPointer(start: data, count: fileID.length)
        guard let slash = bytes.firstIndex(of: 0x2F) else { return parra_string(data: nil, length: 0) }
        return parra_string(data: data, length: slash)
    }
}
