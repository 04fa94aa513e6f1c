import Foundation
import ParraTestSupport
import Testing

@Suite("parra new app", .serialized)
struct NewAppCommandTests {
    @Test("an app package: swift run loads the four modules for its bundle id, and its test passes")
    func app() throws {
        let workspace = try CLIWorkspace()
        let made = try workspace.parra(
            "new", "app", "Hello", "--bundle-id", "com.example.hello", "--dir", workspace.folder.path)
        #expect(made.status == 0, "\(made.transcript)")
        let folder = workspace.folder.appendingPathComponent("Hello")
        let backend = CFixtureBuilder.repositoryRoot.appendingPathComponent("Sample/LocalBackend").path
        // Offline: the app's made-up ids answered by the local backend, not the Parra API.
        let run = try ChildProcess.run(
            try CLIWorkspace.swift, ["run"], in: folder,
            environment: ["PARRA_API_BASE_URL": "local:\(backend)", "XDG_DATA_HOME": workspace.folder.path])
        #expect(run.status == 0, "\(run.output.suffix(3000))")
        #expect(run.output.contains("bundle com.example.hello"))
        let loaded = run.output.split(separator: "\n").filter { $0.contains("  loaded   ") }
        for module in ["com.parra.logger", "com.parra.launchScreen", "com.parra.whatsNew", "com.parra.push"] {
            #expect(loaded.contains { $0.contains(": \(module) ") && $0.contains(folder.path) }, "\(module) not loaded")
        }
        #expect(loaded.count == 4, "\(loaded)")
        #expect(!run.output.contains("TestFixture") && !run.output.contains("refused"))
        #expect(run.output.contains("Hello launched") && run.output.contains("Hello from Hello"))

        let test = try ChildProcess.run(try CLIWorkspace.swift, ["test"], in: folder)
        #expect(test.status == 0, "\(test.output.suffix(3000))")
        #expect(test.output.contains("runs as the bundle its Info.plist names"))
    }

    @Test("Info.plist's ParraModules leaves the others out, an earlier build's copies go, and Resources come along")
    func leaveOneOut() throws {
        let workspace = try CLIWorkspace()
        #expect(try workspace.parra("new", "app", "Lean", "--dir", workspace.folder.path).status == 0)
        let folder = workspace.folder.appendingPathComponent("Lean")
        let plist = folder.appendingPathComponent("Sources/Lean/Info.plist")
        let text = try String(contentsOf: plist, encoding: .utf8).replacingOccurrences(
            of: "<dict>\n",
            with: "<dict>\n    <key>ParraModules</key>\n    <array><string>ParraLogger</string></array>\n")
        try text.write(to: plist, atomically: true, encoding: .utf8)
        // Launch screen art beside the Info.plist, excluded from the sources as the plist is.
        let art = folder.appendingPathComponent("Sources/Lean/Resources")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        try "art".write(to: art.appendingPathComponent("Logo.txt"), atomically: true, encoding: .utf8)
        let manifest = folder.appendingPathComponent("Package.swift")
        try String(contentsOf: manifest, encoding: .utf8).replacingOccurrences(
            of: #"exclude: ["Info.plist"]"#, with: #"exclude: ["Info.plist", "Resources"]"#
        ).write(to: manifest, atomically: true, encoding: .utf8)
        // A module from an earlier build, as if the app had had all four.
        // `.build/<triple>/debug`, the triple as this build's.
        let triple = BuildProducts.folder.deletingLastPathComponent().lastPathComponent
        let products = folder.appendingPathComponent(".build/\(triple)/debug")
        try FileManager.default.createDirectory(at: products, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: products.appendingPathComponent("libParraPush.so"))
        try Data("stale".utf8).write(to: products.appendingPathComponent("libparra-push-dbus.so"))
        let build = try ChildProcess.run(try CLIWorkspace.swift, ["build", "--product", "Lean"], in: folder)
        #expect(build.status == 0, "\(build.output.suffix(3000))")
        let names = try FileManager.default.contentsOfDirectory(atPath: products.path).filter {
            $0.hasPrefix("libParra")
        }
        .sorted()
        #expect(names == ["libParraLogger.so"], "\(names)")
        #expect(FileManager.default.fileExists(atPath: products.appendingPathComponent("Info.plist").path))
        #expect(FileManager.default.fileExists(atPath: products.appendingPathComponent("Resources/Logo.txt").path))
        #expect(!FileManager.default.fileExists(atPath: products.appendingPathComponent("libparra-push-dbus.so").path))

        let wrong = text.replacingOccurrences(of: "<string>ParraLogger</string>", with: "<string>ParraLoger</string>")
        try wrong.write(to: plist, atomically: true, encoding: .utf8)
        let refused = try ChildProcess.run(try CLIWorkspace.swift, ["build", "--product", "Lean"], in: folder)
        #expect(refused.status != 0)
        #expect(
            refused.output.contains("ParraModules names ParraLoger, which is not one of"),
            "\(refused.output.suffix(2000))")
    }

    @Test("bad requests are usage errors that say why")
    func usage() throws {
        let workspace = try CLIWorkspace()
        let name = try workspace.parra("new", "app", "my-app")
        #expect(name.status == 2 && name.standardError.contains("'my-app' is not an app name"))
        let taken = try workspace.parra("new", "app", "Parra")
        #expect(taken.status == 2 && taken.standardError.contains("is the name of a module the app's build holds"))
        let id = try workspace.parra("new", "app", "Hello", "--bundle-id", "$(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(id.status == 2 && id.standardError.contains("is not a reverse-DNS bundle id"))
        let parra = try workspace.parra("new", "app", "Hello", "--parra", workspace.folder.path)
        #expect(parra.status == 2 && parra.standardError.contains("is not a Parra checkout"))
        _ = try workspace.parra("new", "app", "Twice", "--dir", workspace.folder.path)
        let again = try workspace.parra("new", "app", "Twice", "--dir", workspace.folder.path)
        #expect(again.status == 2 && again.standardError.contains("exists already"))
    }

    @Test("--parra takes a Git URL: the package depends on its main branch under its identity")
    func byURL() throws {
        let workspace = try CLIWorkspace()
        let made = try workspace.parra(
            "new", "app", "Remote", "--parra", "https://example.com/acme/Parra-Linux.git", "--dir",
            workspace.folder.path)
        #expect(made.status == 0, "\(made.transcript)")
        let package = try String(
            contentsOf: workspace.folder.appendingPathComponent("Remote/Package.swift"), encoding: .utf8)
        #expect(package.contains(#".package(url: "https://example.com/acme/Parra-Linux.git", branch: "main")"#))
        #expect(package.contains(#".product(name: "Parra", package: "parra-linux")"#))
    }
}
