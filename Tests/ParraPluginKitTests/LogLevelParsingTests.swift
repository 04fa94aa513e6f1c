import ParraPluginKit
import Testing

@Suite("ModuleHost.LogLevel")
struct LogLevelParsingTests {
    @Test("a level is read by its keyword, any case, white space around it ignored")
    func parsing() {
        #expect(ModuleHost.LogLevel(parsing: " Warn\n") == .warn)
        #expect(ModuleHost.LogLevel(parsing: "\u{00A0}error\t") == .error)
        #expect(ModuleHost.LogLevel(parsing: "TRACE") == .trace)
        #expect(ModuleHost.LogLevel(parsing: "verbose") == nil)
        #expect(ModuleHost.LogLevel(parsing: "") == nil)
    }
}
