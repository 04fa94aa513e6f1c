import Foundation
import ParraRuntime

/// `parra new app NAME`: writes an app package in the SDK's shape, with its test.
struct NewAppCommand: Command {
    let name = "app"
    let summary = "Write a new Parra app: a package with its delegates, Info.plist and test"
    let details = """
        Writes DIR/NAME (DIR is the current folder by default), which must not exist yet: a
        package whose executable is a ParraApp with an app delegate and a scene delegate, a
        ParraConfiguration, an Info.plist with the bundle id (com.example.name unless
        --bundle-id says otherwise) and version 1.0.0, and a test. `swift run` in it builds the
        app and Parra's four feature modules beside it and runs it; `swift test` tests it. The
        package depends on the Parra checkout this tool was built from unless --parra names
        another checkout or a Git URL (then its main branch).
        """
    let arguments = ArgumentSpec(
        options: [
            .value("--dir", "DIR", help: "Where to create the app's folder (default: the current folder)"),
            .value("--bundle-id", "ID", help: "The app's reverse-DNS bundle id (default: com.example.<name>)"),
            .value("--parra", "PATH|URL", help: "The Parra checkout or Git URL to build with (default: this tool's)"),
        ],
        positionals: PositionalSpec(name: "NAME", minimum: 1, maximum: 1, help: "The app's name, e.g. Hello"))

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let name = arguments.positionals[0]
        guard ModuleScaffold.isValidName(name) else {
            throw UsageError("'\(name)' is not an app name: a letter, then letters and digits")
        }
        // The modules an app's build holds besides its own: a target of the same name clashes.
        let taken = [
            "Parra", "SwiftUI", "ParraAppModel", "ParraRuntime", "ParraAPI", "ParraSync", "ParraFileSystem",
            "CParraPlugin", "CFFI", "CParraLogRoute", "CParraCallNote", "Foundation", "Testing",
        ]
        guard !taken.contains(name) else {
            throw UsageError("'\(name)' is the name of a module the app's build holds; choose another")
        }
        let bundleID = arguments.value("--bundle-id") ?? "com.example.\(name.lowercased())"
        guard DescriptorReader.isValidModuleID(bundleID) else {
            throw UsageError(
                "'\(bundleID)' is not a reverse-DNS bundle id like com.example.\(name.lowercased()) (dot-separated parts of letters, digits, _ and -)"
            )
        }
        var parra = AppScaffold.ParraSource(argument: arguments.value("--parra") ?? NewModuleCommand.builtFrom.path)
        if case .path(let path) = parra {
            let checkout = URL(fileURLWithPath: path).standardizedFileURL
            guard FileManager.default.fileExists(atPath: checkout.appendingPathComponent("Package.swift").path) else {
                throw UsageError("\(checkout.path) is not a Parra checkout (no Package.swift); name one with --parra")
            }
            parra = .path(checkout.path)
        }
        guard ModuleScaffold.isQuotable(parra.text) else {
            throw UsageError("\(parra.text) cannot be written into Package.swift: it holds a quote, backslash, $ or `")
        }
        let folder = URL(fileURLWithPath: arguments.value("--dir") ?? FileManager.default.currentDirectoryPath)
            .appendingPathComponent(name)
        try ScaffoldWriter.write(
            AppScaffold(name: name, bundleID: bundleID, parra: parra).files, into: folder, console: console)
        console.print("next: cd \(folder.path) && swift run")
        return .success
    }
}
