import ParraPluginKit

/// How console lines print each of Parra's log levels (PluginKit's `ModuleHost.LogLevel`).
extension ModuleHost.LogLevel {
    /// `TRACE` ... `FATAL`, as UTF-8.
    static let words: [[UInt8]] = allCases.map { Array($0.keyword.uppercased().utf8) }
    /// 🟣 🔵 ⚪️ 🟡 🔴 💀, as UTF-8.
    static let symbols: [[UInt8]] = [
        "\u{1F7E3}", "\u{1F535}", "\u{26AA}\u{FE0F}", "\u{1F7E1}", "\u{1F534}", "\u{1F480}",
    ]
    .map { Array($0.utf8) }
    /// The ANSI colour each level's segment takes on a terminal.
    static let colours: [[UInt8]] = ["\u{1B}[35m", "\u{1B}[34m", "", "\u{1B}[33m", "\u{1B}[31m", "\u{1B}[1;31m"]
        .map { Array($0.utf8) }
}
