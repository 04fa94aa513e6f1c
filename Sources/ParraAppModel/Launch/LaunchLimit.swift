import ParraRuntime

/// How long one attempt of a module's launch may take to settle (complete or fail) before the
/// host ends the app and quarantines the module: 120 s, or `PARRA_LAUNCH_TIMEOUT` seconds.
enum LaunchLimit {
    /// The variable that sets the limit, in seconds.
    static let variable = "PARRA_LAUNCH_TIMEOUT"
    /// The limit when the variable is not set.
    static let standardSeconds = 120.0

    /// The limit `environment` sets; a value that is not a number of seconds above 0 is
    /// reported and the standard limit used.
    static func seconds(in environment: [String: String], report: (String) -> Void) -> Double {
        guard let text = environment[variable] else { return standardSeconds }
        if let seconds = Double(text), seconds.isFinite, seconds > 0 { return seconds }
        report(
            "\(variable)='\(text)' is not a number of seconds above 0; the launch limit stays \(Int(standardSeconds)) s"
        )
        return standardSeconds
    }
}
