import ParraAPI
import ParraRuntime

/// Parra's scene delegate. Subclass it to observe your windows, override what you need and
/// call `super` so that the modules see the scene events too; pass your subclass as the
/// `SceneDelegate` of `ParraAppDelegate`. Main-actor isolated, as the SDK's.
@MainActor
open class ParraSceneDelegate {
    /// Which base methods ran, so the host can tell a subclass that skipped `super`.
    var calledSuper: Set<String> = []
    /// The app delegate's `application(_:performActionFor:)`, set by the host when it makes
    /// this delegate.
    var appDelegateShortcutAction: (@MainActor (UIApplicationShortcutItem) async -> Bool)?

    /// Made by the host for each window, from the scene configuration's delegate class.
    public required init() {}

    /// The window will connect: dispatches `scene.willConnect`.
    open func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        calledSuper.insert("scene(_:willConnectTo:options:)")
        let urls = connectionOptions.urlContexts.map { JSONValue.string($0.url.absoluteString) }
        ParraAppContext.current?.dispatch(
            .sceneWillConnect, .string(scene.identifier), .string(JSONValue.object(["urls": .array(urls)]).json))
    }

    /// The user picked a shortcut item while this window was the app's (`s TYPE` on a
    /// terminal), as UIKit asks a scene-based app: hands it to the app delegate's
    /// `application(_:performActionFor:)`, which gives it to Parra, and returns its answer.
    open func windowScene(_ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem)
        async -> Bool
    {
        await appDelegateShortcutAction?(shortcutItem) ?? false
    }

    /// The completion-handler form of `windowScene(_:performActionFor:)`: calls the async one
    /// in a main-actor task, then `completionHandler` with its answer.
    open func windowScene(
        _ windowScene: UIWindowScene, performActionFor shortcutItem: UIApplicationShortcutItem,
        completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        Task { @MainActor in
            completionHandler(await self.windowScene(windowScene, performActionFor: shortcutItem))
        }
    }

    /// The window was asked to open URLs: a URL opened while the app runs goes to its first
    /// window, as UIKit gives it to the foreground scene. Does nothing, as the SDK's: the host
    /// shows the modules the URLs (the `scene.openURLContexts` point) whether an override
    /// calls `super` or not.
    open func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {}
}
