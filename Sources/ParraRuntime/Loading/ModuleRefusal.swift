/// The step of loading at which a module was refused, in lifecycle order.
package enum LoadPhase: String, Sendable, Codable, Comparable {
    /// Checking the file and `dlopen`.
    case open
    /// Finding and calling the entry symbol.
    case entry
    /// Checking the descriptor, alone and against the other modules.
    case validate
    /// The module's `init`.
    case initialize = "init"
    /// The module's `configure`.
    case configure
    /// The module's `activate`.
    case activate

    private var order: Int {
        [.open, .entry, .validate, .initialize, .configure, .activate].firstIndex(of: self)!
    }

    package static func < (lhs: LoadPhase, rhs: LoadPhase) -> Bool { lhs.order < rhs.order }
}

/// Why a module was refused: the phase and the rule it broke.
package struct ModuleRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where loading stopped.
    package let phase: LoadPhase
    /// One line naming the rule broken.
    package let reason: String

    package var description: String { "[\(phase.rawValue)] \(reason)" }
}
