import Dispatch
import FoundationEssentials
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// Bounds each lifecycle call into a module: a call still running `limit` seconds after it
/// began is reported to `expired` (by the quarantine, which ends the app). One call is watched
/// at a time, since lifecycle calls run one after another on the main thread.
///
/// Off while a debugger is attached (checked when it starts and again before it calls a call
/// hung), so a developer stepping through a module's init is not ended under them; a call past
/// its deadline gets a further second, so a process that was stopped and resumes does not
/// blame the call it was in.
/// Sendable by hand: `call` and `firesAt` are behind `lock`, `timer` is set in `init`, and the rest is immutable.
final class ModuleWatchdog: @unchecked Sendable {
    /// How long a lifecycle call may run in an app.
    static let standardLimit: TimeInterval = 5

    /// The call being watched.
    private struct Call {
        let path: String
        let phase: String
        var deadline: DispatchTime
        /// Whether the deadline has passed once already: a call is called hung only when it
        /// is still running a grace period later, so a process that was stopped (SIGSTOP, a
        /// frozen cgroup) and resumes does not blame the call it was in.
        var pastOnce = false
    }

    /// How long a call past its deadline gets before it is called hung.
    static let grace: TimeInterval = 1

    let limit: TimeInterval
    private let expired: @Sendable (_ path: String, _ phase: String) -> Void
    private let lock = Lock()
    private var call: Call?
    private var timer: DispatchSourceTimer?
    /// When the timer fires next; nil while it waits for nothing. A call armed while the timer
    /// is set to fire before its deadline leaves it be: the timer, firing early, sets itself
    /// to that call's deadline. Arming costs no system call then (rescheduling a dispatch
    /// timer wakes the dispatch manager thread), and a start-up's two dozen module calls set
    /// the timer once.
    private var firesAt: DispatchTime?

    /// A watchdog that calls `expired` (on its own queue) with the file and phase of a call
    /// that ran past `limit`; `enabled: false` watches nothing.
    init(
        limit: TimeInterval = standardLimit, enabled: Bool = !ModuleWatchdog.isTraced(),
        expired: @escaping @Sendable (_ path: String, _ phase: String) -> Void
    ) {
        self.limit = limit
        self.expired = expired
        guard enabled else { return }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "parra.module-watchdog"))
        timer.setEventHandler { [weak self] in self?.fire() }
        timer.schedule(deadline: .distantFuture)
        timer.activate()
        self.timer = timer
    }

    deinit {
        timer?.cancel()
    }

    /// Starts watching the call into `path` in `phase`.
    func arm(_ path: String, _ phase: String) {
        guard let timer else { return }
        let deadline = DispatchTime.now() + limit
        lock.withLock {
            call = Call(path: path, phase: phase, deadline: deadline)
            if let firesAt, firesAt <= deadline { return }
            firesAt = deadline
            timer.schedule(deadline: deadline)
        }
    }

    /// Stops watching: the call returned.
    func disarm() {
        guard timer != nil else { return }
        lock.withLock { call = nil }
    }

    private func fire() {
        // The timer may fire for a call that has returned (it then waits for the next call to
        // set it), or early for one armed later (it then waits for that call's deadline). The
        // first time a deadline passes, and while a debugger is attached, the call gets more
        // time.
        let now = DispatchTime.now()
        let due: Bool = lock.withLock {
            firesAt = nil
            guard let current = call else { return false }
            if now < current.deadline {
                firesAt = current.deadline
                timer?.schedule(deadline: current.deadline)
                return false
            }
            return true
        }
        guard due else { return }
        let traced = Self.isTraced()
        let hung: Call? = lock.withLock {
            guard var current = call, DispatchTime.now() >= current.deadline else { return nil }
            if current.pastOnce && !traced { return current }
            current.pastOnce = !traced
            current.deadline = .now() + (traced ? limit : Self.grace)
            call = current
            firesAt = current.deadline
            timer?.schedule(deadline: current.deadline)
            return nil
        }
        guard let hung else { return }
        expired(hung.path, hung.phase)
    }

    /// Whether a debugger (or any tracer) is attached to this process.
    /// Read with libc (the watchdog is made on the main thread before the modules load):
    /// Foundation's string reading, splitting and trimming cost that start-up a tenth of a
    /// millisecond.
    static func isTraced() -> Bool {
        let descriptor = open("/proc/self/status", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return tracerAttached(status: bytes[..<count])
    }

    /// Whether the `TracerPid:` line of `status` (the text of /proc/<pid>/status) names a
    /// process other than none (0).
    static func tracerAttached(status: ArraySlice<UInt8>) -> Bool {
        let field = Array("\nTracerPid:".utf8)
        guard status.count >= field.count,
            let start = (status.startIndex...(status.endIndex - field.count)).first(where: {
                status[$0..<($0 + field.count)].elementsEqual(field)
            })
        else { return false }
        var index = start + field.count
        while index < status.endIndex, status[index] == UInt8(ascii: " ") || status[index] == UInt8(ascii: "\t") {
            index += 1
        }
        return index < status.endIndex && status[index] != UInt8(ascii: "0")
    }
}
