import Foundation
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// Launch times, in milliseconds: every sample, in repetition order (sample `i` of each kind
/// ran in the same repetition). A kind whose executable is missing has no samples.
struct LaunchFigures {
    var firstFrameSamples: [Double]
    var emptySamples: [Double]
    /// Reference: spawn to exit of an empty program that links Foundation, same order.
    var foundationSamples: [Double]
    /// Reference: the sample from a folder of its own, where it finds no module, to its first
    /// frame, same order: the host's and the sample's own share of the first frame.
    var withoutModulesSamples: [Double]
    /// The sample to its first frame in one home kept from launch to launch (its registry,
    /// token, app-info and records there, as on most launches), same order.
    var repeatFirstFrameSamples: [Double]
    /// Children's involuntary context switches (wait4's rusage) per sample, same order.
    var firstFrameChildPreemptions: [Int]
    var emptyChildPreemptions: [Int]
    /// Peak resident memory in MiB per sample (`PeakMemory`), from runs of their own: the
    /// sample's whole scripted session, and the empty process.
    var sessionPeakSamples: [Double]
    /// The same session run again with the first run's home: the app's caches and records
    /// present, as on most launches.
    var repeatSessionPeakSamples: [Double]
    var emptyPeakSamples: [Double]
    /// Reference: the Foundation program's peak, in runs of its own.
    var foundationPeakSamples: [Double]
    var repetitions: Int
    var warmups: Int
    /// Figure name to why it was not measured.
    var skipped: [(String, String)]

    var hasFirstFrame: Bool { !firstFrameSamples.isEmpty }
    var hasEmpty: Bool { !emptySamples.isEmpty }
    var hasBoth: Bool { hasFirstFrame && hasEmpty }
    var hasFoundation: Bool { !foundationSamples.isEmpty }
    var hasWithoutModules: Bool { !withoutModulesSamples.isEmpty && hasEmpty }
    var hasRepeat: Bool { !repeatFirstFrameSamples.isEmpty && hasEmpty }
    /// Medians over the repetitions.
    var firstFrameMilliseconds: Double { median(firstFrameSamples) }
    var emptyMilliseconds: Double { median(emptySamples) }
    var foundationMilliseconds: Double { median(foundationSamples) }
    var withoutModulesMilliseconds: Double { median(withoutModulesSamples) }
    /// The median of the per-repetition ratios of the sample without modules over the empty
    /// process.
    var withoutModulesPairedRatio: Double { median(zip(withoutModulesSamples, emptySamples).map { $0 / $1 }) }
    var repeatFirstFrameMilliseconds: Double { median(repeatFirstFrameSamples) }
    /// The median of the per-repetition ratios of the repeat launch over the empty process.
    var repeatPairedRatio: Double { median(zip(repeatFirstFrameSamples, emptySamples).map { $0 / $1 }) }
    /// The difference of the medians.
    var overEmptyMilliseconds: Double { firstFrameMilliseconds - emptyMilliseconds }
    /// The median of the per-repetition ratios, as for dispatch and load.
    var pairedRatio: Double { median(pairedRatios) }
    var pairedRatios: [Double] { zip(firstFrameSamples, emptySamples).map { $0 / $1 } }
    /// Medians of the peaks, their difference (what the runtime and the sample add) and the
    /// median of the per-repetition ratios.
    var sessionPeakMegabytes: Double { median(sessionPeakSamples) }
    var emptyPeakMegabytes: Double { median(emptyPeakSamples) }
    var foundationPeakMegabytes: Double { median(foundationPeakSamples) }
    var peakOverEmptyMegabytes: Double { sessionPeakMegabytes - emptyPeakMegabytes }
    var repeatSessionPeakMegabytes: Double { median(repeatSessionPeakSamples) }
    var repeatPeakOverEmptyMegabytes: Double { repeatSessionPeakMegabytes - emptyPeakMegabytes }
    var peakPairedRatio: Double { median(zip(sessionPeakSamples, emptyPeakSamples).map { $0 / $1 }) }
}

