import CParraLogRoute
import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// Where a log came from: its call site and, unless a static form made it, its logger.
public struct ParraLogContext {
    /// The file, function, line, column and thread of the call.
    public let callSiteContext: ParraLoggerCallSiteContext
    /// The logger that made the call; nil for the static forms (`ParraLogger.info(...)`).
    public let loggerContext: ParraLoggerContext?
    /// Whether the log must not become a session event. The SDK sets it for its own storage's
    /// logs; nothing in this runtime does, so it is always false.
    public let bypassEventCreation: Bool
}

/// The call site of a log.
public struct ParraLoggerCallSiteContext {
    /// The `#fileID` of the call (`MyApp/CheckoutView.swift`).
    public let fileId: String
    /// The calling function (`#function`).
    public let function: String
    /// The line of the call.
    public let line: Int
    /// The column of the call.
    public let column: Int
    /// The thread that made the call.
    public var threadInfo: ParraLoggerThreadInfo
}

/// The logger behind a log: the category path and extras it was made with.
public struct ParraLoggerContext {
    /// The logger's category followed by its scopes' names (``ParraLogger/categoryPath``).
    public let categoryPath: [String]
    /// The logger's own extras (the call's are in ``ParraLogData/extra``, merged).
    public let extra: [String: Any]
}

/// The thread a log was made on.
public struct ParraLoggerThreadInfo: Sendable, Codable {
    /// The kernel's id of the thread (`gettid`).
    public let id: Int
    /// The name of the operation queue the call ran on; always empty: operation queues are
    /// corelibs Foundation's, which Parra does not load, and Swift on Linux cannot read a
    /// dispatch queue's label from inside it.
    public let queueName: String
    /// The thread's stack size in bytes (`pthread_attr_getstacksize`); 0 when unknown.
    public let stackSize: Int
    /// The thread's priority, 0.0 to 1.0, 0.5 being the default, from its nice value (-20 is
    /// 1.0, 19 is 0.025).
    public let priority: Double
    /// The thread's quality of service: Linux threads have none, so `.default`, as Foundation
    /// reports it there.
    public let qualityOfService: QualityOfService
    /// The thread's name: "main" for the main thread, else its Foundation or pthread name;
    /// nil when it has none.
    public let threadName: String?
    /// The thread's number in Apple's thread descriptions; Linux numbers none, so nil.
    public let threadNumber: UInt8?

    /// Foundation's `QualityOfService`, with its raw values.
    public enum QualityOfService: Int, Sendable {
        /// Work the user is interacting with.
        case userInteractive = 0x21
        /// Work the user started and waits for.
        case userInitiated = 0x19
        /// Long-running work the user knows of.
        case utility = 0x11
        /// Work the user does not see.
        case background = 0x09
        /// No quality of service given.
        case `default` = -1
    }

    /// The calling thread's.
    static func current(name: String?, id: Int) -> ParraLoggerThreadInfo {
        ParraLoggerThreadInfo(
            id: id, queueName: "", stackSize: Int(parra_log_route_thread_stack_size()),
            priority: 0.5 - Double(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id))) / 40,
            qualityOfService: .default, threadName: name, threadNumber: nil)
    }
}

extension ParraLoggerThreadInfo {
    private enum CodingKeys: String, CodingKey {
        case id, queueName, stackSize, priority, qualityOfService, threadName, threadNumber
    }

    /// Decodes the fields by name, the quality of service as Foundation's raw value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            queueName: try container.decode(String.self, forKey: .queueName),
            stackSize: try container.decode(Int.self, forKey: .stackSize),
            priority: try container.decode(Double.self, forKey: .priority),
            qualityOfService: QualityOfService(rawValue: try container.decode(Int.self, forKey: .qualityOfService))
                ?? .default,
            threadName: try container.decodeIfPresent(String.self, forKey: .threadName),
            threadNumber: try container.decodeIfPresent(UInt8.self, forKey: .threadNumber))
    }

    /// Encodes the fields by name, the quality of service as Foundation's raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(queueName, forKey: .queueName)
        try container.encode(stackSize, forKey: .stackSize)
        try container.encode(priority, forKey: .priority)
        try container.encode(qualityOfService.rawValue, forKey: .qualityOfService)
        try container.encodeIfPresent(threadName, forKey: .threadName)
        try container.encodeIfPresent(threadNumber, forKey: .threadNumber)
    }
}
