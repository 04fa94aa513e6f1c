import CParraLogRoute
import FoundationEssentials
import Glibc
import ParraAPI
import ParraAppModel
import ParraRuntime
import Synchronization

/// The app's logger, as in Parra: `ParraLogger(category: "Checkout").info("Paid")`, or the
/// static forms `ParraLogger.info("Paid")`.
///
/// Messages and extras are autoclosures: a call below the minimum level evaluates neither and
/// costs a compare. A call that passes is handed to the logger module (`libParraLogger.so`),
/// which prints it to the console or keeps it for upload, as its options say. Calls made
/// before the module is active are kept (the last 100) and handed over once it is; without the
/// module, calls at or above the configured level are printed to stderr in a plain format.
/// Safe to use from any thread.
/// Sendable by hand: every field is a `let` (`enabled` an atomic), and the logger only reads `extra`, never changes it.
public final class ParraLogger: @unchecked Sendable {
    /// The category given at creation, followed by the scope names of ``scope(named:_:_:)-method``.
    public let categoryPath: [String]
    /// Values attached to every log of this logger (a call's own extra wins on a clash).
    public let extra: [String: Any]
    /// `categoryPath` joined by "/": what the module receives as the record's category.
    @usableFromInline let joinedCategory: String
    /// Whether this logger's calls log; ``disable()`` turns them off.
    @usableFromInline let enabled = Atomic<Bool>(true)

