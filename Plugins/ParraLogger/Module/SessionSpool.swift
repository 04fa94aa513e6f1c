import CParraPlugin
import Dispatch
import FoundationEssentials
import Glibc
import ParraFileSystem
import ParraPluginKit
import ParraSync
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
/// A disk that refuses the spool (full, read-only, over quota, failing: ENOSPC, EROFS, EDQUOT,
/// EACCES, EIO, at open or write) starts an outage: it is reported once, with the path and the
/// errno's meaning; events wait in memory, encoded, up to `holdLimit` bytes (16 MiB), newer ones
/// past it are dropped and counted; the writer retries on a doubling backoff (0.1 s up to 5 s on
/// the injected clock) and at every `flush`. When a write succeeds the held events go to disk in
/// order, each once, followed by a warn event "N session event(s) dropped: REASON at PATH" when
/// any were dropped, and that is reported. A line a refused write left half on disk is cut
/// back, so no line is torn. Events still held at `stop` are counted and reported as lost.
///
/// A spool folder belongs to one process at a time (an flock on its `.lock` file): a second
/// copy of the app running at once takes the next folder (`sessions-2`, up to `sessions-8`),
/// so two processes never write one segment or cursor; each folder's backlog is uploaded by
/// whichever later run takes it.
final class SessionSpool: @unchecked Sendable {
    /// A place in the spool: a segment and a byte offset in it.
    struct Position: Hashable, Comparable {
        var segment: UInt64
        var offset: Int

        init(segment: UInt64, offset: Int) {
            self.segment = segment
            self.offset = offset
        }

        /// The position `saveCursor` wrote, `{"segment":N,"offset":N}`; nil when the bytes are
        /// not that (two whole, non-negative numbers).
        init?(cursorJSON bytes: [UInt8]) {
            guard let members = (try? JSONValue.parse(bytes))?.object, let segment = members["segment"]?.number,
                let offset = members["offset"]?.number, segment >= 0, segment < 0x1p53, segment.rounded() == segment,
                offset >= 0, offset < 0x1p53, offset.rounded() == offset
            else { return nil }
            self.init(segment: UInt64(segment), offset: Int(offset))
        }

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
        let events: [[UInt8]]
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

    /// The folder this process holds; nil until it could be opened. Set once, by the writer
    /// (or the initializer), before any segment is known.
    private(set) var directory: String?
    /// Where the folder should be.
    private let folder: @Sendable () throws -> String
    /// The open `.lock` file whose flock holds `directory`; -1 once released.
    private var lockDescriptor: Int32
    private let encoder: SessionEventEncoder
    private let sizeLimit: Int
    private let segmentLimit: Int
    private let report: @Sendable (String) -> Void
    private let files: FileWriting
    /// Monotonic seconds, for the retry backoff.
    private let clock: @Sendable () -> Double

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
    private let progress = Condition()
    private var durable: UInt64 = 0
    /// Flushes asked for, and the last one a writer round began after.
    private var flushRequests: UInt64 = 0
    private var flushesServed: UInt64 = 0
    private var stopping = false
    private var writerRunning = false
    private var writerDone = false
    /// Whether the folder was opened (or refused): from the initializer, or, for a spool made
    /// with `opensOnWriter`, first thing on the writer thread. Readers of what is on disk wait
    /// for it.
    private var opened = false

    // Segments and the cursor, guarded by `state`.
    private let state = Lock()
    private var segmentSizes: [UInt64: Int] = [:]
    private var activeSegment: UInt64 = 0
    private var cursor = Position(segment: 0, offset: 0)
    private var counters = Counters()
    private var reportedDamage = Set<Position>()

    // The writer's own.
    private var activeDescriptor: Int32 = -1
    /// Whether the active segment's name is on disk: its folder is synced before the segment's
    /// first data sync, not when it is opened (at start-up, before the app's first frame).
    private var activeNameSynced = false
    private let out = ByteBuffer(capacity: 512 * 1024)
    /// The episode of a disk that refuses the spool, while it lasts.
    private var outage: DiskOutage?
    /// The sequence number of the first event dropped in the current outage.
    private var firstDropped: UInt64 = 0

    /// Records waiting in memory for the writer past this many bytes are dropped (and counted).
    private static let pendingLimit = 64 * 1024 * 1024
    /// While the disk refuses the spool, encoded events wait in memory up to this many bytes
    /// (about 30,000 events of a short message); newer ones are dropped and counted.
    static let holdLimit = 16 * 1024 * 1024
    /// The writer wakes at least this often.
    private static let writerInterval = 0.1
    /// With this much waiting, the writer goes on without sleeping.
    private static let backlogBytes = 1024 * 1024

