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

    /// Every record so far.
    public var records: [HostLogRecord] { lock.withLock { stored } }

    /// The messages written by `moduleID`, in order.
    public func messages(from moduleID: String) -> [String] {
        records.filter { $0.moduleID == moduleID }.map(\.message)
    }
}
