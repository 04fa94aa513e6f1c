import Foundation
import ParraTestSupport
import Testing

/// The hostile corpus (Tests/Fixtures/CModule/fault_module.c): modules that crash, exit or hang
/// in each phase of their life, or hand the host a descriptor over bad memory. Each runs in the
/// sample twice. The first run may die, but never unexplained: it names the module and the
/// phase as it goes (or, for `_exit`, which runs nothing on the way out, the next start does).
/// The second run refuses the module, says why, and goes on.
@Suite("The hostile corpus")
struct HostileCorpusTests {
    /// How a faulty module ends the first run.
    enum Death: Sendable {
        /// Killed by the signal named.
        case signal(String)
        /// `exit(3)`: the exit handler names the module.
        case exit
        /// `_exit(4)`: nothing runs on the way out.
        case quickExit
        /// Never returns: the watchdog ends the app.
        case hang
        /// Reads memory that may or may not be mapped: either a SIGSEGV or a refusal.
        case segvOrRefusal
    }

    /// One module of the corpus.
    struct Fault: Sendable, CustomTestStringConvertible {
        let defines: [String]
        /// The phase the journal and the messages name.
        let phase: String
        let death: Death

        var testDescription: String { "\(defines.joined(separator: " ")) (\(phase))" }
    }

    /// The lifecycle phases, as the fixture's macro and as the host names them.
    static let phases = [
        ("FAULT_IN_CONSTRUCTOR", "dlopen"), ("FAULT_IN_ENTRY", "entry"), ("FAULT_IN_INIT", "init"),
        ("FAULT_IN_CONFIGURE", "configure"), ("FAULT_IN_ACTIVATE", "activate"),
        ("FAULT_IN_DEACTIVATE", "deactivate"), ("FAULT_IN_SHUTDOWN", "shutdown"),
    ]

    /// The calls into a module after its lifecycle, as the fixture's macro and as the host
    /// names them.
    static let calls = [
        ("FAULT_IN_HOOK", "hook application.didFinishLaunching"), ("FAULT_IN_TIMER", "timer"),
        ("FAULT_IN_SINK", "log sink"), ("FAULT_IN_CALLBACK", "presentation dismissed"),
        ("FAULT_IN_THREAD", "its own code (no host call)"),
    ]

    /// Every lifecycle phase with each way out.
    static let lifecycleFaults: [Fault] = phases.flatMap { macro, phase in
        [
            ("FAULT_SEGV", Death.signal("SIGSEGV")), ("FAULT_ABORT", .signal("SIGABRT")), ("FAULT_EXIT", .exit),
            ("FAULT_QUICK_EXIT", .quickExit), ("FAULT_HANG", .hang),
        ].map { kind, death in
            Fault(defines: ["FAULT_PHASE=\(macro)", "FAULT_KIND=\(kind)"], phase: phase, death: death)
        }
    }

    /// A hook, a timer, a log sink, a callback and a thread of the module's own that crash, abort
    /// or exit, and the first four (run on the main thread) hanging.
    static let callFaults: [Fault] =
        calls.flatMap { macro, call in
            [("FAULT_SEGV", Death.signal("SIGSEGV")), ("FAULT_ABORT", .signal("SIGABRT")), ("FAULT_EXIT", .exit)]
                .map { kind, death in
                    Fault(defines: ["FAULT_PHASE=\(macro)", "FAULT_KIND=\(kind)"], phase: call, death: death)
                }
        }
        + calls.filter { $0.0 != "FAULT_IN_THREAD" }.map { macro, call in
            Fault(defines: ["FAULT_PHASE=\(macro)", "FAULT_KIND=FAULT_HANG"], phase: call, death: .hang)
        }

    /// The lifecycle faults, two more crashes, the descriptor faults and the call faults: 60
    /// modules.
    static let corpus: [Fault] =
        lifecycleFaults + [
            Fault(
                defines: ["FAULT_PHASE=FAULT_IN_INIT", "FAULT_KIND=FAULT_STACK"], phase: "init",
                death: .signal("SIGSEGV")),
            Fault(
                defines: ["FAULT_PHASE=FAULT_IN_ACTIVATE", "FAULT_KIND=FAULT_DIVIDE"], phase: "activate",
                death: .signal("SIGFPE")),
            Fault(defines: ["FAULT_WILD_ID"], phase: "descriptor", death: .signal("SIGSEGV")),
            Fault(defines: ["FAULT_WILD_OPTIONS"], phase: "descriptor", death: .signal("SIGSEGV")),
            Fault(defines: ["FAULT_UNTERMINATED_NAME"], phase: "descriptor", death: .signal("SIGSEGV")),
            Fault(defines: ["FAULT_OPTION_OVERRUN"], phase: "descriptor", death: .segvOrRefusal),
        ] + callFaults

