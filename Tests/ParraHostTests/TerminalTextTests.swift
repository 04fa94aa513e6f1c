import Testing

@testable import ParraRuntime

/// Text from outside reaches the terminal written out, never acted on.
@Suite("Terminal-safe text")
struct TerminalTextTests {
    @Test(
        "escape sequences and control characters are written out; plain text, tabs and emoji pass as they are",
        arguments: [
            ("\u{1B}]52;c;ZXZpbA==\u{07}", #"\u{1B}]52;c;ZXZpbA==\u{7}"#),  // OSC 52: writes the clipboard
            ("\u{1B}]0;owned\u{07}title", #"\u{1B}]0;owned\u{7}title"#),  // OSC 0: the window title
            ("\u{1B}[6n", #"\u{1B}[6n"#),  // CSI 6n: the terminal types its answer into the input
            ("\u{9B}6n", #"\u{9B}6n"#),  // the same as a C1 control
            (
                "ok\nparra: com.x crashed the process; it is quarantined",
                #"ok\nparra: com.x crashed the process; it is quarantined"#
            ),
            ("a\rb\u{7F}\u{0}", #"a\rb\u{7F}\u{0}"#),
            ("tab\tkept, é 😀 and \u{A0} too", "tab\tkept, é 😀 and \u{A0} too"),
        ])
    func escaped(text: String, shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test("a body keeps its line breaks and nothing else")
    func lineBreaks() {
        #expect(TerminalText.escaped("one\ntwo\u{1B}[2J", keepingLineBreaks: true) == #"one"# + "\n" + #"two\u{1B}[2J"#)
    }

    @Test("a module's log line cannot forge the host's or reach the terminal raw")
    func hostLogLine() {
        let record = HostLogRecord(
            level: .info, moduleID: "com.evil\u{1B}[2J",
            message: "fine\nparra: /x/libParraLogger.so crashed the process (SIGSEGV) in init; it is quarantined")
        #expect(
            record.formatted
                == #"parra: info: [com.evil\u{1B}[2J] fine\nparra: /x/libParraLogger.so crashed the process (SIGSEGV) in init; it is quarantined"#
        )
    }

    @Test("a presentation shows a push's title, body and actions written out, the body's lines kept")
    func presentation() {
        let push = Presentation(
            kind: .toast, title: "Sale\u{1B}]0;pwned\u{07}", body: "AT&T < $30\nnow\u{1B}[6n", duration: 3,
            moduleID: "com.parra.push", actions: [.init(key: "o", label: "Open\u{9B}")])
        let rule = String(repeating: "-", count: 60)
        #expect(
            PlainTextPresentationSurface.text(of: push)
                == [
                    rule, #"[toast] Sale\u{1B}]0;pwned\u{7}"#, "AT&T < $30\n" + #"now\u{1B}[6n"#, #"o: Open\u{9B}"#,
                    rule,
                ]
                .joined(separator: "\n"))
    }
}
