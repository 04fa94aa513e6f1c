import Testing

@Suite("parra usage")
struct UsageTests {
    @Test(
        "a wrong command line exits 2 with the problem and a --help hint on stderr",
        arguments: [
            ([], "parra: missing command; expected one of: plugins, config, push, new, desktop-entry, bundle"),
            (["bogus"], "parra: unknown command 'bogus'"),
            (["plugins"], "parra plugins: missing command; expected one of: list, inspect, reset, install, remove"),
            (["plugins", "list", "--jsn"], "parra plugins list: unknown option '--jsn'"),
            (["plugins", "list", "--plugin-path"], "parra plugins list: option '--plugin-path' needs a value (DIR)"),
            (["plugins", "inspect"], "parra plugins inspect: missing argument FILE"),
            (["config", "validate"], "parra config validate: missing argument FILE"),
            (["config", "validate", "a.json", "b.json"], "parra config validate: unexpected argument 'b.json'"),
            (
                ["config", "show", "--config", "a", "--config", "b"],
                "parra config show: option '--config' is given more than once"
            ),
        ] as [([String], String)])
    func usageError(arguments: [String], message: String) throws {
        let workspace = try CLIWorkspace()
        let result = try workspace.parra(arguments)
        #expect(result.status == 2, "\(result.transcript)")
        #expect(result.standardOutput.isEmpty)
        #expect(result.errorLines.count == 2, "\(result.transcript)")
        #expect(result.errorLines.first == message)
        #expect(result.errorLines.last?.contains("--help") == true)
    }

    @Test(
        "--help and -h print usage on stdout and exit 0",
        arguments: [
            ["--help"], ["-h"], ["plugins", "--help"], ["config", "-h"], ["plugins", "list", "--help"],
            ["plugins", "inspect", "-h"], ["config", "schema", "--help"], ["config", "validate", "--help"],
            ["config", "show", "--bogus", "--help"],
        ])
    func help(arguments: [String]) throws {
        let workspace = try CLIWorkspace()
        let result = try workspace.parra(arguments)
        #expect(result.status == 0, "\(result.transcript)")
        #expect(result.standardOutput.hasPrefix("Usage: parra"), "\(result.transcript)")
        #expect(result.standardError.isEmpty)
    }

    @Test("a command's help shows its usage line and options")
    func commandHelpContents() throws {
        let workspace = try CLIWorkspace()
        let result = try workspace.parra("plugins", "list", "--help")
        #expect(result.outputLines.first == "Usage: parra plugins list [--plugin-path DIR]... [--json]")
        #expect(result.outputLines.contains { $0.hasPrefix("  --plugin-path DIR") })
        #expect(result.outputLines.contains { $0.hasPrefix("  -h, --help") })
    }
}
