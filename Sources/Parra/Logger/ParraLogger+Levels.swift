import FoundationEssentials

// The level methods, as in Parra: trace, debug and info take a message and extras; warn adds an
// optional Error; error and fatal take a message, an Error, or both. Each records its call
// site and returns a marker. Every argument is evaluated only when the level is enabled.
extension ParraLogger {
    /// Logs very fine-grained tracing.
    @inlinable @discardableResult
    public func trace(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.trace, message, { nil }, extra, fileID, function, line, column)
    }

    /// Logs information useful while developing.
    @inlinable @discardableResult
    public func debug(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.debug, message, { nil }, extra, fileID, function, line, column)
    }

    /// Logs a normal operational message.
    @inlinable @discardableResult
    public func info(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.info, message, { nil }, extra, fileID, function, line, column)
    }

    /// Logs something unexpected that the app recovers from, with the error behind it if any
    /// (kept in the extras as `$error`).
    @inlinable @discardableResult
    public func warn(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.warn, message, error, { nil }, fileID, function, line, column)
    }

    /// Logs something unexpected that the app recovers from, with extras.
    @inlinable @discardableResult
    public func warn(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any],
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.warn, message, { nil }, { extra() }, fileID, function, line, column)
    }

    /// Logs something unexpected, with the error behind it (kept in the extras as `$error`) and extras.
    @inlinable @discardableResult
    public func warn(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error?,
        _ extra: @autoclosure () -> [String: Any], _ fileID: StaticString = #fileID,
        _ function: StaticString = #function,
        _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.warn, message, error, { extra() }, fileID, function, line, column)
    }

    /// Logs a failed operation, with its error if any (kept in the extras as `$error`); the line
    /// carries the call stack.
    @inlinable @discardableResult
    public func error(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.error, message, error, { nil }, fileID, function, line, column)
    }

    /// Logs a failed operation, with extras; the line carries the call stack.
    @inlinable @discardableResult
    public func error(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any],
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.error, message, { nil }, { extra() }, fileID, function, line, column)
    }

    /// Logs a failed operation, with its error (kept in the extras as `$error`) and extras.
    @inlinable @discardableResult
    public func error(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error?,
        _ extra: @autoclosure () -> [String: Any], _ fileID: StaticString = #fileID,
        _ function: StaticString = #function,
        _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.error, message, error, { extra() }, fileID, function, line, column)
    }

    /// Logs an error; its description is the message.
    @inlinable @discardableResult
    public func error(
        _ error: @autoclosure () -> Error, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.error, { "" }, { error() }, extra, fileID, function, line, column)
    }

    /// Logs a failure the app cannot recover from (the program goes on), with its error if any;
    /// carries the call stack.
    @inlinable @discardableResult
    public func fatal(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.fatal, message, error, { nil }, fileID, function, line, column)
    }

    /// Logs a failure the app cannot recover from (the program goes on), with extras; carries
    /// the call stack.
    @inlinable @discardableResult
    public func fatal(
        _ message: @autoclosure () -> String, _ extra: @autoclosure () -> [String: Any],
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.fatal, message, { nil }, { extra() }, fileID, function, line, column)
    }

    /// Logs an unrecoverable failure, with its error (kept in the extras as `$error`) and extras.
    @inlinable @discardableResult
    public func fatal(
        _ message: @autoclosure () -> String, _ error: @autoclosure () -> Error?,
        _ extra: @autoclosure () -> [String: Any], _ fileID: StaticString = #fileID,
        _ function: StaticString = #function,
        _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.fatal, message, error, { extra() }, fileID, function, line, column)
    }

    /// Logs an unrecoverable error; its description is the message.
    @inlinable @discardableResult
    public func fatal(
        _ error: @autoclosure () -> Error, _ extra: @autoclosure () -> [String: Any]? = nil,
        _ fileID: StaticString = #fileID, _ function: StaticString = #function, _ line: UInt = #line,
        _ column: UInt = #column
    ) -> ParraLogMarker {
        log(.fatal, { "" }, { error() }, extra, fileID, function, line, column)
    }
}
