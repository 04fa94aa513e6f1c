import FoundationEssentials

/// The root of a Parra app's scenes: records the tenant and application, starts the Parra
/// runtime once per process (loading the feature modules with `configuration`), and holds the
/// app's window groups. A second `ParraApp` in the same process reuses the runtime.
/// Main-actor isolated, as the SDK's.
///
/// A scene when its content is a scene: a conditional conformance, as `Scene` explains.
@MainActor
public struct ParraApp<Content, SceneDelegate: ParraSceneDelegate> {
    let content: Content

    /// The app's root scene, with the Parra SDK's arguments in its order. `appDelegate` is the
    /// instance `@UIApplicationDelegateAdaptor` gives you; `authenticationMethod` says how its
    /// users authenticate with the Parra API; `makeScene` builds the window groups;
    /// `performLaunchPrerequisite`, if given, is the app's last launch task, given who is using
    /// the app and the app-info the launch got (the launch screen stays until it returns; a
    /// throw fails the launch; the launch screen module runs it as its last task, or, without
    /// one, the host after its own launch; on the main actor either way);
    /// `urlHandler`, if given, is told of each URL Parra opens (a push's link), on the main
    /// actor, before the app is given it as any URL it opens (its first window's scene
    /// delegate's `scene(_:openURLContexts:)`).
    public init(
        tenantId: String, applicationId: String, appDelegate: ParraAppDelegate<SceneDelegate>,
        configuration: ParraConfiguration = .default, authenticationMethod: ParraAuthType = .parra,
        @SceneBuilder makeScene: () -> Content,
        performLaunchPrerequisite: (@MainActor @Sendable (ParraAuthState, ParraAppInfo) async throws -> Void)? = nil,
        urlHandler: (@MainActor (URL) -> Void)? = nil
    ) where Content: Scene {
        var setup = configuration.appSetup(
            tenantId: tenantId, applicationId: applicationId, launchPrerequisite: performLaunchPrerequisite)
        setup.appAuthentication = authenticationMethod.appAuthentication
        setup.urlHandler = urlHandler
        if let context = ParraAppContext.current, context.appConfiguration == nil {
            context.appConfiguration = configuration
        }
        ParraAppContext.current?.register(appDelegate: appDelegate, setup: setup)
        content = makeScene()
    }
}

extension ParraApp: Scene where Content: Scene {
    public func collectWindowGroups(into groups: inout [WindowGroupDeclaration]) {
        content.collectWindowGroups(into: &groups)
    }
}
