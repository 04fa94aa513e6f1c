import FoundationEssentials
import ParraRuntime

extension ParraWhatsNewOptions {
    /// Which app environment's rules decide whether a release is shown automatically.
    public enum Behavior: String, Sendable, Hashable, CaseIterable {
        /// The App Store rules: show a release the user has not seen for the installed version.
        case production
        /// The beta (TestFlight, `PARRA_ENVIRONMENT=beta`) rules.
        case beta
        /// Never shown automatically.
        case debug

        /// The behaviour of the app's environment, as the SDK's: `PARRA_ENVIRONMENT` when it
        /// names one of the three, else `.debug` in a DEBUG build, else `.production`. Read
        /// each time it is asked for.
        public static var `default`: Behavior {
            of(ParraAPIEnvironment.resolve(environment: ProcessEnvironment.current))
        }

        /// The behaviour whose rules fit `environment`.
        package static func of(_ environment: ParraAPIEnvironment) -> Behavior {
            switch environment {
            case .production: .production
            case .beta: .beta
            case .debug: .debug
            }
        }
    }
}
