import CParraLoggerSupport
import CParraPlugin
import ParraPluginKit
import Synchronization

/// Turns a log record into one console line (plus its call stack for error and fatal), as the
/// format says, straight into a byte buffer: no `String`, no allocation for the usual pieces.
/// When every piece but the message depends on the call site and level alone (no timestamp,
/// no thread), a line from a call site seen before is its template (`LineTemplateCache`) around
/// the message. Any thread: each thread keeps its own caches (`ThreadScratch`).
/// Sendable by hand: it owns its C buffers, filled in `init` and only read after; its caches are per thread.
final class ConsoleLineFormatter: @unchecked Sendable {
    /// A piece reduced to plain values, so the per-line loop touches no reference counts.
    private struct CompiledPiece {
        var kind: UInt8
        var style: UInt8
        var callSite: UInt8
        var leftStart: Int32, leftLength: Int32
        var rightStart: Int32, rightLength: Int32
    }

    private enum Kind {
        static let message: UInt8 = 0
        static let timestamp: UInt8 = 1
        static let level: UInt8 = 2
        static let callSite: UInt8 = 3
        static let extras: UInt8 = 4
    }

    /// Where a run of bytes sits in `bytes`.
    private struct Span {
        var start: Int32
        var length: Int32
    }

    // Plain pointers the formatter owns, so a line touches no reference count.
    private let pieces: UnsafeMutablePointer<CompiledPiece>
    private let pieceCount: Int
    /// Every pad, then every level's text in every style (with its colour), back to back.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// The level texts: index `level * 3 + style`.
    private let levelSpans: UnsafeMutablePointer<Span>
    private let customTimestamps: [Int: CustomTimestampFormat]
    /// Whether lines are made from templates: one message piece, and no piece that changes
    /// from line to line of a call site (a timestamp, the thread's name).
    private let templated: Bool
    /// Tells this formatter's call-site caches from other formatters'.
    private let id = ConsoleLineFormatter.nextID.add(1, ordering: .relaxed).newValue
    private static let nextID = Atomic<UInt64>(0)

    /// A formatter for `format`; `colour` adds ANSI colour to the level. The level texts are
    /// laid out once here, so a line copies bytes and touches no reference count.
    init(format: ConsoleFormat, colour: Bool) {
        var pads: [UInt8] = []
        var custom: [Int: CustomTimestampFormat] = [:]
        var compiled = ContiguousArray<CompiledPiece>()
        for (index, piece) in format.pieces.enumerated() {
            let leftStart = Int32(pads.count)
            pads += piece.leftPad
            let rightStart = Int32(pads.count)
            pads += piece.rightPad
            var entry = CompiledPiece(
                kind: 0, style: 0, callSite: 0, leftStart: leftStart, leftLength: Int32(piece.leftPad.count),
                rightStart: rightStart, rightLength: Int32(piece.rightPad.count))
            switch piece.item {
            case .message: entry.kind = Kind.message
            case .timestamp(let style):
                entry.kind = Kind.timestamp
                switch style {
                case .iso8601: entry.style = 0
                case .rfc3339: entry.style = 1
                case .epoch: entry.style = 2
                case .custom(let pattern, let timeZone, let locale):
                    entry.style = 3
                    custom[index] = CustomTimestampFormat(pattern, timeZone: timeZone, locale: locale)
                }
            case .level(let style):
                entry.kind = Kind.level
                entry.style = style == .symbol ? 0 : style == .word ? 1 : 2
            case .callSite(let options):
                entry.kind = Kind.callSite
                entry.callSite = options.rawValue
            case .extras(let style):
                entry.kind = Kind.extras
                entry.style = style == .raw ? 0 : style == .condensed ? 1 : 2
            }
            compiled.append(entry)
        }
        var spans = ContiguousArray<Span>()
        for level in 0..<ModuleHost.LogLevel.allCases.count {
            for style in 0..<3 {
                let start = Int32(pads.count)
                let colourCode = colour ? ModuleHost.LogLevel.colours[level] : []
                pads += colourCode
                if style != 1 { pads += ModuleHost.LogLevel.symbols[level] }
                if style == 2 { pads.append(0x20) }
                if style != 0 { pads += ModuleHost.LogLevel.words[level] }
                if !colourCode.isEmpty { pads += Array("\u{1B}[0m".utf8) }
                spans.append(Span(start: start, length: Int32(pads.count) - start))
            }
        }
        pieces = .allocate(capacity: max(compiled.count, 1))
        pieces.initialize(from: Array(compiled), count: compiled.count)
        pieceCount = compiled.count
        bytes = .allocate(capacity: max(pads.count, 1))
        bytes.initialize(from: pads, count: pads.count)
        levelSpans = .allocate(capacity: spans.count)
        levelSpans.initialize(from: Array(spans), count: spans.count)
        self.customTimestamps = custom
        templated =
            format.pieces.filter { $0.item == .message }.count == 1 && !format.showsTimestamp
            && !format.pieces.contains {
                if case .callSite(let options) = $0.item { options.contains(.thread) } else { false }
            }
    }

