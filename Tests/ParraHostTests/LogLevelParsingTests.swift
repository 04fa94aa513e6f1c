import Foundation
import Parra
import Testing

@Suite("ParraLogLevel(parsing:)")
struct LogLevelParsingTests {
    @Test("trims what Foundation's whitespacesAndNewlines trims, over every scalar up to U+2FFFF")
    func trimsAsFoundation() {
        var disagreements: [String] = []
        for value in UInt32(0)...0x2FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(scalar)\(scalar)Warn\(scalar)"
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "warn"
            if ParraLogLevel(parsing: text) != (trimmed ? .warn : nil) {
                disagreements.append(String(value, radix: 16))
            }
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(20))")
    }
}
