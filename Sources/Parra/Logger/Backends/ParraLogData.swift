import FoundationEssentials

/// One log as a ``ParraLoggerBackend`` receives it.
public struct ParraLogData {
    /// When the call was made.
    public let timestamp: Date
    /// The call's level.
    public let level: ParraLogLevel
    /// The call's message: its text, or the error that stands for it.
    public let message: ParraLazyLogParam
    /// The error passed beside a message (`logger.error("Upload failed", error)`).
    public let extraError: Error?
    /// The logger's extras merged with the call's (the call's win); nil when both are empty.
    public let extra: [String: Any]?
    /// Where the call was made, and by which logger.
    public let logContext: ParraLogContext
}
