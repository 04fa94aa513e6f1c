import Foundation

/// Renders what `--json` prints: pretty, with sorted keys and unescaped slashes.
enum JSONOutput {
    /// `value` as JSON text.
    static func text(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
