import Foundation
import Parra

/// Collects every host log record, for tests to read what modules reported.
public final class RecordingLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [HostLogRecord] = []

    /// An empty recorder.
    public init() {}

    /// A `HostLog` that writes here, keeping every level.
    public var hostLog: HostLog {
        HostLog(minimumLevel: .trace) { [self] record in lock.withLock { stored.append(record) } }
    }

    /// Adds a line of the test's own (from app code under test), so it lands in the same
    /// timeline as the modules' records.
    public func note(_ message: String, from origin: String = "app") {
        lock.withLock { stored.append(HostLogRecord(level: .info, moduleID: origin, message: message)) }
    }

    /// Every record so far.
    public var records: [HostLogRecord] { lock.withLock { stored } }

    /// The messages written by `moduleID`, in order.
    public func messages(from moduleID: String) -> [String] {
        records.filter { $0.moduleID == moduleID }.map(\.message)
    }
}
