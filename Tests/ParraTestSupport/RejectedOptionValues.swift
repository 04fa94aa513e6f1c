/// One option value a feature module cannot use, with the words the host refuses it in (after
/// the layer's origin, e.g. `/path/parra.json: `): the list `parra config validate` and a
/// running app must both catch.
package struct RejectedOptionValue: Sendable, CustomStringConvertible {
    /// The id of the module that owns the key.
    package let moduleID: String
    /// The option key.
    package let key: String
    /// The value, as JSON.
    package let json: String
    /// The problem as the host words it: the key, the path inside the value and the rule.
    package let problem: String
    /// Whether the module's own parsing also reports the value (the rest were taken silently,
    /// or ignored in part, before the module declared its schema).
    package let moduleReports: Bool

    package var description: String { "\(key) = \(json)" }
}

/// Every value the logger, launch screen, What's New and push modules reject, from reading their
/// configure and parsing code, each with the host's words for it.
package enum RejectedOptionValues {
    private static func logger(_ key: String, _ json: String, _ problem: String, reported: Bool = true)
        -> RejectedOptionValue
    {
        RejectedOptionValue(
            moduleID: "com.parra.logger", key: "logger.\(key)", json: json, problem: "logger.\(key)\(problem)",
            moduleReports: reported)
    }

    private static func format(_ item: String, _ problem: String, reported: Bool = true) -> RejectedOptionValue {
        logger("consoleFormatOptions", "[\(item)]", problem, reported: reported)
    }

    private static func launch(_ key: String, _ json: String, _ problem: String, reported: Bool = true)
        -> RejectedOptionValue
    {
        RejectedOptionValue(
            moduleID: "com.parra.launchScreen", key: "launchScreen.\(key)", json: json,
            problem: "launchScreen.\(key)\(problem)", moduleReports: reported)
    }

    private static func whatsNew(_ key: String, _ json: String, _ problem: String, reported: Bool = true)
        -> RejectedOptionValue
    {
        RejectedOptionValue(
            moduleID: "com.parra.whatsNew", key: "whatsNew.\(key)", json: json, problem: "whatsNew.\(key)\(problem)",
            moduleReports: reported)
    }

    private static let levels = #""trace", "debug", "info", "warn", "error", "fatal""#
    /// The launch screen's pattern for a name: not blank as `CharacterSet.whitespaces` has it.
    private static let named = "[^\\p{Zs}\\t\u{200B}]"
    private static let kinds = #""message", "timestamp", "level", "callSite", "extras""#
    private static let colors =
        #""primary", "secondary", "background", "text", "error", "warning", "info", "success", "black", "white", "gray", "red", "orange", "yellow", "green", "cyan", "blue", "indigo", "purple""#

    /// The whole list.
    package static let all: [RejectedOptionValue] = [
        // The logger (LoggerSettings, ConsoleFormat, ConsoleWriter.Destination). The environment
        // word and the level were already allowed values the host checked.
        logger(
            "environment", #""staging""#, #": "staging" is not one of "debug", "production", "automatic""#,
            reported: false),
        logger("minimumLogLevel", #""bogus""#, #": "bogus" is not one of \#(levels)"#),
        logger("consoleFormatOptions", #"{"kind":"message"}"#, #": expected list, got object {"kind":"message"}"#),
        format("3", "[0]: expected object, got integer 3"),
        format(#"{"leftPad":"x"}"#, #"[0]: has no "kind""#),
        format(#"{"kind":7}"#, "[0].kind: expected string, got integer 7"),
        format(#"{"kind":"zzz"}"#, #"[0].kind: "zzz" is not one of \#(kinds)"#),
        format(#"{"kind":"message","leftPad":1}"#, "[0].leftPad: expected string, got integer 1"),
        format(#"{"kind":"message","rightPad":true}"#, "[0].rightPad: expected string, got boolean true"),
        format(
            #"{"kind":"message","style":"word"}"#, "[0].style: is not a member here (known: kind, leftPad, rightPad)",
            reported: false),
        format(
            #"{"kind":"timestamp","style":"julian"}"#,
            #"[0].style: "julian" is not one of "iso8601", "rfc3339", "epoch", "custom""#),
        format(#"{"kind":"timestamp","style":"custom"}"#, #"[0]: has no "format""#),
        format(#"{"kind":"timestamp","style":"custom","format":5}"#, "[0].format: expected string, got integer 5"),
        format(#"{"kind":"level","style":"loud"}"#, #"[0].style: "loud" is not one of "symbol", "word", "both""#),
        format(#"{"kind":"level","style":1}"#, "[0].style: expected string, got integer 1"),
        format(#"{"kind":"callSite","options":"file"}"#, #"[0].options: expected array, got string "file""#),
        format(
            #"{"kind":"callSite","options":["planet"]}"#,
            #"[0].options[0]: "planet" is not one of "file", "thread", "function", "line", "column""#),
        format(#"{"kind":"extras","style":"tiny"}"#, #"[0].style: "tiny" is not one of "raw", "condensed", "pretty""#),
        logger(
            "console", #""relative.log""#,
            #": "relative.log" is not one of "stdout", "stderr" and does not match the pattern ^/"#),
        logger("sessionUploadInterval", "0", ": 0.0 is less than the minimum 0.05"),
        logger("sessionUploadInterval", "3601", ": 3601.0 is more than the maximum 3600"),
        logger("spoolSizeLimit", "1024", ": 1024 is less than the minimum 65536"),
        logger("spoolSizeLimit", "2147483648", ": 2147483648 is more than the maximum 1073741824"),
        logger("shutdownUploadTimeout", "-1", ": -1.0 is less than the minimum 0"),
        logger("shutdownUploadTimeout", "31", ": 31.0 is more than the maximum 30"),
        // The launch screen (LaunchScreenOptions, LaunchPalette via LaunchSplash).
        launch("fadeDuration", "-3", ": -3.0 is less than the minimum 0"),
        launch("fadeDuration", "10.5", ": 10.5 is more than the maximum 10"),
        launch("type", #"{"colorName":"red"}"#, #": has no "kind""#),
        launch("type", #"{"kind":1}"#, ".kind: expected string, got integer 1"),
        launch(
            "type", #"{"kind":"fancy"}"#,
            #".kind: "fancy" is not one of "none", "default", "storyboard", "custom", "view""#),
        launch(
            "type", #"{"kind":"default","colorName":"pinkish"}"#,
            #".colorName: "pinkish" is not one of \#(colors) and does not match the pattern ^#[0-9A-Fa-f]{6}$"#),
        launch(
            "type", ##"{"kind":"default","colorName":"#12345G"}"##,
            ##".colorName: "#12345G" is not one of \##(colors) and does not match the pattern ^#[0-9A-Fa-f]{6}$"##),
        launch("type", #"{"kind":"default","colorName":5}"#, ".colorName: expected string, got integer 5"),
        launch("type", #"{"kind":"default","imageName":""}"#, #".imageName: "" is empty"#),
        launch("type", #"{"kind":"default","tabBar":"yes"}"#, #".tabBar: expected boolean, got string "yes""#),
        launch(
            "type", #"{"kind":"default","colour":"red"}"#,
            ".colour: is not a member here (known: colorName, folder, imageName, kind, navigationBar, respectsSafeArea, tabBar, toolbar)"
        ),
        launch("type", #"{"kind":"storyboard"}"#, #": has no "name""#),
        launch("type", #"{"kind":"storyboard","name":"  "}"#, ".name: \"  \" does not match the pattern \(Self.named)"),
        launch(
            "type", #"{"kind":"storyboard","name":"\u200b"}"#,
            ".name: \"\u{200B}\" does not match the pattern \(Self.named)"),
        launch("type", #"{"kind":"storyboard","name":3}"#, ".name: expected string, got integer 3"),
        launch("type", #"{"kind":"storyboard","name":"Main","identifier":""}"#, #".identifier: "" is empty"#),
        launch("type", #"{"kind":"custom"}"#, #": has no "identifier""#),
        launch("type", #"{"kind":"custom","identifier":""}"#, #".identifier: "" is empty"#),
        // What's New (WhatsNewSettings). The style was already an allowed value the host checked.
        whatsNew("presentationStyle", #""popup""#, #": "popup" is not one of "modal", "toast""#, reported: false),
        whatsNew("presentationMode", "{}", #": has no "kind""#),
        whatsNew(
            "presentationMode", #"{"kind":"later"}"#, #".kind: "later" is not one of "automatic", "delayed", "manual""#),
        whatsNew(
            "presentationMode", #"{"kind":"delayed","behavior":"nightly"}"#,
            #".behavior: "nightly" is not one of "default", "production", "beta", "debug""#),
        whatsNew("presentationMode", #"{"kind":"delayed","delay":4000}"#, ".delay: 4000 is more than the maximum 3600"),
        whatsNew("presentationMode", #"{"kind":"delayed","delay":-1}"#, ".delay: -1 is less than the minimum 0"),
        whatsNew(
            "presentationMode", #"{"kind":"delayed","delay":"3"}"#, #".delay: expected number, got string "3""#,
            reported: false),
        whatsNew(
            "presentationMode", #"{"kind":"manual","delay":3}"#, ".delay: is not a member here (known: behavior, kind)",
            reported: false),
        // Push (PushSettings): the VAPID key's length; its characters the module checks.
        RejectedOptionValue(
            moduleID: "com.parra.push", key: "pushNotifications.vapidPublicKey", json: #""short""#,
            problem:
                #"pushNotifications.vapidPublicKey: "short" is longer than 0 characters and is shorter than 87 characters"#,
            moduleReports: false),
    ]
}