    /// A logger for `category` whose logs all carry `extra`. Without a category, as in the
    /// SDK, the category is the name of the file that made the logger (`CheckoutView` for
    /// `App/CheckoutView.swift`).
    public convenience init(category: String? = nil, extra: [String: Any]? = nil, fileId: String = #fileID) {
        let fileName = fileId.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) }
        self.init(categoryPath: [category ?? fileName ?? fileId], extra: extra ?? [:])
    }

    init(categoryPath: [String], extra: [String: Any]) {
        self.categoryPath = categoryPath
        self.extra = extra
        self.joinedCategory = String(joining: categoryPath, separator: "/")
    }

    /// The logger behind the static forms: no category, no extra.
    @usableFromInline static let shared = ParraLogger(categoryPath: [], extra: [:])

    /// Whether this logger's calls log (true unless turned off, by ``disable()`` or by setting
    /// it). It concerns this instance only: not the static forms, nor other loggers, nor this
    /// one's scopes.
    public var isEnabled: Bool {
        get { enabled.load(ordering: .relaxed) }
        set { enabled.store(newValue, ordering: .relaxed) }
    }

    /// Turns this logger's calls back on.
    public func enable() { enabled.store(true, ordering: .relaxed) }

    /// Turns this logger's calls off: they log nothing and return a marker with no message.
    public func disable() { enabled.store(false, ordering: .relaxed) }

    /// Whether a log at `level` would go anywhere now.
    @inlinable
    public static func isEnabled(_ level: ParraLogLevel) -> Bool {
        parra_log_route_allows(level.rawValue)
    }

    /// Makes every log so far durable or written, by asking each logger module to flush.
    /// Blocks until they have; any thread.
    public static func flush() { LogRouter.shared.flush() }

    /// The core of every level method: the gate, then (out of line) the record.
    @inlinable @inline(__always)
    func log(
        _ level: ParraLogLevel, _ message: () -> String, _ error: () -> Error?, _ extra: () -> [String: Any]?,
        _ fileID: StaticString, _ function: StaticString, _ line: UInt, _ column: UInt
    ) -> ParraLogMarker {
        guard parra_log_route_allows(level.rawValue), enabled.load(ordering: .relaxed) else {
            return .unlogged(level)
        }
        // Read here, where the optimizer drops it when the marker is discarded (see
        // `ParraLogMarker.clockNow()`); the record's own time is read only when a sink reads it.
        let now = ParraLogMarker.clockNow()
        let text = emit(level, message(), error(), extra(), fileID, function, line, column)
        return ParraLogMarker(level: level, timestamp: Date(timeIntervalSince1970: now), message: text)
    }

    /// Builds the record and routes it; only calls that passed the gate get here. Without app
    /// backends the record leaves its time unread (`LogRouter.unreadTimestamp`), for the router
    /// to read when a sink or the early buffer needs it; with them, the record and the backends
    /// share one reading. Returns the message the record carries.
    @usableFromInline
    func emit(
        _ level: ParraLogLevel, _ message: String, _ error: Error?, _ callExtra: [String: Any]?,
        _ fileID: StaticString, _ function: StaticString, _ line: UInt, _ column: UInt
    ) -> String {
        let backends = !LoggerBackends.isEmpty
        let timestamp = backends ? LogRouter.wallClockSeconds() : LogRouter.unreadTimestamp
        if error == nil, callExtra == nil, extra.isEmpty, level < .error, !message.isEmpty {
            // The usual log: a message alone, lent to the sinks without building an entry.
            LogRouter.route(
                level: level, timestamp: timestamp, message: message, fileID: fileID, function: function,
                line: line, column: column, category: joinedCategory)
            if backends { toBackends(level, timestamp, message, nil, nil, fileID, function, line, column) }
            return message
        }
        let text = message.isEmpty ? (error.map { String(describing: $0) } ?? "") : message
        let extraJSON: String
        if extra.isEmpty, callExtra == nil, error == nil || message.isEmpty {
            extraJSON = ""
        } else {
            var merged = extra
            if let callExtra { merged.merge(callExtra) { _, call in call } }
            if let error, !message.isEmpty {
                merged["$error"] = [
                    "description": String(describing: error), "type": String(reflecting: type(of: error)),
                ]
            }
            extraJSON = merged.isEmpty ? "" : LogExtraEncoder.json(merged)
        }
        let callStack = level >= .error ? Self.callStack() : ""
        LogRouter.shared.route(
            LogRouter.Entry(
                level: level, timestamp: timestamp, message: text, extraJSON: extraJSON, fileID: fileID,
                function: function, line: line, column: column, category: joinedCategory, threadName: "",
                callStack: callStack))
        if backends { toBackends(level, timestamp, message, error, callExtra, fileID, function, line, column) }
        return text
    }

    /// The call stack from the function that logged outwards, one frame per line, as
    /// `Thread.callStackSymbols` writes frames; only `emit` calls it, so that the frame it
    /// leaves out is `emit`'s.
    @inline(never)
    private static func callStack() -> String {
        // Two frames left out: this function's and emit's.
        guard let text = parra_log_route_call_stack(2) else { return "" }
        defer { free(text) }
        return String(cString: text)
    }

    /// Hands a call that logged to the app-side backends, as the SDK shapes it.
    private func toBackends(
        _ level: ParraLogLevel, _ timestamp: Double, _ message: String, _ error: Error?, _ callExtra: [String: Any]?,
        _ fileID: StaticString, _ function: StaticString, _ line: UInt, _ column: UInt
    ) {
        LoggerBackends.shared.deliver(
            ParraLogData(
                timestamp: Date(timeIntervalSince1970: timestamp), level: level,
                message: message.isEmpty && error != nil ? .error { error! } : .string(message),
                extraError: message.isEmpty ? nil : error,
                extra: extra.isEmpty && callExtra == nil ? nil : extra.merging(callExtra ?? [:]) { _, call in call },
                logContext: ParraLogContext(
                    callSiteContext: ParraLoggerCallSiteContext(
                        fileId: "\(fileID)", function: "\(function)", line: Int(line), column: Int(column),
                        threadInfo: .current(
                            name: LogRouter.currentThreadNameIfAny(), id: LogRouter.currentThreadID())),
                    loggerContext: self === Self.shared
                        ? nil : ParraLoggerContext(categoryPath: categoryPath, extra: extra),
                    bypassEventCreation: false)))
    }
}
