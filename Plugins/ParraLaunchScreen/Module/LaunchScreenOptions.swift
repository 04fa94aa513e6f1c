import ParraPluginKit

/// Reads the module's option values and the Info.plist's launch keys, reporting every value
/// that breaks a rule (naming the key or file and the rule) and falling back.
enum LaunchScreenOptions {
    /// `launchScreen.type`.
    static let typeKey = "launchScreen.type"
    /// `launchScreen.fadeDuration`.
    static let fadeDurationKey = "launchScreen.fadeDuration"
    /// The fade used when none is given, or the one given is unusable.
    static let defaultFadeDuration = 0.5
    /// The longest fade accepted; a longer one is taken for a mistake.
    static let longestFadeDuration = 10.0

    /// Every rule `requestedType(_:)` and the splash apply to `launchScreen.type`, declared for
    /// the host to check before the module reads it: an object tagged by `kind`, each kind with
    /// only its own members; colours as `LaunchPalette` names them.
    static let typeSchema: ValueSchema = {
        let nonEmpty = ValueSchema.string(minLength: 1)
        // Not empty once CharacterSet.whitespaces (tabs, Zs and U+200B, as `isBlank`) is trimmed.
        let named = ValueSchema.string(minLength: 1, pattern: "[^\\p{Zs}\\t\u{200B}]")
        let folder = ValueSchema.string(pattern: "^/")
        let color = ValueSchema.string().matching(anyOf: [
            .string(oneOf: LaunchPalette.themeNames + LaunchPalette.basicColors.map(\.0)),
            .string(pattern: LaunchPalette.hexPattern),
        ])
        return .tagged(
            by: "kind",
            [
                ("none", .object([:])),
                (
                    "default",
                    .object([
                        "colorName": color, "imageName": nonEmpty, "respectsSafeArea": .boolean,
                        "navigationBar": .boolean, "tabBar": .boolean, "toolbar": .boolean, "folder": folder,
                    ])
                ),
                (
                    "storyboard",
                    .object(
                        ["name": named, "identifier": nonEmpty, "folder": folder], required: ["name"])
                ),
                ("custom", .object(["identifier": named], required: ["identifier"])),
                ("view", .object(["lines": .array(of: .string())], required: ["lines"])),
            ])
    }()

    /// The fade to use for `value`, and the problem when `value` was not usable.
    static func fadeDuration(_ value: Double) -> (seconds: Double, problem: String?) {
        guard value.isFinite, (0...longestFadeDuration).contains(value) else {
            return (
                defaultFadeDuration,
                "\(fadeDurationKey): \(value) is not between 0 and \(longestFadeDuration) seconds; using \(defaultFadeDuration)"
            )
        }
        return (value, nil)
    }

    /// What `launchScreen.type` (compact JSON) asks for, and its problems.
    static func requestedType(_ json: String) -> (RequestedLaunchScreen, [String]) {
        guard let members = (try? JSONValue.parse(json))?.object else {
            return (.none, ["\(typeKey): must be an object with a kind; using the Info.plist's launch screen"])
        }
        var problems: [String] = []
        let kind = members["kind"]?.string
        switch kind {
        case "none":
            return (.none, [])
        case "default":
            let fields = standardFields(
                members,
                names: (
                    color: "colorName", image: "imageName", safeArea: "respectsSafeArea",
                    navigationBar: "navigationBar",
                    tabBar: "tabBar", toolbar: "toolbar"
                ), known: ["kind", "folder"], place: typeKey, barsMayBeDictionaries: false, problems: &problems)
            var config = fields
            config.folder = folder(members, problems: &problems)
            return (.standard(config), problems)
        case "view":
            guard case .array(let items)? = members["lines"], case let lines = items.compactMap({ $0.string }),
                lines.count == items.count
            else {
                return (
                    .none,
                    [
                        "\(typeKey).lines: a view launch screen needs a list of strings; using the Info.plist's launch screen"
                    ]
                )
            }
            return (.view(lines: lines), [])
        case "storyboard", "custom":
            let field = kind == "storyboard" ? "name" : "identifier"
            guard let name = members[field]?.string, name.unicodeScalars.contains(where: { !Self.isBlank($0) }) else {
                return (
                    .none,
                    [
                        "\(typeKey).\(field): a \(kind!) launch screen needs a non-empty string; using the Info.plist's launch screen"
                    ]
                )
            }
            guard kind == "storyboard" else { return (.custom(identifier: name), []) }
            var identifier: String?
            if let value = members["identifier"] {
                if let text = value.string, !text.isEmpty {
                    identifier = text
                } else {
                    problems.append("\(typeKey).identifier: must be a non-empty string, not \(value.typeName); ignored")
                }
            }
            return (
                .storyboard(name: name, identifier: identifier, folder: folder(members, problems: &problems)), problems
            )
        default:
            let given = members["kind"].map { $0.string.map { "'\($0)'" } ?? $0.typeName } ?? "missing"
            return (
                .none,
                [
                    "\(typeKey).kind: \(given) is not one of none, default, storyboard, custom, view; using the Info.plist's launch screen"
                ]
            )
        }
    }

