import CParraPlugin
import Foundation
import ParraPluginKit
import Synchronization

/// The production log's durable store: session events appended to numbered segment files
/// (`segment-<n>.jsonl`, one JSON event per line) by a background writer that syncs each
/// batch to disk, and read back in order by the uploader, which acknowledges what the server
/// accepted. The acknowledged position survives restarts in `cursor.json`, so an event leaves
/// the disk only after it was accepted, and is never uploaded again after that.
///
/// Logging threads only copy records into memory (`enqueue`); the writer turns them into JSON,
/// appends and syncs. `flush` waits until everything enqueued before it is on disk. A crash
/// can lose only what was not yet synced; a line cut short by a crash, or damaged on disk, is
/// skipped and reported, and the readable events around it are kept. Past `sizeLimit` bytes the
/// oldest segments are evicted, and that is counted and reported.
///
/// A spool folder belongs to one process at a time (an flock on its `.lock` file): a second
/// copy of the app running at once takes the next folder (`sessions-2`, up to `sessions-8`),
/// so two processes never write one segment or cursor; each folder's backlog is uploaded by
/// whichever later run takes it.
final class SessionSpool: @unchecked Sendable {
    /// A place in the spool: a segment and a byte offset in it.
    struct Position: Codable, Hashable, Comparable {
        var segment: UInt64
        var offset: Int

        static func < (lhs: Position, rhs: Position) -> Bool {
            (lhs.segment, lhs.offset) < (rhs.segment, rhs.offset)
        }
    }

    /// Consecutive events of one session, read for upload.
    struct Chunk {
        /// The session the events belong to, and when it started (from the events).
        let sessionID: String
        let sessionStartedAt: String
        /// Each event's JSON, as stored.
        let events: [Data]
        /// Where reading stopped: acknowledging the chunk moves the cursor here.
        let end: Position
    }

    /// What the spool has counted since it opened.
    struct Counters: Equatable {
        /// Unsent events deleted because the spool was over its size limit.
        var evicted = 0
        /// Lines on disk that were not events (damaged or cut short), skipped.
        var damaged = 0
        /// Records dropped in memory because the writer fell too far behind.
        var droppedInMemory = 0
        /// Events dropped because the spool could not be written for too long.
        var droppedUnwritten = 0
        /// Unsent events found on disk from earlier runs when the spool opened.
        var recovered = 0
    }

    /// The folder this process holds.
    let directory: URL
    /// The open `.lock` file whose flock holds `directory`; -1 once released.
    private var lockDescriptor: Int32
    private let encoder: SessionEventEncoder
    private let sizeLimit: Int
    private let segmentLimit: Int
    private let report: @Sendable (String) -> Void

    /// The queue between logging threads and the writer: two buffers, one filled by logging
    /// threads while the writer empties the other.
    private struct Queue {
        /// Which of `buffers` logging threads append to.
        var filling = 0
        /// Records enqueued so far; the last one's sequence number.
        var enqueued: UInt64 = 0
        var droppedInMemory = 0
    }

    private let queue = Mutex(Queue())
    private let buffers = [PendingRecords(capacity: 256 * 1024), PendingRecords(capacity: 256 * 1024)]

    // The writer's progress, guarded by `progress`.
    private let progress = NSCondition()
    private var durable: UInt64 = 0
    private var wakeWanted = false
    private var stopping = false
    private var writerRunning = false
    private var writerDone = false

    // Segments and the cursor, guarded by `state`.
    private let state = NSLock()
    private var segmentSizes: [UInt64: Int] = [:]
    private var activeSegment: UInt64 = 0
    private var cursor = Position(segment: 0, offset: 0)
    private var counters = Counters()
    private var reportedDamage = Set<Position>()

    // The writer's own.
    private var activeDescriptor: Int32 = -1
    private let out = ByteBuffer(capacity: 512 * 1024)
    private var lastWriteFailure: String?

    /// Records waiting in memory past this many bytes are dropped (and counted).
    private static let pendingLimit = 64 * 1024 * 1024
    /// The writer wakes at least this often.
    private static let writerInterval = 0.1
    /// With this much waiting, the writer goes on without sleeping.
    private static let backlogBytes = 1024 * 1024

