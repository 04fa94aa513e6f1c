import Foundation

extension ParraLaunchScreen {
    /// The fields of a `UILaunchScreen` dictionary; each nil field keeps the Info.plist value.
    public struct DefaultConfig: Sendable, Hashable {
        /// The name of the background colour asset (`UIColorName`).
        public var colorName: String?
        /// The name of the image asset drawn in the centre (`UIImageName`).
        public var imageName: String?
        /// Whether the image stays inside the safe area (`UIImageRespectsSafeAreaInsets`).
        public var respectsSafeArea: Bool?
        /// Whether an empty navigation bar is drawn (`UINavigationBar`).
        public var navigationBar: Bool?
        /// Whether an empty tab bar is drawn (`UITabBar`).
        public var tabBar: Bool?
        /// Whether an empty toolbar is drawn (`UIToolbar`).
        public var toolbar: Bool?

        /// Creates a default launch screen config; fields left out keep the Info.plist values.
        public init(
            colorName: String? = nil,
            imageName: String? = nil,
            respectsSafeArea: Bool? = nil,
            navigationBar: Bool? = nil,
            tabBar: Bool? = nil,
            toolbar: Bool? = nil
        ) {
            self.colorName = colorName
            self.imageName = imageName
            self.respectsSafeArea = respectsSafeArea
            self.navigationBar = navigationBar
            self.tabBar = tabBar
            self.toolbar = toolbar
        }
    }
}
