import Foundation
import Testing

@testable import Parra
@testable import ParraAPI
@testable import ParraAppModel
@testable import ParraRuntime

@Suite("Option layers, schemas and provenance")
struct OptionStoreTests {
    static let schemas = [
        OptionSchema(
            key: "logger.minimumLogLevel", type: .string, defaultValue: .string("info"), doc: "level",
            environmentVariable: "PARRA_LOG_LEVEL",
            allowedValues: ["trace", "debug", "info", "warn", "error", "fatal"], ownerID: "com.parra.logger"),
        OptionSchema(
            key: "logger.enabled", type: .bool, defaultValue: .bool(true), doc: "on", environmentVariable: nil,
            allowedValues: nil, ownerID: "com.parra.logger"),
        OptionSchema(
            key: "whatsNew.delay", type: .double, defaultValue: .double(5), doc: "seconds",
            environmentVariable: "PARRA_WHATS_NEW_DELAY", allowedValues: nil, ownerID: "com.parra.whatsNew"),
        OptionSchema(
            key: "whatsNew.sections", type: .list, defaultValue: .array([]), doc: "list",
            environmentVariable: "PARRA_SECTIONS", allowedValues: nil, ownerID: "com.parra.whatsNew"),
    ]

    private func writeConfig(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parra-config-\(UUID()).json")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("module defaults are the lowest layer")
    func defaults() {
        let store = OptionStore(schemas: Self.schemas)
        let option = store.option(forKey: "logger.minimumLogLevel")
        #expect(option?.value == .string("info"))
        #expect(option?.source == .moduleDefault(moduleID: "com.parra.logger"))
    }

    @Test("config file < code < environment, each value remembering its source")
    func layering() throws {
        let store = OptionStore(schemas: Self.schemas)
        let file = try writeConfig(#"{"logger": {"minimumLogLevel": "debug", "enabled": false}, "whatsNew.delay": 2}"#)
        #expect(store.applyConfigFile(at: file.path).isEmpty)
        #expect(store.option(forKey: "logger.minimumLogLevel")?.source == .configFile(path: file.path))
        #expect(store.option(forKey: "whatsNew.delay")?.value == .double(2))
        #expect(store.applyCode(["logger.minimumLogLevel": .string("warn")]).isEmpty)
        #expect(store.option(forKey: "logger.minimumLogLevel")?.value == .string("warn"))
        #expect(store.option(forKey: "logger.minimumLogLevel")?.source == .code)
        #expect(store.applyEnvironment(["PARRA_LOG_LEVEL": "error"]).isEmpty)
        #expect(store.option(forKey: "logger.minimumLogLevel")?.value == .string("error"))
        #expect(store.option(forKey: "logger.minimumLogLevel")?.source == .environment(variable: "PARRA_LOG_LEVEL"))
        #expect(store.option(forKey: "logger.enabled")?.value == .bool(false))
    }

    @Test("a wrong type names the file, the full key path and the rule, and keeps the lower layer")
    func wrongType() throws {
        let store = OptionStore(schemas: Self.schemas)
        let file = try writeConfig(#"{"logger": {"minimumLogLevel": 3, "enabled": "yes"}}"#)
        let problems = store.applyConfigFile(at: file.path).map(\.description)
        #expect(problems.contains("\(file.path): logger.minimumLogLevel: expected string, got integer 3"))
        #expect(problems.contains("\(file.path): logger.enabled: expected bool, got string \"yes\""))
        #expect(store.option(forKey: "logger.minimumLogLevel")?.value == .string("info"))
    }

    @Test("a value outside the allowed set lists the choices")
    func allowedValues() throws {
        let store = OptionStore(schemas: Self.schemas)
        let problem = try #require(store.applyCode(["logger.minimumLogLevel": .string("verbose")]).first)
        #expect(problem.description.contains("\"verbose\" is not one of \"trace\", \"debug\""))
    }

    @Test("unknown keys are reported with a hint")
    func unknownKeys() throws {
        let store = OptionStore(schemas: Self.schemas, featureModuleNames: ["launchScreen": "ParraLaunchScreen"])
        let file = try writeConfig(#"{"logger": {"minimumLogLevl": "debug"}, "launchScreen": {"fadeDuration": 1}}"#)
        let problems = store.applyConfigFile(at: file.path).map(\.description)
        #expect(
            problems.contains(
                "\(file.path): logger.minimumLogLevl: no loaded module owns this key; did you mean 'logger.minimumLogLevel'?"
            ))
        #expect(
            problems.contains(
                "\(file.path): launchScreen.fadeDuration: no loaded module owns this key (is ParraLaunchScreen installed?)"
            ))
    }

    @Test("thousands of misspelled keys give a few hints per first segment and one count, each value still kept")
    func manyUnknownKeys() throws {
        let store = OptionStore(schemas: Self.schemas)
        let members = (0..<20_000).map { #""logger.minimumLogLevl\#($0)": "debug""# } + [#""other.a": 1"#]
        let file = try writeConfig("{" + members.joined(separator: ", ") + "}")
        let problems = store.applyConfigFile(at: file.path).map(\.description)
        #expect(
            problems == [
                "\(file.path): logger.minimumLogLevl0: no loaded module owns this key; did you mean 'logger.minimumLogLevel'?",
                "\(file.path): logger.minimumLogLevl1: no loaded module owns this key; did you mean 'logger.minimumLogLevel'?",
                "\(file.path): logger.minimumLogLevl10: no loaded module owns this key; did you mean 'logger.minimumLogLevel'?",
                "\(file.path): other.a: no loaded module owns this key",
                "\(file.path): logger.*: 19997 more key(s) under 'logger' that no loaded module owns, not listed",
            ])
        #expect(store.unownedValue(forKey: "logger.minimumLogLevl19999") == .string("debug"))
    }

    @Test(
        "malformed JSON and a non-object top level are reported, not fatal",
        arguments: [
            (#"{"logger": "#, "malformed JSON"), ("[1, 2]", "the top level must be a JSON object"),
            ("", "malformed JSON"),
        ])
    func malformedFile(text: String, fragment: String) throws {
        let store = OptionStore(schemas: Self.schemas)
        let file = try writeConfig(text)
        let problems = store.applyConfigFile(at: file.path)
        #expect(problems.count == 1)
        #expect(problems.first?.description.hasPrefix(file.path) == true)
        #expect(problems.first?.description.contains(fragment) == true, "\(problems)")
        #expect(store.option(forKey: "logger.minimumLogLevel")?.value == .string("info"))
    }

    @Test("a missing config file is reported")
    func missingFile() {
        let store = OptionStore(schemas: Self.schemas)
        let problems = store.applyConfigFile(at: URL(fileURLWithPath: "/nonexistent/parra.json").path)
        #expect(problems.first?.description.contains("/nonexistent/parra.json: cannot read") == true)
    }

    @Test("environment text is parsed by type; an unparseable value is reported and ignored")
    func environmentParsing() {
        let store = OptionStore(schemas: Self.schemas)
        #expect(store.applyEnvironment(["PARRA_WHATS_NEW_DELAY": "1.5", "PARRA_SECTIONS": #"["a"]"#]).isEmpty)
        #expect(store.option(forKey: "whatsNew.delay")?.value == .double(1.5))
        #expect(store.option(forKey: "whatsNew.sections")?.value == .array([.string("a")]))
        let problems = store.applyEnvironment(["PARRA_WHATS_NEW_DELAY": "soon"])
        #expect(
            problems.map(\.description) == [
                "environment PARRA_WHATS_NEW_DELAY: whatsNew.delay: 'soon' is not a valid double; ignored"
            ])
        #expect(store.option(forKey: "whatsNew.delay")?.value == .double(1.5))
    }

    @Test("an integer is accepted where a double is declared")
    func integerAsDouble() {
        let store = OptionStore(schemas: Self.schemas)
        #expect(store.applyCode(["whatsNew.delay": .integer(3)]).isEmpty)
        #expect(store.option(forKey: "whatsNew.delay")?.value == .double(3))
    }

    @Test("set(_:forKey:) notifies observers only when the value changes")
    func observers() throws {
        let store = OptionStore(schemas: Self.schemas)
        var changes: [String] = []
        #expect(store.observe("logger.enabled") { changes.append($0) })
        #expect(!store.observe("logger.nope") { _ in })
        try store.set(.bool(false), forKey: "logger.enabled")
        try store.set(.bool(false), forKey: "logger.enabled")
        #expect(changes == ["logger.enabled"])
        #expect(throws: OptionProblem.self) { try store.set(.integer(1), forKey: "logger.enabled") }
    }

    @Test("JSON values round-trip with their types")
    func jsonRoundTrip() throws {
        let value = try JSONValue(json: #"{"b": [true, 1, 2.5, "x\n"], "a": {}}"#)
        #expect(value.json == #"{"a":{},"b":[true,1,2.5,"x\n"]}"#)
        #expect(try JSONValue(json: value.json) == value)
        #expect(throws: JSONError.self) { try JSONValue(json: "null") }
    }

    @Test("resolved-options.json is written only when the resolved options changed")
    func recordWrittenOnChange() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parra-record-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(ResolvedOptionsRecord.fileName)
        func inode() throws -> UInt64 {
            try #require((try FileManager.default.attributesOfItem(atPath: file.path))[.systemFileNumber] as? UInt64)
        }
        let store = OptionStore(schemas: Self.schemas)
        try ResolvedOptionsRecord(store).write(into: folder.path)
        let first = try inode()
        try ResolvedOptionsRecord(store).write(into: folder.path)
        #expect(try inode() == first, "the same record is not written again")
        #expect(store.applyCode(["logger.minimumLogLevel": .string("warn")]).isEmpty)
        try ResolvedOptionsRecord(store).write(into: folder.path)
        #expect(try inode() != first, "a changed record replaces the file")
        #expect(try String(contentsOf: file, encoding: .utf8).contains("warn"))
        let read = try JSONDecoder().decode(ResolvedOptionsRecord.self, from: Data(contentsOf: file))
        #expect(
            read.options == ResolvedOptionsRecord(store).options
                && read.problems == ResolvedOptionsRecord(store).problems)
    }

    @Test("a key given both nested and dotted is reported and neither value used; the lower layer stays")
    func nestedAndDotted() throws {
        let file = try writeConfig(#"{"logger": {"minimumLogLevel": "debug"}, "logger.minimumLogLevel": "warn"}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let store = OptionStore(schemas: Self.schemas)
        let problems = store.applyConfigFile(at: file.path)
        #expect(
            problems.map(\.description) == [
                "\(file.path): logger.minimumLogLevel: is given 2 times in this file (nested and dotted); neither is used"
            ])
        #expect(store.option(forKey: "logger.minimumLogLevel")?.source == .moduleDefault(moduleID: "com.parra.logger"))
    }

    @Test("a very long unknown key gets no suggestion and is shown shortened")
    func longUnknownKey() throws {
        let key = "logger." + String(repeating: "x", count: 100_000)
        let store = OptionStore(schemas: Self.schemas)
        let problem = try #require(store.applyCode([key: .string("a")]).first)
        #expect(problem.message == "no loaded module owns this key")
        #expect(problem.description.hasSuffix("… (100007 bytes): no loaded module owns this key"))
    }
}

@Suite("Option keys and allowed values")
struct OptionKeyTests {
    @Test(
        "a key is dotted [A-Za-z0-9_] segments, at least two",
        arguments: [
            ("logger.level", true), ("a.b.c_1", true), ("A9.z", true), ("logger", false), ("logger.", false),
            (".level", false), ("a..b", false), ("a.b-c", false), ("a.bé", false), ("", false), ("a. b", false),
        ])
    func keys(key: String, valid: Bool) {
        #expect(OptionSchema.isValidKey(key) == valid)
    }

    @Test("an allowed value is trimmed of the white space Foundation trims")
    func trimming() {
        for text in [" fast ", "\tslow\n", "\u{00A0}both\u{3000}", "\u{2028}x\u{85}", "plain", "", " \n "] {
            #expect(
                String(OptionSchema.trimmed(text)) == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(text)")
        }
    }
}
