import CParraPlugin

/// How the results of the hooks at one point become the point's result.
package enum CombineRule: String, Sendable {
    /// A void point.
    case none
    /// Bool: true only if every hook returned true (true with no hooks).
    case all
    /// Bool: true if any hook returned true (false with no hooks).
    case any
    /// Integer: the bitwise OR of every result (0 with no hooks).
    case union

    /// Reads the C constant; nil for a value the ABI does not define.
    init?(cValue: parra_combine_rule) {
        switch cValue {
        case PARRA_COMBINE_NONE: self = .none
        case PARRA_COMBINE_ALL: self = .all
        case PARRA_COMBINE_ANY: self = .any
        case PARRA_COMBINE_UNION: self = .union
        default: return nil
        }
    }

    /// Whether this rule can combine results of `type`.
    func fits(_ type: HookSignature.ValueType) -> Bool {
        switch self {
        case .none: type == .void
        case .all, .any: type == .bool
        case .union: type.isInteger
        }
    }

    /// What to do instead, for a refusal: the rules that fit results of `type` by their C
    /// names, or that no rule fits a `type` other than void, bool or an integer.
    static func advice(for type: HookSignature.ValueType) -> String {
        let rules = [CombineRule.none, .all, .any, .union].filter { $0.fits(type) }
        guard !rules.isEmpty else {
            return "no combine rule fits \(type.rawValue): an extension point returns void, bool or an integer"
        }
        return "use " + rules.map { "PARRA_COMBINE_\($0.rawValue.uppercased())" }.joined(separator: " or ")
    }

    /// The result when no hook is registered, as the raw 64-bit value the dispatcher keeps.
    package var identity: UInt64 { self == .all ? 1 : 0 }
}
