import CParraLoggerSupport
import CParraPlugin
import Foundation
import ParraPluginKit
import Synchronization

/// Writes formatted console lines to stdout, stderr or a file. Lines are formatted straight
/// into one buffer under a lock, so lines from several threads never interleave. Stdout and
/// stderr get each line at once (stdout after flushing the C library's own stdout buffer, so
/// the app's `print` output and log lines stay in order); a file gets them in blocks of up to
/// 64 KiB, written when the block fills, at every error or fatal line, on `flush()`, and at
/// least every 200 ms.
///
/// A write the destination refuses (a full or read-only disk, EIO, a closed pipe) starts an
/// outage, reported once with the destination and the errno's meaning. Lines then wait in
/// memory, up to `holdLimit` bytes (4 MiB); newer lines past it are dropped and counted. Writing
/// is tried again on later lines and timer rounds once the backoff is due (0.1 s doubling to
/// 5 s, on the injected clock), and at `stop()`. When it succeeds the held lines follow in
/// order, each once, then "N console line(s) dropped: REASON at PATH" when any were. A line a
/// refused write left half in a regular file is cut back and written whole later. Lines never
/// written by `stop()` are counted and reported.
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
    private let buffer = ByteBuffer(capacity: 80 * 1024)
    private let lock = Mutex(())
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
    /// While the destination refuses lines, they wait in memory up to this many bytes.
    static let holdLimit = 4 * 1024 * 1024

    /// A writer of lines in `format` to `destination`, which says what the destination
    /// refuses through `report`; throws, naming the file and the cause, when it cannot be
    /// opened.
    init(
        destination: Destination, format: ConsoleFormat,
        environment: [String: String] = ProcessInfo.processInfo.environment, files: FileWriting = .system,
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
            let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard opened >= 0 else {
                throw ModuleError("cannot open \(path) for console lines: \(FileWriting.meaning(of: errno))")
            }
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
    }

    deinit {
        timer?.cancel()
        if ownsDescriptor { close(descriptor) }
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
        let said = lock.withLock { _ -> String? in
            let lineStart = buffer.count
            formatter.append(record, to: buffer)
            guard lineAtATime || buffer.count >= Self.blockSize || record.pointee.level >= PARRA_LOG_LEVEL_ERROR
            else { return nil }
            return writeOut(lineStart: lineStart, forced: false)
        }
        if let said { report(said) }
    }

    /// Writes out whatever is waiting (during an outage, when the retry is due). Any thread.
    func flush() {
        let said = lock.withLock { _ in writeOut(lineStart: buffer.count, forced: false) }
        if let said { report(said) }
    }

    /// Stops the timer and writes out what is waiting, trying once more whatever the backoff;
    /// lines the destination still refuses are counted, reported and let go.
    func stop() {
        timer?.cancel()
        timer = nil
        let said = lock.withLock { _ -> String? in
            let ended = writeOut(lineStart: buffer.count, forced: true)
            guard let current = outage else { return ended }
            let held = buffer.bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            buffer.removeAll()
            outage = nil
            return
                "\(held + current.dropped) console line(s) were never written: \(current.reason) at \(current.path) (\(held) held in memory, \(current.dropped) dropped past the \(Self.holdLimit)-byte hold)"
        }
        if let said { report(said) }
    }

    /// Under the lock: writes the buffer, or during an outage holds it (dropping the line from
    /// `lineStart` past the hold) until the retry is due or `forced`. Returns what to report,
    /// outside the lock: the start or the end of an outage.
    private func writeOut(lineStart: Int, forced: Bool) -> String? {
        if sharesStandardOutput { fflush(stdout) }
        guard var current = outage else {
            let (written, error) = files.writeAll(descriptor, buffer.base, buffer.count)
            if error == 0 {
                buffer.removeAll()
                return nil
            }
            keepUnwritten(after: written)
            let refused = DiskOutage(path: name, reason: FileWriting.meaning(of: error), now: clock())
            outage = refused
            return
                "cannot write console lines to \(name): \(refused.reason); they wait in memory (up to \(Self.holdLimit / 1024 / 1024) MiB) and are written when it can be written again"
        }
        if buffer.count > Self.holdLimit, lineStart < buffer.count {
            buffer.truncate(to: lineStart)
            current.dropped += 1
        }
        let now = clock()
        guard forced || current.isRetryDue(at: now) else {
            outage = current
            return nil
        }
        let (written, error) = files.writeAll(descriptor, buffer.base, buffer.count)
        guard error == 0 else {
            keepUnwritten(after: written)
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

    /// After a write that stopped at byte `written`: forgets what reached the destination. A
    /// line cut in the middle is cut back from a regular file, to be written whole later;
    /// elsewhere its rest follows when it can.
    private func keepUnwritten(after written: Int) {
        var lineBegin = written
        while lineBegin > 0, buffer.base[lineBegin - 1] != 0x0A { lineBegin -= 1 }
        buffer.removeFirst(lineBegin < written && cutBack(written - lineBegin) ? lineBegin : written)
    }

    /// Cuts the last `length` bytes off the destination when it is a regular file.
    private func cutBack(_ length: Int) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size >= length
        else { return false }
        return ftruncate(descriptor, status.st_size - off_t(length)) == 0
    }
}
