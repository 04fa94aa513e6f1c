import CParraLoggerSupport
import CParraPlugin
import Dispatch
@preconcurrency import Glibc  // `stdout`, a C global that only the C library changes
import ParraPluginKit
import Synchronization

/// Writes formatted console lines to stdout, stderr or a file. Lines are never cut or
/// interleaved. Stdout and stderr get each line at once, formatted under the writer's lock
/// (stdout after flushing the C library's own stdout buffer, so the app's `print` output and
/// log lines stay in order). For a file, a thread formats its line into its lane (`WriterLanes`,
/// one of 16 taken by threads in turn, with its own lock), so threads logging at once do not
/// meet.
/// A lane's lines are a batch, numbered when its first line finds the lane empty; batches join
/// the block oldest first: a full lane (4 KiB) after every batch begun before it, and every
/// batch at an error or fatal line (that line last), on `flush()`, on the timer and at
/// `stop()`. Lines of one thread keep their order; lines of different threads meet in
/// batches, and a batch begun after another thread's line was written is written after that
/// line, whatever the lanes (held logs a module is handed at start come before any logged
/// later on another thread). A full block is written by the thread
/// that filled it, outside the block's lock (under a second one that keeps blocks in order),
/// while other threads fill the next; a block that fills while the previous one is still
/// being written goes on filling (up to `blockLimit`, 512 KiB) and is written by the next
/// thread whose full lane finds it full and no write in progress, so no thread waits for
/// another's write
/// while it holds the block (on a busy machine, a writer preempted in its write would
/// otherwise stop every thread that logs). The file gets lines in blocks of 64 KiB (up to
/// 512 KiB when they filled during a write), written when the block fills, at every error or
/// fatal line, on `flush()`, and at least every 200 ms.
///
/// A write the destination refuses (a full or read-only disk, EIO, a closed pipe) starts an
/// outage, reported once with the destination and the errno's meaning. Lines then wait in
/// memory, up to `holdLimit` bytes (4 MiB); newer lines past it are dropped and counted. Writing
/// is tried again on later lines and timer rounds once the backoff is due (0.1 s doubling to
/// 5 s, on the injected clock), and at `stop()`. When it succeeds the held lines follow in
/// order, each once, then "N console line(s) dropped: REASON at PATH" when any were. A line a
/// refused write left half in a regular file is cut back and written whole later. Lines never
/// written by `stop()` are counted and reported.
/// Sendable by hand: its state is behind its own mutexes (`lock`, `writeLock`, the lanes'); the lifecycle sets `timer`.
final class ConsoleWriter: @unchecked Sendable {
    /// Where lines go.
    enum Destination: Equatable {
        case standardOutput, standardError
        case file(String)

        /// `stdout`, `stderr`, or an absolute file path (appended to, created if needed).
        init?(option: String) {
            switch option {
            case "stdout": self = .standardOutput
            case "stderr": self = .standardError
            case _ where option.hasPrefix("/"): self = .file(option)
            default: return nil
            }
        }
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let lineAtATime: Bool
    private let sharesStandardOutput: Bool
    /// The block being filled, under `lock`.
    private let buffer = ByteBuffer(capacity: 80 * 1024)
    /// The block being written outside `lock`, under `writeLock`. Empty between writes, or what
    /// a refused write left, with `spareError`, until the next holder of both locks takes it
    /// back in front of `buffer` and starts the outage.
    private let spare = ByteBuffer(capacity: 80 * 1024)
    private var spareError: Int32 = 0
    /// Guards `buffer`, `outage` and (with `writeLock`) the timer. Taken before `writeLock`.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    /// Lines waiting to join the block, by thread (file destinations only).
    private let lanes = WriterLanes()
    /// The number of the last batch a lane began (`parra_logger_lane.batch`).
    private let batches = Atomic<UInt64>(0)
    /// Under `lock`: a lane's lines are taken out of it in exchange for this empty memory
    /// (`takenCapacity` bytes, owned by the writer), so the lane's lock is held for the
    /// exchange only and not for the copy into the block.
    private var taken = UnsafeMutablePointer<UInt8>.allocate(capacity: WriterLanes.limit + 1024)
    private var takenCapacity = Int64(WriterLanes.limit + 1024)
    /// Held by whoever writes to the destination, so blocks go out in order.
    private let writeLock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var timer: DispatchSourceTimer?
    private let files: FileWriting
    private let clock: @Sendable () -> Double
    private let report: @Sendable (String) -> Void
    /// The destination as messages name it: `stdout`, `stderr` or the file's path.
    private let name: String
    /// The episode of a destination that refuses lines, while it lasts.
    private var outage: DiskOutage?
    /// Whether lines carry ANSI colour: a terminal, and no NO_COLOR in the environment.
    let colour: Bool
    /// How lines are laid out.
    let formatter: ConsoleLineFormatter

