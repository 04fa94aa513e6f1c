import FoundationEssentials

/// Severity of a host diagnostic line, in Parra's order.
package enum HostLogLevel: Int32, Sendable, Comparable, CaseIterable {
    case trace, debug, info, warn, error, fatal

    /// The lowercase name, as Parra spells it. Spelled out: `String(describing:)` reflects on
    /// the case, which cost the first host log line of a launch Swift metadata lookups.
    package var name: String {
        switch self {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .warn: "warn"
        case .error: "error"
        case .fatal: "fatal"
        }
    }

    /// The level named `text` (trimmed, any case); nil for anything else.
    package init?(named text: String) {
        let word = text.trimmingSpaces().lowercased()
        guard let level = Self.allCases.first(where: { $0.name == word }) else { return nil }
        self = level
    }

    package static func < (lhs: HostLogLevel, rhs: HostLogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One diagnostic line from the host or a module.
package struct HostLogRecord: Sendable, Hashable {
    /// Its severity.
    package let level: HostLogLevel
    /// The module that wrote it; nil for the host itself.
    package let moduleID: String?
    /// The text.
    package let message: String

    /// A record.
    package init(level: HostLogLevel, moduleID: String?, message: String) {
        self.level = level
        self.moduleID = moduleID
        self.message = message
    }

    /// The line as the default sink prints it: `parra: warn: [com.example.x] message`.
    package var formatted: String {
        let origin = moduleID.map { "[\($0)] " } ?? ""
        return "parra: \(level.name): \(origin)\(message)"
    }
}

/// Where host diagnostics go.
package struct HostLog: Sendable {
    /// Receives each record at or above `minimumLevel`, on the thread that logged it.
    package let write: @Sendable (HostLogRecord) -> Void
    /// Records below this level are dropped before formatting.
    package let minimumLevel: HostLogLevel

    /// A sink of your own.
    package init(minimumLevel: HostLogLevel = .info, write: @escaping @Sendable (HostLogRecord) -> Void) {
        self.minimumLevel = minimumLevel
        self.write = write
    }

    /// Standard error, one line per record.
    package static func standardError(minimumLevel: HostLogLevel = .info) -> HostLog {
        HostLog(minimumLevel: minimumLevel) { record in StandardError.write(record.formatted + "\n") }
    }

    package func log(_ level: HostLogLevel, _ message: @autoclosure () -> String, moduleID: String? = nil) {
        guard level >= minimumLevel else { return }
        write(HostLogRecord(level: level, moduleID: moduleID, message: message()))
    }
}
