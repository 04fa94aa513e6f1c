import CParraPlugin
import ParraSync

/// A kind of string a schema's `format` names (ABI 1.6). The host checks one only where it has
/// a checker for it: the runtime itself links no Foundation, so a program that has Foundation
/// (the `parra` tool) gives it one with `check(using:)`; elsewhere the module checks what it
/// reads, as it must anyway.
package enum OptionFormat: CaseIterable, Sendable {
    /// A time zone identifier.
    case timeZone

    /// The format's name in a schema (`PARRA_SCHEMA_FORMAT_*`).
    var name: String {
        switch self {
        case .timeZone: PARRA_SCHEMA_FORMAT_TIME_ZONE
        }
    }

    /// The format a schema names `name`, or nil for none.
    init?(name: String) {
        guard let known = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = known
    }

    /// The rule a refused value breaks, in the words the module's own refusal uses.
    var refusal: String {
        switch self {
        case .timeZone: "is not a time zone identifier"
        }
    }

    /// Whether `text` is of this kind; nil while no checker is given.
    func accepts(_ text: String) -> Bool? {
        Self.lock.withLock { Self.checkers[self] }.map { $0(text) }
    }

    /// Checks this kind of string with `checker` from here on, in every schema.
    package func check(using checker: @escaping @Sendable (String) -> Bool) {
        Self.lock.withLock { Self.checkers[self] = checker }
    }

    private static let lock = Lock()
    /// The checkers given, behind `lock`.
    nonisolated(unsafe) private static var checkers: [OptionFormat: @Sendable (String) -> Bool] = [:]
}
