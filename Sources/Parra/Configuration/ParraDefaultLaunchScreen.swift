/// The plist-style launch screen; a namespace for its configuration.
public enum ParraDefaultLaunchScreen {
    /// The fields of a `UILaunchScreen` dictionary; each nil field keeps the Info.plist value.
    public struct Config: Sendable, Hashable {
        /// A bar drawn across the launch screen.
        public struct BarConfig: Sendable, Hashable {
            /// The image UIKit would draw in the bar. The terminal draws every bar as a rule,
            /// so it is kept but not drawn.
            public var replacementImage: String?

            /// A bar, with the image UIKit would draw in it.
            public init(replacementImage: String?) {
                self.replacementImage = replacementImage
            }
        }

        /// The name of the background colour asset (`UIColorName`).
        public var colorName: String?
        /// The name of the image asset drawn in the centre (`UIImageName`).
        public var imageName: String?
        /// Whether the image stays inside the safe area (`UIImageRespectsSafeAreaInsets`).
        public var imageRespectsSafeAreaInsets: Bool?
        /// A navigation bar (`UINavigationBar`), or nil to keep the Info.plist's.
        public var navigationBar: BarConfig?
        /// A tab bar (`UITabBar`), or nil to keep the Info.plist's.
        public var tabBar: BarConfig?
        /// A toolbar (`UIToolbar`), or nil to keep the Info.plist's.
        public var toolBar: BarConfig?
        /// The bundle whose resources hold the image's art: `.main` is the app's `Resources`.
        public var bundle: ParraBundle

        /// A default launch screen config; fields left out keep the Info.plist values.
        public init(
            colorName: String? = nil,
            imageName: String? = nil,
            imageRespectsSafeAreaInsets: Bool? = nil,
            navigationBar: BarConfig? = nil,
            tabBar: BarConfig? = nil,
            toolBar: BarConfig? = nil,
            bundle: ParraBundle = .main
        ) {
            self.colorName = colorName
            self.imageName = imageName
            self.imageRespectsSafeAreaInsets = imageRespectsSafeAreaInsets
            self.navigationBar = navigationBar
            self.tabBar = tabBar
            self.toolBar = toolBar
            self.bundle = bundle
        }
    }
}
