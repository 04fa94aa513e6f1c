import ParraAPI
import ParraAppModel

/// The environment key of the app's `Parra` object.
public struct ParraInstanceEnvironmentKey: EnvironmentKey {
    /// The `Parra` of the app running on the reading thread.
    public static var defaultValue: Parra { .default }
}

/// The environment key of the app-info the launch got.
public struct ParraAppInfoInstanceEnvironmentKey: EnvironmentKey {
    /// The app-info of the app running on the reading thread; empty before its launch has it.
    public static var defaultValue: ParraAppInfo { ParraAppContext.currentOrLatest?.appInfo ?? ParraAppInfo() }
}

/// The environment key of who uses the app.
public struct ParraAuthStateInstanceEnvironmentKey: EnvironmentKey {
    /// The auth state of the app running on the reading thread.
    public static var defaultValue: ParraAuthState { ParraAppContext.currentOrLatest?.authState ?? .undetermined }
}

/// The environment key of the app's configuration.
public struct ParraConfigurationInstanceEnvironmentKey: EnvironmentKey {
    /// The configuration the app gave `ParraApp`, else the default.
    public static var defaultValue: ParraConfiguration {
        ParraAppContext.currentOrLatest?.appConfiguration as? ParraConfiguration ?? .default
    }
}

/// The environment key of the app's theme.
public struct ParraThemeInstanceEnvironmentKey: EnvironmentKey {
    /// The theme of the app's configuration.
    public static var defaultValue: ParraTheme { ParraConfigurationInstanceEnvironmentKey.defaultValue.theme }
}

/// The environment key of the appearance the user prefers.
public struct ParraAppearanceInstanceEnvironmentKey: EnvironmentKey {
    /// The preferred appearance, which writing through the binding changes for the run.
    public static var defaultValue: Binding<ParraAppearance> {
        Binding(get: { ParraAppearance.current }, set: { ParraAppearance.current = $0 })
    }
}

extension EnvironmentValues {
    /// The app's `Parra` object: `@Environment(\.parra) private var parra`.
    public var parra: Parra { self[ParraInstanceEnvironmentKey.self] }
    /// What the Parra API says of the app: `@Environment(\.parraAppInfo) private var appInfo`.
    public var parraAppInfo: ParraAppInfo { self[ParraAppInfoInstanceEnvironmentKey.self] }
    /// Who uses the app.
    public var parraAuthState: ParraAuthState { self[ParraAuthStateInstanceEnvironmentKey.self] }
    /// The configuration the app gave `ParraApp`.
    public var parraConfiguration: ParraConfiguration { self[ParraConfigurationInstanceEnvironmentKey.self] }
    /// The theme Parra's views are drawn with.
    public var parraTheme: ParraTheme { self[ParraThemeInstanceEnvironmentKey.self] }
    /// The appearance the user prefers; set it through the binding.
    public var parraPreferredAppearance: Binding<ParraAppearance> {
        self[ParraAppearanceInstanceEnvironmentKey.self]
    }
}

extension ParraAppDelegate {
    /// The app's `Parra` object, for app code in a delegate.
    public var parra: Parra { .default }
}
