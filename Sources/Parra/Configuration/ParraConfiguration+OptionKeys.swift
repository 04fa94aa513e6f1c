import FoundationEssentials

extension ParraConfiguration {
    /// The option keys the module-owned groups of a configuration flatten into.
    package enum OptionKey {
        /// `logger.environment`: string, `debug`, `production` or `automatic`.
        package static let loggerEnvironment = "logger.environment"
        /// `logger.minimumLogLevel`: string, a lowercase level name.
        package static let loggerMinimumLogLevel = "logger.minimumLogLevel"
        /// `logger.consoleFormatOptions`: list of objects, one per piece of the line.
        package static let loggerConsoleFormatOptions = "logger.consoleFormatOptions"
        /// `whatsNew.presentationStyle`: string, `modal` or `toast`.
        package static let whatsNewPresentationStyle = "whatsNew.presentationStyle"
        /// `whatsNew.presentationMode`: object with `kind`, and `behavior` / `delay` where they apply.
        package static let whatsNewPresentationMode = "whatsNew.presentationMode"
        /// `pushNotifications.enabled`: bool.
        package static let pushEnabled = "pushNotifications.enabled"
        /// `pushNotifications.alerts`: bool.
        package static let pushAlerts = "pushNotifications.alerts"
        /// `pushNotifications.badges`: bool.
        package static let pushBadges = "pushNotifications.badges"
        /// `pushNotifications.sounds`: bool.
        package static let pushSounds = "pushNotifications.sounds"
        /// `pushNotifications.provisional`: bool.
        package static let pushProvisional = "pushNotifications.provisional"
        /// `pushNotifications.promptTrigger`: string, `manual` or `automatic`.
        package static let pushPromptTrigger = "pushNotifications.promptTrigger"
        /// `pushNotifications.providesInAppNotificationSettings`: bool.
        package static let pushProvidesInAppNotificationSettings =
            "pushNotifications.providesInAppNotificationSettings"
        /// `launchScreen.type`: object with `kind` (`none`, `default`, `storyboard`, `custom`).
        package static let launchScreenType = "launchScreen.type"
        /// `launchScreen.fadeDuration`: double, seconds.
        package static let launchScreenFadeDuration = "launchScreen.fadeDuration"

        /// The module that owns each group's keys, by the keys' first segment, named when the
        /// app sets a key no loaded module owns.
        package static let featureModuleNames = [
            "logger": "ParraLogger", "whatsNew": "ParraWhatsNew", "pushNotifications": "ParraPush",
            "launchScreen": "ParraLaunchScreen",
        ]

        /// Every key, in the order above.
        package static let all: [String] = [
            loggerEnvironment, loggerMinimumLogLevel, loggerConsoleFormatOptions,
            whatsNewPresentationStyle, whatsNewPresentationMode,
            pushEnabled, pushAlerts, pushBadges, pushSounds, pushProvisional, pushPromptTrigger,
            pushProvidesInAppNotificationSettings,
            launchScreenType, launchScreenFadeDuration,
        ]
    }
}
