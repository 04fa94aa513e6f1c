import Foundation
import Parra
import ParraRuntime
import ParraTestSupport
import Testing

extension AppLoggerTests {
    /// Production logging through the host: events kept on disk, uploaded to a loopback server
    /// that misbehaves, killed processes, damaged spools. Nothing lost, nothing doubled.
    @Suite("ParraLogger production sessions")
    struct ProductionLoggingTests {
        private func productionHost(
            _ server: SessionServer, storage: URL? = nil, interval: Double = 0.05, timeout: Double = 1,
            extra: [String: JSONValue] = [:]
        ) throws -> TestHost {
            try TestHost(
                paths: [LoggerModule.path],
                codeOptions: [
                    "logger.environment": .string("production"), "logger.sessionUploadInterval": .double(interval),
                ].merging(extra) { _, new in new }, storage: storage, apiService: server.client(timeout: timeout))
        }

        @Test(
            "the server fails for a while, then recovers: every event arrives exactly once",
            arguments: [
                ("500", [LoopbackHTTPServer.Response.json(status: 500, "{}")]),
                ("503", [.json(status: 503, "{}"), .json(status: 503, "{}")]),
                ("429", [.respond(status: 429, headers: ["Retry-After": "0"])]),
                ("silent", [.silent]),
                ("drop", [.dropConnection, .dropConnection]),
                ("mixed", [.json(status: 500, "{}"), .silent, .dropConnection, .respond(status: 429)]),
            ])
        func serverFaults(name: String, faults: [LoopbackHTTPServer.Response]) throws {
            let server = try SessionServer(faults: faults)
            defer { server.stop() }
            let host = try productionHost(server, timeout: 0.5)
            host.runtime.start()
            let count = 300
            for index in 0..<count { ParraLogger.info("event \(index)") }
            ParraLogger.flush()
            #expect(
                waitUntil(timeout: 30) { server.messages.count >= count }, "\(name): \(server.messages.count) arrived")
            host.runtime.stop()
            #expect(server.messages.sorted() == (0..<count).map { "event \($0)" }.sorted(), "\(name)")
            #expect(Set(server.eventIDs).count == server.eventIDs.count, "\(name): an event was accepted twice")
            #expect(server.uploads.allSatisfy { $0 <= 250 })
        }

        @Test("at termination the last events are uploaded in chunks of at most 250")
        func shutdownUpload() throws {
            let server = try SessionServer()
            defer { server.stop() }
            let host = try productionHost(server, interval: 3600, extra: ["logger.shutdownUploadTimeout": .double(10)])
            host.runtime.start()
            for index in 0..<600 { ParraLogger.warn("bye \(index)") }
            host.runtime.stop()
            #expect(server.messages.count == 600)
            #expect(server.uploads.reduce(0, +) == 600)
            #expect(server.uploads.allSatisfy { $0 <= 250 } && server.uploads.count >= 3, "\(server.uploads)")
        }

        @Test("an unreachable server loses nothing: the next launch uploads what the last one kept")
        func unreachableThenRelaunch() throws {
            let storage = try CFixtureBuilder.makeTemporaryDirectory()
            let down = try SessionServer()
            down.stop()
            let first = try productionHost(
                down, storage: storage, extra: ["logger.shutdownUploadTimeout": .double(0.2)])
            first.runtime.start()
            for index in 0..<40 { ParraLogger.info("kept \(index)") }
            first.runtime.stop()
            #expect(first.log.messages(from: "com.parra.logger").contains { $0.contains("stay on disk") })

            let up = try SessionServer()
            defer { up.stop() }
            let second = try productionHost(up, storage: storage)
            second.runtime.start()
            #expect(waitUntil { up.messages.count >= 40 })
            second.runtime.stop()
            #expect(up.messages.sorted() == (0..<40).map { "kept \($0)" }.sorted())
            #expect(
                second.log.messages(from: "com.parra.logger").contains { $0.hasPrefix("40 unsent session event(s)") })
        }

        @Test("a damaged spool from an earlier run: the readable events are uploaded, the damage reported")
        func damagedSpool() throws {
            let storage = try CFixtureBuilder.makeTemporaryDirectory()
            let down = try SessionServer()
            down.stop()
            let first = try productionHost(down, storage: storage, extra: ["logger.shutdownUploadTimeout": .double(0)])
            first.runtime.start()
            for index in 0..<6 { ParraLogger.info("survivor \(index)") }
            first.runtime.stop()
            let spool = storage.appendingPathComponent("module-files/com.parra.logger/sessions")
            let segment = try #require(
                try FileManager.default.contentsOfDirectory(atPath: spool.path).first { $0.hasPrefix("segment-") })
            let url = spool.appendingPathComponent(segment)
            var lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
            lines[2] = String(lines[2].prefix(30))
            try (lines.joined(separator: "\n") + "\n{\"id\":").write(to: url, atomically: true, encoding: .utf8)

            let up = try SessionServer()
            defer { up.stop() }
            let second = try productionHost(up, storage: storage)
            second.runtime.start()
            #expect(waitUntil { up.messages.count >= 5 })
            second.runtime.stop()
            #expect(Set(up.messages) == Set((0..<6).filter { $0 != 2 }.map { "survivor \($0)" }))
            let reports = second.log.messages(from: "com.parra.logger").filter { $0.contains(segment) }
            #expect(reports.count == 2, "\(reports)")
        }

        @Test("killed with SIGKILL while logging: every event flushed before the kill is uploaded once after restart")
        func killNine() throws {
            let storage = try CFixtureBuilder.makeTemporaryDirectory()
            let down = try SessionServer()
            let downURL = down.server.baseURL.absoluteString
            down.stop()
            let probe = BuildProducts.folder.appendingPathComponent("ParraLoggerProbe")

            let logging = Process()
            logging.executableURL = probe
            logging.arguments = ["production", storage.path, downURL, "500", "--forever"]
            let output = Pipe()
            logging.standardOutput = output
            logging.standardError = FileHandle.nullDevice
            try logging.run()
            // The probe says when it has logged past the flush, into the next batch; the kill comes
            // then, while it goes on logging. The 60 s bound only fails a probe that never says so.
            let said = Result {
                try ChildProcess.read(output.fileHandleForReading, through: "logging past the flush", within: 60)
            }
            kill(logging.processIdentifier, SIGKILL)
            logging.waitUntilExit()
            let transcript = try said.get()
            #expect(transcript == "flushed 500\nlogging past the flush\n", "the probe said: \(transcript)")
            #expect(logging.terminationReason == .uncaughtSignal)

            let server = try SessionServer()
            defer { server.stop() }
            let uploading = Process()
            uploading.executableURL = probe
            uploading.arguments = ["production", storage.path, server.server.baseURL.absoluteString, "0"]
            uploading.standardOutput = FileHandle.nullDevice
            uploading.standardError = FileHandle.nullDevice
            try uploading.run()
            let flushed = (0..<500).map { "probe event \($0)" }
            #expect(waitUntil(timeout: 30) { Set(server.messages).isSuperset(of: flushed) })
            uploading.terminate()
            uploading.waitUntilExit()
            #expect(uploading.terminationStatus == 0)
            let messages = server.messages
            #expect(messages.filter { $0.hasPrefix("probe event") }.sorted() == flushed.sorted())
            #expect(Set(server.eventIDs).count == server.eventIDs.count, "an event was uploaded twice")
        }
    }
}