/// Times whole processes: the release-built sample app from spawn to its first drawn window,
/// and a Swift program that only exits from spawn to exit, alternately; beside them, for
/// reference, the same empty program linking Foundation (which `import Parra` brings).
enum LaunchBench {
    static let demoName = "ParraDemoApp"
    static let emptyName = "parra-empty"
    static let foundationName = "parra-empty-foundation"
    static let timeoutSeconds = 10.0
    /// The header line the terminal platform draws for every window (no colour on a pipe).
    static let frameMarker = Array("== window ".utf8)

    /// The folder holding this executable (`/proc/self/exe`'s folder).
    static func executableFolder() -> URL? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return URL(fileURLWithPath: path).deletingLastPathComponent()
    }

    /// The figure of the sample without modules.
    static let withoutModulesFigure = "launch.without_modules_first_frame_ms"

    /// `demo` linked (or, on another file system, copied) into a folder of `work` of its own:
    /// outside its SwiftPM build folder it finds no module there, nor beside it.
    static func placeAlone(_ demo: URL, in work: URL) throws -> URL {
        let folder = work.appendingPathComponent("without-modules", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let alone = folder.appendingPathComponent(demoName)
        guard link(demo.path, alone.path) != 0 else { return alone }
        guard errno == EXDEV else {
            throw BenchError("cannot link \(demo.path) to \(alone.path): \(String(cString: strerror(errno)))")
        }
        try FileManager.default.copyItem(at: demo, to: alone)
        return alone
    }

    /// How many runs of each measure peak memory (it hardly varies).
    static let memoryRepetitions = 5

    /// Times `repetitions` launches of each after `warmups`, then measures the peak memory of
    /// `memoryRepetitions` more through `peakRunner` (`PeakMemory`).
    static func run(work: URL, peakRunner: URL, repetitions: Int, warmups: Int) throws -> LaunchFigures {
        var skipped: [(String, String)] = []
        let folder = executableFolder()
        func find(_ name: String) -> URL? {
            guard let folder else { return nil }
            let file = folder.appendingPathComponent(name)
            return FileManager.default.isExecutableFile(atPath: file.path) ? file : nil
        }
        let demo = find(demoName)
        let empty = find(emptyName)
        let foundation = find(foundationName)
        let place = folder?.path ?? "(cannot read /proc/self/exe)"
        func missing(_ name: String) -> String {
            "\(name) is not beside parra-bench in \(place); build it with `swift build -c release` "
                + "(into the same build folder as parra-bench)"
        }
        if demo == nil {
            skipped.append(("launch.to_first_frame_ms", missing(demoName)))
            skipped.append(("memory.sample_session_peak_mb", missing(demoName)))
            skipped.append(("memory.sample_repeat_session_peak_mb", missing(demoName)))
        }
        if empty == nil {
            skipped.append(("launch.empty_process_ms", missing(emptyName)))
            skipped.append(("memory.empty_process_peak_mb", missing(emptyName)))
        }
        if foundation == nil {
            skipped.append(("launch.foundation_process_ms", missing(foundationName)))
            skipped.append(("memory.foundation_process_peak_mb", missing(foundationName)))
        }
        if demo == nil || empty == nil {
            let why = [demo == nil ? demoName : nil, empty == nil ? emptyName : nil].compactMap { $0 }
                .joined(separator: " and ")
            skipped.append(("launch.to_first_frame_over_empty_ms", "\(why) missing"))
            skipped.append(("launch.to_first_frame_ms_ratio", "\(why) missing"))
            skipped.append(("memory.sample_session_over_empty_mb", "\(why) missing"))
            skipped.append(("memory.sample_session_peak_mb_ratio", "\(why) missing"))
            skipped.append(("memory.sample_repeat_session_over_empty_mb", "\(why) missing"))
        }
        var aloneDemo: URL?
        if let demo, empty != nil {
            do {
                aloneDemo = try placeAlone(demo, in: work)
            } catch {
                skipped.append((withoutModulesFigure, "\(error)"))
            }
        } else {
            skipped.append((withoutModulesFigure, "\(demo == nil ? demoName : emptyName) missing"))
        }

        var figures = LaunchFigures(
            firstFrameSamples: [], emptySamples: [], foundationSamples: [], withoutModulesSamples: [],
            repeatFirstFrameSamples: [], firstFrameChildPreemptions: [],
            emptyChildPreemptions: [], sessionPeakSamples: [], repeatSessionPeakSamples: [], emptyPeakSamples: [],
            foundationPeakSamples: [],
            repetitions: repetitions, warmups: warmups, skipped: skipped)
        var launchIndex = 0
        func launch(_ executable: URL, arguments: [String] = [], home: URL? = nil, untilFirstFrame: Bool) throws
            -> Launch
        {
            launchIndex += 1
            let result = try Launch.run(
                executable, arguments: arguments,
                in: work.appendingPathComponent("launch-\(launchIndex)", isDirectory: true), home: home,
                untilFirstFrame: untilFirstFrame)
            consume(UInt64(result.output.count))
            return result
        }
        // One home for every repeat launch, made by a first launch before them.
        let repeatHome = work.appendingPathComponent("repeat-launch-home", isDirectory: true)
        if let demo { _ = try launch(demo, home: repeatHome, untilFirstFrame: true) }
        for repetition in 0..<(warmups + repetitions) {
            // Alternate which runs first, so drift or a neighbour's burst hits both alike.
            var frame: Launch?
            var exit: Launch?
            // The Foundation reference runs after the pair, which runs as it always has.
            var reference: Launch?
            if repetition % 2 == 0 {
                if let empty { exit = try launch(empty, untilFirstFrame: false) }
                if let demo { frame = try launch(demo, untilFirstFrame: true) }
            } else {
                if let demo { frame = try launch(demo, untilFirstFrame: true) }
                if let empty { exit = try launch(empty, untilFirstFrame: false) }
            }
            if let foundation { reference = try launch(foundation, untilFirstFrame: false) }
            var alone: Launch?
            if let demoAlone = aloneDemo {
                alone = try launch(demoAlone, untilFirstFrame: true)
                if let found = alone?.loadedModule {
                    // Modules installed on this machine: it is not the sample without modules.
                    figures.skipped.append(
                        (withoutModulesFigure, "the sample in a folder of its own still loads \(found)"))
                    figures.withoutModulesSamples = []
                    (aloneDemo, alone) = (nil, nil)
                }
            }
            let again = try demo.map { try launch($0, home: repeatHome, untilFirstFrame: true) }
            guard repetition >= warmups else { continue }
            if let alone { figures.withoutModulesSamples.append(alone.milliseconds) }
            if let again { figures.repeatFirstFrameSamples.append(again.milliseconds) }
            if let frame {
                figures.firstFrameSamples.append(frame.milliseconds)
                figures.firstFrameChildPreemptions.append(frame.childPreemptions)
            }
            if let exit {
                figures.emptySamples.append(exit.milliseconds)
                figures.emptyChildPreemptions.append(exit.childPreemptions)
            }
            if let reference { figures.foundationSamples.append(reference.milliseconds) }
        }
        let peakFile = work.appendingPathComponent("peak-rss.txt")
        func peak(_ executable: URL, home: URL? = nil, untilFirstFrame: Bool) throws -> Double {
            _ = try launch(
                peakRunner, arguments: [peakFile.path, executable.path], home: home, untilFirstFrame: untilFirstFrame)
            return try PeakMemory.read(peakFile)
        }
        for repetition in 0..<memoryRepetitions {
            if let empty { figures.emptyPeakSamples.append(try peak(empty, untilFirstFrame: false)) }
            if let demo {
                figures.sessionPeakSamples.append(try peak(demo, untilFirstFrame: true))
                // A first session leaves the token, the app-info, the records and the logger's
                // spool in the home; the second is measured.
                let home = work.appendingPathComponent("repeat-home-\(repetition)", isDirectory: true)
                defer { try? FileManager.default.removeItem(at: home) }
                _ = try launch(demo, home: home, untilFirstFrame: true)
                figures.repeatSessionPeakSamples.append(try peak(demo, home: home, untilFirstFrame: true))
            }
            if let foundation {
                figures.foundationPeakSamples.append(try peak(foundation, untilFirstFrame: false))
            }
        }
        return figures
    }
}

