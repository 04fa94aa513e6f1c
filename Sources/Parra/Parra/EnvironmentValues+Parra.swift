/// The environment key of the app's `Parra` object.
public struct ParraInstanceEnvironmentKey: EnvironmentKey {
    /// The `Parra` of the app running on the reading thread.
    public static var defaultValue: Parra { .default }
}

extension EnvironmentValues {
    /// The app's `Parra` object: `@Environment(\.parra) private var parra`.
    public var parra: Parra { self[ParraInstanceEnvironmentKey.self] }
}

extension ParraAppDelegate {
    /// The app's `Parra` object, for app code in a delegate.
    public var parra: Parra { .default }
}
