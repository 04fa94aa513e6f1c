import CParraPlugin
import Foundation
import ParraTestSupport
import Testing

/// The ABI this host and the modules built beside it speak, as the load report writes it.
private let hostABI = "\(PARRA_ABI_VERSION_MAJOR).\(PARRA_ABI_VERSION_MINOR)"

@Suite("The sample's launch screen")
struct SampleLaunchTests {
    @Test("without a terminal the sample shows the launch screen, its states, then the windows, and exits 0")
    func launches() throws {
        let workspace = try CLIWorkspace()
        let app = try workspace.parra([], program: "ParraDemoApp")
        #expect(app.status == 0, "\(app.transcript)")
        let lines = app.outputLines
        let splash = try #require(
            lines.firstIndex(of: "[launchScreen] default, colour primary, image ParraLogo, navigation bar"),
            "\(app.transcript)")
        #expect(lines.contains { $0.contains("|  __/ (_| | |  | | | (_| |") })
        let complete = try #require(lines.firstIndex(of: "parra: launch: complete (com.parra.launchScreen)"))
        let window = try #require(lines.firstIndex { $0.hasPrefix("== window window-1 ") })
        #expect(splash < complete && complete < window)
    }

    @Test("a session that ends cleanly leaves no module journal in the data folder")
    func noJournalAfterACleanExit() throws {
        let workspace = try CLIWorkspace()
        let app = try workspace.parra([], program: "ParraDemoApp")
        #expect(app.status == 0, "\(app.transcript)")
        let names = try FileManager.default.contentsOfDirectory(atPath: workspace.dataFolder().path)
        #expect(names.contains("module-registry"), "the run kept its data here: \(names)")
        #expect(!names.contains { $0.hasPrefix("module-journal.") }, "\(names)")
    }

    @Test("a production run uploads its session to the offline backend's outbox in the data folder")
    func outboxInDataFolder() throws {
        let workspace = try CLIWorkspace()
        let app = try workspace.parra([], environment: ["PARRA_ENVIRONMENT": "production"], program: "ParraDemoApp")
        #expect(app.status == 0, "\(app.transcript)")
        let sessions = workspace.dataFolder().appendingPathComponent("local-backend-outbox/sessions.jsonl")
        let text = try String(contentsOf: sessions, encoding: .utf8)
        #expect(text.contains("custom launch setup ran after the modules' hooks"))
    }

    @Test("a launch that cannot complete does not keep the process up: the session ends with status 1")
    func failedLaunchExits() throws {
        let server = try LoopbackHTTPServer(script: [.json(status: 404, "{}")])
        defer { server.stop() }
        let workspace = try CLIWorkspace()
        let app = try workspace.parra(
            [], environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString], program: "ParraDemoApp")
        #expect(app.status == 1, "\(app.transcript)")
        #expect(app.standardOutput.contains("[launchScreen] Failed to perform actions necessary to launch app."))
        #expect(app.standardOutput.contains("parra: the launch never completed"))
        #expect(!app.outputLines.contains { $0.hasPrefix("== window ") })
    }

    @Test(
        "on the local backend the sample never loads corelibs Foundation, the HTTP transport or libcurl; for a server it does; without a session bus it never loads libdbus, nor libcrypto until a push needs it"
    )
    func networkingOnlyForAServer() throws {
        let workspace = try CLIWorkspace()
        // No session bus, whatever the machine has: an empty address and a runtime folder without one.
        var transcript = ""
        let local = try loadedObjects(
            in: workspace, trace: "local",
            environment: ["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": workspace.folder.path],
            transcript: &transcript)
        #expect(local.contains { $0.hasSuffix("libFoundationEssentials.so") }, "the trace names no library: \(local)")
        #expect(
            !local.contains { $0.hasSuffix("/libFoundation.so") || $0.contains("libFoundationInternationalization") },
            "an app that does not import Foundation never loads corelibs Foundation: \(local)")
        #expect(!local.contains { $0.contains("libcurl") || $0.contains("libparra-http") }, "\(local)")
        #expect(local.contains { $0.hasSuffix("libParraPush.so") })
        #expect(!local.contains { $0.contains("libdbus-1") || $0.contains("libparra-push-dbus") }, "\(local)")
        #expect(!local.contains { $0.contains("libcrypto") || $0.contains("libparra-webpush") }, "\(local)")
        let server = try LoopbackHTTPServer(script: [.json(status: 404, "{}")])
        defer { server.stop() }
        let remote = try loadedObjects(
            in: workspace, trace: "remote", environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString],
            transcript: &transcript)
        #expect(remote.contains { $0.hasSuffix("libparra-http.so") }, "\(remote)")
        #expect(remote.contains { $0.contains("libcurl.so") }, "\(remote)")
        #expect(!remote.contains { $0.contains("libFoundationNetworking") }, "\(remote)")
    }

    @Test(
        "a module that can wait is opened by the first launch only; later ones take it from the registry until its file changes"
    )
    func waitingModuleFromTheRegistry() throws {
        let workspace = try CLIWorkspace()
        let plugins = workspace.folder.appendingPathComponent("plugins")
        let module = try CFixtureBuilder.build(
            "waiter.so",
            defines: [
                "FIXTURE_ID=\"com.example.waiter\"", "FIXTURE_KEY_PREFIX=\"waiter\"", "FIXTURE_CAN_WAIT",
                "FIXTURE_NO_HOOKS",
            ], in: plugins)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: plugins.path)
        let environment = ["PARRA_PLUGIN_PATH": plugins.path]
        var transcript = ""
        let first = try loadedObjects(in: workspace, trace: "first", environment: environment, transcript: &transcript)
        #expect(first.contains(module.path), "\(first)")
        #expect(
            transcript.contains("com.example.waiter 1.0.0 [ABI \(hostABI)] (waits until first needed)"), "\(transcript)"
        )
        let second = try loadedObjects(
            in: workspace, trace: "second", environment: environment, transcript: &transcript)
        #expect(second.contains { $0.hasSuffix("libParraLogger.so") }, "the trace names the modules: \(second)")
        #expect(!second.contains(module.path), "the registry described it: \(second)")
        #expect(
            transcript.contains(
                "com.example.waiter 1.0.0 [ABI \(hostABI)] (waits until first needed; described by the registry)"),
            "\(transcript)")
        // Rebuilt (a new modification time): read again.
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, module.path, &times, 0) == 0)
        let third = try loadedObjects(in: workspace, trace: "third", environment: environment, transcript: &transcript)
        #expect(third.contains(module.path), "\(third)")
    }

    /// The shared objects a run of the sample loaded, as the dynamic linker's `LD_DEBUG=files`
    /// trace (written to `trace.<pid>` in the workspace) names them; `transcript` gets what the
    /// run printed.
    private func loadedObjects(
        in workspace: CLIWorkspace, trace: String, environment: [String: String], transcript: inout String
    ) throws -> [String] {
        let prefix = workspace.folder.appendingPathComponent(trace).path
        let run = try workspace.parra(
            [], environment: environment.merging(["LD_DEBUG": "files", "LD_DEBUG_OUTPUT": prefix]) { $1 },
            program: "ParraDemoApp")
        transcript = run.transcript
        var objects: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path)
        where name.hasPrefix(trace + ".") {
            let text = try String(contentsOf: workspace.folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("file=") && line.contains("generating link map")
            {
                guard let start = line.range(of: "file=")?.upperBound else { continue }
                objects.append(String(line[start...].prefix { $0 != " " && $0 != "[" }))
            }
        }
        return objects
    }

    @Test("a server that never answers: the launch retried on return to the foreground does not hold the exit")
    func retryAtTerminate() throws {
        let server = try LoopbackHTTPServer(handler: { _ in .silent })
        defer { server.stop() }
        let workspace = try CLIWorkspace()
        let app = try workspace.parra(
            [], environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString], program: "ParraDemoApp")
        #expect(app.status == 1, "\(app.transcript)")
        #expect(app.transcript.contains("retrying the launch: the app entered the foreground"))
        #expect(app.transcript.contains("parra: event: terminate"))
        #expect(!app.transcript.contains("did not settle"), "the exit waited for a launch nobody runs any more")
    }
}

