import ParraPluginKit

/// The logger's options, read from the host and checked. Every value the module cannot use is
/// reported with its key and falls back to the default; nothing here refuses the module.
struct LoggerSettings {
    /// Where logs go, after `automatic` and `PARRA_DEBUG_EVENT_LOGGING` are resolved.
    struct Outputs: Equatable {
        var console: Bool
        var session: Bool
    }

    var outputs = Outputs(console: true, session: false)
    /// The configured environment word, as given.
    var environment = "automatic"
    var minimumLevel = ModuleHost.LogLevel.info
    var format = ConsoleFormat.default
    var destination = ConsoleWriter.Destination.standardOutput
    var uploadInterval = 30.0
    var spoolSizeLimit = 32 * 1024 * 1024
    var shutdownUploadTimeout = 2.0
    /// What was wrong with the options, one line each, naming the key.
    var problems: [String] = []

    enum Key {
        static let environment = "logger.environment"
        static let minimumLogLevel = "logger.minimumLogLevel"
        static let debugEventLogging = "logger.debugEventLogging"
        static let consoleFormatOptions = "logger.consoleFormatOptions"
        static let console = "logger.console"
        static let uploadInterval = "logger.sessionUploadInterval"
        static let spoolSizeLimit = "logger.spoolSizeLimit"
        static let shutdownUploadTimeout = "logger.shutdownUploadTimeout"
    }

    /// The environment variable that overrides `logger.minimumLogLevel`.
    static let levelVariable = "PARRA_LOG_LEVEL"

    /// The keys the module owns.
    static let declarations: [OptionDeclaration] = [
        .string(
            Key.environment, default: "automatic",
            doc: "debug prints to the console, production uploads to Parra, automatic picks by the build",
            allowedValues: ["debug", "production", "automatic"]),
        .string(
            Key.minimumLogLevel, default: "info",
            doc: "Logs below this level are dropped: trace, debug, info, warn, error or fatal (PARRA_LOG_LEVEL)",
            environmentVariable: levelVariable, allowedValues: ModuleHost.LogLevel.allCases.map(\.keyword)),
        .integer(
            Key.debugEventLogging, default: 0,
            doc: "Above 0, logs go both to the console and to the session (PARRA_DEBUG_EVENT_LOGGING)",
            environmentVariable: "PARRA_DEBUG_EVENT_LOGGING"),
        OptionDeclaration(
            Key.consoleFormatOptions, kind: .list, defaultJSON: ConsoleFormat.defaultJSON,
            doc: "The pieces of a console line, in order: message, timestamp, level, callSite, extras",
            schema: ConsoleFormat.schema),
        .string(
            Key.console, default: "stdout", doc: "Where console lines go: stdout, stderr or an absolute file path",
            environmentVariable: "PARRA_LOG_CONSOLE",
            schema: .string().matching(anyOf: [.string(oneOf: ["stdout", "stderr"]), .string(pattern: "^/")])),
        .double(
            Key.uploadInterval, default: 30, doc: "Seconds between session uploads in production (0.05 to 3600)",
            schema: .number(minimum: uploadIntervalRange.lowerBound, maximum: uploadIntervalRange.upperBound)),
        .integer(
            Key.spoolSizeLimit, default: 32 * 1024 * 1024,
            doc: "Bytes of unsent session events kept on disk; the oldest are evicted past it (64 KiB to 1 GiB)",
            schema: .integer(minimum: spoolSizeRange.lowerBound, maximum: spoolSizeRange.upperBound)),
        .double(
            Key.shutdownUploadTimeout, default: 2,
            doc: "Seconds the app waits at exit for the last session upload (0 to 30)",
            schema: .number(minimum: shutdownTimeoutRange.lowerBound, maximum: shutdownTimeoutRange.upperBound)),
    ]

