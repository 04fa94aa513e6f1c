import ParraAPI
import ParraRuntime

/// The facts about the running app that modules read through `app_facts_json`: the bundle's
/// (Info.plist and resources folder), the theme's palette and what the display allows.
enum ParraAppFacts {
    /// The facts as one JSON object value.
    static func make(bundle: BundleInfo, themePalette: [String: String], platform: ParraPlatform) -> JSONValue {
        var bundleMembers: [String: JSONValue] = [:]
        bundleMembers["identifier"] = bundle.identifier.map(JSONValue.string)
        bundleMembers["displayName"] = bundle.displayName.map(JSONValue.string)
        bundleMembers["shortVersion"] = bundle.shortVersion.map(JSONValue.string)
        bundleMembers["version"] = bundle.version.map(JSONValue.string)
        bundleMembers["infoPlist"] = bundle.file.map(JSONValue.string)
        bundleMembers["resources"] = bundle.resourcesDirectory.map(JSONValue.string)
        bundleMembers["UILaunchScreen"] = bundle.launchScreen
        bundleMembers["UILaunchStoryboardName"] = bundle.launchStoryboardName.map(JSONValue.string)
        return .object([
            "bundle": .object(bundleMembers),
            "theme": .object(themePalette.mapValues(JSONValue.string)),
            "display": .object(["interactive": .bool(platform.isInteractive), "color": .bool(platform.usesColor)]),
        ])
    }
}
