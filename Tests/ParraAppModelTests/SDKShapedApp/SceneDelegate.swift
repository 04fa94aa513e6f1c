// swift-format-ignore-file
// The SDK podcast template's SceneDelegate.swift, as its authors wrote it (the template's
// header comment aside).

import SwiftUI
import Parra

class SceneDelegate: ParraSceneDelegate {
    override func scene(
        _ scene: UIScene,
        openURLContexts URLContexts: Set<UIOpenURLContext>
    ) {
        super.scene(scene, openURLContexts: URLContexts)

        if let url = URLContexts.first?.url {
            AppNavigationState.shared.handleOpenedUrl(url)
        }
    }

    override func scene(
        _ scene: UIScene,
        willConnectTo session: UISceneSession,
        options connectionOptions: UIScene.ConnectionOptions
    ) {
        super.scene(scene, willConnectTo: session, options: connectionOptions)

        if let urlContext = connectionOptions.urlContexts.first {
            AppNavigationState.shared.handleOpenedUrl(urlContext.url)
        }
    }
}
