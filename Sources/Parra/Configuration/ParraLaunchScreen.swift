import FoundationEssentials
import ParraAPI
import ParraAppModel
import ParraRuntime

/// The launch screen shown while Parra's launch tasks run; a namespace for its options.
public enum ParraLaunchScreen {
    /// Which launch screen to show and how it leaves.
    public struct Options: Sendable, Hashable {
        /// The launch screen to show; nil means "from Info.plist: `UILaunchScreen`, then
        /// `UILaunchStoryboardName`, then an empty default", resolved by the launch screen module.
        public var type: ParraLaunchScreenType? {
            get { _type.value }
            set { _type.value = newValue }
        }
        private var _type: ExplicitOption<ParraLaunchScreenType?>
        /// How long the launch screen takes to fade out once launch completes, in seconds
        /// (0 to 10; another value is reported and 0.5 used).
        public var fadeDuration: TimeInterval {
            get { _fadeDuration.value }
            set { _fadeDuration.value = newValue }
        }
        private var _fadeDuration: ExplicitOption<TimeInterval>

        /// Creates launch screen options; each argument left out takes its default (no type,
        /// 0.5 s) and is left to the config file.
        public init(type: ParraLaunchScreenType? = nil, fadeDuration: TimeInterval? = nil) {
            _type = ExplicitOption(type.map(Optional.some), default: nil)
            _fadeDuration = ExplicitOption(fadeDuration, default: Self.defaultFadeDuration)
        }

        /// The fade's length when none is given, in seconds.
        public static let defaultFadeDuration: TimeInterval = 0.5

        /// No type given (resolved from Info.plist) and a 0.5 s fade.
        public static let `default` = Options()
    }
}

extension ParraLaunchScreen.Options {
    /// The group's option keys with their values, and whether the app set each (a nil type
    /// is left to the module, which reads Info.plist).
    var optionEntries: [OptionEntry] {
        typealias Key = ParraConfiguration.OptionKey
        return [
            OptionEntry(
                Key.launchScreenType, ParraLaunchScreenType.optionValue(type),
                set: _type.isSet && type != nil),
            OptionEntry(Key.launchScreenFadeDuration, .double(fadeDuration), set: _fadeDuration.isSet),
        ]
    }
}
