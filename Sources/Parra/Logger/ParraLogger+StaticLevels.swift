import FoundationEssentials

// The static level methods, as in Parra: `ParraLogger.info("...")` logs through a logger with
// no category. Same forms and rules as the instance methods.
extension ParraLogger {
    /// Logs very fine-grained tracing.
    @inlinable @discardableResult
    public static func trace(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.trace, message, { nil }, extra, fileID, function, line, column)
    }

    /// Logs information useful while developing.
    @inlinable @discardableResult
    public static func debug(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.debug, message, { nil }, extra, fileID, function, line, column)
    }

    /// Logs a normal operational message.
    @inlinable @discardableResult
    public static func info(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.info, message, { nil }, extra, fileID, function, line, column)
    }

    /// Logs something unexpected that the app recovers from, with the error behind it if any
    /// (kept in the extras as `$error`).
    @inlinable @discardableResult
    public static func warn(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.warn, message, error, { nil }, fileID, function, line, column)
    }

    /// Logs something unexpected that the app recovers from, with extras.
    @inlinable @discardableResult
    public static func warn(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any],
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.warn, message, { nil }, { extra() }, fileID, function, line, column)
    }

    /// Logs something unexpected, with the error behind it (kept in the extras as `$error`) and extras.
    @inlinable @discardableResult
    public static func warn(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error?,
        _ extra: @autoclosure () -> [String: Any], _ fileID: StaticString = #fileID,
        _ function: StaticString = #function,
        _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.warn, message, error, { extra() }, fileID, function, line, column)
    }

    /// Logs a failed operation, with its error if any (kept in the extras as `$error`); the line
    /// carries the call stack.
    @inlinable @discardableResult
    public static func error(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.error, message, error, { nil }, fileID, function, line, column)
    }

    /// Logs a failed operation, with extras; the line carries the call stack.
    @inlinable @discardableResult
    public static func error(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any],
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.error, message, { nil }, { extra() }, fileID, function, line, column)
    }

    /// Logs a failed operation, with its error (kept in the extras as `$error`) and extras.
    @inlinable @discardableResult
    public static func error(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error?,
        _ extra: @autoclosure () -> [String: Any], _ fileID: StaticString = #fileID,
        _ function: StaticString = #function,
        _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.error, message, error, { extra() }, fileID, function, line, column)
    }

    /// Logs an error; its description is the message.
    @inlinable @discardableResult
    public static func error(
        _ error: @autoclosure () -> Error, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.error, { "" }, { error() }, extra, fileID, function, line, column)
    }

    /// Logs a failure the app cannot recover from (the program goes on), with its error if any;
    /// carries the call stack.
    @inlinable @discardableResult
    public static func fatal(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.fatal, message, error, { nil }, fileID, function, line, column)
    }

    /// Logs a failure the app cannot recover from (the program goes on), with extras; carries
    /// the call stack.
    @inlinable @discardableResult
    public static func fatal(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any],
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.fatal, message, { nil }, { extra() }, fileID, function, line, column)
    }

    /// Logs an unrecoverable failure, with its error (kept in the extras as `$error`) and extras.
    @inlinable @discardableResult
    public static func fatal(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error?,
        _ extra: @autoclosure () -> [String: Any], _ fileID: StaticString = #fileID,
        _ function: StaticString = #function,
        _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.fatal, message, error, { extra() }, fileID, function, line, column)
    }

    /// Logs an unrecoverable error; its description is the message.
    @inlinable @discardableResult
    public static func fatal(
        _ error: @autoclosure () -> Error, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        shared.log(.fatal, { "" }, { error() }, extra, fileID, function, line, column)
    }
}
