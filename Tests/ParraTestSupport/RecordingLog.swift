import Foundation
import Parra
import ParraRuntime

/// Collects every host log record, for tests to read what modules reported.
package final class RecordingLog: @unchecked Sendable {
    /// Guards `stored`; broadcast on every new record, for `waitForMessage`.
    private let condition = NSCondition()
    private var stored: [HostLogRecord] = []

    /// An empty recorder.
    package init() {}

    /// A `HostLog` that writes here, keeping every level.
    package var hostLog: HostLog {
        HostLog(minimumLevel: .trace) { [self] record in append(record) }
    }

    /// Adds a line of the test's own (from app code under test), so it lands in the same
    /// timeline as the modules' records.
    package func note(_ message: String, from origin: String = "app") {
        append(HostLogRecord(level: .info, moduleID: origin, message: message))
    }

    private func append(_ record: HostLogRecord) {
        condition.withLock {
            stored.append(record)
            condition.broadcast()
        }
    }

    /// Every record so far.
    package var records: [HostLogRecord] { condition.withLock { stored } }

    /// The messages written by `moduleID`, in order.
    package func messages(from moduleID: String) -> [String] {
        records.filter { $0.moduleID == moduleID }.map(\.message)
    }

    /// Waits until `moduleID` has written a message that `matches`, woken by each new record,
    /// for at most `seconds`; whether one came.
    @discardableResult
    package func waitForMessage(
        from moduleID: String, within seconds: TimeInterval = 20, where matches: (String) -> Bool
    ) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        return condition.withLock {
            while !stored.contains(where: { $0.moduleID == moduleID && matches($0.message) }) {
                guard condition.wait(until: deadline) else { return false }
            }
            return true
        }
    }
}
