import CParraPlugin
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

        @Test("PARRA_LOG_LEVEL, the level option's own variable, lowers the level; the host says so in one info line")
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
            #expect(try lines(file).map { $0.hasSuffix("visible now") } == [true])
            let said = host.log.records.filter { $0.moduleID == nil && $0.level == .info }.map(\.message)
            #expect(
                said.filter { $0.contains("minimumLogLevel") } == [
                    #"option logger.minimumLogLevel = "debug" from environment PARRA_LOG_LEVEL"#
                ], "\(said)")
        }

        @Test("an unparseable PARRA_LOG_LEVEL is reported and ignored")
        func badLevelFromEnvironment() throws {
            let file = try consoleFile()
            let host = try TestHost(
                paths: [LoggerModule.path], environment: ["PARRA_LOG_CONSOLE": file.path, "PARRA_LOG_LEVEL": "loud"],
                codeOptions: ["logger.environment": .string("debug"), "logger.minimumLogLevel": .string("warn")])
            let report = host.runtime.start()
            ParraLogger.info("below warn")
            ParraLogger.warn("at warn")
            host.runtime.stop()
            #expect(
                report.optionProblems.contains { $0.contains("PARRA_LOG_LEVEL") && $0.contains("\"loud\"") },
                "\(report.optionProblems)")
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
                    "logger.consoleFormatOptions": .array([
                        .object(["kind": .string("message")]),
                        .object([
                            "kind": .string("callSite"), "options": .array([.string("line")]), "leftPad": .string(" @"),
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

        @Test("bad logger options from a config file and the environment are reported by key; the module still runs")
        func badOptions() throws {
            let folder = try CFixtureBuilder.makeTemporaryDirectory()
            let config = folder.appendingPathComponent("parra.json")
            try Data(
                #"{"logger": {"minimumLogLevel": "loudest", "consoleFormatOptions": [{"kind": "sparkles"}, {"kind": "message"}]}}"#
                    .utf8
            ).write(to: config)
            let host = try TestHost(
                paths: [LoggerModule.path],
                environment: [
                    "PARRA_LOG_CONSOLE": "/nonexistent/folder/console.log", "PARRA_DEBUG_EVENT_LOGGING": "x",
                ],
                configFile: config, codeOptions: ["logger.environment": .string("debug")])
            let report = host.runtime.start()
            #expect(report.refused.isEmpty, "\(report.lines)")
            #expect(
                report.optionProblems.contains { $0.contains("PARRA_DEBUG_EVENT_LOGGING") }, "\(report.optionProblems)")
            let said = host.log.messages(from: "com.parra.logger")
            #expect(
                report.optionProblems.contains { $0.contains("logger.minimumLogLevel") && $0.contains("\"loudest\"") })
            // The format's schema refuses the list in the host, before the module reads it.
            #expect(
                report.optionProblems.contains {
                    $0.contains("logger.consoleFormatOptions[0].kind") && $0.contains("\"sparkles\"")
                }, "\(report.optionProblems)")
            #expect(said.contains { $0.contains("/nonexistent/folder/console.log") && $0.contains("stdout instead") })
            host.runtime.stop()
        }

        @Test("a console path that is a FIFO is refused at once, nobody reading it or not; lines go to stdout")
        func fifoConsole() throws {
            let folder = try CFixtureBuilder.makeTemporaryDirectory()
            let fifo = folder.appendingPathComponent("console.fifo").path
            try #require(mkfifo(fifo, 0o600) == 0)
            // Opening it for writing used to wait for a reader, and the lifecycle watchdog then
            // quarantined the logger; with a reader, the app would wait whenever it stopped reading.
            for readers in [false, true] {
                let reader = readers ? open(fifo, O_RDONLY | O_NONBLOCK) : -1
                defer { if reader >= 0 { close(reader) } }
                if readers { try #require(reader >= 0) }
                let host = try TestHost(
                    paths: [LoggerModule.path], environment: ["PARRA_LOG_CONSOLE": fifo],
                    codeOptions: ["logger.environment": .string("debug")])
                let report = host.runtime.start()
                #expect(report.loaded.count == 1, "\(report.lines)")
                let said = host.log.messages(from: "com.parra.logger")
                #expect(
                    said.contains { $0.contains(fifo) && $0.contains("FIFO") && $0.contains("stdout instead") },
                    "\(said)")
                host.runtime.stop()
            }
        }

        @Test("logs made on another thread while Parra starts are all held for the module, none printed")
        func loggingDuringStart() throws {
            let file = try consoleFile()
            var status: Int32 = -1
            let captured = try StandardErrorCapture.capture {
                status = try TestAppRun(
                    RacingApp.self, paths: [LoggerModule.path], script: [.terminate],
                    environment: ["PARRA_LOG_CONSOLE": file.path]
                ).status
            }
            #expect(status == 0)
            #expect(racingLoggedAfterLaunch.isSet, "the logging thread logged nothing after the launch")
            #expect(!captured.contains("] race "), "a log went to stderr while the module was starting")
            let lines = try lines(file).filter { $0.contains("] race ") }
            // The last 100 held before activation are kept; everything after reaches the module.
            #expect(lines.count >= min(racing.count, 100))
            #expect(lines.last?.hasSuffix("race \(racing.count - 1)") == true)
        }
    }
}

