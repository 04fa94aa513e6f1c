import Foundation
import Parra
import ParraTestSupport
import Testing

extension AppLoggerTests {
    /// The built `libParraLogger.so` on a full device and an unusable data folder, loaded by
    /// the host: what it says, and that it never claims a line or event reached the disk when
    /// it did not.
    @Suite("ParraLogger on a full or unusable disk, through the host")
    struct LoggerDiskThroughHostTests {
        @Test("console lines to /dev/full: the logger says so once, names it and ENOSPC, and counts the lines at exit")
        func devFull() throws {
            let host = try TestHost(
                paths: [LoggerModule.path], environment: ["PARRA_LOG_CONSOLE": "/dev/full"],
                codeOptions: ["logger.environment": .string("debug")])
            host.runtime.start()
            for index in 0..<100 { ParraLogger.info("line \(index)") }
            ParraLogger.flush()
            host.runtime.stop()
            let said = host.log.messages(from: "com.parra.logger").filter { $0.contains("/dev/full") }
            #expect(
                said == [
                    "cannot write console lines to /dev/full: No space left on device; they wait in memory (up to 4 MiB) and are written when it can be written again",
                    "100 console line(s) were never written: No space left on device at /dev/full (100 held in memory, 0 dropped past the 4194304-byte hold)",
                ])
        }

        @Test("a data folder that cannot be made does not refuse the logger: console lines go on, the causes are named")
        func unusableDataFolder() throws {
            let folder = try CFixtureBuilder.makeTemporaryDirectory()
            let file = folder.appendingPathComponent("console.log")
            let blocked = folder.appendingPathComponent("data")
            try Data().write(to: blocked)
            let host = try TestHost(
                paths: [LoggerModule.path], environment: ["PARRA_LOG_CONSOLE": file.path],
                codeOptions: ["logger.environment": .string("debug"), "logger.debugEventLogging": .integer(1)],
                storage: blocked.appendingPathComponent("app"))
            let report = host.runtime.start()
            #expect(report.loaded.map(\.moduleID) == ["com.parra.logger"], "\(report.lines)")
            ParraLogger.info("still printed")
            host.runtime.stop()
            #expect(try String(contentsOf: file, encoding: .utf8).hasSuffix("still printed\n"))
            let said = host.log.messages(from: "com.parra.logger")
            #expect(
                said.contains {
                    $0.hasPrefix("cannot create the module's folder \(blocked.path)/app/module-files/com.parra.logger")
                        && $0.hasSuffix("Not a directory)")
                }, "the host names the folder and the cause: \(said)")
            #expect(
                said.contains {
                    $0.hasPrefix(
                        "cannot write the session spool at the logger's folder: the host gives no folder for the logger's files"
                    )
                }, "\(said)")
            #expect(
                said.contains { $0.hasPrefix("1 session event(s) were never written") }, "an honest count: \(said)")
            #expect(!said.contains { $0.contains("stay on disk") }, "\(said)")
        }
    }
}