    static var faultSource: URL {
        CFixtureBuilder.sourceFile.deletingLastPathComponent().appendingPathComponent("fault_module.c")
    }

    /// The fault module built with `defines` as `libFault.so` in the workspace's `plugins`
    /// folder: the folder, and the module's path.
    static func faultModule(_ defines: [String], in workspace: CLIWorkspace) throws -> (plugins: URL, module: String) {
        let plugins = workspace.folder.appendingPathComponent("plugins")
        let module = try CFixtureBuilder.build("libFault.so", defines: defines, in: plugins, source: faultSource)
        return (plugins, module.path)
    }

    @Test(
        "a module that kills or hangs the app is named as it happens and quarantined the next time", arguments: corpus)
    func quarantined(_ fault: Fault) throws {
        let workspace = try CLIWorkspace()
        let (plugins, module) = try Self.faultModule(fault.defines, in: workspace)
        let environment = ["PARRA_PLUGIN_PATH": plugins.path]
        let first = try workspace.parra([], environment: environment, program: "ParraDemoApp", allowingSignals: true)
        let named = "parra: \(module) "
        switch fault.death {
        case .signal(let name):
            #expect(first.signal != nil, "\(first.transcript)")
            #expect(
                first.standardError.contains(
                    named + "crashed the process (\(name)) in \(fault.phase); it is quarantined"),
                "\(first.transcript)")
        case .exit:
            #expect(first.status == 3, "\(first.transcript)")
            #expect(
                first.standardError.contains(named + "ended the process (exit) in \(fault.phase)"),
                "\(first.transcript)")
        case .quickExit:
            #expect(first.status == 4, "\(first.transcript)")
        case .hang:
            #expect(first.status == 70, "\(first.transcript)")
            #expect(
                first.standardError.contains(named + "hung in \(fault.phase) for 5 s; ending the app (status 70)"),
                "\(first.transcript)")
        case .segvOrRefusal:
            if first.signal == nil {
                #expect(first.status == 0, "\(first.transcript)")
                #expect(first.transcript.contains("refused  \(module): "), "\(first.transcript)")
                return
            }
            #expect(
                first.standardError.contains(named + "crashed the process (SIGSEGV) in descriptor"),
                "\(first.transcript)")
        }
        let second = try workspace.parra([], environment: environment, program: "ParraDemoApp")
        #expect(second.status == 0, "\(second.transcript)")
        #expect(
            second.transcript.contains("an earlier run ended inside \(module) (\(fault.phase))"), "\(second.transcript)"
        )
        let what = if case .hang = fault.death { "it hung the app" } else { "it took the app down" }
        #expect(second.transcript.contains("quarantined: \(what) in \(fault.phase) on "), "\(second.transcript)")
    }

    @Test(
        "where the journal cannot be written, a module that takes the app down is named, and said not quarantined",
        arguments: [
            Fault(
                defines: ["FAULT_PHASE=FAULT_IN_INIT", "FAULT_KIND=FAULT_SEGV"], phase: "init",
                death: .signal("SIGSEGV")),
            Fault(defines: ["FAULT_PHASE=FAULT_IN_INIT", "FAULT_KIND=FAULT_HANG"], phase: "init", death: .hang),
        ])
    func unrecorded(_ fault: Fault) throws {
        let workspace = try CLIWorkspace()
        let (plugins, module) = try Self.faultModule(fault.defines, in: workspace)
        // The data home lies under a regular file: no folder can be made there, not even by root.
        let blocker = try workspace.file("blocker", contents: "")
        let environment = ["PARRA_PLUGIN_PATH": plugins.path, "XDG_DATA_HOME": blocker + "/data"]
        let run = try workspace.parra([], environment: environment, program: "ParraDemoApp", allowingSignals: true)
        #expect(
            run.standardError.contains("a module that takes the app down cannot be quarantined: its journal "),
            "\(run.transcript)")
        let outcome = "; it cannot be quarantined (its journal "
        switch fault.death {
        case .hang:
            #expect(run.status == 70, "\(run.transcript)")
            #expect(
                run.standardError.contains(
                    "parra: \(module) hung in init for 5 s; ending the app (status 70)\(outcome)"), "\(run.transcript)")
        default:
            #expect(run.signal != nil, "\(run.transcript)")
            #expect(
                run.standardError.contains("parra: \(module) crashed the process (SIGSEGV) in init\(outcome)"),
                "\(run.transcript)")
        }
        #expect(!run.standardError.contains("it is quarantined"), "\(run.transcript)")
    }

    @Test(
        "a command that crashes, aborts, exits or hangs when another module calls it names its own module, which the next start refuses",
        arguments: [
            ("FAULT_SEGV", Death.signal("SIGSEGV")), ("FAULT_ABORT", .signal("SIGABRT")), ("FAULT_EXIT", .exit),
            ("FAULT_HANG", .hang),
        ])
    func commandFault(_ kind: String, _ death: Death) throws {
        let workspace = try CLIWorkspace()
        let (plugins, module) = try Self.faultModule(
            ["FAULT_PHASE=FAULT_IN_COMMAND", "FAULT_KIND=\(kind)"], in: workspace)
        // A healthy module whose didFinishLaunching hook calls the fault module's command: the
        // fault is inside the command, within the caller's hook, and the command is named.
        _ = try CFixtureBuilder.build(
            "libCaller.so",
            defines: [
                "FIXTURE_CALL_COMMANDS", #"FIXTURE_CALL_PREFIX="com.example.fault""#,
                #"FIXTURE_ID="com.example.caller""#,
                #"FIXTURE_KEY_PREFIX="caller""#,
            ], in: plugins)
        let environment = ["PARRA_PLUGIN_PATH": plugins.path]
        let first = try workspace.parra([], environment: environment, program: "ParraDemoApp", allowingSignals: true)
        let named = "parra: \(module) "
        let command = "command com.example.fault.add"
        switch death {
        case .hang:
            #expect(first.status == 70, "\(first.transcript)")
            #expect(
                first.standardError.contains(
                    named + "hung in \(command) for 5 s; ending the app (status 70); it is quarantined"),
                "\(first.transcript)")
        case .exit:
            #expect(first.status == 3, "\(first.transcript)")
            #expect(
                first.standardError.contains(named + "ended the process (exit) in \(command); it is quarantined"),
                "\(first.transcript)")
        case .signal(let name):
            #expect(first.signal != nil, "\(first.transcript)")
            #expect(
                first.standardError.contains(
                    named + "crashed the process (\(name)) in \(command); it is quarantined"),
                "\(first.transcript)")
        case .quickExit, .segvOrRefusal:
            Issue.record("not a command fault this test makes")
        }
        let second = try workspace.parra([], environment: environment, program: "ParraDemoApp")
        #expect(second.status == 0, "\(second.transcript)")
        let what = if case .hang = death { "it hung the app" } else { "it took the app down" }
        #expect(second.transcript.contains("quarantined: \(what) in \(command) on "), "\(second.transcript)")
    }

    @Test("a module that holds the app's launch past its limit is named and quarantined, and the app ends")
    func heldLaunch() throws {
        let workspace = try CLIWorkspace()
        let (plugins, module) = try Self.faultModule(["FAULT_PHASE=FAULT_HOLD_LAUNCH"], in: workspace)
        let environment = ["PARRA_PLUGIN_PATH": plugins.path, "PARRA_LAUNCH_TIMEOUT": "2"]
        let first = try workspace.parra([], environment: environment, program: "ParraDemoApp")
        #expect(first.status == 70, "\(first.transcript)")
        #expect(
            first.transcript.contains(
                "\(module) held the app's launch for 2 s without completing it (state initial); ending the app (status 70); it is quarantined"
            ), "\(first.transcript)")
        let second = try workspace.parra([], environment: environment, program: "ParraDemoApp")
        #expect(second.status == 0, "\(second.transcript)")
        #expect(
            second.transcript.contains("quarantined: it held the app's launch past its limit on "),
            "\(second.transcript)")
    }

    @Test(
        "a module that hangs with a setting is quarantined with it: other settings try it again, the same ones refuse it"
    )
    func hangWithSettings() throws {
        let workspace = try CLIWorkspace()
        let (plugins, module) = try Self.faultModule(
            ["FAULT_PHASE=FAULT_IN_INIT", "FAULT_KIND=FAULT_HANG", "FAULT_WHEN_ENABLED"], in: workspace)
        let enabled = try workspace.file("enabled.json", contents: #"{"fault": {"enabled": true}}"#)
        let disabled = try workspace.file("disabled.json", contents: #"{"fault": {"enabled": false}}"#)
        func run(_ config: String) throws -> ParraResult {
            try workspace.parra(
                [], environment: ["PARRA_PLUGIN_PATH": plugins.path, "PARRA_CONFIG_FILE": config],
                program: "ParraDemoApp")
        }
        let hung = try run(enabled)
        #expect(hung.status == 70, "\(hung.transcript)")
        #expect(
            hung.standardError.contains(
                "parra: \(module) hung in init for 5 s; ending the app (status 70); it is quarantined while its settings (fault.enabled) stay as they are"
            ), "\(hung.transcript)")
        let refused = try run(enabled)
        #expect(refused.status == 0, "\(refused.transcript)")
        #expect(
            refused.transcript.contains(
                "quarantined: it hung the app in init on "),
            "\(refused.transcript)")
        #expect(refused.transcript.contains("with the settings it has now (fault.enabled); change them"))
        let retried = try run(disabled)
        #expect(retried.status == 0, "\(retried.transcript)")
        #expect(
            retried.transcript.contains(
                "with other settings (fault.enabled); it is tried again with these (fault.enabled)"),
            "\(retried.transcript)")
        #expect(!retried.transcript.contains("refused  \(module)"), "\(retried.transcript)")
        let again = try run(enabled)
        #expect(again.status == 0, "\(again.transcript)")
        #expect(again.transcript.contains("quarantined: it hung the app in init on "), "\(again.transcript)")
    }

    @Test("a thread of a module's own that never returns holds nothing of the app's: the run ends as usual")
    func threadHang() throws {
        let workspace = try CLIWorkspace()
        let (plugins, module) = try Self.faultModule(
            ["FAULT_PHASE=FAULT_IN_THREAD", "FAULT_KIND=FAULT_HANG"], in: workspace)
        let environment = ["PARRA_PLUGIN_PATH": plugins.path]
        for _ in 0..<2 {
            let run = try workspace.parra([], environment: environment, program: "ParraDemoApp")
            #expect(run.status == 0, "\(run.transcript)")
            #expect(run.transcript.contains("loaded   \(module)"), "\(run.transcript)")
            #expect(!run.transcript.contains("quarantined"), "\(run.transcript)")
        }
    }

    @Test("a thread of a module's own that crashes while the app exits never leaves status 0, and is named")
    func crashAtExit() throws {
        let workspace = try CLIWorkspace()
        let (plugins, module) = try Self.faultModule(
            ["FAULT_PHASE=FAULT_IN_THREAD_AT_EXIT", "FAULT_KIND=FAULT_SEGV"], in: workspace)
        let first = try workspace.parra(
            [], environment: ["PARRA_PLUGIN_PATH": plugins.path], program: "ParraDemoApp", allowingSignals: true)
        #expect(first.signal != nil || first.status != 0, "\(first.transcript)")
        #expect(
            first.standardError.contains(
                "parra: \(module) crashed the process (SIGSEGV) in its own code (no host call); it is quarantined"),
            "\(first.transcript)")
    }

    @Test("a hook blocked writing to a reader that stopped reading (a terminal paused with Ctrl-S) is not called hung")
    func blockedOnOutput() throws {
        let workspace = try CLIWorkspace()
        let (plugins, _) = try Self.faultModule(["FAULT_PHASE=FAULT_IN_HOOK", "FAULT_KIND=FAULT_FLOOD"], in: workspace)
        let app = Process()
        app.executableURL = BuildProducts.folder.appendingPathComponent("ParraDemoApp")
        app.environment = workspace.environment.merging(["PARRA_PLUGIN_PATH": plugins.path, "PATH": "/usr/bin:/bin"]) {
            _, added in added
        }
        app.currentDirectoryURL = workspace.folder
        let output = Pipe()
        let errors = Pipe()
        app.standardOutput = output
        app.standardError = errors
        app.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        app.terminationHandler = { _ in ended.signal() }
        try app.run()
        let errorText = ErrorCollector(errors.fileHandleForReading)
        // The hook's 4 MiB fill the pipe and block it. The app must outlive the watchdog's 5 s
        // limit and its look-again: an end before then is the failure, seen when it comes.
        #expect(
            ended.wait(timeout: .now() + 7.5) == .timedOut,
            "the app ended while its hook was held up by its reader: \(errorText.text)")
        _ = output.fileHandleForReading.readDataToEndOfFile()
        #expect(ended.wait(timeout: .now() + 30) == .success, "the app did not end once read")
        #expect(app.terminationStatus == 0, "\(errorText.text)")
        #expect(!errorText.text.contains("hung in"), "\(errorText.text)")
        let list = workspace.dataFolder().appendingPathComponent("quarantined-modules.json")
        #expect(!FileManager.default.fileExists(atPath: list.path))
    }
}

/// Everything a child writes to a pipe, read on a thread of its own.
private final class ErrorCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                lock.withLock { data.append(chunk) }
            }
        }
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
