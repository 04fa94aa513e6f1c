import Foundation
import ParraTestSupport
import Testing

@Suite("parra plugins install and remove")
struct PluginsInstallTests {
    /// A C module made by `parra new module --c` and its build script: `libGreeter.so`.
    private func greeter(in workspace: CLIWorkspace) throws -> String {
        #expect(try workspace.parra("new", "module", "Greeter", "--c", "--dir", workspace.folder.path).status == 0)
        let folder = workspace.folder.appendingPathComponent("Greeter")
        let build = try ChildProcess.run("/bin/sh", ["build.sh"], in: folder)
        #expect(build.status == 0, "\(build.output)")
        return folder.appendingPathComponent("libGreeter.so").path
    }

    private func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test("a module installed for an app is loaded by that app, with the trust check's modes; remove undoes it")
    func installThenRemove() throws {
        let workspace = try CLIWorkspace()
        let module = try greeter(in: workspace)
        let installed = try workspace.parra("plugins", "install", module, "--app", "com.parra.demo")
        #expect(installed.status == 0, "\(installed.transcript)")
        let folder = workspace.dataFolder().appendingPathComponent("plugins").path
        let file = folder + "/libGreeter.so"
        #expect(installed.standardOutput.contains("installed \(file): com.example.greeter 0.1.0"))
        #expect(try mode(file) == 0o644 && mode(folder) == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["libGreeter.so"])

        let run = try workspace.parra([], program: "ParraDemoApp")
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.standardOutput.contains("loaded   \(file): com.example.greeter"), "\(run.transcript)")
        #expect(run.transcript.contains("Hello from Greeter"), "\(run.transcript)")

        let removed = try workspace.parra("plugins", "remove", "com.example.greeter", "--app", "com.parra.demo")
        #expect(removed.status == 0, "\(removed.transcript)")
        #expect(!FileManager.default.fileExists(atPath: file))
        let after = try workspace.parra([], program: "ParraDemoApp")
        #expect(!after.transcript.contains("com.example.greeter"), "\(after.transcript)")
        let again = try workspace.parra("plugins", "remove", "com.example.greeter", "--app", "com.parra.demo")
        #expect(
            again.status == 1
                && again.standardError.contains("no module file in \(folder) provides com.example.greeter"))
    }

    @Test("a module that crashes in its constructor is refused with the reason and leaves nothing behind")
    func crashingConstructor() throws {
        let workspace = try CLIWorkspace()
        let module = try CFixtureBuilder.build(
            "libFault.so", defines: ["FAULT_PHASE=FAULT_IN_CONSTRUCTOR", "FAULT_KIND=FAULT_SEGV"], in: workspace.folder,
            source: HostileCorpusTests.faultSource
        ).path
        let refused = try workspace.parra("plugins", "install", module)
        #expect(refused.status == 1, "\(refused.transcript)")
        #expect(
            refused.standardError.contains("refused \(module): [open] crashed the process (SIGSEGV) in dlopen"),
            "\(refused.transcript)")
        #expect(refused.standardError.contains("not installed"))
        let folder = workspace.environment["XDG_DATA_HOME"]! + "/parra/plugins"
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test("a second file with an installed module's id is refused, naming the first; the same name replaces it")
    func sameID() throws {
        let workspace = try CLIWorkspace()
        let module = try greeter(in: workspace)
        #expect(try workspace.parra("plugins", "install", module).status == 0)
        #expect(try workspace.parra("plugins", "install", module).status == 0, "the same file name is replaced")
        let copy = workspace.folder.appendingPathComponent("libGreeterCopy.so").path
        try FileManager.default.copyItem(atPath: module, toPath: copy)
        let refused = try workspace.parra("plugins", "install", copy)
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("already holds com.example.greeter in libGreeter.so"),
            "\(refused.transcript)")
    }

    @Test("a module the host now refuses cannot be named by its id, and is removed by its file name")
    func removeRefused() throws {
        let workspace = try CLIWorkspace()
        #expect(try workspace.parra("plugins", "install", try greeter(in: workspace)).status == 0)
        let file = workspace.environment["XDG_DATA_HOME"]! + "/parra/plugins/libGreeter.so"
        #expect(chmod(file, 0o666) == 0)
        let byID = try workspace.parra("plugins", "remove", "com.example.greeter")
        #expect(byID.status == 1 && byID.standardError.contains("provides com.example.greeter"), "\(byID.transcript)")
        let byName = try workspace.parra("plugins", "remove", "libGreeter.so")
        #expect(byName.status == 0, "\(byName.transcript)")
        #expect(!FileManager.default.fileExists(atPath: file))
        let escape = try workspace.parra("plugins", "remove", "../libGreeter.so")
        #expect(escape.status == 2 && escape.standardError.contains("is not a file name in the folder"))
    }

    @Test("a linked module is installed as the file the link names, not as the link")
    func link() throws {
        let workspace = try CLIWorkspace()
        let module = try greeter(in: workspace)
        let sourceMode = try mode(module)
        let link = workspace.folder.appendingPathComponent("libLinked.so").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: module)
        #expect(try workspace.parra("plugins", "install", link).status == 0)
        let installed = workspace.environment["XDG_DATA_HOME"]! + "/parra/plugins/libGreeter.so"
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: installed)) == nil)
        #expect(try mode(module) == sourceMode, "the source keeps its mode")
    }

    @Test("bad requests are usage errors that say why")
    func usage() throws {
        let workspace = try CLIWorkspace()
        let both = try workspace.parra("plugins", "install", "/x/libA.so", "--app", "com.example.a", "--system")
        #expect(both.status == 2 && both.standardError.contains("choose one folder"))
        let name = try workspace.parra("plugins", "install", "/x/libparra-push-dbus.so")
        #expect(name.status == 2 && name.standardError.contains("is not a module file name"))
        let missing = try workspace.parra("plugins", "install", "/nowhere/libA.so")
        #expect(missing.status == 2 && missing.standardError.contains("/nowhere/libA.so is not a file"))
        let app = try workspace.parra("plugins", "remove", "com.example.a", "--app", "../escape")
        #expect(app.status == 2 && app.standardError.contains("is not a reverse-DNS bundle id"))
    }
}
