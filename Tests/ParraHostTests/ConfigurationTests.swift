import Foundation
import Parra
import ParraAPI
import ParraRuntime
import ParraTestSupport
import Testing

@Suite("ParraConfiguration: the typed model and its flattening into option keys")
struct ConfigurationTests {
    // MARK: The documentation's listings

    @Test("the documentation's configuration call compiles and keeps everything else default")
    func documentationCall() {
        let bundleId = "x"
        let loggerEnvironment: ParraLoggerEnvironment = .production
        let configuration = ParraConfiguration(
            appInfoOptions: ParraAppInfoOptions(bundleId: bundleId),
            loggerOptions: ParraLoggerOptions(environment: loggerEnvironment)
        )
        #expect(configuration.appInfoOptions.bundleId == "x")
        #expect(configuration.loggerOptions.environment == .production)
        #expect(configuration.loggerOptions.minimumLogLevel == .info)
        #expect(configuration.theme == .default)
        #expect(configuration.globalComponentAttributes == .default)
        #expect(configuration.launchScreenOptions == .default)
        #expect(configuration.pushNotificationOptions == .default)
        #expect(configuration.whatsNewOptions == .default)
    }

    @Test("the documentation's field types are spelled as it spells them")
    func documentationTypes() {
        let configuration = ParraConfiguration.default
        let _: ParraAppInfoOptions = configuration.appInfoOptions
        let _: ParraTheme = configuration.theme
        let _: ParraGlobalComponentAttributes = configuration.globalComponentAttributes
        let _: ParraLaunchScreen.Options = configuration.launchScreenOptions
        let _: ParraLoggerOptions = configuration.loggerOptions
        let _: ParraPushNotificationOptions = configuration.pushNotificationOptions
        let _: ParraWhatsNewOptions = configuration.whatsNewOptions
        let _: ParraLoggerEnvironment = configuration.loggerOptions.environment
        let _: ParraLogLevel = configuration.loggerOptions.minimumLogLevel
        let _: [ParraLoggerConsoleFormatOption] = configuration.loggerOptions.consoleFormatOptions
        let _: ParraWhatsNewOptions.PresentationStyle = configuration.whatsNewOptions.presentationStyle
        let _: ParraWhatsNewOptions.PresentationMode = configuration.whatsNewOptions.presentationMode
        #expect(ParraConfiguration() == .default)
    }

    // MARK: Defaults, group by group

    @Test("app info defaults to the Info.plist's bundle ID and overrides it only when given one")
    func appInfoDefaults() {
        let own = BundleInfo.besideExecutable().info.identifier ?? BundleInfo.standInIdentifier
        #expect(ParraAppInfoOptions.default.bundleId == own)
        #expect(ParraConfiguration.default.appInfoOptions == .default)
        #expect(ParraAppInfoOptions(bundleId: "com.example.given").bundleId == "com.example.given")
        // The host is left to resolve the default itself, from the bundle the run was given.
        let setup = { (options: ParraAppInfoOptions) in
            ParraConfiguration(appInfoOptions: options).appSetup(
                tenantId: "t", applicationId: "a", launchPrerequisite: nil)
        }
        #expect(setup(.default).bundleId == nil)
        #expect(setup(ParraAppInfoOptions(bundleId: own)).bundleId == own, "given, even when equal to the default")
    }

    @Test("a configuration written in the SDK's argument order compiles, launch screen options optional")
    func sdkArgumentOrder() {
        let launchScreen: ParraLaunchScreen.Options? = nil
        let configuration = ParraConfiguration(
            appInfoOptions: ParraAppInfoOptions(bundleId: "x"),
            globalComponentAttributes: .default,
            launchScreenOptions: launchScreen,
            loggerOptions: .default,
            pushNotificationOptions: .default,
            theme: .default,
            whatsNewOptions: .default
        )
        #expect(configuration.launchScreenOptions == .default)
        #expect(ParraLaunchScreen.Options.defaultFadeDuration == 0.5)
        #expect(configuration.launchScreenOptions.fadeDuration == ParraLaunchScreen.Options.defaultFadeDuration)
    }

