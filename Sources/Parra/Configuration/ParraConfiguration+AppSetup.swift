import ParraRuntime

extension ParraConfiguration {
    /// What the app run needs of this configuration, in the runtime's terms: the code layer of
    /// the options, the theme's colours, the app-log level used when no module takes app logs,
    /// and the modules behind the option groups.
    package func appSetup(
        tenantId: String, applicationId: String,
        launchPrerequisite: (@MainActor @Sendable (ParraAuthState, ParraAppInfo) async throws -> Void)?
    ) -> ParraAppSetup {
        var setup = ParraAppSetup(
            tenantId: tenantId, applicationId: applicationId, bundleId: appInfoOptions.givenBundleId,
            codeOptions: explicitOptionValues,
            themePalette: theme.palette.launchFacts,
            appLogFallbackLevel: AppLogFallbackLevel(
                optionKey: OptionKey.loggerMinimumLogLevel,
                environmentVariable: ParraLoggerOptions.Environment.minimumLogLevelOverride,
                defaultLevel: ParraLogLevel.default),
            featureModuleNames: OptionKey.featureModuleNames, launchPrerequisite: launchPrerequisite)
        if launchShortcutOptions.enabled {
            setup.launchShortcutItems = launchShortcutOptions.shortcutItems
            setup.feedbackShortcut = (
                ParraLaunchShortcutOptions.feedbackShortcutType, launchShortcutOptions.feedbackFormId
            )
        }
        return setup
    }
}
