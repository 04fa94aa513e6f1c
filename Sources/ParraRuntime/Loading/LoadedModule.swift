import CParraCallNote
import CParraPlugin
import FoundationEssentials

/// A module the host opened: its declaration, state, and the data its init returned.
package final class LoadedModule {
    /// Where it was loaded from.
    package let file: String
    /// What it declared.
    package let declaration: ModuleDeclaration
    /// Its lifecycle state.
    package private(set) var state: ModuleLifecycleState = .descriptorRead
    /// Set when the host refused it after its descriptor was read.
    package internal(set) var refusal: ModuleRefusal?
    /// Hooks that are not dispatched (no loaded module offers their point).
    var droppedHookPoints: Set<String> = []
    /// Hooks libffi could not prepare a call for, with the reason; they are not dispatched.
    var unpreparedHooks: Set<String> = []
    /// What init returned.
    var moduleData: UnsafeMutableRawPointer?
    /// The host-services table and its context; present from init to the end of the process.
    var context: ModuleHostContext?
    /// The call sites of its hooks, in declaration order, of its commands, by id, and of its log
    /// sink: made the first time the dispatch, the commands or the sinks are built, and kept.
    var hookSites: [UnsafePointer<parra_call_site>]?
    var commandSites: [String: UnsafePointer<parra_call_site>]?
    var sinkSite: UnsafePointer<parra_call_site>?

    /// Its record's position in the load report.
    let recordIndex: Int

    init(file: String, declaration: ModuleDeclaration, recordIndex: Int) {
        self.file = file
        self.declaration = declaration
        self.recordIndex = recordIndex
    }

    /// The module's id.
    package var id: String { declaration.id }

    /// Moves to `next`, or throws when the lifecycle does not allow it.
    func advance(to next: ModuleLifecycleState) throws(LifecycleViolation) {
        guard state.successors.contains(next) else {
            throw LifecycleViolation(moduleID: id, from: state, to: next)
        }
        state = next
    }

    /// Calls a lifecycle function that reports errors, turning a failure into a refusal.
    func call(
        _ phase: LoadPhase,
        _ body: (UnsafeMutablePointer<parra_error>) -> parra_status
    ) -> ModuleRefusal? {
        var error = parra_error()
        error.struct_size = UInt32(MemoryLayout<parra_error>.size)
        let status = withUnsafeMutablePointer(to: &error) { pointer in body(pointer) }
        guard status != PARRA_STATUS_OK else { return nil }
        let message = withUnsafeBytes(of: &error.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        let reason = message.isEmpty ? "returned status \(status) without a message" : message
        return ModuleRefusal(phase: phase, reason: "\(phase.rawValue) failed: \(reason) (status \(status))")
    }
}
