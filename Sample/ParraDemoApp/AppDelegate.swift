// swift-format-ignore-file
// (kept as the documentation prints it)
import Parra

// The Parra documentation's "Using a custom App or Scene Delegate" listing.

// Only what the Parra SDK's ParraSceneDelegate declares is overridden, so this compiles
// against the SDK too.
class SceneDelegate: ParraSceneDelegate {
    override func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        super.scene(scene, willConnectTo: session, options: connectionOptions)
        ParraLogger(category: "Scenes").info("\(session.persistentIdentifier) connected")
    }
}

class AppDelegate: ParraAppDelegate<SceneDelegate> {

    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey : Any]? = nil
    ) -> Bool {
        guard super.application(
            application,
            didFinishLaunchingWithOptions: launchOptions
        ) else {
            return false
        }

        // Custom app launch setup
        let marker = ParraLogger.info("custom launch setup ran after the modules' hooks")
        ParraLogger.debug("launch options", ["count": launchOptions?.count ?? 0])
        ParraLogger.measureTime(since: marker, message: "custom launch setup")

        return true
    }

    // ParraAppDelegate does not declare this one (UIKit finds it by name), so it has no
    // `override`, as with the SDK; the ParraDelegateMethods build plugin finds it for the host.
    func applicationWillTerminate(_ application: UIApplication) {
        ParraLogger(category: "App").info("terminating after the modules' hooks")
    }
}
