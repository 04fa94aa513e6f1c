import Foundation
import ParraTestSupport

/// `launch.to_first_frame_instructions_m`: the instructions ParraDemoApp runs, on every thread,
/// from exec to its first window being drawn, counted by valgrind's callgrind (the first dump,
/// taken on entry to `TerminalPlatform.draw`); baseline `launch.foundation_process_instructions_m`,
/// parra-empty-foundation's whole run, and reference `launch.empty_process_instructions_m`.
///
/// A count, not a time: it hardly moves from run to run, where the launch's milliseconds on a
/// shared machine move by more than the work they measure. It leaves out what costs time without
/// instructions (page faults, the kernel, waiting for the other core).
struct InstructionFigures {
    /// Millions of instructions, each a median over the runs.
    var firstFrame: Double
    var foundationProcess: Double
    var emptyProcess: Double
    var runs: Int

    var ratio: Double { firstFrame / foundationProcess }
    var overFoundation: Double { firstFrame - foundationProcess }
}

enum InstructionsBench {
    /// Where callgrind dumps the sample's count up to its first frame.
    static let firstDrawSymbol = "$s13ParraAppModel16TerminalPlatformC4drawyyAA14RenderedWindowVF"

    /// Counts `runs` launches of each, with stripped copies of the executables and modules
    /// beside this one (valgrind 3.19 cannot read the DWARF 5 debug information Swift writes);
    /// nil and the reason when valgrind or objcopy is missing or a run fails.
    static func run(work: URL, runs: Int) -> (InstructionFigures?, String?) {
        let environment = ProcessInfo.processInfo.environment
        guard let valgrind = CFixtureBuilder.executable(named: "valgrind", environment: environment)?.path else {
            return (nil, "valgrind is not on PATH (Debian's valgrind package)")
        }
        guard let objcopy = CFixtureBuilder.executable(named: "objcopy", environment: environment)?.path else {
            return (nil, "objcopy is not on PATH (Debian's binutils package)")
        }
        guard let folder = LaunchBench.executableFolder() else {
            return (nil, "cannot read /proc/self/exe")
        }
        // A SwiftPM-shaped folder, so that the sample finds its modules beside itself.
        let staged = work.appendingPathComponent("instructions/.build/release", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: staged, withIntermediateDirectories: true)
            let names = [LaunchBench.demoName, LaunchBench.foundationName, LaunchBench.emptyName] + moduleNames
            for name in names {
                let source = folder.appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: source.path) else {
                    return (nil, "\(name) is not beside parra-bench; build it with `swift build -c release`")
                }
                try launch(objcopy, ["--strip-debug", source.path, staged.appendingPathComponent(name).path], in: work)
            }
            var firstFrame: [Double] = []
            var foundation: [Double] = []
            var empty: [Double] = []
            for index in 0..<runs {
                let out = work.appendingPathComponent("instructions/run-\(index)", isDirectory: true)
                firstFrame.append(
                    try count(
                        valgrind, staged.appendingPathComponent(LaunchBench.demoName), dumpBefore: firstDrawSymbol,
                        in: out))
                foundation.append(
                    try count(valgrind, staged.appendingPathComponent(LaunchBench.foundationName), in: out))
                empty.append(try count(valgrind, staged.appendingPathComponent(LaunchBench.emptyName), in: out))
            }
            return (
                InstructionFigures(
                    firstFrame: median(firstFrame), foundationProcess: median(foundation),
                    emptyProcess: median(empty), runs: runs), nil
            )
        } catch {
            return (nil, "\(error)")
        }
    }

    static let moduleNames = [
        "libParraLaunchScreen.so", "libParraLogger.so", "libParraPush.so", "libParraWhatsNew.so",
    ]

    /// Millions of instructions `executable` runs under callgrind, with a fresh HOME in `folder`:
    /// up to the first call of `dumpBefore` when given, else the whole run.
    private static func count(_ valgrind: String, _ executable: URL, dumpBefore: String? = nil, in folder: URL)
        throws -> Double
    {
        try? FileManager.default.removeItem(at: folder)
        let home = folder.appendingPathComponent("home", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let output = folder.appendingPathComponent("callgrind.out")
        var arguments = ["--tool=callgrind", "--callgrind-out-file=\(output.path)"]
        if let dumpBefore { arguments.append("--dump-before=\(dumpBefore)") }
        try launch(
            valgrind, arguments + [executable.path], in: folder,
            environment: ["HOME": home.path, "XDG_DATA_HOME": home.path])
        let file = dumpBefore == nil ? output : URL(fileURLWithPath: output.path + ".1")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("summary: ") }),
            let instructions = Double(line.dropFirst("summary: ".count))
        else {
            let hint =
                dumpBefore.map {
                    "; the sample never entered \($0), TerminalPlatform.draw(_:): if it was renamed, change firstDrawSymbol"
                } ?? ""
            throw BenchError("callgrind left no count for \(executable.lastPathComponent) in \(file.path)\(hint)")
        }
        return instructions / 1e6
    }

    /// Runs `path` with `arguments` (stdin /dev/null, output in files in `folder`) and waits;
    /// throws when it does not exit with 0.
    private static func launch(
        _ path: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]
    ) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["PARRA_PLUGIN_PATH"] = nil
        for (name, value) in environment { variables[name] = value }
        process.environment = variables
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let log = folder.appendingPathComponent("\(URL(fileURLWithPath: path).lastPathComponent).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)  // FileHandle says why if not
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchError("\(path) \(arguments.joined(separator: " ")) failed; see \(log.path)")
        }
    }
}
