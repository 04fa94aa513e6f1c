/// The PARRA-ENVIRONMENT header's value: which of the tenant's environments the app runs in.
package enum ParraAPIEnvironment: String, Sendable, Hashable, CaseIterable {
    /// A released build.
    case production
    /// A beta build (TestFlight on iOS; `PARRA_ENVIRONMENT=beta` on Linux).
    case beta
    /// A development build (compiled with DEBUG).
    case debug

    /// The environment for a process: `PARRA_ENVIRONMENT` when it names one of the three
    /// (trimmed, any case), else `debug` in DEBUG builds, else `production`.
    package static func resolve(environment: [String: String], isDebugBuild: Bool = compiledWithDebug) -> Self {
        if let text = environment["PARRA_ENVIRONMENT"],
            let named = Self(rawValue: text.trimmingSpaces().lowercased())
        {
            return named
        }
        return isDebugBuild ? .debug : .production
    }

    /// The raw value as static, NUL-terminated text, for the C ABI.
    var staticName: StaticString {
        switch self {
        case .production: "production"
        case .beta: "beta"
        case .debug: "debug"
        }
    }

    /// Whether the Parra module was compiled with DEBUG.
    package static var compiledWithDebug: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }
}
