import CParraPlugin
import FoundationEssentials
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// Opens a module file in a child process first, as GStreamer's plugin scanner does, so a
/// module whose constructors, entry symbol or descriptor crash, exit or hang takes down only
/// the child: the tool that asked is told why and goes on. The child is the tool's own
/// executable started with `childArgument`; it reports each step on a pipe before taking it.
package enum ModuleScanner {
    /// The first argument that makes the tool's executable a scanner child, followed by the
    /// module's path.
    package static let childArgument = "--parra-scan-module-child"
    /// The descriptor a scanner child writes its steps to.
    static let progressDescriptor: Int32 = 3
    /// How long a scan may take.
    static let limit = ModuleWatchdog.standardLimit

    /// Why the module at `path` must not be opened in this process, or nil when the scan in a
    /// child (`executable` with `childArgument`) got through its descriptor, or failed only
    /// the way the host reports by itself (dlopen or entry refused).
    package static func scan(_ path: String, executable: String) -> ModuleRefusal? {
        var pipeEnds: [Int32] = [-1, -1]
        // Both ends close on exec; the child gets the write end as descriptor 3 by dup2.
        guard pipe(&pipeEnds) == 0, fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC) == 0,
            fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC) == 0
        else {
            return ModuleRefusal(
                phase: .open, reason: "cannot scan it in a child process: \(String(cString: strerror(errno)))")
        }
        defer { close(pipeEnds[0]) }
        var child: pid_t = 0
        let spawnResult = spawn(executable, [childArgument, path], progress: pipeEnds[1], child: &child)
        close(pipeEnds[1])
        guard spawnResult == 0 else {
            return ModuleRefusal(
                phase: .open,
                reason: "cannot scan it in a child process (\(executable)): \(String(cString: strerror(spawnResult)))")
        }
        let deadline = Date.wallClockNow.addingTimeInterval(limit)
        let steps = readSteps(from: pipeEnds[0], until: deadline)
        let step = steps.last ?? "dlopen"
        let status: Int32
        switch waitForExit(child, until: deadline) {
        case .stillRunning:
            kill(child, SIGKILL)
            var ignored: Int32 = 0
            _ = waitpid(child, &ignored, 0)
            return refusal(step, "hung in \(step) for \(String(cFormat: "%g", limit)) s")
        case .unknown(let code):
            return refusal(step, "its end in \(step) could not be read: \(String(cString: strerror(code)))")
        case .ended(let waitStatus):
            status = waitStatus
        }
        if step == "done" && Self.exited(status) && Self.exitStatus(status) == 0 { return nil }
        if Self.exited(status) {
            return refusal(step, "ended the process (exit \(Self.exitStatus(status))) in \(step)")
        }
        return refusal(step, "crashed the process (\(signalName(status & 0x7f))) in \(step)")
    }

    /// The scanner child: takes the module at `path` through dlopen, its entry symbol and the
    /// reading of its descriptor, announcing each step first, then ends without running exit
    /// handlers or the module's destructors. Never returns.
    package static func runChild(path: String) -> Never {
        func announce(_ step: String) {
            let line = Array((step + "\n").utf8)
            _ = line.withUnsafeBytes { write(progressDescriptor, $0.baseAddress, $0.count) }
        }
        announce("dlopen")
        if let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL), let symbol = dlsym(handle, PARRA_MODULE_ENTRY_SYMBOL) {
            announce("entry")
            let entry = unsafeBitCast(symbol, to: parra_module_entry_fn.self)
            if let descriptor = entry() {
                announce("descriptor")
                _ = try? DescriptorReader.read(descriptor)
            }
        }
        announce("done")
        _exit(0)
    }

    private static func refusal(_ step: String, _ what: String) -> ModuleRefusal {
        let phase: LoadPhase =
            switch step {
            case "entry": .entry
            case "descriptor": .validate
            default: .open
            }
        return ModuleRefusal(phase: phase, reason: "\(what) when scanned in a child process; not opened here")
    }

    /// Starts `executable` with `arguments`, standard streams on /dev/null, `progress` as
    /// descriptor 3, every signal at its default disposition and none blocked, and the Swift
    /// runtime's backtracer off (it would spend the scan's time on a crash nobody reads).
    /// Returns posix_spawn's result.
    private static func spawn(_ executable: String, _ arguments: [String], progress: Int32, child: inout pid_t)
        -> Int32
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // First, in case the pipe's end is 0, 1 or 2 (a closed standard stream), which the
        // /dev/null opens would replace.
        posix_spawn_file_actions_adddup2(&actions, progress, progressDescriptor)
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for text in argv + envp { free(text) } }
        return posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    }

    /// The steps the child announced until it closed the pipe or `deadline` passed.
    private static func readSteps(from descriptor: Int32, until deadline: Date) -> [String] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        // A child that writes without end is stopped by the deadline and the cap alike.
        while deadline.timeIntervalSince(.wallClockNow) > 0, bytes.count < 4096 {
            let remaining = Int32(max(0, deadline.timeIntervalSince(.wallClockNow) * 1000))
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, remaining)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// How the scanner child's wait went.
    private enum ChildEnd {
        /// It ended with this wait status.
        case ended(Int32)
        /// It was still running at the deadline.
        case stillRunning
        /// `waitpid` failed with this errno: its end is not known.
        case unknown(Int32)
    }

    /// How the child ended, once it has, or that it is still running at `deadline`: asleep on
    /// the child's pidfd until it ends or the deadline passes.
    private static func waitForExit(_ child: pid_t, until deadline: Date) -> ChildEnd {
        let pidfd = PidFD.open(child)
        defer { if pidfd >= 0 { close(pidfd) } }
        var status: Int32 = 0
        while true {
            let result = waitpid(child, &status, WNOHANG)
            if result == child { return .ended(status) }
            if result < 0 && errno != EINTR { return .unknown(errno) }
            let remaining = deadline.timeIntervalSince(.wallClockNow)
            guard remaining > 0 else { return .stillRunning }
            if pidfd >= 0 {
                var poller = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, Int32((remaining * 1000).rounded(.up)))
            } else {
                // No pidfd (Linux before 5.3). It closed the pipe, so it is on its way out.
                usleep(1000)
            }
        }
    }

    private static func exited(_ status: Int32) -> Bool { status & 0x7f == 0 }
    private static func exitStatus(_ status: Int32) -> Int32 { (status >> 8) & 0xff }

    private static func signalName(_ number: Int32) -> String {
        let names = [
            SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGILL: "SIGILL", SIGFPE: "SIGFPE", SIGABRT: "SIGABRT",
            SIGTRAP: "SIGTRAP", SIGSYS: "SIGSYS", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM",
        ]
        return names[number] ?? "signal \(number)"
    }
}
