import FoundationEssentials

/// Where the logger sends logs.
public enum ParraLoggerEnvironment: String, Sendable, Hashable, CaseIterable {
    /// Logs are printed to the console.
    case debug
    /// Logs are uploaded to Parra as session events; nothing is printed.
    case production
    /// Debug when the app is built with DEBUG or runs as a beta, production otherwise (resolved
    /// by the logger).
    case automatic

    /// The environment used when none is given: `.automatic`.
    public static let `default` = ParraLoggerEnvironment.automatic
}
