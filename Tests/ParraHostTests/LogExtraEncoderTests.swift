import Foundation
import Testing

@testable import Parra

@Suite("LogExtraEncoder")
struct LogExtraEncoderTests {
    @Test("writes a date as ISO8601DateFormatter does with fractional seconds")
    func datesAsFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for seconds: Double in [
            0, 0.9994, 0.9995, -0.0005, -0.0006, -1.5, 1_708_807_671.530, 1_708_807_671.9995, 1e10, -1e11, -6.2e10,
            -6.21e10, -6.22e10, -6.23e10, -6.3e10, -1e12, -1.2219292800001e10, -1.22192928e10, -1.2219292799999e10,
            3e11, 1e12, 1e13, 1e14, -1e14, 1e15, -1e15, .infinity, -.infinity, .nan,
        ] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(LogExtraEncoder.json(["at": date]) == #"{"at":"\#(formatter.string(from: date))"}"#, "\(seconds)")
        }
        // Spread over ICU's range, both sides of 1970, with odd fractions of a second.
        var disagreements: [Double] = []
        for exponent in stride(from: -3.0, to: 14.3, by: 0.01) {
            for seconds in [pow(10, exponent) * 1.000_7, -pow(10, exponent) * 0.999_3] {
                let date = Date(timeIntervalSince1970: seconds)
                if LogExtraEncoder.json(["at": date]) != #"{"at":"\#(formatter.string(from: date))"}"# {
                    disagreements.append(seconds)
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    @Test("writes Foundation's NSNull as null, and a value named like it as its description")
    func foundationNull() throws {
        let parsed = try JSONSerialization.jsonObject(with: Data(#"{"a":null}"#.utf8))
        let json = LogExtraEncoder.json(["b": Foundation.NSNull(), "c": try #require(parsed as? [String: Any])])
        #expect(json == #"{"b":null,"c":{"a":null}}"#)
        struct NSNull: CustomStringConvertible { var description: String { "none" } }
        let lookalike = LogExtraEncoder.json(["b": NSNull()])
        #expect(lookalike == #"{"b":"none"}"#)
    }
}
