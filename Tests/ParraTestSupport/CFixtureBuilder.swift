import Foundation

/// Compiles Tests/Fixtures/CModule/fixture_module.c into shared objects for tests.
///
/// The macros the fixture understands are listed at the top of `fixture_module.c`. Nothing is
/// cached: every call runs the C compiler.
package enum CFixtureBuilder {
    /// Why a fixture could not be built.
    package struct BuildError: Error, CustomStringConvertible {
        package let description: String

        package init(_ description: String) {
            self.description = description
        }
    }

    /// The repository root: this file is `<root>/Tests/ParraTestSupport/CFixtureBuilder.swift`.
    package static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Tests/ParraTestSupport
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // root
    }

    /// The fixture's C source.
    package static var sourceFile: URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures/CModule/fixture_module.c")
    }

    /// The C module that logs the launch screen's extension points (`launch_listener.c`).
    package static var launchListenerSource: URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures/CModule/launch_listener.c")
    }

    /// Builds `constructor_marker.c` as `fileName` in `directory`: a library whose constructor
    /// creates the file at `marker`, which says whether anything loaded it.
    package static func constructorMarker(_ fileName: String, in directory: URL) throws -> (
        library: URL, marker: String
    ) {
        let marker = directory.appendingPathComponent(fileName + ".loaded").path
        let library = try build(
            fileName, defines: ["MARKER_PATH=\"\(marker)\""], in: directory,
            source: repositoryRoot.appendingPathComponent("Tests/Fixtures/CModule/constructor_marker.c"))
        return (library, marker)
    }

    /// The folder holding `parra_plugin.h`.
    package static var includeDirectory: URL {
        repositoryRoot.appendingPathComponent("Sources/CParraPlugin/include", isDirectory: true)
    }

    /// The C module that drives the launch through the ABI 1.1 launch services
    /// (`launch_driver.c`).
    package static var launchDriverSource: URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures/CModule/launch_driver.c")
    }

    /// The folder holding the header as ABI `version` ("1.0", "1.1") released it: kept
    /// unchanged, so a module built against it is a module of that version.
    package static func releasedHeaders(_ version: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures/ReleasedHeaders/\(version)", isDirectory: true)
    }

    /// Builds the fixture (or another C `source`) against the ABI header in `headers` (today's
    /// by default), with debug info when `debugInfo`, with `defines` (e.g. ["FIXTURE_ID=\"com.a\"", "FIXTURE_INIT_FAILS"]) into
    /// `directory/fileName` (a shared object, or an executable program when `executable`) and
    /// returns its URL. Throws with the compiler's output on failure.
    package static func build(
        _ fileName: String, defines: [String] = [], in directory: URL, source: URL = sourceFile,
        headers: URL = includeDirectory, debugInfo: Bool = false, executable: Bool = false
    ) throws -> URL {
        let fileManager = FileManager.default
        let output = directory.appendingPathComponent(fileName)
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        // Never overwrite a file in place: a process that already dlopen'ed it maps its pages.
        if fileManager.fileExists(atPath: output.path) {
            try fileManager.removeItem(at: output)
        }

        let compiler = try findCompiler()
        // Each define is one argument (no shell), so `FIXTURE_ID="com.a"` keeps its quotes.
        var arguments = ["-std=c11"] + (executable ? [] : ["-shared", "-fPIC"]) + ["-O1", "-w", "-I\(headers.path)"]
        if debugInfo { arguments.append("-g") }
        arguments += defines.map { "-D\($0)" }
        arguments += ["-o", output.path, source.path]

        let process = Process()
        process.executableURL = compiler
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        // One pipe for both streams, read to its end before waiting, so a chatty compiler can
        // never block on a full pipe.
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw BuildError("cannot run \(compiler.path): \(error)")
        }
        let outputData = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let compilerOutput = String(decoding: outputData, as: UTF8.self)

        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BuildError(
                """
                building \(fileName) failed (\(process.terminationReason == .exit ? "exit" : "signal") \
                \(process.terminationStatus)): \(compiler.path) \(arguments.joined(separator: " "))
                \(compilerOutput)
                """)
        }
        guard fileManager.fileExists(atPath: output.path) else {
            throw BuildError("the compiler reported success but wrote no \(output.path)\n\(compilerOutput)")
        }
        try fileManager.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: output.path)
        return output
    }

    /// A fresh temporary directory with mode 0755 (tests put fixtures in it).
    package static func makeTemporaryDirectory() throws -> URL {
        let fileManager = FileManager.default
        let directory = fileManager.temporaryDirectory
            .appendingPathComponent("parra-cfixture-\(UUID().uuidString)", isDirectory: true)
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        // Set after creating, so the process umask cannot change it.
        try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        TemporaryFolders.shared.add(directory)
        return directory
    }

    /// `CC` if set (a path, or a name looked up on PATH), else `clang`, `cc` or `gcc` on PATH.
    package static func findCompiler() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        if let cc = environment["CC"]?.trimmingCharacters(in: .whitespaces), !cc.isEmpty {
            if let found = executable(named: cc, environment: environment) {
                return found
            }
            throw BuildError("CC is \(cc), which is not an executable file")
        }
        for name in ["clang", "cc", "gcc"] {
            if let found = executable(named: name, environment: environment) {
                return found
            }
        }
        throw BuildError("no C compiler found: set CC, or put clang, cc or gcc on PATH")
    }

    /// `name` itself when it contains a slash, else the first executable `name` on PATH.
    package static func executable(named name: String, environment: [String: String]) -> URL? {
        let fileManager = FileManager.default
        if name.contains("/") {
            return fileManager.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = URL(fileURLWithPath: String(directory), isDirectory: true)
                .appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue, fileManager.isExecutableFile(atPath: candidate.path)
            {
                return candidate
            }
        }
        return nil
    }
}

/// The folders `makeTemporaryDirectory` made in this process, removed when it exits, so test
/// runs do not pile fixtures up in the temporary folder.
private final class TemporaryFolders: @unchecked Sendable {
    static let shared: TemporaryFolders = {
        let folders = TemporaryFolders()
        atexit { TemporaryFolders.shared.removeAll() }
        return folders
    }()

    private let lock = NSLock()
    private var folders: [URL] = []

    func add(_ folder: URL) {
        lock.withLock { folders.append(folder) }
    }

    private func removeAll() {
        for folder in lock.withLock({ folders }) { try? FileManager.default.removeItem(at: folder) }
    }
}
