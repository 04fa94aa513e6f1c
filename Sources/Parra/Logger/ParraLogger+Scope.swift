import Foundation

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
        named name: String? = nil, _ extra: [String: Any]? = nil, fileID: StaticString = #fileID,
        function: StaticString = #function, line: UInt = #line, column: UInt = #column,
        _ block: (ParraLogger) throws -> Result
    ) rethrows -> Result {
        let scoped = enter(name, extra, fileID, function, line, column)
        do {
            return try block(scoped)
        } catch {
            scoped.error(error, fileID: fileID, function: function, line: line, column: column)
            throw error
        }
    }

    /// The async form of `withScope(named:_:fileID:function:line:column:_:)`.
    @discardableResult
    public func withScope<Result>(
        named name: String? = nil, _ extra: [String: Any]? = nil, fileID: StaticString = #fileID,
        function: StaticString = #function, line: UInt = #line, column: UInt = #column,
        _ block: (ParraLogger) async throws -> Result
    ) async rethrows -> Result {
        let scoped = enter(name, extra, fileID, function, line, column)
        do {
            return try await block(scoped)
        } catch {
            scoped.error(error, fileID: fileID, function: function, line: line, column: column)
            throw error
        }
    }

    /// The scope `withScope` runs its block in, with its entry logged.
    private func enter(
        _ name: String?, _ extra: [String: Any]?, _ fileID: StaticString, _ function: StaticString, _ line: UInt,
        _ column: UInt
    ) -> ParraLogger {
        let scoped = scope(named: name, extra, "\(function)")
        scoped.trace("Entered scope: \(function)", fileID: fileID, function: function, line: line, column: column)
        return scoped
    }

    /// The static form of ``scope(named:_:_:)-method``: a child of the uncategorised logger.
    public static func scope(named name: String? = nil, _ extra: [String: Any]? = nil, _ function: String = #function)
        -> ParraLogger
    {
        shared.scope(named: name, extra, function)
    }

    /// The static form of `withScope(named:_:fileID:function:line:column:_:)`.
    @discardableResult
    public static func withScope<Result>(
        named name: String? = nil, _ extra: [String: Any]? = nil, fileID: StaticString = #fileID,
        function: StaticString = #function, line: UInt = #line, column: UInt = #column,
        _ block: (ParraLogger) throws -> Result
    ) rethrows -> Result {
        try shared.withScope(
            named: name, extra, fileID: fileID, function: function, line: line, column: column, block)
    }

    /// The static async form of `withScope(named:_:fileID:function:line:column:_:)`.
    @discardableResult
    public static func withScope<Result>(
        named name: String? = nil, _ extra: [String: Any]? = nil, fileID: StaticString = #fileID,
        function: StaticString = #function, line: UInt = #line, column: UInt = #column,
        _ block: (ParraLogger) async throws -> Result
    ) async rethrows -> Result {
        try await shared.withScope(
            named: name, extra, fileID: fileID, function: function, line: line, column: column, block)
    }

    /// Logs at info how long it has been since `startMarker`: "<message> took 1.5 seconds",
    /// where the message defaults to the start marker's. The start marker may come from a call
    /// that did not log (below the minimum level): it still carries its time.
    @discardableResult
    public func measureTime(
        since startMarker: ParraLogMarker, message: String? = nil, format: ParraLogMeasurementFormat = .pretty,
        fileID: StaticString = #fileID, function: StaticString = #function, line: UInt = #line,
        column: UInt = #column
    ) -> ParraLogMarkerMeasurement {
        let interval = Date().timeIntervalSince(startMarker.timestamp)
        let name = message ?? startMarker.message ?? "(unnamed)"
        let marker = info(
            "\(name) took \(format.text(interval))", fileID: fileID, function: function, line: line, column: column)
        return ParraLogMarkerMeasurement(timeInterval: interval, nextMarker: marker)
    }

    /// Logs at info how long it has been since `startMarker`, with the message made from the
    /// duration: "<message> took 1.5 seconds".
    @discardableResult
    public func measureTime(
        since startMarker: ParraLogMarker, messageProvider: (_ duration: TimeInterval) -> String,
        format: ParraLogMeasurementFormat = .pretty, fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) -> ParraLogMarkerMeasurement {
        let message = messageProvider(Date().timeIntervalSince(startMarker.timestamp))
        return measureTime(
            since: startMarker, message: message, format: format, fileID: fileID, function: function, line: line,
            column: column)
    }

    /// The static form of `measureTime(since:messageProvider:format:fileID:function:line:column:)`.
    @discardableResult
    public static func measureTime(
        since startMarker: ParraLogMarker, messageProvider: (_ duration: TimeInterval) -> String,
        format: ParraLogMeasurementFormat = .pretty, fileID: StaticString = #fileID, function: StaticString = #function,
        line: UInt = #line, column: UInt = #column
    ) -> ParraLogMarkerMeasurement {
        shared.measureTime(
            since: startMarker, messageProvider: messageProvider, format: format, fileID: fileID, function: function,
            line: line, column: column)
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