    /// A spool for events of the session `sessionID` in the folder `folder` gives (created if
    /// needed; or the first of its numbered siblings no other process holds). Opening finds
    /// what earlier runs left, reports damage, and starts a fresh segment. When the folder
    /// cannot be given, made, held or written, that is reported (naming the path and the
    /// cause) as the start of an outage, and the writer tries again later. With `opensOnWriter`
    /// all of that happens first thing on the writer thread (`start`), not on the caller's:
    /// the logger's module is made on the main thread before the app's first frame, and a
    /// first launch makes the folders there. Records enqueued meanwhile wait in memory, as
    /// they do while the writer is busy; readers (`nextChunk`, `counts`) wait for the opening
    /// once `start` was called, and before that see nothing on disk.
    init(
        folder: @escaping @Sendable () throws -> String, sessionID: String, sessionStartedAt: Double, sizeLimit: Int,
        segmentLimit: Int = 1024 * 1024, opensOnWriter: Bool = false, files: FileWriting = .system,
        clock: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
        report: @escaping @Sendable (String) -> Void
    ) {
        self.folder = folder
        lockDescriptor = -1
        self.encoder = SessionEventEncoder(
            sessionID: sessionID, sessionStartedAt: ISO8601Timestamp.string(sessionStartedAt, fractionalSeconds: true))
        self.sizeLimit = sizeLimit
        self.segmentLimit = min(segmentLimit, max(sizeLimit / 4, 16 * 1024))
        self.files = files
        self.clock = clock
        self.report = report
        if !opensOnWriter { openNow() }
    }

    /// Opens the folder, or starts the outage that says why it cannot; then readers may read.
    private func openNow() {
        if let failure = openFolder() { beginOutage(failure) }
        progress.lock()
        opened = true
        progress.broadcast()
        progress.unlock()
    }

    /// Waits until the folder was opened or refused, while a writer that will open it runs.
    private func waitUntilOpened() {
        progress.lock()
        while !opened, writerRunning, !writerDone { progress.wait() }
        progress.unlock()
    }

    /// Claims the folder, reads what earlier runs left and opens a fresh segment; the refusal
    /// (path and cause) when it cannot.
    private func openFolder() -> (path: String, reason: String)? {
        let base: String
        do {
            base = try folder()
        } catch {
            return ("the logger's folder", "\(error)")
        }
        do {
            let (claimed, lock) = try Self.claimFolder(base)
            if claimed != base {
                report("another process holds the session spool \(base); this one uses \(claimed)")
            }
            lockDescriptor = lock
            directory = claimed
            try openExisting()
            try openSegment(activeSegment)
            return nil
        } catch let refusal as FolderRefusal {
            return (refusal.path, refusal.reason)
        } catch {
            return (base, "\(error)")
        }
    }

    /// A file or folder of the spool that cannot be made or opened, and the errno's meaning.
    private struct FolderRefusal: Error {
        let path: String
        let reason: String

        init(_ path: String, _ number: Int32) {
            self.path = path
            reason = FileWriting.meaning(of: number)
        }
    }