    deinit {
        pieces.deallocate()
        bytes.deallocate()
        levelSpans.deallocate()
    }

    /// Appends the record's line, ending in a newline, to `buffer`.
    func append(_ record: UnsafePointer<parra_log_record>, to buffer: ByteBuffer) {
        ThreadScratch.withCurrent { append(record, to: buffer, scratch: $0) }
    }

    /// Appends the record's line to `buffer`, with the calling thread's `scratch`.
    @inline(__always)
    func append(_ record: UnsafePointer<parra_log_record>, to buffer: ByteBuffer, scratch: ThreadScratch) {
        if let template = template(for: record, scratch: scratch) {
            Self.write(template, record.pointee.message, to: buffer.claim(Self.length(of: template, record)))
        } else {
            appendPieces(record, to: buffer, scratch: scratch)
        }
    }

    /// Appends the record's line to `buffer` piece by piece, never from a template, with the
    /// calling thread's `scratch`: what a template must reproduce.
    func appendPieces(_ record: UnsafePointer<parra_log_record>, to buffer: ByteBuffer, scratch: ThreadScratch) {
        appendPieces(record, to: buffer, callSites: scratch.caches(for: id).callSites)
    }

    /// Appends the record's line to the end of `lane`'s lines, under its lock, with the calling
    /// thread's `scratch`: from the template straight into the lane, or made piece by piece in
    /// the scratch's line buffer and copied.
    @inline(__always)
    func append(
        _ record: UnsafePointer<parra_log_record>, to lane: UnsafeMutablePointer<parra_logger_lane>,
        scratch: ThreadScratch
    ) {
        if let template = template(for: record, scratch: scratch) {
            let length = Self.length(of: template, record)
            Self.write(template, record.pointee.message, to: WriterLanes.claim(length, in: lane))
        } else {
            let line = scratch.line
            line.removeAll()
            appendPieces(record, to: line, callSites: scratch.caches(for: id).callSites)
            WriterLanes.claim(line.count, in: lane).update(from: line.base, count: line.count)
        }
    }

    /// The template that makes the record's line, when the format and the record allow one:
    /// from the thread's cache, or made now and kept there. Nil when the line must be made
    /// piece by piece: extras, an error's call stack, an empty message, or a message whose
    /// leading or trailing white space the line's trimming would reach past.
    @inline(__always)
    private func template(
        for record: UnsafePointer<parra_log_record>, scratch: ThreadScratch
    ) -> LineTemplateCache.Template? {
        let message = record.pointee.message
        guard templated, message.length > 0, message.data != nil, record.pointee.extra_json.length <= 2,
            record.pointee.level < PARRA_LOG_LEVEL_ERROR
        else { return nil }
        let caches = scratch.caches(for: id)
        guard let template = caches.templates.template(for: record) ?? makeTemplate(record, caches: caches)
        else { return nil }
        let bytes = message.bytes.bindMemory(to: UInt8.self)
        if template.prefixLength == 0, Self.isSpace(bytes[0]) { return nil }
        if template.suffixLength == 0, Self.isSpace(bytes[bytes.count - 1]) { return nil }
        return template
    }

