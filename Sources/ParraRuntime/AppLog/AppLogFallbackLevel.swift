import ParraShared

/// Where the level comes from at which the host prints app logs itself, when no loaded module
/// takes them: the logger option's own layers, read by key though no loaded module owns it
/// (its environment variable over the app's code over the config file), else a default.
package struct AppLogFallbackLevel: Sendable {
    /// The option key that sets the level (`logger.minimumLogLevel`); nil reads no layer.
    package var optionKey: String?
    /// The environment variable that overrides the key (`PARRA_LOG_LEVEL`).
    package var environmentVariable: String?
    /// The level when no layer names one.
    package var defaultLevel: ParraLogLevel

    /// A source reading `optionKey` and `environmentVariable`, else `defaultLevel`.
    package init(optionKey: String? = nil, environmentVariable: String? = nil, defaultLevel: ParraLogLevel = .info) {
        self.optionKey = optionKey
        self.environmentVariable = environmentVariable
        self.defaultLevel = defaultLevel
    }

    /// The level from `environment` and the values `options` was given for keys no module
    /// owns, with a problem to report when the variable names no level (it is then ignored).
    package func resolve(environment: [String: String], options: OptionStore) -> (
        level: ParraLogLevel, problem: String?
    ) {
        var problem: String?
        if let variable = environmentVariable, let text = environment[variable] {
            if let level = ParraLogLevel(parsing: text) { return (level, nil) }
            problem = "\(variable) '\(text)' is no log level (trace, debug, info, warn, error or fatal); ignored"
        }
        if let key = optionKey, case .string(let name)? = options.unownedValue(forKey: key),
            let level = ParraLogLevel(parsing: name)
        {
            return (level, problem)
        }
        return (defaultLevel, problem)
    }
}