    private static let blockSize = 64 * 1024
    /// Past this many bytes a full block waits for the write in progress rather than grow.
    private static let blockLimit = 512 * 1024
    /// While the destination refuses lines, they wait in memory up to this many bytes.
    static let holdLimit = 4 * 1024 * 1024

    /// The part of the process's environment a writer reads, `NO_COLOR`, read with `getenv`:
    /// Foundation's whole-environment dictionary cost the module's init a tenth of a
    /// millisecond on the main thread.
    static var noColorEnvironment: [String: String] {
        getenv("NO_COLOR").map { ["NO_COLOR": String(cString: $0)] } ?? [:]
    }

    /// A writer of lines in `format` to `destination`, which says what the destination
    /// refuses through `report`; throws, naming the file and the cause, when it cannot be
    /// opened.
    init(
        destination: Destination, format: ConsoleFormat,
        environment: [String: String] = ConsoleWriter.noColorEnvironment, files: FileWriting = .system,
        clock: @escaping @Sendable () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 },
        report: @escaping @Sendable (String) -> Void
    ) throws {
        switch destination {
        case .standardOutput:
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
            name = "stdout"
        case .standardError:
            descriptor = STDERR_FILENO
            ownsDescriptor = false
            name = "stderr"
        case .file(let path):
            // Opened without blocking, since opening a FIFO waits for a reader (without one, it
            // fails with ENXIO); the file's type is then checked on the descriptor itself.
            let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NONBLOCK, 0o644)
            guard opened >= 0 else {
                let cause = errno == ENXIO ? "it is a FIFO that nobody reads" : FileWriting.meaning(of: errno)
                throw ModuleError("cannot open \(path) for console lines: \(cause)")
            }
            var status = stat()
            let type = fstat(opened, &status) == 0 ? status.st_mode & S_IFMT : 0
            guard type == S_IFREG || type == S_IFCHR else {
                close(opened)
                let kind = type == S_IFIFO ? "a FIFO" : type == S_IFSOCK ? "a socket" : "not a file"
                throw ModuleError(
                    "\(path) is \(kind): console lines go to a regular file, a terminal or another character device, which never hold the app up"
                )
            }
            _ = fcntl(opened, F_SETFL, fcntl(opened, F_GETFL) & ~O_NONBLOCK)
            descriptor = opened
            ownsDescriptor = true
            name = path
        }
        self.files = files
        self.clock = clock
        self.report = report
        let terminal = parra_logger_is_terminal(descriptor)
        lineAtATime = !ownsDescriptor || terminal
        sharesStandardOutput = destination == .standardOutput
        colour = terminal && environment["NO_COLOR"] == nil
        formatter = ConsoleLineFormatter(format: format, colour: colour)
        // Adaptive: a thread finding the block's lock taken spins briefly (the holder only
        // copies a line) before it sleeps.
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(lock, &attributes)
        pthread_mutexattr_destroy(&attributes)
        pthread_mutex_init(writeLock, nil)
    }

    deinit {
        timer?.cancel()
        if ownsDescriptor { close(descriptor) }
        pthread_mutex_destroy(lock)
        pthread_mutex_destroy(writeLock)
        taken.deallocate()
        lock.deallocate()
        writeLock.deallocate()
    }

    /// Starts the timer that writes out a block left waiting.
    func startPeriodicFlush() {
        guard !lineAtATime else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
        // A strong reference: `stop()` cancels the timer, which lets go of it.
        timer.setEventHandler { [self] in flush() }
        timer.resume()
        self.timer = timer
    }

    /// Formats `record` and writes it (or queues it in the block).
    @inline(__always)
    func write(_ record: UnsafePointer<parra_log_record>) {
        let urgent = record.pointee.level >= PARRA_LOG_LEVEL_ERROR
        guard !lineAtATime, !urgent else {
            pthread_mutex_lock(lock)
            let lineStart = buffer.count
            // An error line waits for no earlier line: every batch joins the block before it.
            let earlier = lineAtATime ? 0 : drainBatches()
            ThreadScratch.withCurrent { formatter.append(record, to: buffer, scratch: $0) }
            commit(lineStart: lineStart, lines: earlier + 1, urgent: true)
            return
        }
        let lane = ThreadScratch.withCurrent { scratch in
            let lane = lanes[scratch.lane]
            parra_logger_lane_lock(lane)
            if lane.pointee.lines == 0 {
                parra_logger_lane_set_batch(lane, batches.add(1, ordering: .relaxed).newValue)
            }
            formatter.append(record, to: lane, scratch: scratch)
            lane.pointee.lines += 1
            let full = lane.pointee.count >= WriterLanes.limit
            parra_logger_lane_unlock(lane)
            return full ? lane : nil
        }
        guard let lane else { return }
        pthread_mutex_lock(lock)
        let lineStart = buffer.count
        // 0 when another thread moved the lane's lines meanwhile.
        let batch = parra_logger_lane_batch(lane)
        let lines = batch == 0 ? 0 : drainBatches(through: batch)
        commit(lineStart: lineStart, lines: lines, urgent: false)
    }

    /// Holding `lock`, after `lines` lines joined the block at `lineStart`: writes what is due,
    /// and lets `lock` go.
    private func commit(lineStart: Int, lines: Int, urgent: Bool) {
        guard urgent || buffer.count >= Self.blockSize else {
            pthread_mutex_unlock(lock)
            return
        }
        if urgent || buffer.count >= Self.blockLimit {
            pthread_mutex_lock(writeLock)
        } else if pthread_mutex_trylock(writeLock) != 0 {
            // Another thread is writing the previous block: this one goes on filling.
            pthread_mutex_unlock(lock)
            return
        }
        let joined = buffer.count - lineStart
        let takenBack = takeBackSpare()
        guard urgent || outage != nil else {
            // The full block goes to this thread; the others fill the emptied one meanwhile.
            buffer.swapContents(with: spare)
            pthread_mutex_unlock(lock)
            writeSpare()
            pthread_mutex_unlock(writeLock)
            if let takenBack { report(takenBack) }
            return
        }
        let said = writeOut(lineStart: buffer.count - joined, lines: lines, forced: false)
        pthread_mutex_unlock(writeLock)
        pthread_mutex_unlock(lock)
        if let takenBack { report(takenBack) }
        if let said { report(said) }
    }

    /// Holding `lock`: moves a lane's lines to the end of the block; returns how many.
    @inline(__always)
    private func drain(_ lane: UnsafeMutablePointer<parra_logger_lane>) -> Int {
        parra_logger_lane_lock(lane)
        swap(&lane.pointee.bytes, &taken)
        swap(&lane.pointee.capacity, &takenCapacity)
        let count = Int(lane.pointee.count)
        let lines = Int(lane.pointee.lines)
        lane.pointee.count = 0
        lane.pointee.lines = 0
        parra_logger_lane_set_batch(lane, 0)
        parra_logger_lane_unlock(lane)
        buffer.append(taken, count)
        return lines
    }

    /// Holding `lock`: moves the batches numbered up to `newest` (by default every batch begun
    /// so far) to the end of the block, oldest first; returns how many lines. A batch begun
    /// meanwhile is newer than any moved, so it can wait.
    private func drainBatches(through newest: UInt64? = nil) -> Int {
        let newest = newest ?? batches.load(ordering: .relaxed)
        var lines = 0
        while true {
            var oldest: UnsafeMutablePointer<parra_logger_lane>?
            var oldestBatch = UInt64.max
            for index in 0..<WriterLanes.count {
                // Under `lock` a lane's number changes only from 0, to one above `newest`.
                let batch = parra_logger_lane_batch(lanes[index])
                if batch != 0, batch <= newest, batch < oldestBatch {
                    oldest = lanes[index]
                    oldestBatch = batch
                }
            }
            guard let oldest else { return lines }
            lines += drain(oldest)
        }
    }

    /// Holding `lock`: moves every batch to the block; returns how many bytes and lines.
    private func drainEveryLane() -> (bytes: Int, lines: Int) {
        let start = buffer.count
        let lines = drainBatches()
        return (buffer.count - start, lines)
    }

    /// Writes out whatever is waiting (during an outage, when the retry is due). Any thread.
    func flush() {
        let said = withBothLocks { () -> [String?] in
            let (joined, lines) = drainEveryLane()
            let takenBack = takeBackSpare()
            return [takenBack, writeOut(lineStart: buffer.count - joined, lines: lines, forced: false)]
        }
        for case let said? in said { report(said) }
    }

    /// Runs `body` holding `lock`, then `writeLock` (once any write in progress has ended).
    private func withBothLocks<R>(_ body: () -> R) -> R {
        pthread_mutex_lock(lock)
        pthread_mutex_lock(writeLock)
        defer {
            pthread_mutex_unlock(writeLock)
            pthread_mutex_unlock(lock)
        }
        return body()
    }

    /// Under `writeLock` alone: writes the block handed over in `spare`. What the destination
    /// refuses stays there for the next holder of both locks (`takeBackSpare`).
    private func writeSpare() {
        let (written, error) = files.writeAll(descriptor, spare.base, spare.count)
        guard error != 0 else {
            spare.removeAll()
            return
        }
        keepUnwritten(spare, after: written)
        spareError = error
    }

    /// Under both locks: puts what a refused block write left back in front of the block
    /// (those lines came first) and starts the outage. Returns what to report.
    private func takeBackSpare() -> String? {
        guard spareError != 0 else { return nil }
        spare.append(buffer.base, buffer.count)
        buffer.swapContents(with: spare)
        spare.removeAll()
        defer { spareError = 0 }
        return outage == nil ? startOutage(spareError) : nil
    }

    /// Stops the timer and writes out what is waiting, trying once more whatever the backoff;
    /// lines the destination still refuses are counted, reported and let go.
    func stop() {
        timer?.cancel()
        timer = nil
        let said = withBothLocks { () -> [String?] in
            let (joined, lines) = drainEveryLane()
            let takenBack = takeBackSpare()
            let ended = writeOut(lineStart: buffer.count - joined, lines: lines, forced: true)
            guard let current = outage else { return [takenBack, ended] }
            let held = buffer.bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            buffer.removeAll()
            outage = nil
            return [
                takenBack,
                "\(held + current.dropped) console line(s) were never written: \(current.reason) at \(current.path) (\(held) held in memory, \(current.dropped) dropped past the \(Self.holdLimit)-byte hold)",
            ]
        }
        for case let said? in said { report(said) }
    }

    /// Under both locks: writes the buffer, or during an outage holds it (dropping the `lines`
    /// lines from `lineStart` past the hold) until the retry is due or `forced`. Returns what to
    /// report, outside the lock: the start or the end of an outage.
    private func writeOut(lineStart: Int, lines: Int, forced: Bool) -> String? {
        if sharesStandardOutput { fflush(stdout) }
        guard var current = outage else {
            let (written, error) = files.writeAll(descriptor, buffer.base, buffer.count)
            if error == 0 {
                buffer.removeAll()
                return nil
            }
            keepUnwritten(buffer, after: written)
            return startOutage(error)
        }
        if buffer.count > Self.holdLimit, lineStart < buffer.count {
            buffer.truncate(to: lineStart)
            current.dropped += lines
        }
        let now = clock()
        guard forced || current.isRetryDue(at: now) else {
            outage = current
            return nil
        }
        let (written, error) = files.writeAll(descriptor, buffer.base, buffer.count)
        guard error == 0 else {
            keepUnwritten(buffer, after: written)
            current.retryFailed(at: now)
            outage = current
            return nil
        }
        buffer.removeAll()
        outage = nil
        var said = "console lines to \(name) can be written again"
        if current.dropped > 0 {
            let marker = "\(current.dropped) console line(s) dropped: \(current.reason) at \(name)"
            // Should this write be refused, the line waits in the buffer for the next one.
            buffer.append("ParraLogger: " + marker + "\n")
            if files.writeAll(descriptor, buffer.base, buffer.count).error == 0 { buffer.removeAll() }
            said += "; " + marker
        }
        return said
    }

    /// Starts the outage the destination's refusal (`error`) begins; returns what to report.
    private func startOutage(_ error: Int32) -> String {
        let refused = DiskOutage(path: name, reason: FileWriting.meaning(of: error), now: clock())
        outage = refused
        return
            "cannot write console lines to \(name): \(refused.reason); they wait in memory (up to \(Self.holdLimit / 1024 / 1024) MiB) and are written when it can be written again"
    }

    /// After a write of `block` that stopped at byte `written`: forgets what reached the
    /// destination. A line cut in the middle is cut back from a regular file, to be written
    /// whole later; elsewhere its rest follows when it can.
    private func keepUnwritten(_ block: ByteBuffer, after written: Int) {
        var lineBegin = written
        while lineBegin > 0, block.base[lineBegin - 1] != 0x0A { lineBegin -= 1 }
        block.removeFirst(lineBegin < written && cutBack(written - lineBegin) ? lineBegin : written)
    }

    /// Cuts the last `length` bytes off the destination when it is a regular file.
    private func cutBack(_ length: Int) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= length
        else { return false }
        return ftruncate(descriptor, status.st_size - off_t(length)) == 0
    }
}
