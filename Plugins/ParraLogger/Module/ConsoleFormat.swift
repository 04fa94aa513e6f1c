import ParraPluginKit

/// The pieces of a console line, in order, as `logger.consoleFormatOptions` lists them: each
/// prints `leftPad + value + rightPad`, a piece whose value is absent is skipped, and the
/// joined line is trimmed.
struct ConsoleFormat: Equatable {
    /// One piece of the line.
    struct Piece: Equatable {
        var item: Item
        var leftPad: [UInt8]
        var rightPad: [UInt8]
    }

    /// What a piece prints.
    enum Item: Equatable {
        case message
        case timestamp(TimestampStyle)
        case level(LevelStyle)
        case callSite(CallSiteOptions)
        case extras(ExtrasStyle)
    }

    /// Whether a line shows the record's time.
    var showsTimestamp: Bool {
        pieces.contains { if case .timestamp = $0.item { true } else { false } }
    }

    enum TimestampStyle: Equatable {
        case iso8601, rfc3339, epoch
        /// A `DateFormatter` pattern, in a time zone (a TimeZone identifier, UTC when nil) and
        /// a locale (a Locale identifier, POSIX when nil).
        case custom(String, timeZone: String?, locale: String?)
    }

    enum LevelStyle: String, Equatable {
        case symbol, word, both
    }

    enum ExtrasStyle: String, Equatable {
        case raw, condensed, pretty
    }

    /// Which parts of the call site print; always in the order thread prefix, file, function,
    /// line, column.
    struct CallSiteOptions: OptionSet, Equatable {
        let rawValue: UInt8
        static let file = CallSiteOptions(rawValue: 1)
        static let thread = CallSiteOptions(rawValue: 2)
        static let function = CallSiteOptions(rawValue: 4)
        static let line = CallSiteOptions(rawValue: 8)
        static let column = CallSiteOptions(rawValue: 16)
        static let `default`: CallSiteOptions = [.file, .function, .line]
        static let names: [(String, CallSiteOptions)] = [
            ("file", .file), ("thread", .thread), ("function", .function), ("line", .line), ("column", .column),
        ]
    }

    var pieces: [Piece]

    /// Parra's default, the option's declared default: `⚪️ [ContentView:body:42] Hello`,
    /// extras pretty on the next line.
    static let defaultJSON =
        #"[{"kind":"level","style":"symbol","leftPad":"","rightPad":" "},"#
        + #"{"kind":"callSite","options":["file","function","line"],"leftPad":"[","rightPad":"]"},"#
        + #"{"kind":"message","leftPad":" ","rightPad":" "},"#
        + #"{"kind":"extras","style":"pretty","leftPad":"\n","rightPad":""}]"#

    /// Every rule `parse(json:)` applies, declared for the host to check before the module
    /// reads the option: a list of objects tagged by `kind`, each with only its own members.
    static let schema: ValueSchema = {
        let pad = ValueSchema.string()
        func piece(_ members: [String: ValueSchema]) -> ValueSchema {
            .object(members.merging(["leftPad": pad, "rightPad": pad]) { own, _ in own })
        }
        let timestamp = piece([
            "style": .string(oneOf: ["iso8601", "rfc3339", "epoch", "custom"]), "format": .string(),
            "timeZone": .string(format: .timeZone), "locale": .string(),
        ]).when(
            .object(["style": .string(oneOf: ["custom"])], required: ["style"], closed: false),
            then: .object([:], required: ["format"], closed: false))
        return .array(
            of: .tagged(
                by: "kind",
                [
                    ("message", piece([:])),
                    ("timestamp", timestamp),
                    ("level", piece(["style": .string(oneOf: ["symbol", "word", "both"])])),
                    ("callSite", piece(["options": .array(of: .string(oneOf: CallSiteOptions.names.map(\.0)))])),
                    ("extras", piece(["style": .string(oneOf: ["raw", "condensed", "pretty"])])),
                ]))
    }()

    /// ``defaultJSON`` parsed: the format used until the option is read.
    static let `default` = parse(json: defaultJSON).format!

