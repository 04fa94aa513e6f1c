import Foundation
import ParraRuntime

/// `parra new module NAME --swift|--c`: writes a buildable feature module and its test.
struct NewModuleCommand: Command {
    let name = "module"
    let summary = "Write a new feature module, in Swift or C, with its test"
    let details = """
        --swift writes a package (Package.swift with the .dynamic product and the entry target,
        the module, its test): `swift build` makes .build/debug/libNAME.so and `swift test` runs
        the test. --c writes NAME.c, build.sh (one compiler line) and test.sh, which builds the
        module and loads it with `parra plugins inspect`. The module goes into DIR/NAME (DIR is
        the current folder by default), which must not exist yet. Its id is com.example.name
        unless --id says otherwise; it builds against the Parra checkout this tool was built
        from unless --parra names another.
        """
    let arguments = ArgumentSpec(
        options: [
            .flag("--swift", help: "Write the module in Swift (a package using ParraPluginKit)"),
            .flag("--c", help: "Write the module in C (one file against parra_plugin.h)"),
            .value("--dir", "DIR", help: "Where to create the module's folder (default: the current folder)"),
            .value("--id", "ID", help: "The module's reverse-DNS id (default: com.example.<name>)"),
            .value("--parra", "PATH", help: "The Parra checkout to build against (default: this tool's)"),
        ],
        positionals: PositionalSpec(name: "NAME", minimum: 1, maximum: 1, help: "The module's name, e.g. Greeter"))

    /// The checkout this tool was built from: `Sources/parra/Commands/` is three folders down.
    static let builtFrom = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let name = arguments.positionals[0]
        guard ModuleScaffold.isValidName(name) else {
            throw UsageError("'\(name)' is not a module name: a letter, then letters and digits")
        }
        let swift = arguments.isSet("--swift")
        guard swift != arguments.isSet("--c") else { throw UsageError("choose one language: --swift or --c") }
        let id = arguments.value("--id") ?? "com.example.\(name.lowercased())"
        guard DescriptorReader.isValidModuleID(id) else {
            throw UsageError(
                "'\(id)' is not a reverse-DNS id like com.example.\(name.lowercased()) (dot-separated parts of letters, digits, _ and -)"
            )
        }
        let parra = arguments.value("--parra").map { URL(fileURLWithPath: $0) } ?? Self.builtFrom
        guard FileManager.default.fileExists(atPath: parra.appendingPathComponent("Package.swift").path) else {
            throw UsageError("\(parra.path) is not a Parra checkout (no Package.swift); name one with --parra")
        }
        let tool = Bundle.main.executablePath ?? "parra"
        for path in [parra.standardizedFileURL.path, tool] where !ModuleScaffold.isQuotable(path) {
            throw UsageError("\(path) cannot be written into the module's files: it holds a quote, backslash, $ or `")
        }
        let folder = URL(fileURLWithPath: arguments.value("--dir") ?? FileManager.default.currentDirectoryPath)
            .appendingPathComponent(name)
        let scaffold = ModuleScaffold(name: name, id: id, parraRoot: parra.standardizedFileURL, parraTool: tool)
        try ScaffoldWriter.write(swift ? scaffold.swiftFiles : scaffold.cFiles, into: folder, console: console)
        console.print(
            swift
                ? "next: cd \(folder.path) && swift build && swift test" : "next: sh \(folder.path)/test.sh")
        return .success
    }
}