    /// The seconds `logger.sessionUploadInterval` may be.
    static let uploadIntervalRange = 0.05...3600.0
    /// The bytes `logger.spoolSizeLimit` may be.
    static let spoolSizeRange: ClosedRange<Int64> = 64 * 1024...1024 * 1024 * 1024
    /// The seconds `logger.shutdownUploadTimeout` may be.
    static let shutdownTimeoutRange = 0.0...30.0

    /// Reads every option from `host`; `appEnvironment` resolves `automatic`.
    static func read(from host: ModuleHost) -> LoggerSettings {
        var settings = LoggerSettings()
        settings.read(
            environment: try? host.string(Key.environment), level: try? host.string(Key.minimumLogLevel),
            debugEvents: try? host.integer(Key.debugEventLogging),
            format: try? host.json(Key.consoleFormatOptions), console: try? host.string(Key.console),
            uploadInterval: try? host.double(Key.uploadInterval), spoolSizeLimit: try? host.integer(Key.spoolSizeLimit),
            shutdownUploadTimeout: try? host.double(Key.shutdownUploadTimeout), appEnvironment: host.appEnvironment)
        return settings
    }

    /// Applies raw option values (nil: the host had none); the testable core of `read(from:)`.
    /// `value` when it is in `range`; else `current`, with a problem naming the key.
    private static func checked<Value: Comparable>(
        _ value: Value?, in range: ClosedRange<Value>, key: String, rangeText: String, otherwise current: Value,
        problems: inout [String]
    ) -> Value {
        guard let value else { return current }
        guard range.contains(value) else {
            problems.append("option \(key): \(value) is outside \(rangeText); using \(current)")
            return current
        }
        return value
    }

    mutating func read(
        environment: String?, level: String?, debugEvents: Int64?, format: String?,
        console: String?, uploadInterval: Double?, spoolSizeLimit: Int64?, shutdownUploadTimeout: Double?,
        appEnvironment: String
    ) {
        if let environment { self.environment = environment }
        switch self.environment {
        case "debug": outputs = Outputs(console: true, session: false)
        case "production": outputs = Outputs(console: false, session: true)
        default:
            // As the SDK: a debug build prints, and so does a beta (TestFlight) one, so its
            // logs are visible to the people testing it; production uploads.
            let prints = appEnvironment == "debug" || appEnvironment == "beta"
            outputs = Outputs(console: prints, session: !prints)
        }
        if let debugEvents, debugEvents > 0 { outputs = Outputs(console: true, session: true) }

        if let level {
            if let parsed = ModuleHost.LogLevel(parsing: level) {
                minimumLevel = parsed
            } else {
                problems.append(
                    "option \(Key.minimumLogLevel): \"\(level)\" is not a log level (trace, debug, info, warn, error, fatal); using info"
                )
            }
        }
        if let format {
            let parsed = ConsoleFormat.parse(json: format)
            problems += parsed.problems.map { "option \(Key.consoleFormatOptions): \($0)" }
            if let value = parsed.format { self.format = value }
        }
        if let console {
            if let parsed = ConsoleWriter.Destination(option: console) {
                destination = parsed
            } else {
                problems.append(
                    "option \(Key.console): \"\(console)\" is not stdout, stderr or an absolute path; using stdout")
            }
        }
        self.uploadInterval = Self.checked(
            uploadInterval, in: 0.05...3600, key: Key.uploadInterval, rangeText: "0.05...3600 seconds",
            otherwise: self.uploadInterval, problems: &problems)
        self.spoolSizeLimit = Int(
            Self.checked(
                spoolSizeLimit, in: 64 * 1024...1024 * 1024 * 1024, key: Key.spoolSizeLimit,
                rangeText: "64 KiB...1 GiB", otherwise: Int64(self.spoolSizeLimit), problems: &problems))
        self.shutdownUploadTimeout = Self.checked(
            shutdownUploadTimeout, in: 0...30, key: Key.shutdownUploadTimeout, rangeText: "0...30 seconds",
            otherwise: self.shutdownUploadTimeout, problems: &problems)
    }
}