    /// Parses the option's JSON list. Each problem names the item and the rule; a bad item is
    /// left out, and a list that is not a list at all yields nil.
    /// Read with `JSONValue.parse`, not `JSONSerialization` and casts from `Any`: the logger
    /// reads its format on the main thread before the app's first frame.
    static func parse(json: String) -> (format: ConsoleFormat?, problems: [String]) {
        guard case .array(let items)? = try? JSONValue.parse(json) else {
            return (nil, ["is not a JSON list of format objects"])
        }
        var pieces: [Piece] = []
        var problems: [String] = []
        for (index, element) in items.enumerated() {
            do {
                pieces.append(try piece(element))
            } catch let problem as FormatProblem {
                problems.append("item \(index): \(problem.message); left out")
            } catch {
                problems.append("item \(index): \(error); left out")
            }
        }
        return (ConsoleFormat(pieces: pieces), problems)
    }

    private struct FormatProblem: Error {
        let message: String
    }

    private static func piece(_ element: JSONValue) throws -> Piece {
        guard let object = element.object else { throw FormatProblem(message: "is not an object") }
        func text(_ key: String, default value: String? = nil) throws -> String {
            guard let found = object[key] else {
                if let value { return value }
                throw FormatProblem(message: "has no \"\(key)\"")
            }
            guard let string = found.string else { throw FormatProblem(message: "\"\(key)\" is not a string") }
            return string
        }
        let leftPad = Array(try text("leftPad", default: "").utf8)
        let rightPad = Array(try text("rightPad", default: "").utf8)
        let kind = try text("kind")
        let item: Item
        switch kind {
        case "message":
            item = .message
        case "timestamp":
            switch try text("style", default: "iso8601") {
            case "iso8601": item = .timestamp(.iso8601)
            case "rfc3339": item = .timestamp(.rfc3339)
            case "epoch": item = .timestamp(.epoch)
            case "custom":
                // Foundation writes custom timestamps (`CustomTimestampFormat`) and knows the zones.
                let library: FoundationLibrary
                switch FoundationLibrary.shared {
                case .success(let loaded): library = loaded
                case .failure(let error): throw FormatProblem(message: "a custom timestamp cannot be written: \(error)")
                }
                let timeZone = object["timeZone"] == nil ? nil : try text("timeZone")
                if let timeZone, !timeZone.withCString(library.isTimeZone) {
                    throw FormatProblem(message: "timeZone \"\(timeZone)\" is not a time zone identifier")
                }
                let locale = object["locale"] == nil ? nil : try text("locale")
                item = .timestamp(.custom(try text("format"), timeZone: timeZone, locale: locale))
            case let other:
                throw FormatProblem(message: "timestamp style \"\(other)\" is not iso8601, rfc3339, epoch or custom")
            }
        case "level":
            let style = try text("style", default: "both")
            guard let parsed = LevelStyle(rawValue: style) else {
                throw FormatProblem(message: "level style \"\(style)\" is not symbol, word or both")
            }
            item = .level(parsed)
        case "callSite":
            var options: CallSiteOptions = []
            if let names = object["options"] {
                guard case .array(let list) = names else { throw FormatProblem(message: "\"options\" is not a list") }
                for name in list {
                    guard let text = name.string, let option = CallSiteOptions.names.first(where: { $0.0 == text })
                    else {
                        throw FormatProblem(
                            message:
                                "call-site option \(name.string ?? name.json) is not file, thread, function, line or column"
                        )
                    }
                    options.insert(option.1)
                }
            } else {
                options = .default
            }
            item = .callSite(options)
        case "extras":
            let style = try text("style", default: "pretty")
            guard let parsed = ExtrasStyle(rawValue: style) else {
                throw FormatProblem(message: "extras style \"\(style)\" is not raw, condensed or pretty")
            }
            item = .extras(parsed)
        default:
            throw FormatProblem(message: "kind \"\(kind)\" is not message, timestamp, level, callSite or extras")
        }
        return Piece(item: item, leftPad: leftPad, rightPad: rightPad)
    }
}