    deinit {
        if activeDescriptor >= 0 { close(activeDescriptor) }
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// How many spool folders processes of one app may hold at once.
    static let folderCount = 8

    /// The first of `base`, `base-2` ... no other process holds, created if needed and locked
    /// for this one.
    private static func claimFolder(_ base: String) throws -> (String, Int32) {
        for index in 1...folderCount {
            let folder =
                index == 1 ? base : joinedPath(parentPath(of: base), "\(lastPathComponent(of: base))-\(index)")
            do throws(FileError) {
                try PrivateFolder.create(folder)
            } catch {
                throw FolderRefusal(error.path, error.code)
            }
            let lockPath = joinedPath(folder, ".lock")
            let lock = Glibc.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard lock >= 0 else { throw FolderRefusal(lockPath, errno) }
            if flock(lock, LOCK_EX | LOCK_NB) == 0 { return (folder, lock) }
            close(lock)
        }
        throw ModuleError(
            "all \(folderCount) session spools beside \(base) are held by other processes of this app")
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

    /// Waits until every record enqueued before the call is on disk, the disk refused them
    /// (the writer tried once more for this flush, whatever the backoff), or `timeout` passes.
    /// Returns whether they are on disk. Any thread but the writer's.
    @discardableResult
    func flush(timeout: Double = 5) -> Bool {
        let target = queue.withLock { $0.enqueued }
        progress.lock()
        defer { progress.unlock() }
        guard durable < target else { return true }
        flushRequests += 1
        let ticket = flushRequests
        progress.broadcast()
        let deadline = Date.wallClockNow.addingTimeInterval(timeout)
        while durable < target, flushesServed < ticket, !writerDone {
            if !progress.wait(until: deadline) { break }
        }
        return durable >= target
    }

    // MARK: - The writer

    /// Starts the writer thread, which first opens the folder when the initializer did not,
    /// then calls `whenOpened` with the number of unsent events earlier runs left. Once.
    func start(whenOpened: @escaping @Sendable (_ recovered: Int) -> Void = { _ in }) {
        progress.lock()
        guard !writerRunning else {
            progress.unlock()
            return
        }
        writerRunning = true
        let opening = !self.opened
        progress.unlock()
        detachThread { [self] in
            if opening { openNow() }
            whenOpened(counts.recovered)
            writerLoop()
        }
    }

    /// Writes what is queued, stops the writer, waits for it (up to `timeout`) and lets go of
    /// the folder for other processes. Read and acknowledge before this, not after.
    func stop(timeout: Double = 5) {
        progress.lock()
        stopping = true
        progress.broadcast()
        let deadline = Date.wallClockNow.addingTimeInterval(timeout)
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
            if flushRequests == flushesServed, !stopping, backlog < Self.backlogBytes {
                _ = progress.wait(until: Date.wallClockNow.addingTimeInterval(Self.writerInterval))
            }
            let serving = flushRequests
            let finishing = stopping
            progress.unlock()

            let (batch, through) = queue.withLock { queue in
                let full = queue.filling
                queue.filling = 1 - full
                return (full, queue.enqueued)
            }
            // Only the writer changes `flushesServed`, so it reads it unlocked.
            let written = write(buffers[batch], forced: finishing || serving > flushesServed)
            buffers[batch].removeAll()
            if finishing, outage != nil { reportNeverWritten() }

            progress.lock()
            if written { durable = through }
            flushesServed = serving
            if finishing { writerDone = true }
            progress.broadcast()
            progress.unlock()
            if finishing { return }
        }
    }

    /// Encodes and appends a batch, syncing it; false when the disk refused it. During an
    /// outage the events are held (up to `holdLimit`; newer ones are dropped and counted) and
    /// the write is tried again only when the backoff is due or `forced`.
    private func write(_ batch: PendingRecords, forced: Bool) -> Bool {
        batch.forEachEntry { entry in
            if outage != nil, out.count >= Self.holdLimit {
                if outage?.dropped == 0 { firstDropped = entry.header.sequence }
                outage?.dropped += 1
                return
            }
            encoder.append(entry, to: out)
            if outage == nil, sizeOfActive + out.count >= segmentLimit { _ = appendOut(rotateAfter: true) }
        }
        guard let current = outage else { return appendOut(rotateAfter: false) }
        let now = clock()
        guard forced || current.isRetryDue(at: now) else { return false }
        if directory == nil, let failure = openFolder() {
            retryFailed(failure)
            return false
        }
        let held = Self.countLines(out.bytes)
        guard appendOut(rotateAfter: false) else { return false }
        endOutage(current, held: held)
        return outage == nil
    }

    /// The disk took the spool again: the dropped events' marker follows the held ones, and
    /// the episode's end is reported.
    private func endOutage(_ ended: DiskOutage, held: Int) {
        outage = nil
        var said = "the session spool at \(ended.path) can be written again: \(held) held event(s) are on disk"
        if ended.dropped > 0 {
            let marker = "\(ended.dropped) session event(s) dropped: \(ended.reason) at \(ended.path)"
            state.withLock { counters.droppedUnwritten += ended.dropped }
            appendMarker(marker, sequence: firstDropped)
            _ = appendOut(rotateAfter: false)
            said += "; " + marker
        }
        report(said)
    }

    /// Appends a warn event saying `message`, numbered `sequence` (a dropped event's, so its id
    /// is unique), to the bytes waiting for the disk.
    private func appendMarker(_ message: String, sequence: UInt64) {
        var text = message
        var fileID = "ParraLogger/SessionSpool.swift"
        text.withUTF8 { message in
            fileID.withUTF8 { file in
                func string(_ bytes: UnsafeBufferPointer<UInt8>) -> parra_string {
                    parra_string(
                        data: UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
                        length: bytes.count)
                }
                let empty = parra_string(data: nil, length: 0)
                let header = PendingRecords.Header(
                    timestamp: Date.wallClockNow.timeIntervalSince1970, sequence: sequence, level: PARRA_LOG_LEVEL_WARN,
                    line: 0,
                    column: 0, messageLength: UInt32(message.count), extraLength: 0, fileIDLength: UInt32(file.count),
                    functionLength: 0, categoryLength: 0, callStackLength: 0)
                encoder.append(
                    PendingRecords.Entry(
                        header: header, message: string(message), extra: empty, fileID: string(file),
                        function: empty, category: empty, callStack: empty), to: out)
            }
        }
    }

    /// At stop, with the disk still refusing: the held and dropped events are lost; count and
    /// say so.
    private func reportNeverWritten() {
        guard let current = outage else { return }
        let held = Self.countLines(out.bytes)
        out.removeAll()
        state.withLock { counters.droppedUnwritten += held + current.dropped }
        report(
            "\(held + current.dropped) session event(s) were never written: \(current.reason) at \(current.path) (\(held) held in memory, \(current.dropped) dropped past the \(Self.holdLimit)-byte hold)"
        )
    }

    /// Starts an outage, saying so once.
    private func beginOutage(_ failure: (path: String, reason: String)) {
        outage = DiskOutage(path: failure.path, reason: failure.reason, now: clock())
        report(
            "cannot write the session spool at \(failure.path): \(failure.reason); session events wait in memory (up to \(Self.holdLimit / 1024 / 1024) MiB) and are written when it can be written again"
        )
    }

    /// A write or open was refused: the outage starts, or its next retry waits longer.
    private func retryFailed(_ failure: (path: String, reason: String)) {
        if outage == nil {
            beginOutage(failure)
        } else {
            outage?.retryFailed(at: clock())
        }
    }

    private var sizeOfActive: Int { state.withLock { segmentSizes[activeSegment] ?? 0 } }

    /// Appends `out` to the active segment and syncs; optionally starts the next segment.
    private func appendOut(rotateAfter: Bool) -> Bool {
        if activeDescriptor < 0 {
            // The last rotation could not open its segment: try again.
            do {
                try openSegment(state.withLock { activeSegment + 1 })
            } catch let refusal as FolderRefusal {
                return fail(refusal.path, refusal.reason, partial: 0)
            } catch {
                return fail(directory ?? "the session spool", "\(error)", partial: 0)
            }
        }
        if out.count > 0 {
            let path = segmentPath(state.withLock { activeSegment })
            let (written, error) = files.writeAll(activeDescriptor, out.base, out.count)
            if error != 0 { return fail(path, FileWriting.meaning(of: error), partial: written) }
            if !activeNameSynced {
                syncDirectory()
                activeNameSynced = true
            }
            let synced = files.sync(activeDescriptor)
            if synced != 0 { return fail(path, FileWriting.meaning(of: -synced), partial: written) }
            let size = out.count
            state.withLock { segmentSizes[activeSegment, default: 0] += size }
            out.removeAll()
        }
        if rotateAfter {
            if activeDescriptor >= 0 { close(activeDescriptor) }
            activeDescriptor = -1
            do {
                try openSegment(state.withLock { activeSegment + 1 })
            } catch let refusal as FolderRefusal {
                // The next append opens it again, or starts the outage.
                report("cannot create session spool segment \(refusal.path): \(refusal.reason)")
            } catch {
                report("\(error)")
            }
            evictOverLimit()
        }
        return true
    }

    /// A write, sync or open of `path` was refused for `reason`. What a refused write left on
    /// disk would glue onto the next line, so the segment is cut back to where the write began;
    /// when it cannot be, the next write starts a new segment (the scan never reads past a
    /// segment's synced size). The events stay in `out`; the outage starts or goes on.
    private func fail(_ path: String, _ reason: String, partial: Int) -> Bool {
        if partial > 0, activeDescriptor >= 0 {
            let size = state.withLock { segmentSizes[activeSegment] ?? 0 }
            if ftruncate(activeDescriptor, off_t(size)) != 0 {
                close(activeDescriptor)
                activeDescriptor = -1
            }
        }
        retryFailed((path, reason))
        return false
    }

    // MARK: - Segments on disk

    /// The folder held, once opened: everything below runs only after that (no segment or
    /// chunk exists before).
    private var held: String { directory ?? "/dev/null/unopened" }

    /// `segment-<number, 20 digits>.jsonl`, zero-padded by hand: `String(format:)`'s first use
    /// cost the writer's opening a millisecond of conformance searches.
    private func segmentPath(_ number: UInt64) -> String {
        joinedPath(held, segmentName(number))
    }

    private func segmentName(_ number: UInt64) -> String {
        let digits = String(number)
        return "segment-" + String(repeating: "0", count: max(0, 20 - digits.count)) + digits + ".jsonl"
    }

    private var cursorPath: String { joinedPath(held, "cursor.json") }

    /// Reads the segments and cursor earlier runs left; the next segment follows the last.
    private func openExisting() throws {
        let names = DirectoryListing.names(in: held) ?? []
        var sizes: [UInt64: Int] = [:]
        for name in names where name.hasPrefix("segment-") && name.hasSuffix(".jsonl") {
            guard let number = UInt64(name.dropFirst(8).dropLast(6)) else { continue }
            // stat, not FileManager's attributes, which look up the owner's name in the user
            // and group databases (a millisecond at start-up).
            var status = stat()
            let size = stat(joinedPath(held, name), &status) == 0 ? Int(status.st_size) : 0
            if size == 0 {
                unlink(joinedPath(held, name))
            } else {
                sizes[number] = size
            }
        }
        segmentSizes = sizes
        let first = sizes.keys.min() ?? ((sizes.keys.max() ?? 0) + 1)
        cursor = Position(segment: first, offset: 0)
        if let data = try? FileContents.read(cursorPath) {
            if let saved = Position(cursorJSON: data) {
                if saved >= cursor { cursor = saved }
            } else {
                report(
                    "session spool \(cursorPath) is damaged; unsent events are read from the oldest segment (the server drops repeats by id)"
                )
            }
        }
        // The new segment follows both the last file and the cursor: the cursor may name an
        // empty segment that was deleted, and events written under that number again would be
        // behind it, never read.
        activeSegment = max(sizes.keys.max() ?? 0, cursor.segment) + 1
        for number in sizes.keys.sorted() where number < cursor.segment {
            unlink(segmentPath(number))
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
        state.withLock { counters.recovered = events }
    }

    /// Opens segment `number` for appending; its name is made durable with its first data.
    private func openSegment(_ number: UInt64) throws {
        let path = segmentPath(number)
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FolderRefusal(path, errno) }
        activeNameSynced = false
        activeDescriptor = descriptor
        state.withLock {
            activeSegment = number
            segmentSizes[number] = segmentSizes[number] ?? 0
        }
    }

    private func syncDirectory() {
        let descriptor = open(held, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
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
                unlink(segmentPath(oldest))
                segmentSizes[oldest] = nil
                files.append(segmentName(oldest))
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
    private func read(_ segment: UInt64, from offset: Int, upTo limit: Int) -> [UInt8]? {
        let descriptor = open(segmentPath(segment), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else { return nil }
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(limit, 64 * 1024))
        while data.count < limit {
            let count = chunk.withUnsafeMutableBytes {
                Glibc.read(descriptor, $0.baseAddress, min($0.count, limit - data.count))
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            data.append(contentsOf: chunk[..<count])
        }
        return data
    }

    // MARK: - The uploader

    /// The next events to upload from the cursor: at most `maxEvents` and (but for a first
    /// event that is larger) `maxBytes`, all of one session. Damaged lines on the way are
    /// skipped (and reported once). Nil when nothing is waiting.
    func nextChunk(maxEvents: Int = 250, maxBytes: Int = .max) -> Chunk? {
        waitUntilOpened()
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
                unlink(segmentPath(number))
                segmentSizes[number] = nil
            }
        }
    }

    /// Under `state`: writes the cursor atomically (temporary file, sync, rename).
    /// `{"offset":...,"segment":...}`, read back by `Position(cursorJSON:)`.
    private func saveCursor() {
        let data = Array(
            JSONValue.object(["segment": .integer(Int64(cursor.segment)), "offset": .integer(Int64(cursor.offset))])
                .json.utf8)
        let temporary = joinedPath(held, "cursor.json.tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        _ = data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        _ = fsync(descriptor)
        close(descriptor)
        if rename(temporary, cursorPath) == 0 { syncDirectory() }
    }

    /// What counters say now; with a folder opened on the writer, once it was opened.
    var counts: Counters {
        waitUntilOpened()
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
        var events: [[UInt8]] = []
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
                let line = Array(data[lineStart..<newline])
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
                    result.events.append(line)
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
    private static func event(_ line: [UInt8]) -> (sessionID: String, startedAt: String)? {
        guard let object = (try? JSONValue.parse(line))?.object, object["id"]?.string != nil,
            let session = object["session_id"]?.string
        else { return nil }
        return (session, object["session_started_at"]?.string ?? "")
    }

    private func noteDamage(_ position: Position, _ what: String) {
        let first = state.withLock { () -> Bool in
            guard reportedDamage.insert(position).inserted else { return false }
            counters.damaged += 1
            return true
        }
        if first {
            report(
                "session spool \(segmentName(position.segment)): the line at byte \(position.offset) \(what); skipped, the events around it are kept"
            )
        }
    }
}
