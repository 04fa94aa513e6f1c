import FoundationEssentials
import ParraShared

/// One diagnostic line from the host or a module.
package struct HostLogRecord: Sendable, Hashable {
    /// Its severity.
    package let level: ParraLogLevel
    /// The module that wrote it; nil for the host itself.
    package let moduleID: String?
    /// The text.
    package let message: String

    /// A record.
    package init(level: ParraLogLevel, moduleID: String?, message: String) {
        self.level = level
        self.moduleID = moduleID
        self.message = message
    }

    /// The line as the default sink prints it: `parra: warn: [com.example.x] message`, its
    /// control characters written out (`TerminalText`): a module cannot move the cursor, write
    /// the clipboard or start a line that looks like the host's.
    package var formatted: String {
        let origin = moduleID.map { "[\(TerminalText.escaped($0))] " } ?? ""
        return "parra: \(level.keyword): \(origin)\(TerminalText.escaped(message))"
    }
}

/// Where host diagnostics go.
package struct HostLog: Sendable {
    /// Receives each record at or above `minimumLevel`, on the thread that logged it.
    package let write: @Sendable (HostLogRecord) -> Void
    /// Records below this level are dropped before formatting.
    package let minimumLevel: ParraLogLevel

    /// A sink of your own.
    package init(minimumLevel: ParraLogLevel = .info, write: @escaping @Sendable (HostLogRecord) -> Void) {
        self.minimumLevel = minimumLevel
        self.write = write
    }

    /// Standard error, one line per record.
    package static func standardError(minimumLevel: ParraLogLevel = .info) -> HostLog {
        HostLog(minimumLevel: minimumLevel) { record in StandardError.write(record.formatted + "\n") }
    }

    package func log(_ level: ParraLogLevel, _ message: @autoclosure () -> String, moduleID: String? = nil) {
        guard level >= minimumLevel else { return }
        write(HostLogRecord(level: level, moduleID: moduleID, message: message()))
    }
}
