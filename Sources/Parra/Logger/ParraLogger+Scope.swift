import Foundation

extension ParraLogger {
    /// A child logger whose category path adds `name` (when given) and the calling function,
    /// and whose extras add `extra`.
    public func scope(named name: String? = nil, extra: [String: Any]? = nil, function: String = #function)
        -> ParraLogger
    {
        var merged = self.extra
        if let extra { merged.merge(extra) { _, new in new } }
        return ParraLogger(categoryPath: categoryPath + (name.map { [$0] } ?? []) + [function], extra: merged)
    }

    /// Runs `block` with a child logger (see ``scope(named:extra:function:)``): logs the entry
    /// at trace, and an error thrown inside at error before rethrowing it. Returns what
    /// `block` returns.
    @discardableResult
    public func withScope<Result>(
        named name: String? = nil, extra: [String: Any]? = nil, fileID: StaticString = #fileID,
        function: StaticString = #function, line: UInt = #line, column: UInt = #column,
        _ block: (ParraLogger) throws -> Result
    ) rethrows -> Result {
        let scoped = scope(named: name, extra: extra, function: "\(function)")
        scoped.trace(
            "entering scope \(name ?? "\(function)")", fileID: fileID, function: function, line: line, column: column)
        do {
            return try block(scoped)
        } catch {
            scoped.error(error, fileID: fileID, function: function, line: line, column: column)
            throw error
        }
    }

    /// The async form of ``withScope(named:extra:fileID:function:line:column:_:)``.
    @discardableResult
    public func withScope<Result>(
        named name: String? = nil, extra: [String: Any]? = nil, fileID: StaticString = #fileID,
        function: StaticString = #function, line: UInt = #line, column: UInt = #column,
        _ block: (ParraLogger) async throws -> Result
    ) async rethrows -> Result {
        let scoped = scope(named: name, extra: extra, function: "\(function)")
        scoped.trace(
            "entering scope \(name ?? "\(function)")", fileID: fileID, function: function, line: line, column: column)
        do {
            return try await block(scoped)
        } catch {
            scoped.error(error, fileID: fileID, function: function, line: line, column: column)
            throw error
        }
    }

    /// Logs at info how long it has been since `startMarker`: "<message> took 1.5 seconds",
    /// where the message defaults to the start marker's. A marker from a call below the
    /// minimum level has no time; the line then says the time is unknown.
    @discardableResult
    public func measureTime(
        since startMarker: ParraLogMarker, message: String? = nil, format: ParraLogMeasurementFormat = .pretty,
        fileID: StaticString = #fileID, function: StaticString = #function, line: UInt = #line,
        column: UInt = #column
    ) -> ParraLogMarkerMeasurement {
        let now = Date()
        let interval = startMarker.timestamp.map { now.timeIntervalSince($0) }
        let name = message ?? startMarker.message ?? "(unnamed)"
        let marker = info(
            interval.map { "\(name) took \(format.text($0))" }
                ?? "\(name) took an unknown time (its start marker was below the minimum log level)",
            fileID: fileID, function: function, line: line, column: column)
        return ParraLogMarkerMeasurement(
            timeInterval: interval,
            nextMarker: marker.timestamp == nil ? ParraLogMarker(level: .info, timestamp: now, message: name) : marker)
    }

    /// The static form of ``measureTime(since:message:format:fileID:function:line:column:)-method``.
    @discardableResult
    public static func measureTime(
        since startMarker: ParraLogMarker, message: String? = nil, format: ParraLogMeasurementFormat = .pretty,
        fileID: StaticString = #fileID, function: StaticString = #function, line: UInt = #line,
        column: UInt = #column
    ) -> ParraLogMarkerMeasurement {
        shared.measureTime(
            since: startMarker, message: message, format: format, fileID: fileID, function: function, line: line,
            column: column)
    }
}
