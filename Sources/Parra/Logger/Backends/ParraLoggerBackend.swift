/// An app-side destination for logs, beside the logger module: add one with
/// ``ParraLogger/addLoggerBackend(_:)`` and it receives every log call that logs, at every
/// level (filter on ``ParraLogData/level`` yourself, as the SDK's backends do).
///
/// Calls come on the thread that logged, from several threads at once; a backend must be
/// thread-safe, and fast, since the logging thread waits for it. Logging from inside a
/// backend reaches the backend again.
public protocol ParraLoggerBackend {
    /// The backend's name, unique among the added backends; `removeLoggerBackend(named:)`
    /// takes it.
    var name: String { get }

    /// Receives one log.
    func log(data: ParraLogData)

    /// Receives several logs, oldest first. This runtime hands logs over one at a time; the
    /// default implementation passes each to ``log(data:)``.
    func logMultiple(data: [ParraLogData])
}

extension ParraLoggerBackend {
    /// Passes each log to ``log(data:)``, in order.
    public func logMultiple(data: [ParraLogData]) {
        for log in data { self.log(data: log) }
    }
}
