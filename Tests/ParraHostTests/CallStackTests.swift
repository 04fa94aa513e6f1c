import CParraLogRoute
import Foundation
import Testing

@Suite("The call stack of error and fatal logs")
struct CallStackTests {
    @Test("is the lines Thread.callStackSymbols writes, from the caller outwards")
    func agreesWithFoundation() throws {
        // Called outside #require, whose closure would add frames.
        let stack = parra_log_route_call_stack(0)
        let text = try #require(stack)
        defer { free(text) }
        let ours = String(cString: text).split(separator: "\n").map(String.init)
        // Less the getter's own frame.
        let foundation = Array(Thread.callStackSymbols.dropFirst())
        // The two calls return to different places in this function.
        #expect(ours.map(Self.withoutAddresses) == foundation.map(Self.withoutAddresses))
        #expect(ours.dropFirst() == foundation.dropFirst())
    }

    @Test("leaves out the caller's innermost frames it is asked to")
    func skips() throws {
        // Both called from one line, outside #require, whose closure would add frames.
        let (whole, skipped) = (parra_log_route_call_stack(0), parra_log_route_call_stack(1))
        defer {
            free(whole)
            free(skipped)
        }
        let lines = try String(cString: #require(whole)).split(separator: "\n")
        #expect(try String(cString: #require(skipped)).split(separator: "\n") == Array(lines.dropFirst()))
        let beyond = parra_log_route_call_stack(10_000)
        #expect(beyond == nil)
    }

    /// `line` without the offset into its symbol and the address: what two calls from one
    /// function share.
    private static func withoutAddresses(_ line: String) -> String {
        var text = line
        if let address = text.range(of: " [0x", options: .backwards) { text = String(text[..<address.lowerBound]) }
        if text.hasSuffix(")"), let offset = text.range(of: "+0x", options: .backwards) {
            text = String(text[..<offset.lowerBound]) + ")"
        }
        return text
    }
}
