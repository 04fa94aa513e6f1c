import ParraAPI
import ParraRuntime

/// The facts about the running app that modules read through `app_facts_json`: the bundle's
/// (Info.plist and resources folder), the theme's palette and what the display allows.
enum ParraAppFacts {
    /// The facts as one JSON object value.
    static func make(bundle: BundleInfo, themePalette: [String: String], platform: ParraPlatform) -> OptionValue {
        var bundleMembers: [String: OptionValue] = [:]
        bundleMembers["identifier"] = bundle.identifier.map(OptionValue.string)
        bundleMembers["shortVersion"] = bundle.shortVersion.map(OptionValue.string)
        bundleMembers["version"] = bundle.version.map(OptionValue.string)
        bundleMembers["infoPlist"] = bundle.file.map(OptionValue.string)
        bundleMembers["resources"] = bundle.resourcesDirectory.map(OptionValue.string)
        bundleMembers["UILaunchScreen"] = bundle.launchScreen
        bundleMembers["UILaunchStoryboardName"] = bundle.launchStoryboardName.map(OptionValue.string)
        return .object([
            "bundle": .object(bundleMembers),
            "theme": .object(themePalette.mapValues(OptionValue.string)),
            "display": .object(["interactive": .bool(platform.isInteractive), "color": .bool(platform.usesColor)]),
        ])
    }
}
