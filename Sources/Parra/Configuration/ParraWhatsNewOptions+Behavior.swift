import Foundation

extension ParraWhatsNewOptions {
    /// Which app environment's rules decide whether a release is shown automatically.
    ///
    /// `.default` is a case of its own rather than an alias of one of the others: it means
    /// "follow the app environment", which only the What's New module can resolve at run time
    /// (the app's DEBUG flag and `PARRA_ENVIRONMENT` are not known when this library is built).
    public enum Behavior: String, Sendable, Hashable, CaseIterable {
        /// The App Store rules: show a release the user has not seen for the installed version.
        case production
        /// The beta (TestFlight, `PARRA_ENVIRONMENT=beta`) rules.
        case beta
        /// Never shown automatically.
        case debug
        /// Follow the app environment: production, beta or debug (the default).
        case `default`
    }
}
