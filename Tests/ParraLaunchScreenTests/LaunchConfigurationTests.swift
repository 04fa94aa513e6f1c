import Foundation
import ParraTestSupport
import Testing

@testable import ParraLaunchScreen

@Suite("Launch screen options, Info.plist keys and their merge")
struct LaunchConfigurationTests {
    @Test("a passed default config is merged over UILaunchScreen, the passed fields winning")
    func defaultMergedOverPlist() {
        let plist = InfoPlistLaunchKeys(
            launchScreen: StandardLaunchScreen(colorName: "red", imageName: "Old", navigationBar: true),
            storyboardName: "Launch")
        let (spec, source) = LaunchScreenSpec.resolve(
            .standard(StandardLaunchScreen(imageName: "Logo", tabBar: true)), plist: plist)
        #expect(
            spec
                == .standard(
                    StandardLaunchScreen(colorName: "red", imageName: "Logo", navigationBar: true, tabBar: true)))
        #expect(source == "launchScreen.type merged over Info.plist UILaunchScreen")
    }

    @Test("storyboard and custom types are used as given, whatever the Info.plist says")
    func otherTypesAsGiven() {
        let plist = InfoPlistLaunchKeys(launchScreen: StandardLaunchScreen(colorName: "red"), storyboardName: "Launch")
        #expect(
            LaunchScreenSpec.resolve(.storyboard(name: "Splash", identifier: "Dark"), plist: plist).spec
                == .storyboard(name: "Splash", identifier: "Dark"))
        #expect(LaunchScreenSpec.resolve(.custom(identifier: "Hero"), plist: plist).spec == .custom(identifier: "Hero"))
    }

    @Test("with nothing passed: UILaunchScreen, then UILaunchStoryboardName, then the empty default")
    func nothingPassed() {
        let both = InfoPlistLaunchKeys(launchScreen: StandardLaunchScreen(colorName: "red"), storyboardName: "Launch")
        #expect(LaunchScreenSpec.resolve(.none, plist: both).spec == .standard(StandardLaunchScreen(colorName: "red")))
        let storyboardOnly = InfoPlistLaunchKeys(launchScreen: nil, storyboardName: "Launch")
        #expect(
            LaunchScreenSpec.resolve(.none, plist: storyboardOnly).spec == .storyboard(name: "Launch", identifier: nil))
        #expect(LaunchScreenSpec.resolve(.none, plist: InfoPlistLaunchKeys()).spec == .empty)
    }

    @Test("launchScreen.type is read with every field; a wrong field is reported and dropped")
    func typeOption() {
        let (good, none) = LaunchScreenOptions.requestedType(
            #"{"kind":"default","colorName":"primary","imageName":"Logo","toolbar":true}"#)
        #expect(good == .standard(StandardLaunchScreen(colorName: "primary", imageName: "Logo", toolbar: true)))
        #expect(none.isEmpty)
        let (partial, problems) = LaunchScreenOptions.requestedType(
            #"{"kind":"default","colorName":7,"tabBar":"yes","shadow":true}"#)
        #expect(partial == .standard(StandardLaunchScreen()))
        #expect(
            problems == [
                "launchScreen.type.shadow: not a launch screen key; ignored",
                "launchScreen.type.colorName: must be a non-empty string, not a number; ignored",
                "launchScreen.type.tabBar: must be a bool, not a string; ignored",
            ])
    }

    @Test("an unknown kind or a storyboard without a name falls back to the Info.plist's launch screen")
    func badKinds() {
        let (unknown, unknownProblems) = LaunchScreenOptions.requestedType(#"{"kind":"video"}"#)
        #expect(unknown == RequestedLaunchScreen.none)
        #expect(
            unknownProblems == [
                "launchScreen.type.kind: 'video' is not one of none, default, storyboard, custom, view; using the Info.plist's launch screen"
            ])
        let (nameless, namelessProblems) = LaunchScreenOptions.requestedType(#"{"kind":"storyboard","name":""}"#)
        #expect(nameless == RequestedLaunchScreen.none)
        #expect(namelessProblems.first?.hasPrefix("launchScreen.type.name: a storyboard launch screen needs") == true)
    }

    @Test(
        "a negative, absurd or non-finite fadeDuration is reported and 0.5 s used; a sensible one is kept",
        arguments: [(-1.0, true), (3600.0, true), (Double.nan, true), (0.0, false), (2.0, false)])
    func fadeDuration(value: Double, rejected: Bool) {
        let (seconds, problem) = LaunchScreenOptions.fadeDuration(value)
        #expect(seconds == (rejected ? 0.5 : value))
        #expect((problem != nil) == rejected)
        if let problem { #expect(problem.hasPrefix("launchScreen.fadeDuration: \(value) is not between 0 and 10")) }
    }

    @Test("malformed Info.plist launch keys are reported with the file and dropped; bars may be dictionaries")
    func plistKeys() {
        let (keys, problems) = LaunchScreenOptions.infoPlistKeys([
            "infoPlist": .string("/app/Info.plist"),
            "UILaunchScreen": .object([
                "UIColorName": .bool(true), "UIImageName": .string("Logo"), "UINavigationBar": .object([:]),
                "UIToolbar": .integer(1),
            ]),
            "UILaunchStoryboardName": .integer(3),
        ])
        #expect(keys == InfoPlistLaunchKeys(launchScreen: StandardLaunchScreen(imageName: "Logo", navigationBar: true)))
        #expect(
            problems == [
                "/app/Info.plist: UILaunchScreen.UIColorName: must be a non-empty string, not a bool; ignored",
                "/app/Info.plist: UILaunchScreen.UIToolbar: must be a dictionary or a bool, not a number; ignored",
                "/app/Info.plist: UILaunchStoryboardName must be a non-empty string; ignored",
            ])
        let (_, notDictionary) = LaunchScreenOptions.infoPlistKeys(["UILaunchScreen": .string("x")])
        #expect(notDictionary == ["Info.plist: UILaunchScreen must be a dictionary, not a string; ignored"])
    }

    @Test("colour names: the theme's palette, the basic colours and #RRGGBB; an unknown name falls back")
    func colours() {
        let (palette, problems) = LaunchPalette.fromFacts(["primary": .string("#112233"), "text": .string("blue")])
        #expect(problems == [#"app facts theme.text: "blue" is not #RRGGBB; using the default theme's"#])
        #expect(palette.color(named: "primary") == RGB(red: 0x11, green: 0x22, blue: 0x33))
        #expect(palette.color(named: "indigo") == RGB(red: 0x58, green: 0x56, blue: 0xD6))
        #expect(palette.color(named: "#ABCDEF")?.hex == "#ABCDEF")
        let (fallback, problem) = palette.background(named: "LaunchBackground", key: "launch screen colour")
        #expect(fallback == palette.theme["background"])
        #expect(
            problem?.hasPrefix("launch screen colour: no colour is named 'LaunchBackground' (use one of primary,")
                == true)
    }

    @Test("a storyboard draws its view controller's file, else the storyboard's; a view draws its lines as given")
    func storyboardAndView() throws {
        let resources = try CFixtureBuilder.makeTemporaryDirectory()
        try "whole storyboard\n".write(
            to: resources.appendingPathComponent("Launch.txt"), atomically: true, encoding: .utf8)
        try "main scene\n".write(
            to: resources.appendingPathComponent("Launch.Main.txt"), atomically: true, encoding: .utf8)
        let palette = LaunchPalette(theme: LaunchPalette.defaultTheme)
        func drawn(_ spec: LaunchScreenSpec) -> (String, [String]) {
            let (splash, problems) = LaunchSplash.make(spec, palette: palette, resources: resources.path)
            return (splash.body(fade: 0, color: false), problems)
        }
        #expect(drawn(.storyboard(name: "Launch", identifier: "Main")) == ("main scene", []))
        #expect(drawn(.storyboard(name: "Launch", identifier: "Other")) == ("whole storyboard", []))
        // A storyboard in another bundle is drawn from that bundle's folder.
        let bundle = try CFixtureBuilder.makeTemporaryDirectory()
        try "from the bundle\n".write(
            to: bundle.appendingPathComponent("Launch.txt"), atomically: true, encoding: .utf8)
        #expect(drawn(.storyboard(name: "Launch", identifier: nil, folder: bundle.path)) == ("from the bundle", []))
        let (requested, problems) = LaunchScreenOptions.requestedType(
            #"{"kind":"storyboard","name":"Launch","folder":"\#(bundle.path)"}"#)
        #expect(requested == .storyboard(name: "Launch", identifier: nil, folder: bundle.path) && problems.isEmpty)
        let (relative, relativeProblems) = LaunchScreenOptions.requestedType(
            #"{"kind":"storyboard","name":"Launch","folder":"Resources"}"#)
        #expect(relative == .storyboard(name: "Launch", identifier: nil))
        #expect(relativeProblems == ["launchScreen.type.folder: must be an absolute path, not 'Resources'; ignored"])
        // A default launch screen's image comes from its bundle's folder too.
        try "bundled logo\n".write(to: bundle.appendingPathComponent("Logo.txt"), atomically: true, encoding: .utf8)
        let (standard, standardProblems) = LaunchScreenOptions.requestedType(
            #"{"kind":"default","imageName":"Logo","folder":"\#(bundle.path)"}"#)
        #expect(
            standard == .standard(StandardLaunchScreen(imageName: "Logo", folder: bundle.path))
                && standardProblems.isEmpty)
        #expect(
            drawn(.standard(StandardLaunchScreen(imageName: "Logo", folder: bundle.path))).0.contains("bundled logo"))
        #expect(drawn(.view(lines: ["Loading", "please wait"])) == ("Loading\nplease wait", []))
        #expect(
            LaunchScreenOptions.requestedType(#"{"kind":"view","lines":["a","b"]}"#).0 == .view(lines: ["a", "b"]))
        #expect(LaunchScreenOptions.requestedType(#"{"kind":"view","lines":[1]}"#).0 == .none)
    }

    @Test("UILaunchStoryboardName loses a trailing .storyboard, as in the SDK")
    func storyboardSuffix() {
        let (keys, problems) = LaunchScreenOptions.infoPlistKeys([
            "UILaunchStoryboardName": .string("Launch.storyboard")
        ])
        #expect(keys.storyboardName == "Launch" && problems.isEmpty)
    }

    @Test("art comes from <name>.txt in the resources; a missing file is reported and the splash still draws")
    func art() throws {
        let resources = try CFixtureBuilder.makeTemporaryDirectory()
        try "\u{1B}[31m/\\_/\\\u{1B}[0m\n( o.o )\n".write(
            to: resources.appendingPathComponent("Cat.txt"), atomically: true, encoding: .utf8)
        let palette = LaunchPalette(theme: LaunchPalette.defaultTheme)
        let (cat, none) = LaunchSplash.make(
            .standard(StandardLaunchScreen(colorName: "blue", imageName: "Cat", navigationBar: true)), palette: palette,
            resources: resources.path)
        #expect(none.isEmpty)
        #expect(cat.title == "default, colour blue, image Cat, navigation bar")
        let plain = cat.body(fade: 0, color: false)
        #expect(plain.contains("/\\_/\\") && plain.contains("( o.o )") && !plain.contains("\u{1B}"))
        #expect(cat.body(fade: 0, color: true).contains("\u{1B}[48;2;0;122;255m"))
        #expect(cat.body(fade: 1, color: true).contains("\u{1B}[48;2;0;0;0m"))

        let (missing, problems) = LaunchSplash.make(
            .storyboard(name: "Launch", identifier: nil), palette: palette, resources: resources.path)
        #expect(missing.title == "default")
        #expect(
            problems == [
                "launch screen storyboard 'Launch': no file \(resources.path)/Launch.txt; drawing the empty default"
            ])
        let (_, escape) = LaunchSplash.make(
            .custom(identifier: "../secret"), palette: palette, resources: resources.path)
        #expect(escape.first?.contains("may not contain '/'") == true)
    }
}
