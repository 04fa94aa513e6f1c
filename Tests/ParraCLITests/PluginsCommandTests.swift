import Foundation
import ParraTestSupport
import Testing

@Suite("parra plugins")
struct PluginsCommandTests {
    @Test("list shows a loaded module and a refused one with its reason, and exits 1")
    func listGoodAndRefused() throws {
        let workspace = try CLIWorkspace()
        let good = try workspace.module("good.so")
        let bad = try workspace.module("bad.so", defines: ["FIXTURE_ABI_MAJOR=9"])
        let result = try workspace.parra("plugins", "list", "--plugin-path", good, "--plugin-path", bad)
        #expect(result.status == 1, "\(result.transcript)")
        let lines = result.outputLines
        #expect(lines.contains("  \(good) (given by the app)"), "\(result.transcript)")
        #expect(lines.contains("loaded \(good)"), "\(result.transcript)")
        #expect(lines.contains("refused \(bad)"), "\(result.transcript)")
        #expect(lines.contains { $0.hasPrefix("  module") && $0.hasSuffix("com.example.cfixture") })
        #expect(lines.contains { $0.hasPrefix("  options") && $0.contains("cfixture.greeting") })
        #expect(lines.contains { $0.hasPrefix("  phase") && $0.hasSuffix("validate") })
        #expect(
            lines.contains { $0.hasPrefix("  reason") && $0.contains("built for ABI 9.") },
            "\(result.transcript)")
    }

    @Test("list exits 0 when nothing is refused")
    func listAllLoaded() throws {
        let workspace = try CLIWorkspace()
        let good = try workspace.module("good.so")
        let result = try workspace.parra("plugins", "list", "--plugin-path", good)
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.outputLines.contains("loaded \(good)"), "\(result.transcript)")
    }

    @Test("list --json prints only JSON, with the searched locations and every module")
    func listJSON() throws {
        let workspace = try CLIWorkspace()
        let good = try workspace.module("good.so")
        let bad = try workspace.module("bad.so", defines: ["FIXTURE_NO_ENTRY"])
        let result = try workspace.parra("plugins", "list", "--json", "--plugin-path", good, "--plugin-path", bad)
        #expect(result.status == 1, "\(result.transcript)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let searched = try #require(json["searched"] as? [[String: Any]])
        #expect(searched.contains { $0["path"] as? String == good && $0["origin"] as? String == "given by the app" })
        let modules = try #require(json["modules"] as? [[String: Any]])
        let loaded = try #require(modules.first { $0["file"] as? String == good })
        #expect(loaded["outcome"] as? String == "loaded")
        #expect(loaded["moduleID"] as? String == "com.example.cfixture")
        #expect((loaded["optionKeys"] as? [String])?.contains("cfixture.count") == true)
        let refused = try #require(modules.first { $0["file"] as? String == bad })
        #expect(refused["outcome"] as? String == "refused")
        #expect(refused["phase"] as? String == "entry")
        #expect((refused["reason"] as? String)?.contains("no entry symbol") == true)
    }

    @Test("inspect shows identity, option keys, hooks, extension points and commands")
    func inspectText() throws {
        let workspace = try CLIWorkspace()
        let file = try workspace.module("good.so", defines: ["FIXTURE_ORDER=7"])
        let result = try workspace.parra("plugins", "inspect", file)
        #expect(result.status == 0, "\(result.transcript)")
        let lines = result.outputLines
        #expect(lines.first == "File: \(file)")
        #expect(lines.contains("  id           com.example.cfixture"), "\(result.transcript)")
        #expect(lines.contains("  license      MIT"))
        #expect(lines.contains("  starts       at launch"))
        #expect(lines.contains("Options (7)"))
        let greeting = try #require(lines.firstIndex(of: "  cfixture.greeting"), "\(result.transcript)")
        #expect(
            Array(lines[greeting + 1...greeting + 4]) == [
                "    type         string",
                "    default      \"hello\"",
                "    environment  PARRA_CFIXTURE_GREETING",
                "    doc          What the fixture greets with.",
            ])
        #expect(lines.contains("    allowed      \"fast\", \"slow\""))
        let launch = try #require(lines.firstIndex(of: "  application.didFinishLaunching"), "\(result.transcript)")
        #expect(Array(lines[launch + 1...launch + 2]) == ["    signature  bool(ptr,str)", "    order      7"])
        #expect(lines.contains("  com.example.cfixture.didGreet"))
        #expect(lines.contains("    combine    none"))
        #expect(lines.contains("Commands (4)"))
        let echo = try #require(lines.firstIndex(of: "  com.example.cfixture.echo"), "\(result.transcript)")
        #expect(
            Array(lines[echo + 1...echo + 4]) == [
                "    signature  void(ptr,str,ptr)", "    kind       later", "    thread     main",
                #"    doc        Answers {"echo": text} on the next main-thread turn."#,
            ])
    }

    @Test("inspect says when a module that can wait starts: when first needed, or at launch when it takes app logs")
    func inspectStarts() throws {
        let workspace = try CLIWorkspace()
        let waits = try workspace.module("waits.so", defines: ["FIXTURE_CAN_WAIT"])
        let sink = try workspace.module("sink.so", defines: ["FIXTURE_CAN_WAIT", "FIXTURE_LOG_SINK"])
        let waiting = try workspace.parra("plugins", "inspect", waits)
        #expect(waiting.outputLines.contains("  starts       when first needed"), "\(waiting.transcript)")
        let logging = try workspace.parra("plugins", "inspect", sink)
        #expect(
            logging.outputLines.contains("  starts       at launch (it can wait, but takes app logs)"),
            "\(logging.transcript)")
    }

    @Test("inspect names the reason a file is refused and exits 1")
    func inspectRefused() throws {
        let workspace = try CLIWorkspace()
        let good = try workspace.module("good.so")
        let bad = try workspace.module("bad.so", defines: ["FIXTURE_NO_ENTRY"])
        let result = try workspace.parra("plugins", "inspect", good, bad)
        #expect(result.status == 1, "\(result.transcript)")
        let lines = result.outputLines
        let badHeader = try #require(lines.firstIndex(of: "File: \(bad)"), "\(result.transcript)")
        #expect(lines[badHeader + 1] == "  refused [entry] no entry symbol 'parra_module_entry'")
        #expect(lines.contains("  id           com.example.cfixture"))
    }

    @Test("inspect --json has each file's declaration")
    func inspectJSON() throws {
        let workspace = try CLIWorkspace()
        let file = try workspace.module("good.so")
        let result = try workspace.parra("plugins", "inspect", "--json", file)
        #expect(result.status == 0, "\(result.transcript)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.count == 1)
        let module = try #require(files.first?["module"] as? [String: Any])
        #expect(module["id"] as? String == "com.example.cfixture")
        let options = try #require(module["options"] as? [[String: Any]])
        let count = try #require(options.first { $0["key"] as? String == "cfixture.count" })
        #expect(count["type"] as? String == "integer")
        #expect(count["default"] as? Int == 3)
        let hooks = try #require(module["hooks"] as? [[String: Any]])
        #expect(
            hooks.contains {
                $0["point"] as? String == "application.willTerminate" && $0["signature"] as? String == "void(ptr)"
            })
        let commands = try #require(module["commands"] as? [[String: Any]])
        #expect(
            commands.map { "\($0["id"] ?? "") \($0["kind"] ?? "") \($0["thread"] ?? "")" } == [
                "com.example.cfixture.add immediate any", "com.example.cfixture.count immediate main",
                "com.example.cfixture.slow immediate any", "com.example.cfixture.echo later main",
            ])
    }
}