    @Test("logger defaults: automatic, info, the reference's console format")
    func loggerDefaults() {
        let options = ParraLoggerOptions()
        #expect(options.environment == .automatic)
        #expect(ParraLoggerEnvironment.default == .automatic)
        #expect(options.minimumLogLevel == .info)
        #expect(
            options.consoleFormatOptions == [
                .printLevel(style: .symbol, leftPad: "", rightPad: " "),
                .printCallSite(options: [.file, .function, .line], leftPad: "[", rightPad: "]"),
                .printMessage(leftPad: " ", rightPad: " "),
                .printExtras(style: .pretty, leftPad: "\n", rightPad: ""),
            ])
        #expect(options == .default)
        #expect(ParraConfiguration.default.loggerOptions == options)
    }

    @Test("console format pieces default each parameter as the reference gives")
    func consoleFormatDefaults() {
        #expect(ParraLoggerTimestampStyle.default == .iso8601)
        #expect(ParraLoggerLevelStyle.default == .both)
        #expect(ParraLoggerExtraStyle.default == .pretty)
        #expect(ParraLoggerCallSiteStyleOptions.default == [.file, .function, .line])
        #expect(ParraLoggerConsoleFormatOption.printMessage() == .printMessage(leftPad: "", rightPad: ""))
        #expect(
            ParraLoggerConsoleFormatOption.printTimestamps()
                == .printTimestamps(style: .iso8601, leftPad: "", rightPad: ""))
        #expect(ParraLoggerConsoleFormatOption.printLevel() == .printLevel(style: .both, leftPad: "", rightPad: ""))
        #expect(
            ParraLoggerConsoleFormatOption.printCallSite()
                == .printCallSite(options: [.file, .function, .line], leftPad: "", rightPad: ""))
        #expect(ParraLoggerConsoleFormatOption.printExtras() == .printExtras(style: .pretty, leftPad: "", rightPad: ""))
        // Every style exists.
        let _: [ParraLoggerTimestampStyle] = [.iso8601, .rfc3339, .epoch, .custom("HH:mm:ss")]
        #expect(ParraLoggerLevelStyle.allCases == [.symbol, .word, .both])
        #expect(ParraLoggerExtraStyle.allCases == [.raw, .condensed, .pretty])
    }

    @Test("call-site options name themselves in printing order")
    func callSiteNames() {
        #expect(ParraLoggerCallSiteStyleOptions.default.names == ["file", "function", "line"])
        let all: ParraLoggerCallSiteStyleOptions = [.column, .line, .function, .thread, .file]
        #expect(all.names == ["file", "thread", "function", "line", "column"])
        #expect(ParraLoggerCallSiteStyleOptions().names.isEmpty)
    }

    @Test("What's New defaults to a modal delayed 5 s with the default behaviour")
    func whatsNewDefaults() {
        let options = ParraWhatsNewOptions()
        #expect(options.presentationStyle == .modal)
        #expect(options.presentationMode == .delayed(.default, 5.0))
        #expect(options == .default)
        #expect(ParraConfiguration.default.whatsNewOptions == options)
        let modes: [ParraWhatsNewOptions.PresentationMode] = [
            .automatic(.production), .delayed(.beta, 2), .manual,
        ]
        #expect(Set(modes).count == 3)
        #expect(ParraWhatsNewOptions.Behavior.allCases == [.production, .beta, .debug])
        #expect(ParraWhatsNewOptions.PresentationStyle.allCases == [.modal, .toast])
    }

    @Test("push notifications default to off with alerts, badges and sounds allowed")
    func pushDefaults() {
        let options = ParraPushNotificationOptions()
        #expect(options.enabled == false)
        #expect(options.alerts == true)
        #expect(options.badges == true)
        #expect(options.sounds == true)
        #expect(options.provisional == false)
        #expect(options.promptTrigger == .manual)
        #expect(options.providesInAppNotificationSettings == true)
        #expect(options == .default)
        #expect(ParraConfiguration.default.pushNotificationOptions == options)
    }

    @Test("push presets enable everything, with and without provisional")
    func pushPresets() {
        let with = ParraPushNotificationOptions.allWithProvisional
        #expect(with.enabled && with.alerts && with.badges && with.sounds && with.provisional)
        #expect(with.promptTrigger == .manual)
        #expect(with.providesInAppNotificationSettings)
        let without = ParraPushNotificationOptions.allWithoutProvisional
        #expect(without.enabled && without.alerts && without.badges && without.sounds)
        #expect(without.provisional == false)
        #expect(without.promptTrigger == .manual)
        #expect(without.providesInAppNotificationSettings)
        #expect(with != without)
        #expect(ParraPushNotificationOptions.default.enabled == false)
        #expect(
            ParraPushNotificationOptions(enabled: true, promptTrigger: .automatic).promptTrigger == .automatic)
    }

    @Test("launch screen defaults to no type and a 0.5 s fade")
    @MainActor
    func launchScreenDefaults() {
        let options = ParraLaunchScreen.Options()
        #expect(options.type == nil)
        #expect(options.fadeDuration == 0.5)
        #expect(options == .default)
        #expect(ParraConfiguration.default.launchScreenOptions == options)
        let config = ParraDefaultLaunchScreen.Config()
        #expect(config.colorName == nil && config.imageName == nil && config.navigationBar == nil)
        let storyboard = ParraStoryboardLaunchScreen.Config.default
        #expect(storyboard.name == "LaunchScreen" && storyboard.viewControllerIdentifier == "Main")
        let types: [ParraLaunchScreenType] = [
            .default(config), .storyboard(.init(name: "Launch", viewControllerIdentifier: "Splash")),
            .custom(Text("Loading")),
        ]
        #expect(Set(types).count == 3)
        #expect(
            ParraLaunchScreenType.custom(Text("a")) == .custom(Text("b")), "custom views compare equal, as in the SDK")
    }

    @Test("the theme is the SDK's: light and dark palettes of swatches, the default's middle shades distinct")
    func themeDefaults() {
        let theme = ParraTheme.default
        #expect(theme == ParraTheme(lightPalette: .defaultLight, darkPalette: .defaultDark))
        #expect(theme.supportsMultipleColorPalettes)
        #expect(!ParraTheme(lightPalette: .defaultLight).supportsMultipleColorPalettes)
        let light = theme.palette(for: .light)
        #expect(light == .defaultLight && theme.palette(for: .dark) == .defaultDark)
        #expect(
            ParraTheme(lightPalette: .defaultLight).palette(for: .dark) == .defaultLight,
            "no dark palette: the light one")
        let facts = light.launchFacts
        #expect(facts.count == 8 && facts["info"] == "#007AFF" && facts["error"] == "#FF3B30", "\(facts)")
        #expect(facts["background"] == "#FFFFFF" && facts["text"] == "#111827" && facts["primary"] == "#007AFF")
        #expect(theme.palette(for: .dark).launchFacts["background"] == "#000000")
        #expect(ParraTheme(color: .purple).palette(for: .light).primary.shade500 == .purple)
        #expect(ParraAppearance.systemIsDark(colorFGBG: "15;0"))
        #expect(!ParraAppearance.systemIsDark(colorFGBG: "0;15"))
        #expect(!ParraAppearance.systemIsDark(colorFGBG: nil))
        let accent = ParraColorSwatch(primary: .accentColor)
        #expect(
            [accent.shade400, accent.shade600, accent.shade700] == [.accentShade400, .accentShade600, .accentShade700],
            "the default palettes' written-out chip shades are the derived ones")
        #expect(
            [Color.grayShade50, .grayShade700, .zincShade200, .zincShade600] == [
                ParraColorSwatch.gray.shade50, ParraColorSwatch.gray.shade700, ParraColorSwatch.zinc.shade200,
                ParraColorSwatch.zinc.shade600,
            ])
        #expect(
            accent
                == ParraColorSwatch(
                    shade50: accent.shade50, shade100: accent.shade100, shade200: accent.shade200,
                    shade300: accent.shade300,
                    shade400: accent.shade400, shade500: accent.shade500, shade600: accent.shade600,
                    shade700: accent.shade700,
                    shade800: accent.shade800, shade900: accent.shade900, shade950: accent.shade950),
            "a derived swatch equals the same shades given")
    }

    @Test("swatches: every shade given (integers or colours), or derived from one colour by HSL lightness")
    func swatches() {
        let given = ParraColorSwatch(
            shade50: 0xF8FAFC, shade100: 0xF1F5F9, shade200: 0xE2E8F0, shade300: 0xCBD5E1, shade400: 0x94A3B8,
            shade500: Color.fromHex("#64748B"), shade600: 0x475569, shade700: 0x334155, shade800: 0x1E293B,
            shade900: 0x0F172A, shade950: 0x020617, name: "Slate")
        #expect(given.shade50.hex == "#F8FAFC" && given.shade500.hex == "#64748B" && given.id == "Slate")
        let derived = ParraColorSwatch(primary: Color(hex: 0x3B82F6))
        #expect(derived.shade500.hex == "#3B82F6")
        #expect(Color(hex: 0x3B82F6).withLuminosity(0.5).hex == "#0B64F4", "hue and saturation kept, lightness set")
        #expect(derived.shade50.hex > derived.shade400.hex && derived.shade600.hex > derived.shade950.hex)
        #expect(Color.gray.withLuminosity(1).hex == "#FFFFFF" && Color.gray.withLuminosity(0).hex == "#000000")
        #expect(Color.fromHex("#FF3B30") == .red && Color.fromHex("not a colour") == .black)
        #expect(Color.fromHex("FF3B3080").opacity == Double(0x80) / 255 && Color.fromHex("#FF3B3080").red == 0xFF)
    }

    @Test("colours and component attributes have sensible defaults")
    func colourDefaults() {
        #expect(ParraColor(hex: "#FF3B30") == .red)
        #expect(ParraColor(hex: "007aff") == .blue)
        #expect(ParraColor(hex: "#12ab9C")?.hex == "#12AB9C")
        #expect(ParraColor(red: 1, green: 0, blue: 0).hex == "#FF0000", "components 0...1, as SwiftUI's")
        #expect(Color(red: 0.5, green: 0.2, blue: 2, opacity: 0.5) == Color(hex: 0x8033FF, opacity: 0.5))
        #expect(ParraColor(hex: "#FFF") == nil)
        #expect(ParraColor(hex: "#GGGGGG") == nil)
        #expect(ParraColor(hex: "#+12345") == nil)
        #expect(ParraColor(hex: "") == nil)
        #expect(ParraColor(hex: " \t#ff3b30 ") == .red, "spaces and tabs around it are ignored")
        #expect(ParraColor(hex: "\u{00A0}#FF3B30") == .red, "and other whitespace too")
        #expect(ParraColor(hex: "#FF3B3é") == nil)
        let attributes = ParraGlobalComponentAttributes.default
        #expect(attributes.cornerRadius == 8 && attributes.padding == 16 && attributes.fontScale == 1)
    }

    // MARK: Log levels

    @Test("levels parse trimmed and case-insensitive, exactly the six words")
    func levelParsing() {
        #expect(ParraLogLevel(parsing: " Debug \n") == .debug)
        #expect(ParraLogLevel(parsing: "TRACE") == .trace)
        #expect(ParraLogLevel(parsing: "info") == .info)
        #expect(ParraLogLevel(parsing: "\twarn") == .warn)
        #expect(ParraLogLevel(parsing: "Error") == .error)
        #expect(ParraLogLevel(parsing: "fatal ") == .fatal)
        for word in ["verbose", "warning", "", "  ", "in fo", "err", "debug1", "critical"] {
            #expect(ParraLogLevel(parsing: word) == nil, "\(word.debugDescription)")
        }
    }

    @Test("levels are ordered trace < debug < info < warn < error < fatal")
    func levelOrdering() {
        let ordered: [ParraLogLevel] = [.trace, .debug, .info, .warn, .error, .fatal]
        #expect(ParraLogLevel.allCases == ordered)
        #expect(ordered.shuffled().sorted() == ordered)
        for (lower, higher) in zip(ordered, ordered.dropFirst()) {
            #expect(lower < higher)
        }
        #expect(ParraLogLevel.fatal > .trace)
        #expect(ParraLogLevel.default == .info)
    }

    @Test("level names and symbols follow the reference")
    func levelNamesAndSymbols() {
        #expect(ParraLogLevel.allCases.map(\.name) == ["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"])
        #expect(ParraLogLevel.allCases.map(\.symbol) == ["🟣", "🔵", "⚪️", "🟡", "🔴", "💀"])
        #expect(ParraLogLevel.info.symbol.unicodeScalars.map(\.value) == [0x26AA, 0xFE0F])
        #expect(ParraLogLevel.allCases.map(\.keyword) == ["trace", "debug", "info", "warn", "error", "fatal"])
        for level in ParraLogLevel.allCases {
            #expect(ParraLogLevel(parsing: level.name) == level)
        }
    }

    // MARK: Flattening

    @Test("the default configuration flattens into exactly the module-owned keys")
    func defaultFlattening() {
        let values = ParraConfiguration.default.optionValues
        #expect(
            Set(values.keys) == [
                "logger.environment", "logger.minimumLogLevel", "logger.consoleFormatOptions",
                "whatsNew.presentationStyle", "whatsNew.presentationMode",
                "pushNotifications.enabled", "pushNotifications.alerts", "pushNotifications.badges",
                "pushNotifications.sounds", "pushNotifications.provisional",
                "pushNotifications.promptTrigger", "pushNotifications.providesInAppNotificationSettings",
                "launchScreen.type", "launchScreen.fadeDuration",
            ])
        #expect(Set(values.keys) == Set(ParraConfiguration.OptionKey.all))
        #expect(ParraConfiguration.OptionKey.all.count == values.count)
        #expect(values["logger.environment"] == .string("automatic"))
        #expect(values["logger.minimumLogLevel"] == .string("info"))
        #expect(
            values["logger.consoleFormatOptions"]
                == .array([
                    .object([
                        "kind": .string("level"), "style": .string("symbol"), "leftPad": .string(""),
                        "rightPad": .string(" "),
                    ]),
                    .object([
                        "kind": .string("callSite"),
                        "options": .array([.string("file"), .string("function"), .string("line")]),
                        "leftPad": .string("["), "rightPad": .string("]"),
                    ]),
                    .object(["kind": .string("message"), "leftPad": .string(" "), "rightPad": .string(" ")]),
                    .object([
                        "kind": .string("extras"), "style": .string("pretty"), "leftPad": .string("\n"),
                        "rightPad": .string(""),
                    ]),
                ]))
        #expect(values["whatsNew.presentationStyle"] == .string("modal"))
        #expect(
            values["whatsNew.presentationMode"]
                == .object([
                    "kind": .string("delayed"), "behavior": .string(ParraWhatsNewOptions.Behavior.default.rawValue),
                    "delay": .double(5.0),
                ]))
        #expect(values["pushNotifications.enabled"] == .bool(false))
        #expect(values["pushNotifications.alerts"] == .bool(true))
        #expect(values["pushNotifications.badges"] == .bool(true))
        #expect(values["pushNotifications.sounds"] == .bool(true))
        #expect(values["pushNotifications.provisional"] == .bool(false))
        #expect(values["pushNotifications.promptTrigger"] == .string("manual"))
        #expect(values["pushNotifications.providesInAppNotificationSettings"] == .bool(true))
        #expect(values["launchScreen.type"] == .object(["kind": .string("none")]))
        #expect(values["launchScreen.fadeDuration"] == .double(0.5))
    }

    @Test("the default console format's JSON, as a module receives it")
    func consoleFormatJSON() {
        let json = ParraConfiguration.default.optionValues["logger.consoleFormatOptions"]?.json
        #expect(
            json
                == #"[{"kind":"level","leftPad":"","rightPad":" ","style":"symbol"},"#
                + #"{"kind":"callSite","leftPad":"[","options":["file","function","line"],"rightPad":"]"},"#
                + #"{"kind":"message","leftPad":" ","rightPad":" "},"#
                + #"{"kind":"extras","leftPad":"\n","rightPad":"","style":"pretty"}]"#)
    }

    @Test("every console format piece and style flattens to its object")
    func consoleFormatFlattening() {
        func flattened(_ option: ParraLoggerConsoleFormatOption) -> JSONValue? {
            let configuration = ParraConfiguration(
                loggerOptions: ParraLoggerOptions(consoleFormatOptions: [option]))
            guard case .array(let items) = configuration.optionValues["logger.consoleFormatOptions"],
                items.count == 1
            else { return nil }
            return items[0]
        }
        let pads: [String: JSONValue] = ["leftPad": .string("<"), "rightPad": .string(">")]
        func with(_ members: [String: JSONValue]) -> JSONValue {
            .object(members.merging(pads) { a, _ in a })
        }
        for (style, name) in [(ParraLoggerTimestampStyle.iso8601, "iso8601"), (.rfc3339, "rfc3339"), (.epoch, "epoch")]
        {
            #expect(
                flattened(.printTimestamps(style: style, leftPad: "<", rightPad: ">"))
                    == with(["kind": .string("timestamp"), "style": .string(name)]))
        }
        #expect(
            flattened(
                .printTimestamps(
                    style: .custom("HH:mm:ss", timeZone: "America/Chicago", locale: "de_DE"), leftPad: "<",
                    rightPad: ">"))
                == with([
                    "kind": .string("timestamp"), "style": .string("custom"), "format": .string("HH:mm:ss"),
                    "timeZone": .string("America/Chicago"), "locale": .string("de_DE"),
                ]))
        #expect(
            flattened(.printTimestamps(style: .custom("HH:mm"), leftPad: "<", rightPad: ">"))
                == with(["kind": .string("timestamp"), "style": .string("custom"), "format": .string("HH:mm")]))
        for style in ParraLoggerLevelStyle.allCases {
            #expect(
                flattened(.printLevel(style: style, leftPad: "<", rightPad: ">"))
                    == with(["kind": .string("level"), "style": .string(style.rawValue)]))
        }
        for style in ParraLoggerExtraStyle.allCases {
            #expect(
                flattened(.printExtras(style: style, leftPad: "<", rightPad: ">"))
                    == with(["kind": .string("extras"), "style": .string(style.rawValue)]))
        }
        #expect(
            flattened(.printCallSite(options: [.thread, .column], leftPad: "<", rightPad: ">"))
                == with(["kind": .string("callSite"), "options": .array([.string("thread"), .string("column")])]))
        #expect(flattened(.printMessage(leftPad: "<", rightPad: ">")) == with(["kind": .string("message")]))
        #expect(
            flattened(.printMessage())
                == .object(["kind": .string("message"), "leftPad": .string(""), "rightPad": .string("")]))
    }

    @Test("logger environment and level flatten to lowercase strings")
    func loggerFlattening() {
        for environment in ParraLoggerEnvironment.allCases {
            let values = ParraConfiguration(loggerOptions: ParraLoggerOptions(environment: environment)).optionValues
            #expect(values["logger.environment"] == .string(environment.rawValue))
        }
        #expect(ParraLoggerEnvironment.allCases.map(\.rawValue) == ["debug", "production", "automatic"])
        for level in ParraLogLevel.allCases {
            let values = ParraConfiguration(loggerOptions: ParraLoggerOptions(minimumLogLevel: level)).optionValues
            #expect(values["logger.minimumLogLevel"] == .string(level.name.lowercased()))
        }
    }

    @Test("What's New style and every mode flatten to their shapes")
    func whatsNewFlattening() {
        func values(_ style: ParraWhatsNewOptions.PresentationStyle, _ mode: ParraWhatsNewOptions.PresentationMode)
            -> [String: JSONValue]
        {
            ParraConfiguration(
                whatsNewOptions: ParraWhatsNewOptions(presentationStyle: style, presentationMode: mode)
            ).optionValues
        }
        #expect(values(.toast, .manual)["whatsNew.presentationStyle"] == .string("toast"))
        #expect(values(.toast, .manual)["whatsNew.presentationMode"] == .object(["kind": .string("manual")]))
        for behavior in ParraWhatsNewOptions.Behavior.allCases {
            #expect(
                values(.modal, .automatic(behavior))["whatsNew.presentationMode"]
                    == .object(["kind": .string("automatic"), "behavior": .string(behavior.rawValue)]))
            #expect(
                values(.modal, .delayed(behavior, 2.5))["whatsNew.presentationMode"]
                    == .object([
                        "kind": .string("delayed"), "behavior": .string(behavior.rawValue), "delay": .double(2.5),
                    ]))
        }
        #expect(ParraWhatsNewOptions.Behavior.allCases.map(\.rawValue) == ["production", "beta", "debug"])
    }

    @Test("What's New's default behaviour is the app environment's, as the SDK's, resolved as the runtime resolves it")
    func whatsNewDefaultBehavior() {
        typealias Behavior = ParraWhatsNewOptions.Behavior
        #expect(ParraAPIEnvironment.allCases.map(Behavior.of) == [.production, .beta, .debug])
        #expect(Behavior.of(.resolve(environment: ["PARRA_ENVIRONMENT": " Beta "], isDebugBuild: true)) == .beta)
        #expect(Behavior.of(.resolve(environment: [:], isDebugBuild: false)) == .production)
        #expect(Behavior.of(.resolve(environment: [:], isDebugBuild: true)) == .debug)
        #expect(Behavior.default == Behavior.of(.resolve(environment: ProcessInfo.processInfo.environment)))
        // Spelled out by the app, the default is the resolved behaviour, sent to the module as such.
        let mode = ParraConfiguration(
            whatsNewOptions: ParraWhatsNewOptions(presentationMode: .automatic(.default))
        ).explicitOptionValues["whatsNew.presentationMode"]
        #expect(mode == .object(["kind": .string("automatic"), "behavior": .string(Behavior.default.rawValue)]))
    }

    @Test("push options flatten to bools and the prompt trigger's name")
    func pushFlattening() {
        let options = ParraPushNotificationOptions(
            enabled: true, alerts: false, badges: false, sounds: false, provisional: true,
            promptTrigger: .automatic, providesInAppNotificationSettings: false)
        let values = ParraConfiguration(pushNotificationOptions: options).optionValues
        #expect(values["pushNotifications.enabled"] == .bool(true))
        #expect(values["pushNotifications.alerts"] == .bool(false))
        #expect(values["pushNotifications.badges"] == .bool(false))
        #expect(values["pushNotifications.sounds"] == .bool(false))
        #expect(values["pushNotifications.provisional"] == .bool(true))
        #expect(values["pushNotifications.promptTrigger"] == .string("automatic"))
        #expect(values["pushNotifications.providesInAppNotificationSettings"] == .bool(false))
    }

    @Test("fromInfoDictionary(in:) reads a bundle's UILaunchScreen and UILaunchStoryboardName as the SDK does")
    func launchScreenFromInfoDictionary() throws {
        func bundle(_ plistBody: String) throws -> ParraBundle {
            let folder = try CFixtureBuilder.makeTemporaryDirectory()
            try Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict>\(plistBody)</dict></plist>
                """.utf8
            ).write(to: folder.appendingPathComponent("Info.plist"))
            return try #require(ParraBundle(path: folder.path))
        }
        let full = try bundle(
            """
            <key>UILaunchScreen</key><dict>
            <key>UIColorName</key><string>Brand</string><key>UIImageName</key><string>Logo</string>
            <key>UIImageRespectsSafeAreaInsets</key><true/>
            <key>UINavigationBar</key><dict><key>UIImageName</key><string>Nav</string></dict>
            <key>UITabBar</key><dict/><key>UIToolbar</key><string>yes</string>
            </dict>
            <key>UILaunchStoryboardName</key><string>Splash.storyboard</string>
            """)
        let config = try #require(ParraDefaultLaunchScreen.Config.fromInfoDictionary(in: full))
        #expect(config.colorName == "Brand" && config.imageName == "Logo" && config.imageRespectsSafeAreaInsets == true)
        #expect(config.navigationBar == .init(replacementImage: "Nav"))
        #expect(config.tabBar == .init(replacementImage: nil) && config.toolBar == .init(replacementImage: nil))
        #expect(config.bundle == full)
        let storyboard = try #require(ParraStoryboardLaunchScreen.Config.fromInfoDictionary(in: full))
        #expect(
            storyboard.name == "Splash" && storyboard.viewControllerIdentifier == "Main" && storyboard.bundle == full)
        // Present with no fields: a config of nil fields. Absent: nil.
        let bare = try #require(
            ParraDefaultLaunchScreen.Config.fromInfoDictionary(in: try bundle("<key>UILaunchScreen</key><dict/>")))
        #expect(bare.colorName == nil && bare.imageName == nil && bare.navigationBar == nil && bare.toolBar == nil)
        let none = try bundle("<key>CFBundleIdentifier</key><string>com.example</string>")
        #expect(ParraDefaultLaunchScreen.Config.fromInfoDictionary(in: none) == nil)
        #expect(ParraStoryboardLaunchScreen.Config.fromInfoDictionary(in: none) == nil)
        let named = try bundle("<key>UILaunchStoryboardName</key><string>LaunchScreen</string>")
        #expect(ParraStoryboardLaunchScreen.Config.fromInfoDictionary(in: named)?.name == "LaunchScreen")
    }

    @Test("every launch screen type flattens to its object, nil fields left out")
    @MainActor
    func launchScreenFlattening() throws {
        func type(_ type: ParraLaunchScreenType?) -> JSONValue? {
            ParraConfiguration(launchScreenOptions: ParraLaunchScreen.Options(type: type)).optionValues[
                "launchScreen.type"]
        }
        #expect(type(nil) == .object(["kind": .string("none")]))
        #expect(
            type(
                .default(
                    ParraDefaultLaunchScreen.Config(
                        colorName: "LaunchBackground", imageName: "Logo", imageRespectsSafeAreaInsets: true,
                        navigationBar: .init(replacementImage: nil), tabBar: .init(replacementImage: "Tabs"))))
                == .object([
                    "kind": .string("default"), "colorName": .string("LaunchBackground"),
                    "imageName": .string("Logo"), "respectsSafeArea": .bool(true), "navigationBar": .bool(true),
                    "tabBar": .bool(true),
                ]))
        #expect(
            type(.default(ParraDefaultLaunchScreen.Config(imageName: "Logo")))
                == .object(["kind": .string("default"), "imageName": .string("Logo")]))
        #expect(
            type(.storyboard(ParraStoryboardLaunchScreen.Config(name: "Launch", viewControllerIdentifier: "Splash")))
                == .object([
                    "kind": .string("storyboard"), "name": .string("Launch"), "identifier": .string("Splash"),
                ]))
        let bundleFolder = try CFixtureBuilder.makeTemporaryDirectory()
        let bundle = try #require(ParraBundle(path: bundleFolder.path))
        #expect(ParraBundle(path: bundleFolder.appendingPathComponent("missing").path) == nil)
        #expect(
            type(.default(ParraDefaultLaunchScreen.Config(imageName: "Logo", bundle: bundle)))
                == .object([
                    "kind": .string("default"), "imageName": .string("Logo"),
                    "folder": .string(bundle.resourcePath),
                ]))
        #expect(
            type(.storyboard(ParraStoryboardLaunchScreen.Config(name: "Launch", bundle: bundle)))
                == .object([
                    "kind": .string("storyboard"), "name": .string("Launch"), "identifier": .string("Main"),
                    "folder": .string(bundle.resourcePath),
                ]))
        #expect(
            type(.storyboard(.default))
                == .object([
                    "kind": .string("storyboard"), "name": .string("LaunchScreen"), "identifier": .string("Main"),
                ]))
        #expect(
            type(
                .custom(
                    VStack {
                        Text("Loading")
                        Text("please wait")
                    }))
                == .object(["kind": .string("view"), "lines": .array([.string("Loading"), .string("please wait")])]))
        let values = ParraConfiguration(launchScreenOptions: ParraLaunchScreen.Options(fadeDuration: 1.25))
            .optionValues
        #expect(values["launchScreen.fadeDuration"] == .double(1.25))
    }

    @Test("host-side groups are not flattened")
    func hostSideNotFlattened() {
        let configuration = ParraConfiguration(
            appInfoOptions: ParraAppInfoOptions(bundleId: "com.example.app"),
            globalComponentAttributes: ParraGlobalComponentAttributes(cornerRadius: 2),
            theme: ParraTheme(color: .purple))
        #expect(configuration.optionValues == ParraConfiguration.default.optionValues)
        #expect(configuration.explicitOptionValues.isEmpty)
        #expect(!configuration.optionValues.keys.contains { $0.hasPrefix("appInfo") || $0.hasPrefix("theme") })
    }

    // MARK: Explicit values

    @Test("the default configuration chose nothing; a value passed or assigned is chosen even when it is the default")
    func explicitOfDefault() {
        #expect(ParraConfiguration.default.explicitOptionValues.isEmpty)
        #expect(ParraConfiguration().explicitOptionValues.isEmpty)
        // Passing the defaults by hand is a choice: it must win over a config file.
        let spelledOut = ParraConfiguration(
            loggerOptions: ParraLoggerOptions(environment: .automatic, minimumLogLevel: .info),
            pushNotificationOptions: ParraPushNotificationOptions(enabled: false),
            whatsNewOptions: ParraWhatsNewOptions(presentationStyle: .modal, presentationMode: .delayed(.default, 5)))
        #expect(
            spelledOut.explicitOptionValues == [
                "logger.environment": .string("automatic"), "logger.minimumLogLevel": .string("info"),
                "pushNotifications.enabled": .bool(false), "whatsNew.presentationStyle": .string("modal"),
                "whatsNew.presentationMode": .object([
                    "kind": .string("delayed"), "behavior": .string(ParraWhatsNewOptions.Behavior.default.rawValue),
                    "delay": .double(5),
                ]),
            ])
        // Equal values compare equal however they were given.
        #expect(spelledOut == ParraConfiguration.default)
        var assigned = ParraConfiguration.default
        assigned.loggerOptions.minimumLogLevel = .info
        #expect(assigned.explicitOptionValues == ["logger.minimumLogLevel": .string("info")])
    }

    @Test("a changed configuration reports only the changed keys")
    func explicitOfChanged() {
        let documentation = ParraConfiguration(
            appInfoOptions: ParraAppInfoOptions(bundleId: "x"),
            loggerOptions: ParraLoggerOptions(environment: .production))
        #expect(documentation.explicitOptionValues == ["logger.environment": .string("production")])

        let changed = ParraConfiguration(
            launchScreenOptions: ParraLaunchScreen.Options(fadeDuration: 1),
            loggerOptions: ParraLoggerOptions(minimumLogLevel: .debug),
            pushNotificationOptions: .allWithProvisional,
            whatsNewOptions: ParraWhatsNewOptions(presentationMode: .manual))
        #expect(
            changed.explicitOptionValues == [
                "launchScreen.fadeDuration": .double(1),
                "logger.minimumLogLevel": .string("debug"),
                "pushNotifications.enabled": .bool(true),
                "pushNotifications.provisional": .bool(true),
                "whatsNew.presentationMode": .object(["kind": .string("manual")]),
            ])
        let withoutProvisional = ParraConfiguration(pushNotificationOptions: .allWithoutProvisional)
        #expect(
            withoutProvisional.explicitOptionValues == [
                "pushNotifications.enabled": .bool(true), "pushNotifications.provisional": .bool(false),
            ])
    }

    @Test("the whole configuration is a hashable, sendable value")
    func valueSemantics() {
        var configuration = ParraConfiguration.default
        configuration.loggerOptions.minimumLogLevel = .warn
        #expect(configuration != .default)
        #expect(Set([configuration, .default, configuration]).count == 2)
        let sendable: any Sendable = configuration
        #expect((sendable as? ParraConfiguration) == configuration)
    }
}

/// An app that passes the logger's default level in code.
struct DefaultLevelInCodeApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate

    var body: some Scene {
        ParraApp(
            tenantId: "t", applicationId: "a", appDelegate: appDelegate,
            configuration: ParraConfiguration(loggerOptions: ParraLoggerOptions(minimumLogLevel: .info))
        ) {
            WindowGroup { Text("app") }
        }
    }
}

@Suite("Code over the config file")
struct CodeOverConfigFileTests {
    @Test("a value the app passes in code wins over the config file even when it equals the default")
    func defaultInCodeWins() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let config = folder.appendingPathComponent("parra.json")
        try Data(#"{"logger": {"minimumLogLevel": "debug", "environment": "production"}}"#.utf8).write(to: config)
        let run = try TestAppRun(
            DefaultLevelInCodeApp.self,
            paths: [BuildProducts.folder.appendingPathComponent("libParraLogger.so").path],
            environment: ["PARRA_CONFIG_FILE": config.path])
        #expect(run.status == 0)
        #expect(
            !run.reported(#"option logger.minimumLogLevel = "info" (from code)"#).isEmpty, "\(run.platform.reported)")
        // What the app left out still comes from the file.
        #expect(!run.reported(#"option logger.environment = "production" (from config file"#).isEmpty)
    }
}

@Suite("The typed configuration's defaults and the modules' declared defaults")
struct DeclaredDefaultsTests {
    @Test("each default ParraConfiguration shows is the one the module that owns the key declares")
    func defaultsAgree() throws {
        let modules = ["libParraLogger.so", "libParraLaunchScreen.so"].map {
            BuildProducts.folder.appendingPathComponent($0).path
        }
        let host = try TestHost(paths: modules)
        let report = host.runtime.start(through: .validate)
        #expect(report.refused.isEmpty, "\(report.lines)")
        let declared = Dictionary(
            uniqueKeysWithValues: host.runtime.modules.flatMap(\.declaration.options).map { ($0.key, $0.defaultValue) })
        let facade = ParraConfiguration.default.optionValues
        let shared = facade.keys.filter { declared[$0] != nil }.sorted()
        #expect(shared.count >= 5, "\(shared)")
        for key in shared {
            #expect(
                declared[key] == facade[key],
                "\(key): the module declares \(declared[key]!), the facade shows \(facade[key]!)")
        }
        // The SDK's names for the logger's environment variables are the ones the module reads.
        let variables = Set(host.runtime.modules.flatMap(\.declaration.options).compactMap(\.environmentVariable))
        #expect(variables.contains(ParraLoggerOptions.Environment.minimumLogLevelOverride))
        #expect(variables.contains(ParraLoggerOptions.Environment.eventDebugLoggingEnabled))
    }
}
