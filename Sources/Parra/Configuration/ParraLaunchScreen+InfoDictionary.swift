import ParraAppModel
import ParraRuntime

extension ParraDefaultLaunchScreen.Config {
    /// The config `bundle`'s Info.plist declares under `UILaunchScreen`, as the SDK reads it:
    /// nil when the key is absent; present with no fields, a config of nil fields. A bar key
    /// whose value is not a dictionary is a bar without an image.
    public static func fromInfoDictionary(in bundle: ParraBundle) -> Self? {
        guard case .object(let members)? = bundle.info.launchScreen else { return nil }
        func string(_ key: String) -> String? {
            guard case .string(let text)? = members[key] else { return nil }
            return text
        }
        func bar(_ key: String) -> BarConfig? {
            guard let value = members[key] else { return nil }
            guard case .object(let bar) = value, case .string(let image)? = bar["UIImageName"] else {
                return BarConfig(replacementImage: nil)
            }
            return BarConfig(replacementImage: image)
        }
        var respectsSafeArea: Bool?
        if case .bool(let flag)? = members["UIImageRespectsSafeAreaInsets"] { respectsSafeArea = flag }
        return Self(
            colorName: string("UIColorName"), imageName: string("UIImageName"),
            imageRespectsSafeAreaInsets: respectsSafeArea, navigationBar: bar("UINavigationBar"),
            tabBar: bar("UITabBar"), toolBar: bar("UIToolbar"), bundle: bundle)
    }
}

extension ParraStoryboardLaunchScreen.Config {
    /// The storyboard `bundle`'s Info.plist names in `UILaunchStoryboardName`, less a trailing
    /// `.storyboard`, as the SDK reads it; nil when the key is absent.
    public static func fromInfoDictionary(in bundle: ParraBundle) -> Self? {
        guard var name = bundle.info.launchStoryboardName else { return nil }
        if name.hasSuffix(".storyboard") { name.removeLast(".storyboard".count) }
        return Self(name: name, bundle: bundle)
    }
}