/// A flag and a count shared between threads.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    private var value = 0
    var isSet: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
    var count: Int {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// Points file descriptor 2 at a file while `body` runs and returns what was written to it.
enum StandardErrorCapture {
    static func capture(_ body: () throws -> Void) throws -> String {
        let file = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        let saved = dup(STDERR_FILENO)
        dup2(handle.fileDescriptor, STDERR_FILENO)
        let failure: Error?
        do {
            try body()
            failure = nil
        } catch {
            failure = error
        }
        dup2(saved, STDERR_FILENO)
        close(saved)
        try handle.close()
        if let failure { throw failure }
        return try String(contentsOf: file, encoding: .utf8)
    }
}

extension AppLoggerTests {
    /// App log records reaching a module written in plain C, beside the logger module.
    @Suite("App log records in C")
    struct CLogSinkTests {
        @Test("a module built against the released 1.1 header gets app log records in its sink")
        func releasedHeaderSink() throws {
            let folder = try CFixtureBuilder.makeTemporaryDirectory()
            let fixture = try CFixtureBuilder.build(
                "old.so", defines: ["FIXTURE_LOG_SINK", "FIXTURE_LOG_SINK_KEEP"], in: folder,
                headers: CFixtureBuilder.releasedHeaders("1.1"))
            let host = try TestHost(paths: [fixture.path])
            let report = host.runtime.start()
            #expect(report.loaded.map(\.abi) == ["1.1"], "\(report.lines)")
            let handle = try #require(dlopen(fixture.path, RTLD_NOW | RTLD_NOLOAD))
            defer { dlclose(handle) }
            let last = unsafeBitCast(
                try #require(dlsym(handle, "fixture_last_log_record")),
                to: (@convention(c) () -> UnsafePointer<CChar>).self)
            ParraLogger.warn("to a 1.1 module")
            #expect(String(cString: last()).hasPrefix("3|to a 1.1 module|"))
            host.runtime.stop()
        }

        @Test("a C module's sink gets every field of the record; the logger module gets it too")
        func cSink() throws {
            let folder = try CFixtureBuilder.makeTemporaryDirectory()
            let fixture = try CFixtureBuilder.build(
                "csink.so", defines: ["FIXTURE_LOG_SINK", "FIXTURE_LOG_SINK_KEEP"], in: folder)
            let console = folder.appendingPathComponent("console.log")
            let host = try TestHost(
                paths: [fixture.path, LoggerModule.path], environment: ["PARRA_LOG_CONSOLE": console.path],
                codeOptions: ["logger.environment": .string("debug")])
            let report = host.runtime.start()
            #expect(report.refused.isEmpty, "\(report.lines)")
            let handle = try #require(dlopen(fixture.path, RTLD_NOW | RTLD_NOLOAD))
            defer { dlclose(handle) }
            let count = unsafeBitCast(
                try #require(dlsym(handle, "fixture_log_record_count")), to: (@convention(c) () -> UInt64).self)
            let last = unsafeBitCast(
                try #require(dlsym(handle, "fixture_last_log_record")),
                to: (@convention(c) () -> UnsafePointer<CChar>).self)

            let line = #line + 1
            ParraLogger(category: "Payments").scope(named: "card").warn("declined", ["amount": 12])
            #expect(count() == 1)
            let fields = String(cString: last()).split(separator: "|", omittingEmptySubsequences: false).map(
                String.init)
            #expect(
                fields[0..<5] == [
                    "3", "declined", "ParraLoggerTests/LoggerThroughHostTests.swift", "cSink()", "\(line)",
                ])
            #expect((Int(fields[5]) ?? 0) > 1, "the column of the call")
            #expect(fields[6...] == ["Payments/card/cSink()", #"{"amount":12}"#, "nostack"])
            ParraLogger.trace("the C sink asked for trace")
            #expect(count() == 2, "the gate follows the lowest threshold of all sinks")
            ParraLogger.error("with a stack")
            #expect(String(cString: last()).hasSuffix("|stack"))
            host.runtime.stop()
            ParraLogger.info("after stop")
            #expect(count() == 3, "no record reaches a module once it is detached")
            let lines = try String(contentsOf: console, encoding: .utf8)
            #expect(lines.contains("declined") && !lines.contains("the C sink asked for trace"))
        }

        @Test("a module without a log sink cannot say it reads no timestamps")
        func timestampsNeedASink() throws {
            let folder = try CFixtureBuilder.makeTemporaryDirectory()
            let fixture = try CFixtureBuilder.build("nosink.so", defines: ["FIXTURE_NO_TIMESTAMPS"], in: folder)
            let host = try TestHost(paths: [fixture.path])
            host.runtime.start()
            host.runtime.stop()
            #expect(
                host.log.messages(from: "com.example.cfixture").contains(
                    "reads no timestamps: \(PARRA_STATUS_UNSUPPORTED)"))
        }
    }
}
