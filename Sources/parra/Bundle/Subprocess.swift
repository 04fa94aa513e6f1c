import Foundation

/// A program the `parra` tool runs to do part of its work (`swift build`, `ldd`, `dpkg-deb`).
struct Subprocess {
    /// What a run gave: its exit status and what it wrote, standard output and error together.
    struct Outcome {
        let status: Int32
        let output: String
    }

    /// A run that failed: the command line, its status and the end of what it wrote.
    struct Failure: Error, CustomStringConvertible {
        let commandLine: String
        let outcome: Outcome
        var description: String {
            "\(commandLine) failed (exit \(outcome.status)):\n\(outcome.output.suffix(4000))"
        }
    }

    /// Runs `program` (a path, or a name looked up on `PATH`) with `arguments` in `folder`,
    /// and returns how it ended; throws when it cannot be started.
    static func run(_ program: String, _ arguments: [String], in folder: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.contains("/") ? program : try locate(program))
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    /// Runs as `run` does and returns its output, or throws a `Failure` when it exits non-zero.
    static func output(_ program: String, _ arguments: [String], in folder: String? = nil) throws -> String {
        let outcome = try run(program, arguments, in: folder)
        guard outcome.status == 0 else {
            throw Failure(commandLine: ([program] + arguments).joined(separator: " "), outcome: outcome)
        }
        return outcome.output
    }

    /// The path of `name` on `PATH`.
    static func locate(_ name: String) throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw MissingProgram(name: name)
    }

    /// A program that is not on `PATH`.
    struct MissingProgram: Error, CustomStringConvertible {
        let name: String
        var description: String {
            let package = ["dpkg-shlibdeps": "dpkg-dev", "patchelf": "patchelf", "strip": "binutils"][name]
            return "\(name) is not on PATH" + (package.map { " (Debian's \($0) has it: apt-get install \($0))" } ?? "")
        }
    }
}
