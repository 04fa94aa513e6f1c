import ParraPluginKit

/// What one launch needs to know, resolved when the module is configured.
struct LaunchSettings {
    /// The launch screen to draw.
    var splash: LaunchSplash
    /// How long the fade takes, in seconds.
    var fadeDuration: Double
    /// Whether a user is at a terminal: the fade is stepped and `r` retries.
    var interactive: Bool
    /// Whether ANSI colour may be used.
    var color: Bool
    /// How long the auth check and the app's prerequisite may take, each.
    var stepTimeout: Double = 60
    /// How many steps a fade takes on a terminal.
    var fadeSteps = 5
}
