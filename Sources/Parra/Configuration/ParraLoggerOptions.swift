import Foundation

/// Where logs go, which are kept and how they are printed to the console.
public struct ParraLoggerOptions: Sendable, Hashable {
    /// Console (debug), upload to Parra (production), or chosen by the build (automatic).
    public var environment: ParraLoggerEnvironment
    /// Logs below this level are dropped; `PARRA_LOG_LEVEL` overrides it when it parses.
    public var minimumLogLevel: ParraLogLevel
    /// The pieces printed for each console log line, in order.
    public var consoleFormatOptions: [ParraLoggerConsoleFormatOption]

    /// Creates logger options; each argument left out takes its default.
    public init(
        environment: ParraLoggerEnvironment = .automatic,
        minimumLogLevel: ParraLogLevel = .info,
        consoleFormatOptions: [ParraLoggerConsoleFormatOption] = .default
    ) {
        self.environment = environment
        self.minimumLogLevel = minimumLogLevel
        self.consoleFormatOptions = consoleFormatOptions
    }

    /// Automatic environment, minimum level info, the default console format.
    public static let `default` = ParraLoggerOptions()
}
