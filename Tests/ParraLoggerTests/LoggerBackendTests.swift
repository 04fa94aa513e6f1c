import Foundation
import Parra
import Synchronization
import Testing

/// A backend that keeps what it receives. Sendable by hand: what it received is behind `lock`.
final class RecordingBackend: ParraLoggerBackend, @unchecked Sendable {
    let name: String
    private let lock = NSLock()
    private var received: [ParraLogData] = []

    init(name: String) { self.name = name }

    var logs: [ParraLogData] { lock.withLock { received } }

    func log(data: ParraLogData) { lock.withLock { received.append(data) } }
}

extension AppLoggerTests.AppLoggerAPITests {
    @Test("a backend receives every level with the SDK's data, while the module keeps its minimum level")
    func backendReceivesEveryLevel() throws {
        let backend = RecordingBackend(name: "recorder")
        let logger = ParraLogger(category: "Checkout", extra: ["cart": 3])
        let error = Failure()
        var added: [String] = []
        let logged = try events(level: "warn") {
            try ParraLogger.addLoggerBackend(backend)
            added = ParraLogger.loggerBackends.map(\.name)
            logger.debug("below the module's level", ["step": 1])
            logger.warn("declined", error)
            ParraLogger.error(error)
            ParraLogger.removeLoggerBackend(named: "recorder")
        }
        #expect(added == ["recorder"])
        #expect(ParraLogger.loggerBackends.isEmpty)
        #expect(logged.map(message) == ["declined", "card declined"])

        let logs = backend.logs.filter { $0.logContext.callSiteContext.function == "backendReceivesEveryLevel()" }
        try #require(logs.count == 3)
        #expect(logs.map(\.level) == [.debug, .warn, .error])
        #expect(logs[0].message.produceLog().0 == "below the module's level")
        #expect(logs[0].extra?["cart"] as? Int == 3 && logs[0].extra?["step"] as? Int == 1)
        #expect(logs[0].logContext.loggerContext?.categoryPath == ["Checkout"])
        #expect(logs[0].logContext.callSiteContext.fileId == "ParraLoggerTests/LoggerBackendTests.swift")
        let thread = logs[0].logContext.callSiteContext.threadInfo
        #expect(thread.id > 0 && thread.stackSize > 0 && (0...1).contains(thread.priority))
        let copy = try JSONDecoder().decode(ParraLoggerThreadInfo.self, from: JSONEncoder().encode(thread))
        #expect(
            copy.id == thread.id && copy.qualityOfService == thread.qualityOfService
                && copy.threadName == thread.threadName)
        #expect(logs[1].message.produceLog().0 == "declined" && logs[1].extraError is Failure)
        // An error alone is the message; the static forms have no logger context.
        #expect(logs[2].extraError == nil && logs[2].logContext.loggerContext == nil)
        let (text, extra) = logs[2].message.produceLog()
        #expect(text == "card declined" && (extra?["type"] as? String)?.hasSuffix("Failure") == true)
        #expect(logs.allSatisfy { !$0.logContext.bypassEventCreation })
    }

    @Test("a second backend of the same name is refused; once removed, calls below the level build nothing again")
    func duplicateAndRemoval() throws {
        let first = RecordingBackend(name: "twin")
        var refusal: String?
        var evaluated = 0
        func counted() -> String {
            evaluated += 1
            return "counted"
        }
        let disabled = ParraLogger(category: "Off")
        _ = try events(level: "warn") {
            try ParraLogger.addLoggerBackend(first)
            do {
                try ParraLogger.addLoggerBackend(RecordingBackend(name: "twin"))
            } catch {
                refusal = "\(error)"
            }
            disabled.disable()
            disabled.info("a disabled logger reaches no backend")
            ParraLogger.debug("\(counted())")
            ParraLogger.removeLoggerBackend(named: "twin")
            ParraLogger.debug("\(counted())")
        }
        #expect(refusal == "Tried to add duplicate logger backend with name: twin")
        #expect(evaluated == 1)
        // As in the SDK, the refused twin's "Adding" and the removal are logged while the first
        // backend is still there; the disabled logger's call reaches no backend.
        #expect(
            first.logs.map { $0.message.produceLog().0 }
                == ["Adding new logger backend", "counted", "Removing logger backend"])
    }
}
