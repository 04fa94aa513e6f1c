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
    private var failedWrites = 0
    private var lastFailure: String?
    /// Whether lines carry ANSI colour: a terminal, and no NO_COLOR in the environment.
    let colour: Bool
    /// How lines are laid out.
    let formatter: ConsoleLineFormatter

    private static let blockSize = 64 * 1024

    /// A writer of lines in `format` to `destination`; throws, naming the file, when it cannot
    /// be opened.
    init(
        destination: Destination, format: ConsoleFormat,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws {
        switch destination {
        case .standardOutput:
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
        case .standardError:
            descriptor = STDERR_FILENO
            ownsDescriptor = false
        case .file(let path):
            let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard opened >= 0 else {
                throw ModuleError("cannot open \(path) for console lines: \(String(cString: strerror(errno)))")
            }
            descriptor = opened
            ownsDescriptor = true
        }
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
        lock.withLock { _ in
            formatter.append(record, to: buffer)
            if lineAtATime || buffer.count >= Self.blockSize || record.pointee.level >= PARRA_LOG_LEVEL_ERROR {
                writeOut()
            }
        }
    }

    /// Writes out whatever is waiting. Any thread.
    func flush() {
        lock.withLock { _ in writeOut() }
    }

    /// Stops the timer and writes out what is waiting.
    func stop() {
        timer?.cancel()
        timer = nil
        flush()
    }

    /// Writes that failed since the last call, with the last reason; for reporting outside a
    /// sink call.
    func takeFailures() -> (count: Int, reason: String?) {
        lock.withLock { _ in
            defer {
                failedWrites = 0
                lastFailure = nil
            }
            return (failedWrites, lastFailure)
        }
    }

    /// Under the lock.
    private func writeOut() {
        if sharesStandardOutput { fflush(stdout) }
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failedWrites += 1
                lastFailure = String(cString: strerror(errno))
                break
            }
            offset += written
        }
        buffer.removeAll()
    }
}