@Suite("parra plugins reset")
struct PluginsResetTests {
    @Test("an app that keeps its storage elsewhere is told to reset with --storage, which releases the module")
    func customStorage() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("crashed.so")
        let storage = workspace.folder.appendingPathComponent("custom-storage")
        try FileManager.default.createDirectory(at: storage, withIntermediateDirectories: true)
        // The journal a process that is gone left inside the module's init.
        var info = stat()
        #expect(stat(module, &info) == 0)
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let line = "\(module)\tinit\t1700000000\t\(info.st_dev)\t\(info.st_ino)\t\(info.st_size)\t\(modified)"
        let deadPID = 4_194_303
        try #require(kill(pid_t(deadPID), 0) != 0 && errno == ESRCH)
        try line.write(
            to: storage.appendingPathComponent("module-journal.\(deadPID)"), atomically: true, encoding: .utf8)

        let host = try TestHost(paths: [module], storage: storage)
        let report = host.runtime.start()
        host.runtime.stop()
        let refusal = try #require(report.refused.first?.reason)
        #expect(refusal.contains("run `parra plugins reset --storage \(storage.path)` to try it again"), "\(refusal)")
        let reset = try workspace.parra("plugins", "reset", "--storage", storage.path)
        #expect(reset.status == 0 && reset.standardOutput.contains("released \(module)"), "\(reset.transcript)")
        let both = try workspace.parra("plugins", "reset", "--app", "a", "--storage", storage.path)
        #expect(both.status == 2, "\(both.transcript)")
    }
}
