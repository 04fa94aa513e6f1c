import Testing

@testable import ParraRuntime

/// How a module's `did_fail_to_register_for_remote_notifications` reason reaches the app.
@Suite("A module's registration failure as one line")
struct RegistrationFailureLineTests {
    @Test(
        "each line break, LF, CRLF or CR, becomes one space; other text is kept",
        arguments: [
            ("no bus\nat all", "no bus at all"), ("a\r\nb", "a b"), ("a\rb", "a b"), ("a\n\nb", "a  b"),
            ("a\r\r\nb", "a  b"), ("plain é", "plain é"), ("", ""),
        ])
    func oneLine(text: String, line: String) {
        #expect(HostServiceTable.oneLine(text) == line)
    }
}
