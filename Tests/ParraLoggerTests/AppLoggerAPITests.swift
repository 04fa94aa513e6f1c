import Foundation
import Parra
import ParraRuntime
import ParraTestSupport
import Testing

extension AppLoggerTests {
    /// The app-facing API, checked field by field in the session events the module keeps on
    /// disk (production, no API service, so nothing leaves the spool).
    @Suite("ParraLogger's API")
    struct AppLoggerAPITests {
        struct Failure: Error, CustomStringConvertible {
            var description: String { "card declined" }
        }

        /// Starts a production runtime at `level`, runs `body`, flushes, stops, and returns the
        /// events' metadata in order.
        func events(level: String = "trace", _ body: () throws -> Void) throws -> [[String: Any]] {
            let host = try TestHost(
                paths: [LoggerModule.path],
                codeOptions: [
                    "logger.environment": .string("production"), "logger.minimumLogLevel": .string(level),
                    "logger.shutdownUploadTimeout": .double(0),
                ])
            host.runtime.start()
            try body()
            ParraLogger.flush()
            host.runtime.stop()
            let spool = host.storage.appendingPathComponent("module-files/com.parra.logger/sessions")
            let segments = try FileManager.default.contentsOfDirectory(atPath: spool.path)
                .filter { $0.hasPrefix("segment-") }.sorted()
            return try segments.flatMap { name in
                try String(contentsOf: spool.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
                    .compactMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            }.compactMap { $0["metadata"] as? [String: Any] }
        }

        func message(_ event: [String: Any]) -> String? { event["message"] as? String }
        func level(_ event: [String: Any]) -> String? { event["level"] as? String }
        private func extra(_ event: [String: Any]) -> [String: Any]? { event["extra"] as? [String: Any] }
        private func callSite(_ event: [String: Any]) -> [String: Any] { event["call_site"] as? [String: Any] ?? [:] }
        private func category(_ event: [String: Any]) -> String? {
            (event["logger_context"] as? [String: Any])?["category"] as? String
        }

        @Test("every level and form: message, error in the extras, call site, and a stack only for error and fatal")
        func levelsAndForms() throws {
            var lines: [UInt] = []
            /// Runs one log call, noting the line it is on.
            func call(line: UInt = #line, _ body: () -> Void) {
                lines.append(line)
                body()
            }
            let logged = try events {
                call { ParraLogger.trace("t") }
                call { ParraLogger.debug("d", ["k": "v"]) }
                call { ParraLogger.info("i") }
                call { ParraLogger.warn("w") }
                call { ParraLogger.warn("w2", Failure()) }
                call { ParraLogger.error("e") }
                call { ParraLogger.error("e2", Failure()) }
                call { ParraLogger.error(Failure()) }
                call { ParraLogger.fatal("f") }
                call { ParraLogger.fatal("f2", Failure()) }
                call { ParraLogger.fatal(Failure()) }
                // The SDK's overload set: nil is the error, extras alone and error with extras.
                call { ParraLogger.warn("w3", nil) }
                call { ParraLogger.error("e3", ["k": 1]) }
                call { ParraLogger.fatal("f3", Failure(), ["k": 2]) }
            }
            #expect(
                logged.map(level) == [
                    "trace", "debug", "info", "warn", "warn", "error", "error", "error", "fatal", "fatal", "fatal",
                    "warn", "error", "fatal",
                ])
            #expect(
                logged.map(message) == [
                    "t", "d", "i", "w", "w2", "e", "e2", "card declined", "f", "f2", "card declined", "w3", "e3", "f3",
                ])
            #expect(logged.map { callSite($0)["line"] as? Int } == lines.map { Int($0) })
            #expect(
                logged.allSatisfy { callSite($0)["file_id"] as? String == "ParraLoggerTests/AppLoggerAPITests.swift" })
            #expect(logged.allSatisfy { callSite($0)["function"] as? String == "levelsAndForms()" })
            #expect(extra(logged[1])?["k"] as? String == "v")
            #expect(extra(logged[11]) == nil && extra(logged[12])?["k"] as? Int == 1)
            #expect(extra(logged[13])?["k"] as? Int == 2 && extra(logged[13])?["$error"] != nil)
            for index in [4, 6, 9, 13] {
                let error = extra(logged[index])?["$error"] as? [String: Any]
                #expect(error?["description"] as? String == "card declined")
                #expect((error?["type"] as? String)?.hasSuffix("Failure") == true)
            }
            #expect(extra(logged[7]) == nil, "an Error alone is the message, not an extra")
            #expect(
                logged.map { $0["call_stack"] != nil } == [
                    false, false, false, false, false, true, true, true, true, true, true, false, true, true,
                ])
        }

        @Test("below the minimum level nothing is built, and the marker has the call's time but no message")
        func filtered() throws {
            var evaluated = 0
            func expensive() -> String {
                evaluated += 1
                return "expensive"
            }
            var marker: ParraLogMarker?
            var now = 1_700_000_000.25
            let logged = try withUnsafePointer(to: &now) { clock in
                try LogRouter.withThreadClock(clock) {
                    try events(level: "warn") {
                        marker = ParraLogger.info("\(expensive())", ["x": expensive()])
                        ParraLogger.warn("kept")
                    }
                }
            }
            #expect(evaluated == 0)
            #expect(marker?.initialLevel == .info && marker?.message == nil)
            // The marker still carries the time of the call, on the log clock.
            #expect(marker?.timestamp == Date(timeIntervalSince1970: 1_700_000_000.25))
            #expect(logged.map(message) == ["kept"])
        }

        @Test("a logger's category and extras, a call's extras winning, and scopes adding to the category")
        func categoriesAndScopes() throws {
            let logged = try events {
                let logger = ParraLogger(category: "Checkout", extra: ["user": "ada", "step": 1])
                logger.info("start", ["step": 2])
                logger.scope(named: "payment", ["card": "visa"]).info("paying")
                ParraLogger().info("no category")
                ParraLogger.scope(named: "static").info("static scope")
            }
            #expect(category(logged[0]) == "Checkout")
            #expect(extra(logged[0])?["user"] as? String == "ada" && extra(logged[0])?["step"] as? Int == 2)
            #expect(category(logged[1]) == "Checkout/payment/categoriesAndScopes()")
            #expect(extra(logged[1])?["card"] as? String == "visa" && extra(logged[1])?["user"] as? String == "ada")
            #expect(category(logged[2]) == "AppLoggerAPITests", "without a category, the file's name, as the SDK")
            #expect(category(logged[3]) == "static/categoriesAndScopes()")
        }

        @Test("withScope logs its entry at trace and an error thrown inside before rethrowing it, sync and async")
        func withScope() async throws {
            let logged = try events {
                let logger = ParraLogger(category: "Sync")
                let value = logger.withScope(named: "load") { scoped in
                    scoped.info("inside")
                    return 7
                }
                #expect(value == 7)
                #expect(throws: Failure.self) { try logger.withScope(named: "fail") { _ in throw Failure() } }
            }
            #expect(
                logged.map(message) == [
                    "Entered scope: withScope()", "inside", "Entered scope: withScope()", "card declined",
                ])
            #expect(logged.map(level) == ["trace", "info", "trace", "error"])
            #expect(category(logged[1]) == "Sync/load/withScope()")

            let storage = try CFixtureBuilder.makeTemporaryDirectory()
            let host = try TestHost(
                paths: [LoggerModule.path],
                codeOptions: ["logger.environment": .string("production"), "logger.minimumLogLevel": .string("trace")],
                storage: storage)
            host.runtime.start()
            let result = await ParraLogger(category: "Async").withScope(named: "fetch") { scoped in
                // A real suspension, resumed from another thread, instead of a sleep: no time need pass.
                await withCheckedContinuation { continuation in DispatchQueue.global().async { continuation.resume() } }
                scoped.info("fetched")
                return "ok"
            }
            ParraLogger.flush()
            host.runtime.stop()
            #expect(result == "ok")
            let spool = storage.appendingPathComponent("module-files/com.parra.logger/sessions")
            let text = try FileManager.default.contentsOfDirectory(atPath: spool.path).filter {
                $0.hasPrefix("segment-")
            }
            .map { try String(contentsOf: spool.appendingPathComponent($0), encoding: .utf8) }.joined()
            #expect(text.contains("Entered scope: withScope()") && text.contains("\"message\":\"fetched\""))
        }

        @Test("a disabled logger logs nothing until enabled again; other loggers and the static forms go on")
        func enableAndDisable() throws {
            let logger = ParraLogger(category: "Quiet")
            var marker: ParraLogMarker?
            let logged = try events {
                #expect(logger.isEnabled)
                logger.disable()
                #expect(!logger.isEnabled)
                marker = logger.warn("dropped")
                logger.scope(named: "child").info("a scope is a logger of its own")
                ParraLogger.info("static")
                logger.enable()
                logger.info("back")
                logger.isEnabled = false
                logger.info("off again, as the SDK's property sets it")
                logger.isEnabled = true
            }
            #expect(logged.map(message) == ["a scope is a logger of its own", "static", "back"])
            #expect(marker?.message == nil && marker?.initialLevel == .warn)
        }

        @Test("measureTime with a message made from the duration, and withScope in its static form")
        func messageProviderAndStaticScope() throws {
            var durations: [TimeInterval] = []
            let logged = try events(level: "info") {
                let start = ParraLogger.info("start")
                ParraLogger.measureTime(
                    since: start,
                    messageProvider: { duration in
                        durations.append(duration)
                        return "the \(duration >= 0 ? "step" : "?")"
                    }, format: .custom { _ in "a while" })
                ParraLogger.withScope(named: "batch") { scoped in scoped.info("in batch") }
            }
            #expect(durations.count == 1)
            #expect(logged.map(message) == ["start", "the step took a while", "in batch"])
            #expect(category(logged[2]) == "batch/messageProviderAndStaticScope()")
        }

        @Test("measureTime logs at info how long since a marker, and hands back the next marker")
        func measureTime() throws {
            var measurement: ParraLogMarkerMeasurement?
            var fromFiltered: ParraLogMarkerMeasurement?
            var provided: ParraLogMarkerMeasurement?
            // The log clock of this thread is moved by hand: the intervals are exact.
            var now = 1_700_000_000.0
            let logged = try withUnsafeMutablePointer(to: &now) { clock in
                try LogRouter.withThreadClock(clock) {
                    try events(level: "info") {
                        let start = ParraLogger.info("loading")
                        let skipped = ParraLogger.debug("never")
                        clock.pointee += 2.5
                        measurement = ParraLogger.measureTime(since: start, format: .seconds)
                        clock.pointee += 0.25
                        fromFiltered = ParraLogger.measureTime(
                            since: skipped, message: "skipped work", format: .seconds)
                        clock.pointee += 60
                        provided = ParraLogger.measureTime(since: start, messageProvider: { "\(Int($0))s of loading" })
                    }
                }
            }
            #expect(measurement?.timeInterval == 2.5)
            #expect(measurement?.nextMarker.timestamp == Date(timeIntervalSince1970: 1_700_000_002.5))
            // A marker of a call below the minimum level carries its time all the same.
            #expect(fromFiltered?.timeInterval == 2.75)
            #expect(provided?.timeInterval == 62.75)
            #expect(
                logged.map(message) == [
                    "loading", "loading took 2.5 seconds", "skipped work took 2.75 seconds",
                    "62s of loading took 1 minute, 2.75 seconds",
                ])
            #expect(logged.dropFirst().allSatisfy { level($0) == "info" })
        }

        /// A wrapper of the app's that forwards its own call site, as code written for the SDK
        /// passes it: unlabelled, after the extras.
        static func audit(
            _ message: String, _ fileID: StaticString = #fileID, _ function: StaticString = #function,
            _ line: UInt = #line, _ column: UInt = #column
        ) {
            ParraLogger.info(message, ["audit": true], fileID, function, line, column)
            let logger = ParraLogger(category: "audit")
            logger.warn(message, nil, fileID, function, line, column)
            logger.withScope(named: "review", nil, { $0.error(message, nil, fileID, function, line, column) })
        }

        @Test("call-site arguments passed on by position, as the SDK's level methods take them")
        func forwardedCallSite() throws {
            let line: UInt = #line + 1
            let logged = try events { Self.audit("paid") }
            let calls = logged.filter { message($0) == "paid" }
            #expect(calls.map(level) == ["info", "warn", "error"])
            for call in calls {
                #expect(callSite(call)["line"] as? Int == Int(line))
                #expect((callSite(call)["file_id"] as? String)?.hasSuffix("AppLoggerAPITests.swift") == true)
                #expect(callSite(call)["function"] as? String == "forwardedCallSite()")
            }
            #expect(extra(calls[0])?["audit"] as? Bool == true)
        }
    }
}

