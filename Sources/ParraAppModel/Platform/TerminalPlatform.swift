import Dispatch
import FoundationEssentials
import ParraAPI
import ParraRuntime
import ParraSync

#if canImport(Glibc)
    @preconcurrency import Glibc  // `stdout`, a C global that only the C library changes
#endif

/// The default platform: windows and presentations on standard output (ANSI on a terminal,
/// plain text when `NO_COLOR` is set or output is not a terminal); lifecycle from the process.
///
/// Interactive (standard input and output are terminals): it stays up until the user quits
/// (`q`, Ctrl-C) or SIGTERM arrives; `b`/`f` send the app to the background and back, as do
/// Ctrl-Z (SIGTSTP) and `fg` (SIGCONT); `o URL` opens a URL; `s TYPE` picks a shortcut item; `settings` asks for the notification settings; `r` retries a failed launch. Otherwise it plays one scripted
/// session (background, foreground, terminate) and returns, ending early on SIGTERM/SIGINT.
///
/// Sendable by hand: its mutable state is behind `lock`, and the rest is immutable.
package final class TerminalPlatform: ParraPlatform, @unchecked Sendable {
    /// Whether standard input and output are both terminals.
    package let isInteractive: Bool
    package let usesColor: Bool
    package let presentationSurface: PresentationSurface
    package var launchArguments: [String] { Array(CommandLine.arguments.dropFirst()) }
    private var pending: [PlatformEvent] = []
    private let lock = Lock()
    private var signalSources: [DispatchSourceSignal] = []
    /// Whether `listenForSignals` ran (its sources may still be being made).
    private var listening = false
    /// SIGTERM and SIGINT received so far: the second ends the process at once.
    private var terminationSignals = 0
    /// Whether the session delivered `.terminate`: later posts are refused.
    private var ended = false

    /// A platform for this process's terminal and environment.
    package init(environment: [String: String] = ProcessEnvironment.current) {
        isInteractive = isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0
        usesColor = isatty(STDOUT_FILENO) != 0 && environment["NO_COLOR"].map(\.isEmpty) ?? true
        presentationSurface = PlainTextPresentationSurface(redrawsLaunchScreen: isInteractive && usesColor)
    }

    package func draw(_ window: RenderedWindow) {
        let title = " window \(window.sceneID) "
        let rule = String(repeating: "=", count: max(4, 60 - title.count))
        var text = usesColor ? "\u{1B}[1m==\(title)\(rule)\u{1B}[0m" : "==\(title)\(rule)"
        for line in window.lines { text += "\n" + line }
        StandardOutput.write(text)
        // A drawn window is shown now, as on a terminal (line-buffered), not when a pipe's
        // buffer next fills or the session's events start.
        fflush(stdout)
    }

    /// Prints a status line; what it quotes from outside (a server's error, a module's reason) is
    /// written out, never acted on (`TerminalText`).
    package func report(_ line: String) {
        let line = TerminalText.escaped(line)
        StandardOutput.write(usesColor ? "\u{1B}[2mparra: \(line)\u{1B}[0m" : "parra: \(line)")
    }

    package func runEvents(_ handle: (PlatformEvent) -> Void) {
        setbuf(stdout, nil)
        listenForSignals()
        if isInteractive {
            StandardOutput.write(Self.keys)
            readCommandsInBackground()
        } else {
            for event in [PlatformEvent.didEnterBackground, .willEnterForeground, .terminate] { post(event) }
        }
        while true {
            guard let event = takeNext() else {
                // Sleeps until there is work: timers and what the modules put on the main queue
                // run here, and `post` wakes the loop for an event (a key, a push, a signal).
                MainRunLoop.turn(before: .distantFuture)
                continue
            }
            handle(event)
            if event == .terminate {
                lock.withLock { ended = true }
                for source in lock.withLock({ signalSources }) { source.cancel() }
                // Once the session is over, a signal ends the process as it would any other.
                for number in [SIGINT, SIGTERM, SIGTSTP, SIGCONT] { signal(number, SIG_DFL) }
                return
            }
        }
    }

    /// The event a typed command line asks for: `b`, `f`, `o URL`, `s TYPE`, `r`, `settings` or `q`; another single
    /// short word of `[a-z0-9]` is a presentation's action key; nil for anything else (`o`
    /// without a URL included).
    package static func event(forCommand line: String) -> PlatformEvent? {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        switch words.first {
        case "b": return .didEnterBackground
        case "f": return .willEnterForeground
        case "o" where words.count == 2: return .openURL(words[1])
        case "s" where words.count == 2: return .shortcut(words[1])
        case "r": return .retryLaunch
        case "settings": return .openNotificationSettings
        case "q": return .terminate
        case "o", "s": return nil
        case let word?
        where words.count == 1 && word.count <= 16
            && word.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) }):
            return .key(word)
        default: return nil
        }
    }

    private static let keys =
        "b: background  f: foreground  o URL: open a URL  s TYPE: a shortcut item  settings: notification settings  r: retry launch  q: quit"

    package var terminationRequested: Bool { lock.withLock { pending.contains(.terminate) } }

    /// Queues `event` for the session; false once the session has ended.
    @discardableResult
    package func post(_ event: PlatformEvent) -> Bool {
        let posted = lock.withLock {
            guard !ended else { return false }
            pending.append(event)
            return true
        }
        if posted { MainRunLoop.wake() }
        return posted
    }

    private func takeNext() -> PlatformEvent? {
        lock.withLock { pending.isEmpty ? nil : pending.removeFirst() }
    }

    /// Takes SIGINT, SIGTERM, SIGTSTP and SIGCONT from here on (once; `runEvents` does it if
    /// nobody did before). The app host calls it before the launch, so a signal during the
    /// launch wait still ends the session through willTerminate. The handlers run on a queue
    /// of their own: the main thread may be waiting for the launch.
    package func listenForSignals() {
        let claimed = lock.withLock {
            defer { listening = true }
            return !listening
        }
        guard claimed else { return }
        // Each handler is told how many of its signals arrived since it last ran: two quick
        // interrupts are two, not one.
        let handlers: [(Int32, (UInt) -> Void)] = [
            (SIGINT, { [weak self] count in self?.requestTermination(SIGINT, count: count) }),
            (SIGTERM, { [weak self] count in self?.requestTermination(SIGTERM, count: count) }),
            (SIGTSTP, { [weak self] _ in self?.suspend() }),
            (SIGCONT, { [weak self] _ in self?.post(.willEnterForeground) }),
        ]
        let queue = DispatchQueue(label: "parra.terminal.signals")
        let sources = handlers.map { number, handler in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            // The source keeps itself until it is cancelled at the end of the session.
            source.setEventHandler { handler(max(1, source.data)) }
            source.resume()
            return source
        }
        lock.withLock { signalSources = sources }
    }

    /// A signal to quit overtakes whatever events were still waiting; a second one, while the
    /// first is still being handled, ends the process at once. `count` signals arrived together.
    private func requestTermination(_ number: Int32, count: UInt) {
        let first = lock.withLock {
            terminationSignals += Int(count)
            pending = [.terminate]
            return terminationSignals == 1
        }
        MainRunLoop.wake()
        let name = number == SIGINT ? "SIGINT" : "SIGTERM"
        if first {
            report("\(name): ending the session; send it again to exit at once")
        } else {
            report("second \(name): exiting now")
            // The module being called when the user insists is not to blame.
            ModuleQuarantine.abandonCallsInProgress()
            _exit(128 + number)
        }
    }

    /// Ctrl-Z: tell the app, then stop the process for real; SIGCONT brings it back.
    private func suspend() {
        post(.didEnterBackground)
        DispatchQueue.main.async { kill(getpid(), SIGSTOP) }
    }

    private func readCommandsInBackground() {
        detachThread { [weak self] in
            while let line = readLine(strippingNewline: true) {
                guard let self else { return }
                if let event = Self.event(forCommand: line) {
                    self.post(event)
                } else {
                    StandardOutput.write(Self.keys)
                }
            }
            self?.post(.terminate)
        }
    }
}
