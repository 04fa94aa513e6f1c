/// The options several commands take, spelled the same everywhere.
extension OptionSpec {
    /// `--plugin-path DIR`: searched before `PARRA_PLUGIN_PATH` and the standard locations.
    static let pluginPath = OptionSpec.value(
        "--plugin-path", "DIR", repeatable: true,
        help: "Also search DIR (a folder or a .so file) first; may be repeated")

    /// `--json`: one JSON object on standard output instead of text.
    static let json = OptionSpec.flag("--json", help: "Print one JSON object (sorted keys) instead of text")
}
