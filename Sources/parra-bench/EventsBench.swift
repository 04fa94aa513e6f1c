import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `events.input_to_handler_us`: from a command line typed on the terminal (`b` or `f`, written
/// to a pseudo-terminal's master) to the release-built ParraDemoApp, whose standard input and
/// output are that terminal, printing that it handled the event (`event: didEnterBackground`);
/// baseline `events.terminal_echo_us`, the same line through the same kind of terminal to
/// `/bin/cat` and back.
struct EventFigures {
    var handler: [Double]
    var echo: [Double]
    var repetitions: Int
    var warmups: Int

    /// Medians over the repetitions, in microseconds.
    var handlerMicroseconds: Double { median(handler) }
    var echoMicroseconds: Double { median(echo) }
    /// The median of the per-repetition ratios.
    var pairedRatio: Double { median(zip(handler, echo).map { $0 / $1 }) }
}

enum EventsBench {
    /// A process on a pseudo-terminal of its own: its standard input, output and error.
    private final class TerminalProcess {
        let master: Int32
        let pid: pid_t
        private var seen: [UInt8] = []

        /// Starts `path` with `arguments` on a new pseudo-terminal, in `environment`.
        init(_ path: String, _ arguments: [String], environment: [String: String]) throws {
            var master: Int32 = -1
            var slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, nil) == 0 else {
                throw BenchError("openpty: \(String(cString: strerror(errno)))")
            }
            defer { close(slave) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for target: Int32 in [0, 1, 2] { posix_spawn_file_actions_adddup2(&actions, slave, target) }
            posix_spawn_file_actions_addclose(&actions, master)
            posix_spawn_file_actions_addclose(&actions, slave)
            let argv = CStrings([path] + arguments)
            let envp = CStrings(environment.map { "\($0.key)=\($0.value)" }.sorted())
            var pid: pid_t = 0
            let status = posix_spawn(&pid, path, &actions, nil, argv.pointers, envp.pointers)
            guard status == 0 else {
                close(master)
                throw BenchError("cannot start \(path): \(String(cString: strerror(status)))")
            }
            self.master = master
            self.pid = pid
        }

        /// Reads until `marker` has arrived since the last call, at most 10 s; false if not.
        func read(until marker: String) -> Bool {
            let wanted = Array(marker.utf8)
            let deadline = monotonicNanoseconds() + 10_000_000_000
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                if let found = seen.firstRange(of: wanted) {
                    seen.removeSubrange(..<found.upperBound)
                    return true
                }
                let now = monotonicNanoseconds()
                guard now < deadline else { return false }
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&ready, 1, Int32((deadline - now) / 1_000_000) + 1) > 0 else { continue }
                let count = Glibc.read(master, &buffer, buffer.count)
                guard count > 0 else { return false }
                seen += buffer[..<count]
            }
        }

        /// Types `line` and a newline.
        func type(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
        }

        /// Hangs up and waits for the process to end.
        func end() {
            close(master)
            kill(pid, SIGTERM)
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
    }

    /// Times `warmups + repetitions` command lines through ParraDemoApp (beside this executable)
    /// on a terminal, each paired with a line through `/bin/cat`; nil and the reason when the
    /// sample is missing or does not take the commands.
    static func run(work: URL, repetitions: Int, warmups: Int) throws -> (EventFigures?, String?) {
        guard let sample = LaunchBench.executableFolder()?.appendingPathComponent(LaunchBench.demoName).path,
            FileManager.default.isExecutableFile(atPath: sample)
        else {
            return (nil, "\(LaunchBench.demoName) is not beside parra-bench; build it with `swift build -c release`")
        }
        let home = work.appendingPathComponent("events-home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["PARRA_PLUGIN_PATH"] = nil
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.path
        environment["NO_COLOR"] = "1"
        let app = try TerminalProcess(sample, [], environment: environment)
        defer { app.end() }
        let cat = try TerminalProcess("/bin/cat", [], environment: environment)
        defer { cat.end() }
        guard app.read(until: "q: quit") else { return (nil, "\(LaunchBench.demoName) never listed its keys") }
        var figures = EventFigures(handler: [], echo: [], repetitions: repetitions, warmups: warmups)
        for repetition in 0..<(warmups + repetitions) {
            let (command, handled) =
                repetition % 2 == 0 ? ("b", "event: didEnterBackground") : ("f", "event: willEnterForeground")
            let start = monotonicNanoseconds()
            app.type(command)
            guard app.read(until: handled) else { return (nil, "\(LaunchBench.demoName) did not handle `\(command)`") }
            let handledAt = monotonicNanoseconds()
            let echoStart = monotonicNanoseconds()
            cat.type(command)
            // The terminal's echo of the line, then cat's copy of it.
            guard cat.read(until: "\(command)\r\n\(command)\r\n") else { return (nil, "/bin/cat did not answer") }
            let echoEnd = monotonicNanoseconds()
            if repetition >= warmups {
                figures.handler.append(Double(handledAt - start) / 1e3)
                figures.echo.append(Double(echoEnd - echoStart) / 1e3)
            }
        }
        app.type("q")
        return (figures, nil)
    }
}
