import ParraPluginKit

/// The launch as configured: the options and the app facts (Info.plist, theme, display)
/// resolved into what one launch needs.
struct LaunchConfiguration {
    /// What the launch needs.
    var launch: LaunchSettings
    /// Where the launch screen came from, for the log.
    var source: String

    /// The configuration for the option values and the app facts JSON, and every problem
    /// found on the way (each names its key or file and falls back).
    static func resolve(typeJSON: String, fadeDuration: Double, factsJSON: String) -> (
        configuration: LaunchConfiguration, problems: [String]
    ) {
        var problems: [String] = []
        let facts: [String: JSONValue]
        do {
            facts = try JSONValue.parse(factsJSON).object ?? [:]
        } catch {
            facts = [:]
            problems.append("the host's app facts are not JSON (\(error)); using none")
        }
        let (requested, typeProblems) = LaunchScreenOptions.requestedType(typeJSON)
        let (plist, plistProblems) = LaunchScreenOptions.infoPlistKeys(facts["bundle"]?.object ?? [:])
        let (palette, paletteProblems) = LaunchPalette.fromFacts(facts["theme"]?.object)
        let (spec, source) = LaunchScreenSpec.resolve(requested, plist: plist)
        let (splash, splashProblems) = LaunchSplash.make(
            spec, palette: palette, resources: facts["bundle"]?.object?["resources"]?.string)
        let (fade, fadeProblem) = LaunchScreenOptions.fadeDuration(fadeDuration)
        problems += typeProblems + plistProblems + paletteProblems + splashProblems
        if let fadeProblem { problems.append(fadeProblem) }
        let display = facts["display"]?.object
        let settings = LaunchSettings(
            splash: splash, fadeDuration: fade, interactive: display?["interactive"]?.bool ?? false,
            color: display?["color"]?.bool ?? false)
        return (LaunchConfiguration(launch: settings, source: source), problems)
    }
}
