import Parra
import ParraAppModel
import Testing

@Suite("Terminal commands")
struct TerminalCommandTests {
    @Test("each command line maps to its event; anything else to none")
    func commands() {
        #expect(TerminalPlatform.event(forCommand: "b") == .didEnterBackground)
        #expect(TerminalPlatform.event(forCommand: "f") == .willEnterForeground)
        #expect(TerminalPlatform.event(forCommand: "o https://parra.io/x") == .openURL("https://parra.io/x"))
        #expect(TerminalPlatform.event(forCommand: "r") == .retryLaunch)
        #expect(TerminalPlatform.event(forCommand: "q") == .terminate)
        #expect(TerminalPlatform.event(forCommand: "o") == nil)
        #expect(TerminalPlatform.event(forCommand: "retry please") == nil)
        #expect(TerminalPlatform.event(forCommand: "") == nil)
    }
}
