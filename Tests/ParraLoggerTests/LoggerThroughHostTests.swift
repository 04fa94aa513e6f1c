import Foundation
import Parra
import ParraTestSupport
import Testing

extension AppLoggerTests {
    /// The built `libParraLogger.so`, loaded by dlopen and driven through the app-facing
    /// `ParraLogger`. The app's logger is one per process, so these run one at a time.
    @Suite("ParraLogger through the host")
    struct LoggerThroughHostTests {
        private func consoleFile() throws -> URL {
            try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("console.log")
        }

        private func lines(_ file: URL) throws -> [String] {
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast().map(String.init)
        }

        @Test("an app configured by ParraConfiguration prints its logs, including those made before Parra started")
        func appRun() throws {
            let file = try consoleFile()
            filteredMessageEvaluations = 0
            let run = try TestAppRun(
                LoggingApp.self, paths: [LoggerModule.path], script: [.terminate],
                environment: ["PARRA_LOG_CONSOLE": file.path])
            #expect(run.status == 0)
            #expect(run.log.records.filter { $0.level >= .warn }.isEmpty, "\(run.log.records)")
            #expect(
                try lines(file) == [
                    "INFO <LoggerApps:init> app init, before Parra starts",
                    #"INFO <LoggerApps:application> launched {"build":7,"user":"ada"}"#,
                    #"DEBUG <LoggerApps:application> scoped {"build":7}"#,
                ])
            #expect(filteredMessageEvaluations == 0, "a filtered call evaluated its message")
        }

        @Test("PARRA_LOG_LEVEL lowers the level and says so in one info line")
        func levelFromEnvironment() throws {
            let file = try consoleFile()
            let host = try TestHost(
                paths: [LoggerModule.path],
                environment: ["PARRA_LOG_CONSOLE": file.path, "PARRA_LOG_LEVEL": " Debug "],
                codeOptions: ["logger.environment": .string("debug")])
            host.runtime.start()
            ParraLogger.debug("visible now")
            ParraLogger.trace("still below")
            host.runtime.stop()
            let text = try lines(file)
            #expect(text.count == 2, "\(text)")
            #expect(text.first?.hasSuffix("PARRA_LOG_LEVEL changed the minimum log level from info to debug") == true)
            #expect(text.last?.hasSuffix("visible now") == true)
        }

        @Test("an unparseable PARRA_LOG_LEVEL is reported and ignored")
        func badLevelFromEnvironment() throws {
            let file = try consoleFile()
            let host = try TestHost(
                paths: [LoggerModule.path], environment: ["PARRA_LOG_CONSOLE": file.path, "PARRA_LOG_LEVEL": "loud"],
                codeOptions: ["logger.environment": .string("debug"), "logger.minimumLogLevel": .string("warn")])
            host.runtime.start()
            ParraLogger.info("below warn")
            ParraLogger.warn("at warn")
            host.runtime.stop()
            #expect(host.log.messages(from: "com.parra.logger").contains { $0.hasPrefix("PARRA_LOG_LEVEL \"loud\"") })
            #expect(try lines(file).map { $0.hasSuffix("at warn") } == [true])
        }

        @Test("error lines carry the call stack of the log call")
        func errorCallStack() throws {
            let file = try consoleFile()
            let host = try TestHost(
                paths: [LoggerModule.path], environment: ["PARRA_LOG_CONSOLE": file.path],
                codeOptions: ["logger.environment": .string("debug")])
            host.runtime.start()
            struct PaymentDeclined: Error {}
            ParraLogger.error("payment failed", PaymentDeclined())
            host.runtime.stop()
            let text = try lines(file)
            #expect(text.first?.contains("payment failed") == true)
            #expect(text.contains { $0.contains(#""$error""#) }, "the error is in the extras")
            #expect(text.contains { $0.contains("PaymentDeclined") })
            #expect(text.count > 2, "the call stack follows the line: \(text)")
        }

        @Test("two threads logging at once: every line whole, none lost, each thread's in order")
        func twoThreads() throws {
            let file = try consoleFile()
            let host = try TestHost(
                paths: [LoggerModule.path], environment: ["PARRA_LOG_CONSOLE": file.path],
                codeOptions: [
                    "logger.environment": .string("debug"),
                    "logger.consoleFormatOptions": .list([
                        .object(["kind": .string("message")]),
                        .object([
                            "kind": .string("callSite"), "options": .list([.string("line")]), "leftPad": .string(" @"),
                        ]),
                    ]),
                ])
            host.runtime.start()
            let perThread = 5000
            DispatchQueue.concurrentPerform(iterations: 2) { thread in
                for index in 0..<perThread {
                    ParraLogger.info("thread \(thread) line \(index) " + String(repeating: "z", count: index % 50))
                }
            }
            ParraLogger.flush()
            host.runtime.stop()
            let text = try lines(file)
            #expect(text.count == 2 * perThread)
            var next = [0, 0]
            for line in text {
                let parts = line.split(separator: " ")
                guard parts.count >= 4, let thread = Int(parts[1]), let index = Int(parts[3]), thread < 2 else {
                    Issue.record("a damaged line: \(line)")
                    continue
                }
                #expect(index == next[thread], "thread \(thread) out of order at \(line)")
                #expect(line.hasSuffix(" @" + String(parts.last!.dropFirst(1))) && parts.last!.hasPrefix("@"))
                #expect(line.contains(" " + String(repeating: "z", count: index % 50) + " @") || index % 50 == 0)
                next[thread] = index + 1
            }
            #expect(next == [perThread, perThread])
        }

        @Test("without a logger module, logs at the level still reach stderr and the load report says why")
        func noModule() throws {
            let host = try TestHost(paths: [], codeOptions: ["logger.minimumLogLevel": .string("warn")])
            let report = host.runtime.start()
            #expect(report.notes.contains { $0.contains("is ParraLogger installed?") && $0.contains("warn and above") })
            let captured = try StandardErrorCapture.capture {
                ParraLogger.info("quiet")
                ParraLogger.warn("loud enough", ["k": 1])
            }
            host.runtime.stop()
            let line = try #require(captured.split(separator: "\n").first { $0.contains("loud enough") })
            #expect(line.contains(" WARN [LoggerThroughHostTests:noModule:"))
            #expect(line.hasSuffix(#"] loud enough {"k":1}"#))
            #expect(!captured.contains("quiet"))
        }
    }
}

/// Points file descriptor 2 at a file while `body` runs and returns what was written to it.
enum StandardErrorCapture {
    static func capture(_ body: () -> Void) throws -> String {
        let file = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("stderr.txt")
        FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        let saved = dup(STDERR_FILENO)
        dup2(handle.fileDescriptor, STDERR_FILENO)
        body()
        dup2(saved, STDERR_FILENO)
        close(saved)
        try handle.close()
        return try String(contentsOf: file, encoding: .utf8)
    }
}
