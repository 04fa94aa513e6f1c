import CParraPlugin
import Foundation
import Parra
import ParraTestSupport
import Testing

/// The built logger module, as the host loads it.
enum LoggerModule {
    static var path: String { BuildProducts.folder.appendingPathComponent("libParraLogger.so").path }
}

/// A record as the host hands it over, built from Swift values for the module's own tests.
struct TestRecord {
    var level: Int32 = PARRA_LOG_LEVEL_INFO
    var timestamp: Double = 1_708_807_671.530
    var message = "Hello"
    var extraJSON = ""
    var fileID = "App/ContentView.swift"
    var function = "body"
    var line: UInt32 = 42
    var column: UInt32 = 9
    var category = ""
    var threadName = ""
    var callStack = ""

    /// Calls `body` with the C record pointing into these strings.
    func withRecord<R>(_ body: (UnsafePointer<parra_log_record>) -> R) -> R {
        let strings = [message, extraJSON, fileID, function, category, threadName, callStack].map { Array($0.utf8) }
        return strings[0].withUnsafeBufferPointer { message in
            strings[1].withUnsafeBufferPointer { extra in
                strings[2].withUnsafeBufferPointer { file in
                    strings[3].withUnsafeBufferPointer { function in
                        strings[4].withUnsafeBufferPointer { category in
                            strings[5].withUnsafeBufferPointer { thread in
                                strings[6].withUnsafeBufferPointer { stack in
                                    var record = parra_log_record(
                                        struct_size: UInt32(MemoryLayout<parra_log_record>.size), level: level,
                                        timestamp: timestamp, message: Self.text(message), extra_json: Self.text(extra),
                                        file_id: Self.text(file), function: Self.text(function), line: line,
                                        column: column, category: Self.text(category), thread_name: Self.text(thread),
                                        call_stack: Self.text(stack))
                                    return body(&record)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> parra_string {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return parra_string(data: nil, length: 0) }
        return parra_string(data: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), length: bytes.count)
    }
}

/// Every suite that logs through the app-facing `ParraLogger`: the app's logger is one per
/// process, so they run one test at a time, never beside each other.
@Suite("The app's logger", .serialized)
enum AppLoggerTests {}

/// One run of ParraLoggerProbe, for a test whose subject is process-wide (where app logs go, what
/// the log route reads for every record), where no other test's runtime can change it.
struct LoggerProbeRun {
    let status: Int32
    let output: String
    let errors: String

    /// Runs the probe with `arguments`, in this process's environment without its PARRA_
    /// variables, plus `environment`, until it exits. Its stderr goes to a file, so that a child
    /// writing much to both streams never waits for this one to read the other.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = BuildProducts.folder.appendingPathComponent("ParraLoggerProbe")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PARRA_") }
            .merging(environment) { $1 }
        let errorFile = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: errorFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorFile.path])
        }
        let errors = try FileHandle(forWritingTo: errorFile)
        defer { try? errors.close() }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        self.output = String(decoding: outputData, as: UTF8.self)
        self.errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }
}

/// The C fixture module with a sink that logs the time each record carries ("record MESSAGE at
/// a time", or "at 0") and, unless it `reads` them, tells the host at configure that it reads
/// no timestamps.
enum TimeReportingFixture {
    /// Builds it into `folder` with the id `id` (its option keys under the id's last part).
    static func build(reads: Bool, id: String = "com.example.cfixture", in folder: URL) throws -> URL {
        let prefix = id.split(separator: ".").last.map(String.init) ?? "cfixture"
        return try CFixtureBuilder.build(
            "\(prefix).so",
            defines: [
                "FIXTURE_LOG_SINK", "FIXTURE_LOG_SINK_TIMES", "FIXTURE_ID=\"\(id)\"",
                "FIXTURE_KEY_PREFIX=\"\(prefix)\"",
            ] + (reads ? [] : ["FIXTURE_NO_TIMESTAMPS"]), in: folder)
    }
}
