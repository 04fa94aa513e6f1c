import Foundation
import Parra
import ParraRuntime

/// Collects every host log record, for tests to read what modules reported.
package final class RecordingLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [HostLogRecord] = []

    /// An empty recorder.
    package init() {}

    /// A `HostLog` that writes here, keeping every level.
    package var hostLog: HostLog {
        HostLog(minimumLevel: .trace) { [self] record in lock.withLock { stored.append(record) } }
    }

    /// Adds a line of the test's own (from app code under test), so it lands in the same
    /// timeline as the modules' records.
    package func note(_ message: String, from origin: String = "app") {
        lock.withLock { stored.append(HostLogRecord(level: .info, moduleID: origin, message: message)) }
    }

    /// Every record so far.
    package var records: [HostLogRecord] { lock.withLock { stored } }

    /// The messages written by `moduleID`, in order.
    package func messages(from moduleID: String) -> [String] {
        records.filter { $0.moduleID == moduleID }.map(\.message)
    }
}
