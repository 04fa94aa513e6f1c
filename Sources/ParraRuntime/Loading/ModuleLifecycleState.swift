/// Where a module is in its lifecycle. The host moves each module forward one step at a time
/// and never calls a module out of order; `advance(to:)` enforces that.
package enum ModuleLifecycleState: String, Sendable, Codable {
    case discovered, descriptorRead, validated, initialized, configured, active, deactivated, shutDown

    /// The states a module may move to from this one. Shutting down straight from
    /// initialized or configured is the path of a module refused at configure or activate.
    /// An array: a `Set` of this enum made the runtime search every loaded library for its
    /// `Hashable` on the first step, after the modules were loaded.
    var successors: [ModuleLifecycleState] {
        switch self {
        case .discovered: [.descriptorRead]
        case .descriptorRead: [.validated]
        case .validated: [.initialized]
        case .initialized: [.configured, .shutDown]
        case .configured: [.active, .shutDown]
        case .active: [.deactivated]
        case .deactivated: [.shutDown]
        case .shutDown: []
        }
    }
}

/// A lifecycle step taken out of order: a host bug, reported rather than performed.
package struct LifecycleViolation: Error, CustomStringConvertible {
    /// The module.
    package let moduleID: String
    /// Where it was.
    package let from: ModuleLifecycleState
    /// Where it was asked to go.
    package let to: ModuleLifecycleState

    package var description: String { "module \(moduleID): cannot go from \(from.rawValue) to \(to.rawValue)" }
}
