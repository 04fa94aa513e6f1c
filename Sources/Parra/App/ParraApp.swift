/// The root of a Parra app's scenes: records the tenant and application, starts the Parra
/// runtime once per process (loading the feature modules with `configuration`), and holds the
/// app's window groups. A second `ParraApp` in the same process reuses the runtime.
public struct ParraApp<SceneDelegate: ParraSceneDelegate, Content: Scene>: Scene {
    let content: Content

    /// The app's root scene. `appDelegate` is the instance `@UIApplicationDelegateAdaptor`
    /// gives you; `launchPrerequisite`, if given, is the app's last launch task (the launch
    /// screen stays until it returns; a throw fails the launch); `makeScene` builds the window
    /// groups.
    public init(
        tenantId: String, applicationId: String, appDelegate: ParraAppDelegate<SceneDelegate>,
        configuration: ParraConfiguration = .default,
        launchPrerequisite: (@Sendable () async throws -> Void)? = nil, @SceneBuilder makeScene: () -> Content
    ) {
        ParraAppContext.current?.register(
            appDelegate: appDelegate,
            setup: configuration.appSetup(
                tenantId: tenantId, applicationId: applicationId, launchPrerequisite: launchPrerequisite))
        content = makeScene()
    }

    public func collectWindowGroups(into groups: inout [WindowGroupDeclaration]) {
        content.collectWindowGroups(into: &groups)
    }
}