@Suite("Measured durations")
struct MeasurementFormatTests {
    @Test("seconds, pretty and custom formats")
    func formats() {
        #expect(ParraLogMeasurementFormat.seconds.text(70.25) == "70.25 seconds")
        #expect(ParraLogMeasurementFormat.seconds.text(1) == "1 second")
        #expect(ParraLogMeasurementFormat.pretty.text(70.25) == "1 minute, 10.25 seconds")
        #expect(ParraLogMeasurementFormat.pretty.text(7200) == "2 hours")
        #expect(ParraLogMeasurementFormat.pretty.text(0) == "0 seconds")
        #expect(ParraLogMeasurementFormat.seconds.text(0.000093) == "0.000093 seconds")
        #expect(ParraLogMeasurementFormat.seconds.text(2.5004) == "2.5 seconds")
        #expect(ParraLogMeasurementFormat.seconds.text(-1.5) == "-1.5 seconds")
        #expect(ParraLogMeasurementFormat.seconds.text(12.0006) == "12.001 seconds")
        #expect(ParraLogMeasurementFormat.seconds.text(1e13) == "10000000000000 seconds")
        #expect(ParraLogMeasurementFormat.seconds.text(.infinity) == "inf seconds")
        #expect(ParraLogMeasurementFormat.custom { "\(Int($0 * 1000)) ms" }.text(0.5) == "500 ms")
    }
}
