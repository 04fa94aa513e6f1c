import Foundation
import ParraTestSupport

/// What one run of the `parra` executable did.
struct ParraResult {
    /// The exit status.
    let status: Int32
    /// Everything written to standard output.
    let standardOutput: String
    /// Everything written to standard error.
    let standardError: String
    /// The signal that ended the run, when one did (only with `allowingSignals`).
    var signal: Int32? = nil

    /// Standard output, one element per line.
    var outputLines: [String] {
        standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Standard error, one element per line, without the trailing empty one.
    var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }

    /// Both streams, for failure messages.
    var transcript: String { "exit \(status)\n--- stdout\n\(standardOutput)--- stderr\n\(standardError)" }
}

/// Runs the `parra` executable that `swift test` built beside the test bundle.
enum ParraProcess {
    /// A product `swift test` built, `parra` unless another is named.
    static func executable(_ name: String = "parra") -> URL { BuildProducts.folder.appendingPathComponent(name) }

    /// Why a run could not happen.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `program arguments` with exactly `environment` (plus `PATH`) and waits for it; a
    /// run ended by a signal throws, unless `allowingSignals`.
    ///
    /// The streams go to temporary files rather than pipes, so a chatty run can never block.
    static func run(
        _ arguments: [String], environment: [String: String], in folder: URL, program: String = "parra",
        allowingSignals: Bool = false
    ) throws -> ParraResult {
        let executable = executable(program)
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw Failure(description: "no \(program) executable at \(executable.path); run `swift build` first")
        }
        let outputFile = folder.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errorFile = folder.appendingPathComponent("stderr-\(UUID().uuidString)")
        for file in [outputFile, errorFile] where !FileManager.default.createFile(atPath: file.path, contents: nil) {
            throw Failure(description: "cannot create \(file.path)")
        }
        defer {
            try? FileManager.default.removeItem(at: outputFile)
            try? FileManager.default.removeItem(at: errorFile)
        }
        let output = try FileHandle(forWritingTo: outputFile)
        let error = try FileHandle(forWritingTo: errorFile)

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = environment.merging(
            ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
            uniquingKeysWith: { own, _ in own })
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        let signaled = process.terminationReason == .uncaughtSignal
        guard !signaled || allowingSignals else {
            throw Failure(
                description: "parra \(arguments.joined(separator: " ")) died of signal \(process.terminationStatus)")
        }
        return ParraResult(
            status: signaled ? -1 : process.terminationStatus,
            standardOutput: try String(contentsOf: outputFile, encoding: .utf8),
            standardError: try String(contentsOf: errorFile, encoding: .utf8),
            signal: signaled ? process.terminationStatus : nil)
    }
}
