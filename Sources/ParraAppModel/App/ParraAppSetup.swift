import FoundationEssentials
import ParraAPI
import ParraRuntime

/// What `ParraApp` hands the app run: the app's identity, its launch prerequisite and what its
/// configuration says in the runtime's terms. The app model knows no feature's configuration;
/// the `Parra` facade turns a `ParraConfiguration` into this.
package struct ParraAppSetup {
    /// The Parra tenant.
    package var tenantId: String
    /// The Parra application.
    package var applicationId: String
    /// A bundle id that overrides the Info.plist's, when the app gives one.
    package var bundleId: String?
    /// The option values the app set in code, by key.
    package var codeOptions: [String: JSONValue]
    /// The theme's colours by name ("primary", ...), each "#RRGGBB", for the app facts.
    package var themePalette: [String: String]
    /// Where the level comes from at which app logs go to stderr when no module takes them.
    package var appLogFallbackLevel: AppLogFallbackLevel
    /// The module that owns each configuration group's keys ("logger": "ParraLogger"), named
    /// when the app sets a key no loaded module owns.
    package var featureModuleNames: [String: String]
    /// The app's last launch task, if it gave one: given the auth check's state and the
    /// launch's app-info; run on the main actor.
    package var launchPrerequisite: (@MainActor @Sendable (ParraAuthState, ParraAppInfo) async throws -> Void)?
    /// How the app signs its users in (`ParraAuthType.custom` or `.public`); nil for Parra's
    /// anonymous and guest tokens.
    package var appAuthentication: ParraAppAuthentication?
    /// What the app wants to hear of each URL Parra opens, before it is opened (the
    /// `urlHandler` of `ParraApp`); called on the main actor.
    package var urlHandler: (@MainActor (URL) -> Void)?
    /// The shortcut items Parra sets at launch; nil when the app turned them off.
    package var launchShortcutItems: [UIApplicationShortcutItem]?
    /// The shortcut type Parra handles itself (its feedback form), and the form it opens.
    package var feedbackShortcut: (type: String, formId: String?)?

    /// A setup; every field but the identity has an empty default.
    package init(
        tenantId: String, applicationId: String, bundleId: String? = nil, codeOptions: [String: JSONValue] = [:],
        themePalette: [String: String] = [:], appLogFallbackLevel: AppLogFallbackLevel = AppLogFallbackLevel(),
        featureModuleNames: [String: String] = [:],
        launchPrerequisite: (@MainActor @Sendable (ParraAuthState, ParraAppInfo) async throws -> Void)? = nil
    ) {
        self.tenantId = tenantId
        self.applicationId = applicationId
        self.bundleId = bundleId
        self.codeOptions = codeOptions
        self.themePalette = themePalette
        self.appLogFallbackLevel = appLogFallbackLevel
        self.featureModuleNames = featureModuleNames
        self.launchPrerequisite = launchPrerequisite
    }
}