    /// A launch screen type's `folder` (its bundle's resources), when it has a usable one.
    private static func folder(_ members: [String: JSONValue], problems: inout [String]) -> String? {
        guard let value = members["folder"] else { return nil }
        guard let text = value.string, text.hasPrefix("/") else {
            problems.append(
                "\(typeKey).folder: must be an absolute path, not \(value.string.map { "'\($0)'" } ?? value.typeName); ignored"
            )
            return nil
        }
        return text
    }

    /// The Info.plist's launch keys from the app facts' `bundle` object, and their problems.
    static func infoPlistKeys(_ bundle: [String: JSONValue]) -> (InfoPlistLaunchKeys, [String]) {
        let file = bundle["infoPlist"]?.string ?? "Info.plist"
        var problems: [String] = []
        var keys = InfoPlistLaunchKeys()
        if let value = bundle["UILaunchScreen"] {
            if let members = value.object {
                keys.launchScreen = standardFields(
                    members,
                    names: (
                        color: "UIColorName", image: "UIImageName", safeArea: "UIImageRespectsSafeAreaInsets",
                        navigationBar: "UINavigationBar", tabBar: "UITabBar", toolbar: "UIToolbar"
                    ), known: [], place: "\(file): UILaunchScreen", barsMayBeDictionaries: true, problems: &problems)
            } else {
                problems.append("\(file): UILaunchScreen must be a dictionary, not \(value.typeName); ignored")
            }
        }
        if let value = bundle["UILaunchStoryboardName"] {
            if let name = value.string, !name.isEmpty {
                // As the SDK: "LaunchScreen.storyboard" names the storyboard "LaunchScreen".
                keys.storyboardName = name.hasSuffix(".storyboard") ? String(name.dropLast(".storyboard".count)) : name
            } else {
                problems.append("\(file): UILaunchStoryboardName must be a non-empty string; ignored")
            }
        }
        return (keys, problems)
    }

    private typealias FieldNames = (
        color: String, image: String, safeArea: String, navigationBar: String, tabBar: String, toolbar: String
    )

    /// The plist-style fields of `members`, checking each one's type; unknown keys and
    /// wrongly typed values are reported and left out. On iOS a bar key holds a dictionary
    /// (its presence draws the bar), so the Info.plist's may be one.
    private static func standardFields(
        _ members: [String: JSONValue], names: FieldNames, known: Set<String>, place: String,
        barsMayBeDictionaries: Bool, problems: inout [String]
    ) -> StandardLaunchScreen {
        func string(_ key: String) -> String? {
            guard let value = members[key] else { return nil }
            guard let text = value.string, !text.isEmpty else {
                problems.append("\(place).\(key): must be a non-empty string, not \(value.typeName); ignored")
                return nil
            }
            return text
        }
        func flag(_ key: String, bar: Bool) -> Bool? {
            guard let value = members[key] else { return nil }
            if let flag = value.bool { return flag }
            if bar && barsMayBeDictionaries && value.object != nil { return true }
            let rule = bar && barsMayBeDictionaries ? "a dictionary or a bool" : "a bool"
            problems.append("\(place).\(key): must be \(rule), not \(value.typeName); ignored")
            return nil
        }
        let all: Set<String> = [
            names.color, names.image, names.safeArea, names.navigationBar, names.tabBar, names.toolbar,
        ]
        for key in members.keys.sorted() where !all.contains(key) && !known.contains(key) {
            problems.append("\(place).\(key): not a launch screen key; ignored")
        }
        return StandardLaunchScreen(
            colorName: string(names.color), imageName: string(names.image),
            respectsSafeArea: flag(names.safeArea, bar: false), navigationBar: flag(names.navigationBar, bar: true),
            tabBar: flag(names.tabBar, bar: true), toolbar: flag(names.toolbar, bar: true))
    }

    /// Whether `scalar` is in `CharacterSet.whitespaces`: a tab, a space separator (Zs) or
    /// U+200B ZERO WIDTH SPACE, which Core Foundation's set also holds.
    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }
}