    /// Opens the spool in `directory` (created if needed; or the first of its numbered
    /// siblings no other process holds) for events of the session `sessionID`. Finds what
    /// earlier runs left, reports damage, and starts a fresh segment. Throws, naming the path,
    /// when no folder can be made and held, or the new segment cannot be made.
    init(
        directory: URL, sessionID: String, sessionStartedAt: Double, sizeLimit: Int, segmentLimit: Int = 1024 * 1024,
        report: @escaping @Sendable (String) -> Void
    ) throws {
        (self.directory, lockDescriptor) = try Self.claimFolder(directory)
        self.encoder = SessionEventEncoder(
            sessionID: sessionID, sessionStartedAt: UTCTimestamp.iso8601(sessionStartedAt))
        self.sizeLimit = sizeLimit
        self.segmentLimit = min(segmentLimit, max(sizeLimit / 4, 16 * 1024))
        self.report = report
        if self.directory != directory {
            report("another process holds the session spool \(directory.path); this one uses \(self.directory.path)")
        }
        try openExisting()
        try openSegment(activeSegment)
    }

    deinit {
        if activeDescriptor >= 0 { close(activeDescriptor) }
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// How many spool folders processes of one app may hold at once.
    static let folderCount = 8

    /// The first of `base`, `base-2` ... no other process holds, created if needed and locked
    /// for this one.
    private static func claimFolder(_ base: URL) throws -> (URL, Int32) {
        for index in 1...folderCount {
            let folder =
                index == 1
                ? base : base.deletingLastPathComponent().appendingPathComponent("\(base.lastPathComponent)-\(index)")
            do {
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw ModuleError("cannot create the session spool \(folder.path): \(error.localizedDescription)")
            }
            let lock = open(folder.appendingPathComponent(".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard lock >= 0 else {
                throw ModuleError(
                    "cannot open \(folder.path)/.lock: \(String(cString: strerror(errno)))")
            }
            if flock(lock, LOCK_EX | LOCK_NB) == 0 { return (folder, lock) }
            close(lock)
        }
        throw ModuleError(
            "all \(folderCount) session spools beside \(base.path) are held by other processes of this app")
    }

    // MARK: - Logging threads

    /// Queues `record` for the writer. Any thread; never blocks on the disk.
    @inline(__always)
    func enqueue(_ record: UnsafePointer<parra_log_record>) {
        buffers.withUnsafeBufferPointer { buffers in
            queue.withLock { queue in
                let pending = buffers[queue.filling]
                if pending.byteCount < Self.pendingLimit {
                    queue.enqueued += 1
                    pending.append(record, sequence: queue.enqueued)
                } else {
                    queue.droppedInMemory += 1
                }
            }
        }
    }

    /// Waits until every record enqueued before the call is on disk, or `timeout` passes.
    /// Returns whether it got there. Any thread but the writer's.
    @discardableResult
    func flush(timeout: Double = 5) -> Bool {
        let target = queue.withLock { $0.enqueued }
        progress.lock()
        defer { progress.unlock() }
        guard durable < target else { return true }
        wakeWanted = true
        progress.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while durable < target, !writerDone {
            if !progress.wait(until: deadline) { break }
        }
        return durable >= target
    }

    // MARK: - The writer

    /// Starts the writer thread. Once.
    func start() {
        progress.lock()
        guard !writerRunning else {
            progress.unlock()
            return
        }
        writerRunning = true
        progress.unlock()
        let thread = Thread { [self] in writerLoop() }
        thread.name = "ParraLogger spool"
        thread.start()
    }

    /// Writes what is queued, stops the writer, waits for it (up to `timeout`) and lets go of
    /// the folder for other processes. Read and acknowledge before this, not after.
    func stop(timeout: Double = 5) {
        progress.lock()
        stopping = true
        progress.broadcast()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while writerRunning, !writerDone {
            if !progress.wait(until: deadline) { break }
        }
        let finished = !writerRunning || writerDone
        progress.unlock()
        // A writer still running keeps the folder: another process must not write beside it.
        if finished {
            state.withLock {
                if lockDescriptor >= 0 { close(lockDescriptor) }
                lockDescriptor = -1
            }
        }
    }

    /// Every `writerInterval`, or sooner when asked or when a backlog builds up: swap the
    /// buffers, write the full one.
    private func writerLoop() {
        while true {
            let backlog = queue.withLock { buffers[$0.filling].byteCount }
            progress.lock()
            if !wakeWanted, !stopping, backlog < Self.backlogBytes {
                _ = progress.wait(until: Date(timeIntervalSinceNow: Self.writerInterval))
            }
            wakeWanted = false
            let finishing = stopping
            progress.unlock()

            let (batch, through) = queue.withLock { queue in
                let full = queue.filling
                queue.filling = 1 - full
                return (full, queue.enqueued)
            }
            let written = write(buffers[batch])
            buffers[batch].removeAll()

            progress.lock()
            if written { durable = through }
            if finishing { writerDone = true }
            progress.broadcast()
            progress.unlock()
            if finishing { return }
        }
    }

    /// Encodes and appends a batch, syncing it; false when the disk refused it (the encoded
    /// bytes are kept and retried on the next round, up to the in-memory limit; past it they
    /// are dropped, counted and reported).
    private func write(_ batch: PendingRecords) -> Bool {
        if out.count > Self.pendingLimit {
            let lost = Self.countLines(out.bytes)
            out.removeAll()
            state.withLock { counters.droppedUnwritten += lost }
            report(
                "\(lost) session event(s) were dropped: the spool could not be written for too long (\(lastWriteFailure ?? "unknown error"))"
            )
        }
        batch.forEachEntry { entry in
            encoder.append(entry, to: out)
            if sizeOfActive + out.count >= segmentLimit { _ = appendOut(rotateAfter: true) }
        }
        return appendOut(rotateAfter: false)
    }

    private var sizeOfActive: Int { state.withLock { segmentSizes[activeSegment] ?? 0 } }

    /// Appends `out` to the active segment and syncs; optionally starts the next segment.
    private func appendOut(rotateAfter: Bool) -> Bool {
        if activeDescriptor < 0 {
            // The last rotation could not open its segment: try again.
            do {
                try openSegment(state.withLock { activeSegment + 1 })
            } catch {
                return fail("\(error)", partial: 0)
            }
        }
        if out.count > 0 {
            var offset = 0
            while offset < out.count {
                let written = Glibc.write(activeDescriptor, out.base + offset, out.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return fail(
                        "cannot append to the session spool: \(String(cString: strerror(errno)))", partial: offset)
                }
                offset += written
            }
            if fdatasync(activeDescriptor) != 0 {
                return fail("cannot sync the session spool: \(String(cString: strerror(errno)))", partial: offset)
            }
            let size = out.count
            state.withLock { segmentSizes[activeSegment, default: 0] += size }
            out.removeAll()
            lastWriteFailure = nil
        }
        if rotateAfter {
            do {
                if activeDescriptor >= 0 { close(activeDescriptor) }
                activeDescriptor = -1
                let next = state.withLock { activeSegment + 1 }
                try openSegment(next)
            } catch {
                report("\(error)")
            }
            evictOverLimit()
        }
        return true
    }

    /// Reports a failed write once per reason. A partial line already on disk would glue onto
    /// the next one, so the segment is cut back to where the write began.
    private func fail(_ message: String, partial: Int) -> Bool {
        if partial > 0, activeDescriptor >= 0 {
            let size = state.withLock { segmentSizes[activeSegment] ?? 0 }
            _ = ftruncate(activeDescriptor, off_t(size))
        }
        if lastWriteFailure != message {
            lastWriteFailure = message
            report(message + "; the events stay in memory and are retried")
        }
        return false
    }

    // MARK: - Segments on disk

    private func segmentURL(_ number: UInt64) -> URL {
        directory.appendingPathComponent(String(format: "segment-%020llu.jsonl", number))
    }

    private var cursorURL: URL { directory.appendingPathComponent("cursor.json") }

    /// Reads the segments and cursor earlier runs left; the next segment follows the last.
    private func openExisting() throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var sizes: [UInt64: Int] = [:]
        for name in names where name.hasPrefix("segment-") && name.hasSuffix(".jsonl") {
            guard let number = UInt64(name.dropFirst(8).dropLast(6)) else { continue }
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: directory.appendingPathComponent(name).path)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            if size == 0 {
                try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            } else {
                sizes[number] = size
            }
        }
        segmentSizes = sizes
        let first = sizes.keys.min() ?? ((sizes.keys.max() ?? 0) + 1)
        cursor = Position(segment: first, offset: 0)
        if let data = FileManager.default.contents(atPath: cursorURL.path) {
            if let saved = try? JSONDecoder().decode(Position.self, from: data) {
                if saved >= cursor { cursor = saved }
            } else {
                report(
                    "session spool \(cursorURL.path) is damaged; unsent events are read from the oldest segment (the server drops repeats by id)"
                )
            }
        }
        // The new segment follows both the last file and the cursor: the cursor may name an
        // empty segment that was deleted, and events written under that number again would be
        // behind it, never read.
        activeSegment = max(sizes.keys.max() ?? 0, cursor.segment) + 1
        for number in sizes.keys.sorted() where number < cursor.segment {
            try? FileManager.default.removeItem(at: segmentURL(number))
            segmentSizes[number] = nil
        }
        recoverCounts()
    }

