// swift-format-ignore-file
// (kept as the documentation prints it)
import Parra

// The Parra documentation's "Using a custom App or Scene Delegate" listing.

class SceneDelegate: ParraSceneDelegate {
    override func sceneDidBecomeActive(_ scene: UIScene) {
        super.sceneDidBecomeActive(scene)
        ParraLogger(category: "Scenes").info("\(scene.identifier) became active")
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
}
