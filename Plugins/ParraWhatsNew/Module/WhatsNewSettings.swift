import ParraPluginKit

/// What's New's options, read and checked: `whatsNew.presentationStyle` and
/// `whatsNew.presentationMode`. A value the module cannot use is reported, naming the key, and
/// the default stands.
struct WhatsNewSettings: Equatable {
    /// How a release is shown.
    enum Style: String, Equatable {
        case modal, toast
    }

    /// Which automatic check runs, if any.
    enum Behavior: String, Equatable {
        case production, beta, debug
    }

    /// When the automatic check runs: `delay` seconds after the launch, or never.
    enum Mode: Equatable {
        case automatic(Behavior, delay: Double)
        case manual
    }

    var style = Style.modal
    var mode = Mode.automatic(.production, delay: 5)
    /// What was wrong with the options, one line each, naming the key.
    var problems: [String] = []

    static let styleKey = "whatsNew.presentationStyle"
    static let modeKey = "whatsNew.presentationMode"
    static let defaultModeJSON = #"{"behavior":"default","delay":5,"kind":"delayed"}"#

    /// The keys the module owns, with the reference's defaults (`.modal`,
    /// `.delayed(.default, 5.0)`).
    static let declarations: [OptionDeclaration] = [
        .string(
            styleKey, default: Style.modal.rawValue, doc: "How a new release is shown: modal or toast",
            allowedValues: ["modal", "toast"]),
        OptionDeclaration(
            modeKey, kind: .object, defaultJSON: defaultModeJSON,
            doc:
                "When: {kind: automatic|delayed|manual, behavior: default|production|beta|debug, delay: seconds (0 to 3600)}",
            schema: modeSchema),
    ]

    /// Every rule `init(style:modeJSON:appEnvironment:)` applies to `whatsNew.presentationMode`,
    /// declared for the host to check before the module reads it.
    static let modeSchema: ValueSchema = {
        let behavior = ValueSchema.string(oneOf: ["default", "production", "beta", "debug"])
        return .tagged(
            by: "kind",
            [
                ("automatic", .object(["behavior": behavior])),
                ("delayed", .object(["behavior": behavior, "delay": .number(minimum: 0, maximum: 3600)])),
                ("manual", .object(["behavior": behavior])),
            ])
    }()

    /// The settings for `style` and `modeJSON` (nil: the host had none); `appEnvironment`
    /// resolves the `default` behaviour.
    init(style: String?, modeJSON: String?, appEnvironment: String) {
        if let style { self.style = Style(rawValue: style) ?? .modal }
        mode = .automatic(Self.behavior(for: appEnvironment), delay: 5)
        guard let modeJSON else { return }
        guard let members = (try? JSONValue.parse(modeJSON))?.object, let kind = members["kind"]?.string else {
            problems.append(
                "option \(Self.modeKey): \(modeJSON) is not {kind: automatic|delayed|manual, ...}; using delayed 5 s")
            return
        }
        var behavior = Self.behavior(for: appEnvironment)
        if let named = members["behavior"]?.string, named != "default" {
            if let parsed = Behavior(rawValue: named) {
                behavior = parsed
            } else {
                problems.append(
                    "option \(Self.modeKey): behavior \"\(named)\" is not default, production, beta or debug; using default"
                )
            }
        }
        switch kind {
        case "manual": mode = .manual
        case "automatic": mode = .automatic(behavior, delay: 0)
        case "delayed":
            var delay = members["delay"]?.number ?? 5
            if !(0...3600).contains(delay) {
                problems.append("option \(Self.modeKey): delay \(delay) is outside 0...3600 seconds; using 5")
                delay = 5
            }
            mode = .automatic(behavior, delay: delay)
        default:
            problems.append(
                "option \(Self.modeKey): kind \"\(kind)\" is not automatic, delayed or manual; using delayed 5 s")
            mode = .automatic(behavior, delay: 5)
        }
    }

    /// `default`'s behaviour in `appEnvironment` ("debug", "beta", "production").
    static func behavior(for appEnvironment: String) -> Behavior {
        Behavior(rawValue: appEnvironment) ?? .production
    }
}
