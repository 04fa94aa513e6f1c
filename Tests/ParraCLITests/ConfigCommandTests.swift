import Foundation
import Testing

@Suite("parra config")
struct ConfigCommandTests {
    @Test("schema lists every option key with its type, default, environment variable and owner")
    func schemaText() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("good.so")
        let result = try workspace.parra("config", "schema", "--plugin-path", module)
        #expect(result.status == 0, "\(result.transcript)")
        let lines = result.outputLines
        // The feature modules in the build folder are listed too; the fixture's keys are checked.
        let keys = lines.filter { $0.hasPrefix("cfixture.") }
        #expect(
            keys == [
                "cfixture.count", "cfixture.enabled", "cfixture.extra", "cfixture.greeting", "cfixture.mode",
                "cfixture.ratio", "cfixture.tags",
            ], "\(result.transcript)")
        #expect(lines.contains("logger.minimumLogLevel") && lines.contains("launchScreen.type"), "\(result.transcript)")
        let greeting = try #require(lines.firstIndex(of: "cfixture.greeting"))
        #expect(
            Array(lines[greeting + 1...greeting + 5]) == [
                "  type         string",
                "  default      \"hello\"",
                "  environment  PARRA_CFIXTURE_GREETING",
                "  module       com.example.cfixture",
                "  doc          What the fixture greets with.",
            ])
    }

    @Test("schema shows a key's declared rules, in text and in JSON")
    func schemaShowsRules() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("good.so")
        let text = try workspace.parra("config", "schema", "--plugin-path", module)
        let lines = text.outputLines
        let count = try #require(lines.firstIndex(of: "cfixture.count"), "\(text.transcript)")
        #expect(lines[count + 4] == #"  schema       {"maximum":100,"minimum":0}"#, "\(text.transcript)")
        let greeting = try #require(lines.firstIndex(of: "cfixture.greeting"))
        #expect(!lines[greeting...greeting + 5].contains { $0.hasPrefix("  schema") })
        let json = try workspace.parra("config", "schema", "--json", "--plugin-path", module)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let options = try #require(object["options"] as? [[String: Any]])
        let schema = try #require(
            options.first { $0["key"] as? String == "cfixture.count" }?["schema"] as? [String: Any])
        #expect(schema["minimum"] as? Int == 0 && schema["maximum"] as? Int == 100)
    }

    @Test("validate names a value outside a declared range, and the rule")
    func validateRange() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("good.so")
        let config = try workspace.file("range.json", contents: #"{"cfixture": {"count": 101}}"#)
        let result = try workspace.parra("config", "validate", config, "--plugin-path", module)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.outputLines.first == "\(config): cfixture.count: 101 is more than the maximum 100")
    }

    @Test("schema --json has every key")
    func schemaJSON() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("good.so")
        let result = try workspace.parra("config", "schema", "--json", "--plugin-path", module)
        #expect(result.status == 0, "\(result.transcript)")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let options = try #require(json["options"] as? [[String: Any]])
        #expect(options.compactMap { $0["key"] as? String }.filter { $0.hasPrefix("cfixture.") }.count == 7)
        let greeting = try #require(options.first { $0["key"] as? String == "cfixture.greeting" })
        #expect(greeting["environmentVariable"] as? String == "PARRA_CFIXTURE_GREETING")
        #expect(greeting["module"] as? String == "com.example.cfixture")
    }

    @Test("validate accepts a good file, prints the values it sets, and exits 0")
    func validateGood() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("good.so")
        let config = try workspace.file(
            "good.json", contents: #"{"cfixture": {"count": 5, "mode": "slow"}, "cfixture.ratio": 2}"#)
        let result = try workspace.parra("config", "validate", config, "--plugin-path", module)
        #expect(result.status == 0, "\(result.transcript)")
        #expect(
            result.outputLines == [
                "cfixture.count = 5 (from \(config))",
                "cfixture.mode = \"slow\" (from \(config))",
                "cfixture.ratio = 2.0 (from \(config))",
                "\(config): no problems",
                "",
            ], "\(result.transcript)")
    }

    @Test("validate prints a wrong type and an unknown key each on its own line, once, and exits 1")
    func validateProblems() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("good.so")
        let config = try workspace.file(
            "bad.json", contents: #"{"cfixture": {"count": "three", "gretting": "hi", "enabled": false}}"#)
        let result = try workspace.parra("config", "validate", config, "--plugin-path", module)
        #expect(result.status == 1, "\(result.transcript)")
        let lines = result.outputLines
        #expect(
            lines.contains("\(config): cfixture.count: expected integer, got string \"three\""), "\(result.transcript)")
        #expect(
            lines.contains { $0.hasPrefix("\(config): cfixture.gretting: no loaded module owns this key") },
            "\(result.transcript)")
        #expect(lines.contains("cfixture.enabled = false (from \(config))"))
        #expect(lines.contains("\(config): 2 problem(s)"))
        #expect(
            !result.errorLines.contains { $0.contains("cfixture.count") || $0.contains("cfixture.gretting") },
            "each problem once, on standard output, not again as a host warning: \(result.transcript)")
    }

    @Test("validate reports malformed JSON and exits 1")
    func validateMalformed() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("good.so")
        let config = try workspace.file("broken.json", contents: #"{"cfixture": "#)
        let result = try workspace.parra("config", "validate", config, "--plugin-path", module)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.outputLines.first?.hasPrefix("\(config): malformed JSON") == true, "\(result.transcript)")
    }

    @Test("validate reports a file that does not exist and exits 1")
    func validateMissingFile() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("good.so")
        let config = workspace.folder.appendingPathComponent("absent.json").path
        let result = try workspace.parra("config", "validate", config, "--plugin-path", module)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.outputLines.first?.hasPrefix("\(config): cannot read") == true, "\(result.transcript)")
    }

    @Test("show gives each key's value and its source: default, config file, environment")
    func show() throws {
        let workspace = try CLIWorkspace()
        let module = try workspace.module("good.so")
        let config = try workspace.file("app.json", contents: #"{"cfixture": {"count": 9, "greeting": "file"}}"#)
        let result = try workspace.parra(
            "config", "show", "--plugin-path", module, "--config", config,
            environment: ["PARRA_CFIXTURE_GREETING": "env"])
        #expect(result.status == 0, "\(result.transcript)")
        let lines = result.outputLines
        #expect(lines.contains { $0.hasPrefix("cfixture.count = 9 ") && $0.hasSuffix("(config file \(config))") })
        #expect(
            lines.contains {
                $0.hasPrefix("cfixture.greeting = \"env\" ") && $0.hasSuffix("(environment PARRA_CFIXTURE_GREETING)")
            }, "\(result.transcript)")
        #expect(
            lines.contains {
                $0.hasPrefix("cfixture.ratio = 0.5 ") && $0.hasSuffix("(default of com.example.cfixture)")
            })
    }
}