/// One spawned child, waited for until it exited and reaped.
struct Launch {
    /// Spawn to the first `== window ` line on its stdout (`untilFirstFrame`), else spawn to exit.
    var milliseconds: Double
    var output: [UInt8]
    /// The child's involuntary context switches, from wait4.
    var childPreemptions: Int

    /// The first module file the output's load report says was loaded, nil when none was.
    var loadedModule: String? {
        let marker = Array("  loaded   ".utf8)
        guard let start = output.indices.first(where: { output[$0...].starts(with: marker) }) else { return nil }
        let line = output[(start + marker.count)...].prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: line.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self)
    }

    /// Spawns `executable` with `arguments`, stdin /dev/null, stdout a pipe read as it arrives, stderr a file
    /// in `folder`, and the bench's environment with HOME and XDG_DATA_HOME set to `home` (by
    /// default a fresh folder in `folder`) and PARRA_PLUGIN_PATH removed. Always waits for the
    /// child to exit and reaps it; after `LaunchBench.timeoutSeconds` it is killed (SIGKILL),
    /// reaped, and that is an error. The folder is made before and removed after the timed
    /// part; a `home` given is kept.
    static func run(
        _ executable: URL, arguments: [String] = [], in folder: URL, home: URL? = nil, untilFirstFrame: Bool
    ) throws -> Launch {
        let fileManager = FileManager.default
        let home = home ?? folder.appendingPathComponent("home", isDirectory: true)
        try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
        try fileManager.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? fileManager.removeItem(at: folder) }
        let stderrFile = folder.appendingPathComponent("stderr.txt")
        let name = executable.lastPathComponent

        var environment = ProcessInfo.processInfo.environment
        environment["PARRA_PLUGIN_PATH"] = nil
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = home.path
        let argv = CStrings([executable.path] + arguments)
        let envp = CStrings(environment.map { "\($0.key)=\($0.value)" }.sorted())

        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw BenchError("pipe: \(String(cString: strerror(errno)))") }
        let (readEnd, writeEnd) = (fds[0], fds[1])
        var readOpen = true
        defer { if readOpen { close(readEnd) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        posix_spawn_file_actions_addopen(&actions, 2, stderrFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Default signal dispositions and an empty mask, whatever the bench inherited.
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var pid: pid_t = 0
        let start = monotonicNanoseconds()
        let spawned = posix_spawn(&pid, executable.path, &actions, &attributes, argv.pointers, envp.pointers)
        close(writeEnd)
        guard spawned == 0 else {
            throw BenchError("cannot spawn \(executable.path): \(String(cString: strerror(spawned)))")
        }

        // From here on the child is always waited for and reaped, whatever happens.
        let pidfd = PidFD.open(pid)
        defer { if pidfd >= 0 { close(pidfd) } }
        let deadline = start + UInt64(LaunchBench.timeoutSeconds * 1e9)
        var killedAt: UInt64?
        var frameAt: UInt64?
        var exitedAt: UInt64?
        var status: Int32 = 0
        var usage = rusage()
        var reaped = false
        var output: [UInt8] = []
        var lineStart = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        var readError: String?

        func killChild() {
            guard killedAt == nil else { return }
            kill(pid, SIGKILL)  // still unreaped, so the pid cannot have been reused
            killedAt = monotonicNanoseconds()
        }
        /// Looks at every complete or long-enough line from `lineStart` for the window header.
        func scanForFrame(at time: UInt64) {
            let marker = LaunchBench.frameMarker
            while frameAt == nil {
                let available = output.count - lineStart
                if available >= marker.count {
                    if output[lineStart..<(lineStart + marker.count)].elementsEqual(marker) {
                        frameAt = time
                        return
                    }
                }
                guard let newline = output[lineStart...].firstIndex(of: 10) else { return }
                lineStart = newline + 1
            }
        }
        func reap(blocking: Bool) {
            while true {
                let result = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
                if result == pid {
                    reaped = true
                    if exitedAt == nil { exitedAt = monotonicNanoseconds() }
                    return
                }
                if result == -1 && errno == EINTR { continue }
                if result == -1 {
                    // Not ours to wait for any more (should not happen): nothing left to reap.
                    reaped = true
                    if exitedAt == nil { exitedAt = monotonicNanoseconds() }
                    return
                }
                return
            }
        }

        while !reaped {
            let now = monotonicNanoseconds()
            if now >= deadline { killChild() }
            // After a kill, give the pipe a moment to close, then stop reading it (a
            // grandchild could hold it open) and only reap.
            if let killedAt, readOpen, now >= killedAt + 1_000_000_000 {
                close(readEnd)
                readOpen = false
            }
            if pidfd < 0 && !readOpen {
                // No pidfd and the pipe is closed (the child is exiting): check every 50 µs.
                reap(blocking: false)
                if !reaped { usleep(50) }
                continue
            }
            var polled: [pollfd] = []
            if readOpen { polled.append(pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)) }
            if pidfd >= 0 { polled.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)) }
            let limit = killedAt.map { $0 + 1_000_000_000 } ?? deadline
            let waitMilliseconds = Int32(clamping: max(0, (Int64(limit) - Int64(now) + 999_999) / 1_000_000))
            let ready = poll(&polled, nfds_t(polled.count), waitMilliseconds)
            let time = monotonicNanoseconds()
            if ready < 0 {
                if errno == EINTR { continue }
                readError = "poll: \(String(cString: strerror(errno)))"
                killChild()
                reap(blocking: true)
                break
            }
            for entry in polled where entry.revents != 0 {
                if entry.fd == readEnd && readOpen {
                    let count = read(readEnd, &chunk, chunk.count)
                    if count > 0 {
                        output.append(contentsOf: chunk[0..<count])
                        if untilFirstFrame && frameAt == nil { scanForFrame(at: time) }
                    } else if count == 0 || errno != EINTR && errno != EAGAIN {
                        close(readEnd)
                        readOpen = false
                    }
                } else if entry.fd == pidfd {
                    // The child exited (a zombie now): this is its exit time.
                    if exitedAt == nil { exitedAt = time }
                    reap(blocking: true)
                }
            }
        }
        // Drain whatever is left in the pipe after the exit (a few lines at most).
        while readOpen {
            var entry = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, 1000)
            if ready <= 0 && !(ready < 0 && errno == EINTR) { break }
            if ready < 0 { continue }
            let count = read(readEnd, &chunk, chunk.count)
            if count > 0 {
                output.append(contentsOf: chunk[0..<count])
                if untilFirstFrame && frameAt == nil { scanForFrame(at: monotonicNanoseconds()) }
            } else if count == 0 || errno != EINTR {
                break
            }
        }

        func problem(_ message: String) -> BenchError {
            var text = "\(name): \(message)"
            let errors = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
            let printed = String(decoding: output, as: UTF8.self)
            if !printed.isEmpty { text += "\n--- its stdout ---\n" + printed.suffix(2000) }
            if !errors.isEmpty { text += "\n--- its stderr ---\n" + errors.suffix(2000) }
            return BenchError(text)
        }
        if let killedAt {
            let seconds = Double(killedAt - start) / 1e9
            throw problem(
                "still running after \(String(format: "%.1f", seconds)) s (safety timeout "
                    + "\(Int(LaunchBench.timeoutSeconds)) s"
                    + (untilFirstFrame && frameAt == nil ? ", no `== window ` line yet" : "")
                    + "); killed it with SIGKILL and reaped it")
        }
        if let readError { throw problem(readError) }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        if status & 0x7f != 0 {
            throw problem("ended by signal \(status & 0x7f)")
        }
        if (status >> 8) & 0xff != 0 {
            throw problem("exited with status \((status >> 8) & 0xff)")
        }
        let end: UInt64
        if untilFirstFrame {
            guard let frameAt else { throw problem("exited without printing a line starting with `== window `") }
            end = frameAt
        } else {
            guard output.isEmpty else { throw problem("printed something; it should only exit") }
            end = exitedAt!
        }
        return Launch(
            milliseconds: Double(end - start) / 1_000_000, output: output, childPreemptions: usage.ru_nivcsw)
    }
}

/// NUL-terminated C strings and the NULL-terminated array of them that exec wants, freed on deinit.
final class CStrings {
    let pointers: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    private let count: Int

    init(_ strings: [String]) {
        count = strings.count
        pointers = .allocate(capacity: strings.count + 1)
        for (index, string) in strings.enumerated() { pointers[index] = strdup(string) }
        pointers[strings.count] = nil
    }

    deinit {
        for index in 0..<count { free(pointers[index]) }
        pointers.deallocate()
    }
}
