import Foundation
import ParraTestSupport

/// A temporary folder for one test: fixture modules, config files, and a home of its own for
/// the `parra` runs, so nothing from the machine's environment or data folders leaks in.
final class CLIWorkspace: Sendable {
    /// The folder; removed when the workspace goes away.
    let folder: URL

    init() throws {
        folder = try CFixtureBuilder.makeTemporaryDirectory()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Builds the C fixture module with `defines` as `fileName` and returns its path.
    func module(_ fileName: String, defines: [String] = []) throws -> String {
        try CFixtureBuilder.build(fileName, defines: defines, in: folder).path
    }

    /// Writes `contents` to `fileName` and returns its path.
    func file(_ fileName: String, contents: String) throws -> String {
        let url = folder.appendingPathComponent(fileName)
        try contents.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// Runs `parra arguments` with HOME and XDG_DATA_HOME inside the workspace, no
    /// PARRA_PLUGIN_PATH or PARRA_CONFIG_FILE, and `environment` added.
    func parra(_ arguments: String..., environment: [String: String] = [:]) throws -> ParraResult {
        try parra(arguments, environment: environment)
    }

    /// `parra(_:environment:)` with the arguments as an array; `program` runs another product,
    /// and `allowingSignals` returns a run a signal ended rather than throwing.
    func parra(
        _ arguments: [String], environment: [String: String] = [:], program: String = "parra",
        allowingSignals: Bool = false
    ) throws -> ParraResult {
        try ParraProcess.run(
            arguments, environment: self.environment.merging(environment, uniquingKeysWith: { _, added in added }),
            in: folder, program: program, allowingSignals: allowingSignals)
    }

    /// The `swift` on `PATH`, for tests that build a package of their own.
    static var swift: String {
        get throws {
            guard
                let found = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
                    .map({ "\($0)/swift" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
            else { throw ParraProcess.Failure(description: "no swift on PATH") }
            return found
        }
    }

    /// HOME and XDG_DATA_HOME inside the workspace: the environment of a run in it.
    var environment: [String: String] {
        let home = folder.appendingPathComponent("home").path
        return ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"]
    }

    /// The data folder of the app `bundleID` run in the workspace: `$XDG_DATA_HOME/parra/<id>`.
    func dataFolder(of bundleID: String = "com.parra.demo") -> URL {
        URL(fileURLWithPath: environment["XDG_DATA_HOME"]!).appendingPathComponent("parra/\(bundleID)")
    }
}
