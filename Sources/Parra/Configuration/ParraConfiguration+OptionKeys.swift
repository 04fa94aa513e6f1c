import Foundation

extension ParraConfiguration {
    /// The option keys the module-owned groups of a configuration flatten into.
    public enum OptionKey {
        /// `logger.environment`: string, `debug`, `production` or `automatic`.
        public static let loggerEnvironment = "logger.environment"
        /// `logger.minimumLogLevel`: string, a lowercase level name.
        public static let loggerMinimumLogLevel = "logger.minimumLogLevel"
        /// `logger.consoleFormatOptions`: list of objects, one per piece of the line.
        public static let loggerConsoleFormatOptions = "logger.consoleFormatOptions"
        /// `whatsNew.presentationStyle`: string, `modal` or `toast`.
        public static let whatsNewPresentationStyle = "whatsNew.presentationStyle"
        /// `whatsNew.presentationMode`: object with `kind`, and `behavior` / `delay` where they apply.
        public static let whatsNewPresentationMode = "whatsNew.presentationMode"
        /// `pushNotifications.enabled`: bool.
        public static let pushEnabled = "pushNotifications.enabled"
        /// `pushNotifications.alerts`: bool.
        public static let pushAlerts = "pushNotifications.alerts"
        /// `pushNotifications.badges`: bool.
        public static let pushBadges = "pushNotifications.badges"
        /// `pushNotifications.sounds`: bool.
        public static let pushSounds = "pushNotifications.sounds"
        /// `pushNotifications.provisional`: bool.
        public static let pushProvisional = "pushNotifications.provisional"
        /// `pushNotifications.promptTrigger`: string, `manual` or `automatic`.
        public static let pushPromptTrigger = "pushNotifications.promptTrigger"
        /// `pushNotifications.providesInAppNotificationSettings`: bool.
        public static let pushProvidesInAppNotificationSettings =
            "pushNotifications.providesInAppNotificationSettings"
        /// `launchScreen.type`: object with `kind` (`none`, `default`, `storyboard`, `custom`).
        public static let launchScreenType = "launchScreen.type"
        /// `launchScreen.fadeDuration`: double, seconds.
        public static let launchScreenFadeDuration = "launchScreen.fadeDuration"

        /// Every key, in the order above.
        public static let all: [String] = [
            loggerEnvironment, loggerMinimumLogLevel, loggerConsoleFormatOptions,
            whatsNewPresentationStyle, whatsNewPresentationMode,
            pushEnabled, pushAlerts, pushBadges, pushSounds, pushProvisional, pushPromptTrigger,
            pushProvidesInAppNotificationSettings,
            launchScreenType, launchScreenFadeDuration,
        ]
    }
}