    /// Makes the template of the record's call site and level and keeps it in the thread's
    /// cache: the pieces before the message with its left pad, trimmed at the start, and its
    /// right pad with the pieces after it, trimmed at the end (extras absent). Nil when it
    /// does not fit the cache.
    @inline(never)
    private func makeTemplate(
        _ record: UnsafePointer<parra_log_record>, caches: (callSites: CallSiteCache, templates: LineTemplateCache)
    ) -> LineTemplateCache.Template? {
        let work = ByteBuffer(capacity: LineTemplateCache.textCapacity)
        var messageAt = 0
        for index in 0..<pieceCount {
            let piece = pieces[index]
            if piece.kind == Kind.message {
                work.append(bytes + Int(piece.leftStart), Int(piece.leftLength))
                messageAt = work.count
                work.append(bytes + Int(piece.rightStart), Int(piece.rightLength))
                continue
            }
            let mark = work.count
            work.append(bytes + Int(piece.leftStart), Int(piece.leftLength))
            if appendValue(piece, index: index, record, callSites: caches.callSites, to: work) {
                work.append(bytes + Int(piece.rightStart), Int(piece.rightLength))
            } else {
                work.truncate(to: mark)
            }
        }
        var prefixStart = 0
        while prefixStart < messageAt, Self.isSpace(work.base[prefixStart]) { prefixStart += 1 }
        var suffixEnd = work.count
        while suffixEnd > messageAt, Self.isSpace(work.base[suffixEnd - 1]) { suffixEnd -= 1 }
        caches.templates.store(
            record, prefix: UnsafeBufferPointer(start: work.base + prefixStart, count: messageAt - prefixStart),
            suffix: UnsafeBufferPointer(start: work.base + messageAt, count: suffixEnd - messageAt))
        return caches.templates.template(for: record)
    }

    /// The length of the line `template` makes of the record: prefix, message, suffix, newline.
    @inline(__always)
    private static func length(of template: LineTemplateCache.Template, _ record: UnsafePointer<parra_log_record>)
        -> Int
    {
        template.prefixLength + record.pointee.message.length + template.suffixLength + 1
    }

    /// Writes the line `template` makes of `message` (which has bytes: `template(for:)` made sure)
    /// at `destination`, which has room for it.
    @inline(__always)
    private static func write(
        _ template: LineTemplateCache.Template, _ message: parra_string, to destination: UnsafeMutablePointer<UInt8>
    ) {
        var at = destination
        ShortBytes.copy(at, template.prefix, template.prefixLength)
        at += template.prefixLength
        ShortBytes.copy(at, message.data.unsafelyUnwrapped, message.length)
        at += message.length
        ShortBytes.copy(at, template.suffix, template.suffixLength)
        at += template.suffixLength
        at.pointee = 0x0A
    }

    /// Appends the record's line to `buffer` piece by piece.
    private func appendPieces(
        _ record: UnsafePointer<parra_log_record>, to buffer: ByteBuffer, callSites: CallSiteCache
    ) {
        let start = buffer.count
        for index in 0..<pieceCount {
            let piece = pieces[index]
            let mark = buffer.count
            buffer.append(bytes + Int(piece.leftStart), Int(piece.leftLength))
            if appendValue(piece, index: index, record, callSites: callSites, to: buffer) {
                buffer.append(bytes + Int(piece.rightStart), Int(piece.rightLength))
            } else {
                buffer.truncate(to: mark)
            }
        }
        Self.trim(buffer, from: start)
        if record.pointee.level >= PARRA_LOG_LEVEL_ERROR, record.pointee.call_stack.length > 0 {
            buffer.append(0x0A)
            buffer.append(record.pointee.call_stack)
        }
        buffer.append(0x0A)
    }

    /// Appends one piece's value; false when the record has none.
    @inline(__always)
    private func appendValue(
        _ piece: CompiledPiece, index: Int, _ record: UnsafePointer<parra_log_record>, callSites: CallSiteCache,
        to buffer: ByteBuffer
    ) -> Bool {
        switch piece.kind {
        case Kind.message:
            guard record.pointee.message.length > 0 else { return false }
            buffer.append(record.pointee.message)
            return true
        case Kind.timestamp:
            let seconds = record.pointee.timestamp
            switch piece.style {
            case 0: buffer.append(timestamp: seconds, fractionalSeconds: true)
            case 1: buffer.append(timestamp: seconds, fractionalSeconds: false)
            case 2: buffer.append("\(seconds)")  // as Swift prints a Double: `1708807671.53`
            default: customTimestamps[index]?.append(seconds, to: buffer)
            }
            return true
        case Kind.level:
            let level = Int(min(max(record.pointee.level, 0), 5))
            let span = levelSpans[level * 3 + Int(piece.style)]
            buffer.append(bytes + Int(span.start), Int(span.length))
            return true
        case Kind.callSite:
            return appendCallSite(
                record, options: ConsoleFormat.CallSiteOptions(rawValue: piece.callSite), callSites: callSites,
                to: buffer)
        default:
            return appendExtras(record.pointee.extra_json, style: piece.style, to: buffer)
        }
    }

