import FoundationEssentials
import ParraSync

extension ParraLogger {
    /// A child logger whose category path adds `name` (when given) and the calling function,
    /// and whose extras add `extra`; it logs nothing until used.
    public func scope(named name: String? = nil, _ extra: [String: Any]? = nil, _ function: String = #function)
        -> ParraLogger
    {
        var merged = self.extra
        if let extra { merged.merge(extra) { _, new in new } }
        return ParraLogger(categoryPath: categoryPath + (name.map { [$0] } ?? []) + [function], extra: merged)
    }

    /// Runs `block` with a child logger (see ``scope(named:_:_:)-method``): logs "Entered scope:
    /// <function>" at trace, as the SDK does, and an error thrown inside at error before
    /// rethrowing it. Returns what `block` returns.
    @discardableResult
    public func withScope<Result>(
        named name: String? = nil, _ extra: [String: Any]? = nil, _ block: (ParraLogger) throws -> Result,
        _ fileID: StaticString = #fileID,
        _ function: StaticString = #function, _ line: UInt = #line, _ column: UInt = #column
    ) rethrows -> Result {
        let scoped = enter(name, extra, fileID, function, line, column)
        do {
            return try block(scoped)
        } catch {
            scoped.error(error, nil, fileID, function, line, column)
            throw error
        }
    }

    /// The async form of `withScope(named:_:_:_:_:_:_:)`.
    @discardableResult
    public func withScope<Result>(
        named name: String? = nil, _ extra: [String: Any]? = nil, _ block: (ParraLogger) async throws -> Result,
        _ fileID: StaticString = #fileID,
        _ function: StaticString = #function, _ line: UInt = #line, _ column: UInt = #column
    ) async rethrows -> Result {
        let scoped = enter(name, extra, fileID, function, line, column)
        do {
            return try await block(scoped)
        } catch {
            scoped.error(error, nil, fileID, function, line, column)
            throw error
        }
    }

    /// The scope `withScope` runs its block in, with its entry logged.
    private func enter(
        _ name: String?, _ extra: [String: Any]?, _ fileID: StaticString, _ function: StaticString, _ line: UInt,
        _ column: UInt
    ) -> ParraLogger {
        let scoped = scope(named: name, extra, "\(function)")
        scoped.trace("Entered scope: \(function)", nil, fileID, function, line, column)
        return scoped
    }

    /// The static form of ``scope(named:_:_:)-method``: a child of the uncategorised logger.
    public static func scope(named name: String? = nil, _ extra: [String: Any]? = nil, _ function: String = #function)
        -> ParraLogger
    {
        shared.scope(named: name, extra, function)
    }

    /// The static form of `withScope(named:_:_:_:_:_:_:)`.
    @discardableResult
    public static func withScope<Result>(
        named name: String? = nil, _ extra: [String: Any]? = nil, _ block: (ParraLogger) throws -> Result,
        _ fileID: StaticString = #fileID,
        _ function: StaticString = #function, _ line: UInt = #line, _ column: UInt = #column
    ) rethrows -> Result {
        try shared.withScope(
            named: name, extra, block, fileID, function, line, column)
    }

    /// The static async form of `withScope(named:_:_:_:_:_:_:)`.
    @discardableResult
    public static func withScope<Result>(
        named name: String? = nil, _ extra: [String: Any]? = nil, _ block: (ParraLogger) async throws -> Result,
        _ fileID: StaticString = #fileID,
        _ function: StaticString = #function, _ line: UInt = #line, _ column: UInt = #column
    ) async rethrows -> Result {
        try await shared.withScope(
            named: name, extra, block, fileID, function, line, column)
    }

    /// Logs at info how long it has been since `startMarker`: "<message> took 1.5 seconds",
    /// where the message defaults to the start marker's. The start marker may come from a call
    /// that did not log (below the minimum level): it still carries its time.
    @discardableResult
    public func measureTime(
        since startMarker: ParraLogMarker, message: String? = nil, format: ParraLogMeasurementFormat = .pretty,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarkerMeasurement {
        let interval = Self.interval(since: startMarker)
        return measured(interval, message ?? startMarker.message ?? "(unnamed)", format, fileID, function, line, column)
    }

    /// Logs at info how long it has been since `startMarker`, with the message made from the
    /// duration: "<message> took 1.5 seconds".
    @discardableResult
    public func measureTime(
        since startMarker: ParraLogMarker, messageProvider: (_ duration: TimeInterval) -> String,
        format: ParraLogMeasurementFormat = .pretty, _ fileID: StaticString = #fileID,
        _ function: StaticString = #function,
        _ line: UInt = #line, _ column: UInt = #column
    ) -> ParraLogMarkerMeasurement {
        let interval = Self.interval(since: startMarker)
        return measured(interval, messageProvider(interval), format, fileID, function, line, column)
    }

    /// The seconds from `startMarker` to now, on the clock log records and markers are stamped
    /// with (a marker of a call that did not log too).
    private static func interval(since startMarker: ParraLogMarker) -> TimeInterval {
        ParraLogMarker.clockNow() - startMarker.timestamp.timeIntervalSince1970
    }

    /// Logs "<name> took <interval>" at info and returns the measurement, whose next marker is
    /// that log's.
    private func measured(
        _ interval: TimeInterval, _ name: String, _ format: ParraLogMeasurementFormat, _ fileID: StaticString,
        _ function: StaticString, _ line: UInt, _ column: UInt
    ) -> ParraLogMarkerMeasurement {
        let marker = info("\(name) took \(format.text(interval))", nil, fileID, function, line, column)
        return ParraLogMarkerMeasurement(timeInterval: interval, nextMarker: marker)
    }

    /// The static form of `measureTime(since:messageProvider:format:_:_:_:_:)`.
    @discardableResult
    public static func measureTime(
        since startMarker: ParraLogMarker, messageProvider: (_ duration: TimeInterval) -> String,
        format: ParraLogMeasurementFormat = .pretty, _ fileID: StaticString = #fileID,
        _ function: StaticString = #function,
        _ line: UInt = #line, _ column: UInt = #column
    ) -> ParraLogMarkerMeasurement {
        shared.measureTime(
            since: startMarker, messageProvider: messageProvider, format: format, fileID, function, line, column)
    }

    /// The static form of ``measureTime(since:message:format:_:_:_:_:)-method``.
    @discardableResult
    public static func measureTime(
        since startMarker: ParraLogMarker, message: String? = nil, format: ParraLogMeasurementFormat = .pretty,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarkerMeasurement {
        shared.measureTime(
            since: startMarker, message: message, format: format, fileID, function, line, column)
    }
}
