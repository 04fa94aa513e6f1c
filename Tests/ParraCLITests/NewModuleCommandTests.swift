import Foundation
import ParraTestSupport
import Testing

@Suite("parra new module")
struct NewModuleCommandTests {
    private var parraTool: String { BuildProducts.folder.appendingPathComponent("parra").path }

    @Test("a C module: NAME.c, build.sh and test.sh; its test builds it and the host loads it")
    func cModule() throws {
        let workspace = try CLIWorkspace()
        let made = try workspace.parra("new", "module", "Greeter", "--c", "--dir", workspace.folder.path)
        #expect(made.status == 0, "\(made.transcript)")
        let folder = workspace.folder.appendingPathComponent("Greeter")
        let test = try ChildProcess.run(
            "/bin/sh", [folder.appendingPathComponent("test.sh").path], in: folder, environment: ["PARRA": parraTool])
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.contains("ok: libGreeter.so loads") && test.output.contains("com.example.greeter.twice"))
        let module = try String(contentsOf: folder.appendingPathComponent("Greeter.c"), encoding: .utf8)
        #expect(module.split(separator: "\n").count <= 60, "a module of about 50 lines")
        let withoutPARRA = try ChildProcess.run("/bin/sh", [folder.appendingPathComponent("test.sh").path], in: folder)
        #expect(withoutPARRA.status == 0, "test.sh runs the parra that wrote it: \(withoutPARRA.output)")
    }

    @Test("the C module in the DocC article is the one the scaffold writes")
    func documentedCModule() throws {
        let workspace = try CLIWorkspace()
        #expect(try workspace.parra("new", "module", "Greeter", "--c", "--dir", workspace.folder.path).status == 0)
        let written = try String(
            contentsOf: workspace.folder.appendingPathComponent("Greeter/Greeter.c"), encoding: .utf8)
        let article = "Sources/ParraPluginKit/ParraPluginKit.docc/WritingAModuleInC.md"
        let text = try String(
            contentsOf: CFixtureBuilder.repositoryRoot.appendingPathComponent(article), encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```c\n").dropFirst().first)
        let code = try #require(block.components(separatedBy: "```\n").first)
        #expect(code == written, "\(article) shows another module than parra new module writes")
    }

    @Test("a Swift module: a package whose test passes and whose .so the host loads")
    func swiftModule() throws {
        let workspace = try CLIWorkspace()
        let made = try workspace.parra(
            "new", "module", "Greeter", "--swift", "--id", "com.example.hello", "--dir", workspace.folder.path)
        #expect(made.status == 0, "\(made.transcript)")
        let folder = workspace.folder.appendingPathComponent("Greeter")
        let swift = try CLIWorkspace.swift
        let test = try ChildProcess.run(swift, ["test"], in: folder)
        #expect(test.status == 0, "\(test.output.suffix(3000))")
        let library = folder.appendingPathComponent(".build/debug/libGreeter.so").path
        let build = try ChildProcess.run(swift, ["build"], in: folder)
        #expect(build.status == 0, "\(build.output.suffix(3000))")
        let inspect = try ChildProcess.run(parraTool, ["plugins", "inspect", library], in: folder)
        #expect(inspect.status == 0, "\(inspect.output)")
        #expect(inspect.output.contains("com.example.hello.twice"))
        // Its one export is the entry (Plugins/module-exports.map), as for Parra's own modules: its
        // other dynamic symbols are local (nm's lowercase types), there for relocations only.
        let symbols = try ChildProcess.run("/usr/bin/nm", ["-D", "--defined-only", library])
        let exported = symbols.output.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[1].first?.isUppercase == true else { return nil }
            return String(fields[2])
        }
        #expect(exported == ["parra_module_entry"], "\(symbols.output)")
    }

    @Test("bad requests are usage errors that say why")
    func usage() throws {
        let workspace = try CLIWorkspace()
        #expect(try workspace.parra("new", "module", "Greeter").status == 2)
        let both = try workspace.parra("new", "module", "Greeter", "--c", "--swift")
        #expect(both.status == 2 && both.standardError.contains("choose one language"))
        let name = try workspace.parra("new", "module", "9lives", "--c")
        #expect(name.status == 2 && name.standardError.contains("'9lives' is not a module name"))
        let id = try workspace.parra("new", "module", "Greeter", "--c", "--id", "com.example.my greeter")
        #expect(id.status == 2 && id.standardError.contains("is not a reverse-DNS id"))
        _ = try workspace.parra("new", "module", "Twice", "--c", "--dir", workspace.folder.path)
        let again = try workspace.parra("new", "module", "Twice", "--c", "--dir", workspace.folder.path)
        #expect(again.status == 2 && again.standardError.contains("exists already"))
    }
}