    /// Counts the unsent events earlier runs left and reports damaged lines among them.
    private func recoverCounts() {
        var position = cursor
        var events = 0
        while let scan = scan(from: position, maxEvents: .max, maxBytes: .max, stopAtSessionChange: false) {
            events += scan.events.count
            if scan.end == position { break }
            position = scan.end
        }
        counters.recovered = events
    }

    /// Opens segment `number` for appending and makes its name durable.
    private func openSegment(_ number: UInt64) throws {
        let path = segmentURL(number).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ModuleError("cannot create session spool segment \(path): \(String(cString: strerror(errno)))")
        }
        syncDirectory()
        activeDescriptor = descriptor
        state.withLock {
            activeSegment = number
            segmentSizes[number] = segmentSizes[number] ?? 0
        }
    }

    private func syncDirectory() {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Deletes the oldest finished segments while the spool is over its limit, counting the
    /// unsent events they held.
    private func evictOverLimit() {
        var evictedNow = 0
        var files: [String] = []
        state.withLock {
            while segmentSizes.values.reduce(0, +) > sizeLimit,
                let oldest = segmentSizes.keys.min(), oldest != activeSegment
            {
                let from = oldest == cursor.segment ? cursor.offset : 0
                evictedNow += countLines(in: oldest, from: from)
                try? FileManager.default.removeItem(at: segmentURL(oldest))
                segmentSizes[oldest] = nil
                files.append(segmentURL(oldest).lastPathComponent)
                if cursor.segment <= oldest { cursor = Position(segment: oldest + 1, offset: 0) }
            }
            counters.evicted += evictedNow
        }
        if !files.isEmpty {
            report(
                "session spool is over its \(sizeLimit)-byte limit: evicted \(evictedNow) unsent event(s), oldest first (\(files.joined(separator: ", ")))"
            )
        }
    }

    private func countLines(in segment: UInt64, from offset: Int) -> Int {
        guard let data = read(segment, from: offset, upTo: Int.max) else { return 0 }
        return data.withUnsafeBytes { Self.countLines($0.bindMemory(to: UInt8.self)) }
    }

    /// The newlines in `bytes`.
    private static func countLines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var cursor = bytes.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
        let end = cursor + bytes.count
        var count = 0
        while cursor < end, let newline = memchr(cursor, 0x0A, end - cursor) {
            count += 1
            cursor = UnsafeRawPointer(newline) + 1
        }
        return count
    }

    /// The bytes of `segment` from `offset`, at most `limit` of them.
    private func read(_ segment: UInt64, from offset: Int, upTo limit: Int) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: segmentURL(segment).path) else { return nil }
        defer { try? handle.close() }
        do {
            try handle.seek(toOffset: UInt64(offset))
            return try limit == Int.max ? handle.readToEnd() ?? Data() : handle.read(upToCount: limit) ?? Data()
        } catch {
            return nil
        }
    }

    // MARK: - The uploader

    /// The next events to upload from the cursor: at most `maxEvents` and (but for a first
    /// event that is larger) `maxBytes`, all of one session. Damaged lines on the way are
    /// skipped (and reported once). Nil when nothing is waiting.
    func nextChunk(maxEvents: Int = 250, maxBytes: Int = .max) -> Chunk? {
        let start = state.withLock { cursor }
        guard
            let scan = scan(from: start, maxEvents: maxEvents, maxBytes: maxBytes, stopAtSessionChange: true),
            scan.end != start
        else { return nil }
        return Chunk(
            sessionID: scan.sessionID ?? "", sessionStartedAt: scan.sessionStartedAt ?? "", events: scan.events,
            end: scan.end)
    }

    /// Marks everything before `chunk.end` as accepted: moves the cursor there durably and
    /// deletes the segments it has passed.
    func acknowledge(_ chunk: Chunk) {
        state.withLock {
            guard chunk.end > cursor else { return }
            cursor = chunk.end
            // A finished segment read to its end: move on to the next.
            if cursor.segment != activeSegment, cursor.offset >= segmentSizes[cursor.segment] ?? 0,
                let next = segmentSizes.keys.filter({ $0 > cursor.segment }).min()
            {
                cursor = Position(segment: next, offset: 0)
            }
            saveCursor()
            for number in segmentSizes.keys where number < cursor.segment {
                try? FileManager.default.removeItem(at: segmentURL(number))
                segmentSizes[number] = nil
            }
        }
    }

    /// Under `state`: writes the cursor atomically (temporary file, sync, rename).
    private func saveCursor() {
        guard let data = try? JSONEncoder().encode(cursor) else { return }
        let temporary = directory.appendingPathComponent("cursor.json.tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        _ = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        _ = fsync(descriptor)
        close(descriptor)
        if rename(temporary.path, cursorURL.path) == 0 { syncDirectory() }
    }

    /// What counters say now.
    var counts: Counters {
        let memory = queue.withLock { $0.droppedInMemory }
        return state.withLock {
            var copy = counters
            copy.droppedInMemory = memory
            return copy
        }
    }

    /// Whether any event is on disk past the cursor.
    var hasUnsentEvents: Bool { nextChunk(maxEvents: 1).map { !$0.events.isEmpty } ?? false }

    // MARK: - Reading lines

    private struct Scan {
        var events: [Data] = []
        var bytes = 0
        var sessionID: String?
        var sessionStartedAt: String?
        var end: Position
    }

    /// Reads complete lines from `start` through the segments' synced sizes.
    private func scan(from start: Position, maxEvents: Int, maxBytes: Int, stopAtSessionChange: Bool) -> Scan? {
        let (sizes, active) = state.withLock { (segmentSizes, activeSegment) }
        var result = Scan(end: start)
        for number in sizes.keys.sorted() where number >= start.segment {
            let from = number == start.segment ? start.offset : 0
            let size = sizes[number] ?? 0
            if from >= size {
                continue
            }
            // A segment that cannot be read now stops the scan: skipping it would let an
            // acknowledgement pass (and delete) events never sent.
            guard let data = read(number, from: from, upTo: size - from) else { break }
            var lineStart = data.startIndex
            while lineStart < data.endIndex {
                guard let newline = data[lineStart...].firstIndex(of: 0x0A) else {
                    // Only a crash leaves a line without its end; the active segment's synced
                    // size always ends on one.
                    if number != active {
                        noteDamage(
                            Position(segment: number, offset: from + (lineStart - data.startIndex)), "is cut short")
                        result.end = Position(segment: number, offset: size)
                    }
                    break
                }
                let line = data[lineStart..<newline]
                let lineOffset = from + (lineStart - data.startIndex)
                let next = Position(segment: number, offset: from + (newline + 1 - data.startIndex))
                if let event = Self.event(line) {
                    if !result.events.isEmpty, result.bytes + line.count > maxBytes { return result }
                    if result.sessionID == nil {
                        result.sessionID = event.sessionID
                        result.sessionStartedAt = event.startedAt
                    } else if stopAtSessionChange, event.sessionID != result.sessionID {
                        return result
                    }
                    result.events.append(Data(line))
                    result.bytes += line.count
                } else {
                    noteDamage(Position(segment: number, offset: lineOffset), "is not a session event")
                }
                result.end = next
                if result.events.count >= maxEvents { return result }
                lineStart = newline + 1
            }
        }
        return result.end == start && result.events.isEmpty ? nil : result
    }

    /// A stored line's session, when it is an event: a JSON object with string id and
    /// session_id.
    private static func event(_ line: Data) -> (sessionID: String, startedAt: String)? {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
            object["id"] is String, let session = object["session_id"] as? String
        else { return nil }
        return (session, object["session_started_at"] as? String ?? "")
    }

    private func noteDamage(_ position: Position, _ what: String) {
        let first = state.withLock { () -> Bool in
            guard reportedDamage.insert(position).inserted else { return false }
            counters.damaged += 1
            return true
        }
        if first {
            report(
                "session spool \(segmentURL(position.segment).lastPathComponent): the line at byte \(position.offset) \(what); skipped, the events around it are kept"
            )
        }
    }
}