/// The sample started with its output on a pipe the test reads as it comes.
private struct RunningSample {
    let process = Process()
    let output = Pipe()
    let errors = Pipe()
    /// What the sample reads as typed commands, with `onTerminal`.
    let input = Pipe()

    /// The sample started in `workspace`; `onTerminal` runs it on a pseudo-terminal of its own
    /// (util-linux's `script`), so it stays up for commands written to `input`, as on a
    /// user's terminal.
    init(in workspace: CLIWorkspace, environment: [String: String] = [:], onTerminal: Bool = false) throws {
        // A child inherits ignored signals, and this test process may ignore some (an app run
        // in it does): `env` gives the sample the default dispositions a shell would.
        let sample = BuildProducts.folder.appendingPathComponent("ParraDemoApp").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["--default-signal=PIPE,TERM,INT"] + (onTerminal ? ["script", "-qfec", sample, "/dev/null"] : [sample])
        process.currentDirectoryURL = workspace.folder
        process.environment = workspace.environment.merging(environment) { _, given in given }
            .merging(["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]) { own, _ in own }
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = onTerminal ? input : FileHandle.nullDevice
        try process.run()
    }

    /// Reads standard output up to and including the first line that contains `text` (or to
    /// its end) and returns what it read; throws if that takes longer than `seconds`.
    func read(through text: String, within seconds: Double = 60) throws -> String {
        try ChildProcess.read(output.fileHandleForReading, through: text, within: seconds)
    }

    /// Waits for the end and returns standard error.
    func finish() -> String {
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }
}

@Suite("parra desktop-entry")
struct DesktopEntryTests {
    @Test("the sample's recorded items become Desktop Entry actions, and an action starts the app through its item")
    func sampleActions() throws {
        let workspace = try CLIWorkspace()
        let first = try workspace.parra([], program: "ParraDemoApp")
        #expect(first.status == 0, "\(first.transcript)")
        let output = workspace.folder.appendingPathComponent("demo.desktop")
        let written = try workspace.parra("desktop-entry", "--app", "com.parra.demo", "--output", output.path)
        #expect(written.status == 0 && written.standardOutput.contains("1 action(s)"), "\(written.transcript)")
        let text = try String(contentsOf: output, encoding: .utf8)
        let executable = BuildProducts.folder.appendingPathComponent("ParraDemoApp").path
        #expect(text.hasPrefix("[Desktop Entry]\nType=Application\nVersion=1.5\nName=ParraDemoApp\n"), "\(text)")
        #expect(text.contains("Actions=parra-launch-shortcut-feedback;\n"), "\(text)")
        #expect(text.contains("[Desktop Action parra-launch-shortcut-feedback]\nName=Something wrong?\n"), "\(text)")
        let exec = "\(executable) --parra-shortcut parra-launch-shortcut-feedback"
        #expect(text.contains("Exec=\(exec)\n"), "\(text)")
        let launched = try workspace.parra(
            ["--parra-shortcut", "parra-launch-shortcut-feedback"], program: "ParraDemoApp")
        #expect(launched.status == 0, "\(launched.transcript)")
        #expect(
            launched.standardOutput.contains(
                "shortcut parra-launch-shortcut-feedback: Parra's feedback form cannot open"))
    }

    @Test("names, paths and types are escaped as the specification says; an app that never ran is an error")
    func escaping() throws {
        let workspace = try CLIWorkspace()
        let missing = try workspace.parra("desktop-entry", "--app", "com.example.never")
        #expect(
            missing.status == 1 && missing.standardError.contains("run the app once first"), "\(missing.transcript)")
        let storage = URL(fileURLWithPath: workspace.environment["XDG_DATA_HOME"]!).appendingPathComponent(
            "parra/com.example.odd")
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        let record = #"""
            {"executable": "/opt/My App/run$1", "name": "Odd\nApp", "items": [
              {"type": "a b", "title": "50% off", "icon": "x"}, {"type": "a.b", "title": "T"}]}
            """#
        try record.write(to: storage.appendingPathComponent("launch-shortcuts.json"), atomically: true, encoding: .utf8)
        let written = try workspace.parra("desktop-entry", "--app", "com.example.odd")
        #expect(written.status == 0, "\(written.transcript)")
        let file = URL(fileURLWithPath: workspace.environment["XDG_DATA_HOME"]!).appendingPathComponent(
            "applications/com.example.odd.desktop")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.contains("Name=Odd\\nApp"))
        #expect(lines.contains(#"Exec="/opt/My App/run\\$1""#), "\(lines)")
        #expect(lines.contains("Actions=a-b;a-b-2;"), "\(lines)")
        #expect(lines.contains("Name=50% off") && lines.contains("Icon=x"))
        #expect(lines.contains(#"Exec="/opt/My App/run\\$1" --parra-shortcut "a b""#), "\(lines)")
    }
}

@Suite("The sample's process")
struct SampleProcessTests {
    @Test("parra push send delivers to the running sample, which shows it in the foreground")
    func pushToRunningSample() throws {
        let workspace = try CLIWorkspace()
        let runtime = workspace.folder.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        let environment = ["XDG_RUNTIME_DIR": runtime.path]
        // The user allowed notifications earlier (the module keeps the answer in its storage).
        let kept = workspace.dataFolder().appendingPathComponent("modules/com.parra.push")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        try "authorized".write(
            to: kept.appendingPathComponent("parra_push_authorization"), atomically: true, encoding: .utf8)
        let sample = try RunningSample(in: workspace, environment: environment, onTerminal: true)
        var transcript = try sample.read(through: "local delivery: parra push send --bundle com.parra.demo")
        transcript += try sample.read(through: "Hello from Parra for Linux")
        let payload = try workspace.file(
            "push.json", contents: #"{"aps":{"alert":{"title":"Hello","body":"From the test"}}}"#)
        let sent = try workspace.parra(
            ["push", "send", "--bundle", "com.parra.demo", payload], environment: environment)
        #expect(sent.status == 0 && sent.standardOutput.contains("com.parra.demo: ok: delivered"), "\(sent.transcript)")
        transcript += try sample.read(through: "[toast] Hello")
        #expect(try sample.read(through: "\n").contains("From the test"), "the toast's body follows its title")
        try sample.input.fileHandleForWriting.write(contentsOf: Data("q\n".utf8))
        let errors = sample.finish()
        #expect(sample.process.terminationStatus == 0, "\(transcript)\(errors)")
    }

    @Test("`ParraDemoApp | head -1`: the app outlives its closed stdout and ends its session normally")
    func closedStandardOutput() throws {
        let sample = try RunningSample(in: try CLIWorkspace())
        #expect(!(try sample.read(through: "\n")).isEmpty)
        try sample.output.fileHandleForReading.close()
        let errors = sample.finish()
        #expect(
            sample.process.terminationReason == .exit, "killed by signal \(sample.process.terminationStatus): \(errors)"
        )
        #expect(sample.process.terminationStatus == 0, "\(errors)")
    }

    @Test(
        "a module that crashes or exits in init takes the app down once: the next run refuses it and goes on",
        arguments: [("FAULT_SEGV", "crashed"), ("FAULT_EXIT", "exited")])
    func quarantine(kind: String, how: String) throws {
        let workspace = try CLIWorkspace()
        let plugins = workspace.folder.appendingPathComponent("plugins")
        let source = HostileCorpusTests.faultSource
        let module = try CFixtureBuilder.build(
            "libBad.so", defines: ["FAULT_PHASE=FAULT_IN_INIT", "FAULT_KIND=\(kind)"], in: plugins, source: source
        ).path
        let environment = ["PARRA_PLUGIN_PATH": plugins.path]
        // A run that dies (of SIGSEGV, or exit 3) runs as a plain child process.
        func dyingRun() throws -> (status: Int32, output: String) {
            try ChildProcess.run(
                BuildProducts.folder.appendingPathComponent("ParraDemoApp").path, [], in: workspace.folder,
                environment: workspace.environment.merging(environment) { _, given in given })
        }
        let first = try dyingRun()
        #expect(first.status != 0, "\(first.output)")
        if how == "exited" {
            #expect(first.output.contains("parra: \(module) ended the process (exit) in init; it is quarantined"))
        }
        let second = try workspace.parra([], environment: environment, program: "ParraDemoApp")
        #expect(second.status == 0, "\(second.transcript)")
        #expect(second.transcript.contains("an earlier run ended inside \(module) (init)"))
        #expect(second.transcript.contains("quarantined: it took the app down in init on "))
        let third = try workspace.parra([], environment: environment, program: "ParraDemoApp")
        #expect(third.transcript.contains("quarantined: it took the app down in init on "), "it stays quarantined")
        #expect(!third.transcript.contains("an earlier run ended inside"))
        let reset = try workspace.parra("plugins", "reset", "--app", "com.parra.demo")
        #expect(reset.status == 0 && reset.standardOutput.contains("released \(module)"), "\(reset.transcript)")
        let again = try dyingRun()
        #expect(again.status != 0, "after the reset the module is tried, and takes the app down again")
        // Fixed and rebuilt (a new file): loaded at once, though the crash came from the old one.
        _ = try CFixtureBuilder.build("libBad.so", in: plugins, source: source)
        let fixed = try workspace.parra([], environment: environment, program: "ParraDemoApp")
        #expect(fixed.status == 0, "\(fixed.transcript)")
        #expect(fixed.standardOutput.contains("loaded   \(module)"), "\(fixed.transcript)")
    }

    @Test("two interrupts while a module hangs in deactivate end the app at once, without blaming the module")
    func interruptedHungDeactivate() throws {
        let workspace = try CLIWorkspace()
        let plugins = workspace.folder.appendingPathComponent("plugins")
        _ = try CFixtureBuilder.build(
            "libHang.so", defines: ["FAULT_PHASE=FAULT_IN_DEACTIVATE", "FAULT_KIND=FAULT_HANG"], in: plugins,
            source: HostileCorpusTests.faultSource)
        let sample = try RunningSample(in: workspace, environment: ["PARRA_PLUGIN_PATH": plugins.path])
        var transcript = try sample.read(through: "parra: event: terminate")
        #expect(kill(sample.process.processIdentifier, SIGINT) == 0)
        // A second signal sent before the first is taken would merge with it.
        transcript += try sample.read(through: "SIGINT: ending the session")
        #expect(kill(sample.process.processIdentifier, SIGINT) == 0)
        let errors = sample.finish()
        #expect(sample.process.terminationReason == .exit, "\(transcript)\(errors)")
        #expect(sample.process.terminationStatus == 130, "not the watchdog's 70: \(transcript)\(errors)")
        let storage = workspace.dataFolder()
        let names = try FileManager.default.contentsOfDirectory(atPath: storage.path)
        #expect(!names.contains("quarantined-modules.json"))
        for journal in names where journal.hasPrefix("module-journal.") {
            let text = try String(contentsOf: storage.appendingPathComponent(journal), encoding: .utf8)
            #expect(text.isEmpty, "the interrupted call is not held against the module: \(text)")
        }
    }

    @Test("SIGTERM while the session waits for the launch ends it through terminate, not by the signal")
    func terminatedDuringLaunch() throws {
        let server = try LoopbackHTTPServer(handler: { _ in .silent })
        defer { server.stop() }
        let sample = try RunningSample(
            in: try CLIWorkspace(), environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString])
        let before = try sample.read(through: "parra: launch: initial")
        #expect(kill(sample.process.processIdentifier, SIGTERM) == 0)
        let after = try sample.read(through: "exiting with status")
        let beforeTerminate = after.components(separatedBy: "parra: event: terminate").first ?? after
        #expect(!beforeTerminate.contains("launch: failed"), "the launch was still waiting: \(before)\(after)")
        let errors = sample.finish()
        #expect(sample.process.terminationReason == .exit, "killed by the signal: \(before)\(after)\(errors)")
        #expect(sample.process.terminationStatus == 1)
        #expect(after.contains("parra: event: terminate") && after.contains("the launch never completed"))
    }
}

@Suite("The sample's What's New")
struct SampleWhatsNewTests {
    @Test("run as 1.1.0, then as 1.2.0 (an update): the second run shows What's New from the offline backend")
    func update() throws {
        let workspace = try CLIWorkspace()
        let older = try workspace.parra(
            [], environment: ["SAMPLE_BUNDLE_VERSION": "1.1.0", "PARRA_ENVIRONMENT": "beta"], program: "ParraDemoApp")
        #expect(older.status == 0, "\(older.transcript)")
        #expect(!older.standardOutput.contains("[modal] What's new"))
        let updated = try workspace.parra([], environment: ["PARRA_ENVIRONMENT": "beta"], program: "ParraDemoApp")
        #expect(updated.status == 0, "\(updated.transcript)")
        let lines = updated.outputLines
        let modal = try #require(lines.firstIndex(of: "[modal] What's new"), "\(updated.transcript)")
        let window = try #require(lines.firstIndex { $0.hasPrefix("== window window-1 ") })
        #expect(window < modal)
        #expect(lines.contains("Spring refresh (version 1.2.0)"))
        #expect(lines.contains("  - Offline mode: The app starts and works without a network connection."))
        #expect(lines.contains("c: changelog  d: close"))
    }
}
