import Parra
import ParraAppModel
import Testing

@Suite("Terminal commands")
struct TerminalCommandTests {
    @Test("each command line maps to its event, a short word to a presentation key; anything else to none")
    func commands() {
        #expect(TerminalPlatform.event(forCommand: "b") == .didEnterBackground)
        #expect(TerminalPlatform.event(forCommand: "f") == .willEnterForeground)
        #expect(TerminalPlatform.event(forCommand: "o https://parra.io/x") == .openURL("https://parra.io/x"))
        #expect(TerminalPlatform.event(forCommand: "r") == .retryLaunch)
        #expect(TerminalPlatform.event(forCommand: "q") == .terminate)
        #expect(TerminalPlatform.event(forCommand: "o") == nil)
        #expect(TerminalPlatform.event(forCommand: "retry please") == nil)
        #expect(TerminalPlatform.event(forCommand: "") == nil)
        #expect(TerminalPlatform.event(forCommand: "c") == .key("c"))
        #expect(TerminalPlatform.event(forCommand: "Hello!") == nil)
    }
}