    /// `[thread] File:function:line:column`, with the parts the options ask for.
    private func appendCallSite(
        _ record: UnsafePointer<parra_log_record>, options: ConsoleFormat.CallSiteOptions, callSites: CallSiteCache,
        to buffer: ByteBuffer
    ) -> Bool {
        let start = buffer.count
        if options.contains(.thread) {
            buffer.append(0x5B)
            if record.pointee.thread_name.length > 0 {
                buffer.append(record.pointee.thread_name)
            } else {
                Self.appendCurrentThreadName(to: buffer)
            }
            buffer.append(0x5D)
            buffer.append(0x20)
        }
        callSites.append(record, options: options.rawValue, to: buffer) {
            Self.appendFileFunctionLineColumn(record, options: options, to: buffer)
        }
        return buffer.count > start
    }

    /// The call site without the thread: `File:function:line:column`, as the options ask.
    private static func appendFileFunctionLineColumn(
        _ record: UnsafePointer<parra_log_record>, options: ConsoleFormat.CallSiteOptions, to buffer: ByteBuffer
    ) {
        var separate = false
        func separator() {
            if separate { buffer.append(0x3A) }
            separate = true
        }
        if options.contains(.file) {
            let name = Self.fileName(record.pointee.file_id)
            if name.count > 0 {
                separator()
                buffer.append(name.baseAddress, name.count)
            }
        }
        if options.contains(.function) {
            let function = Self.functionName(record.pointee.function)
            if function.count > 0 {
                separator()
                buffer.append(function.baseAddress, function.count)
            }
        }
        if options.contains(.line) {
            separator()
            buffer.append(decimal: UInt64(record.pointee.line))
        }
        if options.contains(.column) {
            separator()
            buffer.append(decimal: UInt64(record.pointee.column))
        }
    }

    /// Appends the extras: raw as given (style 0), else condensed (1) or pretty (2) by
    /// Foundation in `libparra-logger-foundation.so`, loaded by the first such line; as given
    /// when it cannot be loaded or the JSON cannot be read.
    private func appendExtras(_ json: parra_string, style: UInt8, to buffer: ByteBuffer) -> Bool {
        guard json.length > 2 else { return false }  // absent, or "{}"
        guard style != 0, case .success(let library) = FoundationLibrary.shared,
            let bytes = json.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else {
            buffer.append(json)
            return true
        }
        let written = library.extras(
            bytes, json.bytes.count, style == 1, style == 2, Unmanaged.passUnretained(buffer).toOpaque(),
            FoundationLibrary.appendToBuffer)
        if !written { buffer.append(json) }
        return true
    }

    /// The file name of a `#fileID` without its folder or extension: `ContentView`.
    static func fileName(_ fileID: parra_string) -> UnsafeBufferPointer<UInt8> {
        let bytes = fileID.bytes.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress else { return bytes }
        var start = 0
        var end = bytes.count
        for index in stride(from: bytes.count - 1, through: 0, by: -1) {
            if bytes[index] == 0x2F {
                start = index + 1
                break
            }
            if bytes[index] == 0x2E, end == bytes.count { end = index }
        }
        if end < start { end = bytes.count }
        return UnsafeBufferPointer(start: base + start, count: end - start)
    }

    /// A `#function` cut at its first `(`: `load(from:)` -> `load`.
    static func functionName(_ function: parra_string) -> UnsafeBufferPointer<UInt8> {
        let bytes = function.bytes.bindMemory(to: UInt8.self)
        guard let base = bytes.baseAddress else { return bytes }
        let end = bytes.firstIndex(of: 0x28) ?? bytes.count
        return UnsafeBufferPointer(start: base, count: end)
    }

    private static func appendCurrentThreadName(to buffer: ByteBuffer) {
        var scratch: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { raw in
            let chars = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            let length = parra_logger_thread_name(chars, raw.count)
            buffer.append(raw.baseAddress, length)
        }
    }

    /// Removes whitespace from both ends of the bytes written since `start`.
    private static func trim(_ buffer: ByteBuffer, from start: Int) {
        var end = buffer.count
        while end > start, isSpace(buffer.base[end - 1]) { end -= 1 }
        buffer.truncate(to: end)
        var first = start
        while first < end, isSpace(buffer.base[first]) { first += 1 }
        guard first > start else { return }
        memmove(buffer.base + start, buffer.base + first, end - first)
        buffer.truncate(to: start + end - first)
    }

    @inline(__always) private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

}
