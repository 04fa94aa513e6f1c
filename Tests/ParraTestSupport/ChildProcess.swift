import Foundation

/// Runs a program to its end, for tests that drive tools (the compiler's friends, `swift`, the
/// generated scripts): its exit status and everything it printed, stdout and stderr together.
package enum ChildProcess {
    /// Runs `executable` with `arguments` in `folder` (the current one when nil), with
    /// `environment` added to this process's.
    package static func run(
        _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
