import FoundationEssentials
import ParraAPI
import ParraAppModel
import ParraRuntime

/// Where logs go, which are kept and how they are printed to the console.
public struct ParraLoggerOptions: Sendable, Hashable {
    /// Console (debug), upload to Parra (production), or chosen by the build (automatic).
    public var environment: ParraLoggerEnvironment {
        get { _environment.value }
        set { _environment.value = newValue }
    }
    private var _environment: ExplicitOption<ParraLoggerEnvironment>
    /// Logs below this level are dropped; `PARRA_LOG_LEVEL` overrides it when it parses.
    public var minimumLogLevel: ParraLogLevel {
        get { _minimumLogLevel.value }
        set { _minimumLogLevel.value = newValue }
    }
    private var _minimumLogLevel: ExplicitOption<ParraLogLevel>
    /// The pieces printed for each console log line, in order.
    public var consoleFormatOptions: [ParraLoggerConsoleFormatOption] {
        get { _consoleFormatOptions.value }
        set { _consoleFormatOptions.value = newValue }
    }
    private var _consoleFormatOptions: ExplicitOption<[ParraLoggerConsoleFormatOption]>

    /// Creates logger options; each argument left out takes its default (`.automatic`,
    /// `.info`, `.default`) and is left to the config file.
    public init(
        environment: ParraLoggerEnvironment? = nil,
        minimumLogLevel: ParraLogLevel? = nil,
        consoleFormatOptions: [ParraLoggerConsoleFormatOption]? = nil
    ) {
        _environment = ExplicitOption(environment, default: .automatic)
        _minimumLogLevel = ExplicitOption(minimumLogLevel, default: .info)
        _consoleFormatOptions = ExplicitOption(consoleFormatOptions, default: .default)
    }

    /// Automatic environment, minimum level info, the default console format.
    public static let `default` = ParraLoggerOptions()

    /// The environment variables that change the logger at launch, as the SDK names them.
    public enum Environment {
        /// Overrides `minimumLogLevel` when it holds a level's name.
        public static let minimumLogLevelOverride = "PARRA_LOG_LEVEL"
        /// Above 0, logs go both to the console and to the session.
        public static let eventDebugLoggingEnabled = "PARRA_DEBUG_EVENT_LOGGING"
    }
}

extension ParraLoggerOptions {
    /// The group's option keys with their values, and whether the app set each.
    var optionEntries: [OptionEntry] {
        typealias Key = ParraConfiguration.OptionKey
        return [
            OptionEntry(Key.loggerEnvironment, .string(environment.rawValue), set: _environment.isSet),
            OptionEntry(Key.loggerMinimumLogLevel, .string(minimumLogLevel.keyword), set: _minimumLogLevel.isSet),
            OptionEntry(
                Key.loggerConsoleFormatOptions, .array(consoleFormatOptions.map(\.optionValue)),
                set: _consoleFormatOptions.isSet),
        ]
    }
}
