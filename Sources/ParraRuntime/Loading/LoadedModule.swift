import CParraCallNote
import CParraPlugin
import FoundationEssentials

/// A module the host found and accepted: its declaration, state, code once its file is open,
/// and the data its init returned.
package final class LoadedModule {
    /// Where it was loaded from.
    package let file: String
    /// What it declared (read from its descriptor, or from the registry).
    package let declaration: ModuleDeclaration
    /// Its functions; nil while its file is not open (the registry described it).
    var code: ModuleCode?
    /// The identity of its file when it was checked at start.
    let stamp: ModuleRegistry.Stamp
    /// The digest of the descriptor its declaration was read from (`DescriptorReader.fingerprint`),
    /// when it was taken.
    let digest: UInt64?
    /// Whether it waits to be started until it is first needed (PARRA_MODULE_CAN_WAIT).
    package internal(set) var waits = false
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

    init(
        file: String, declaration: ModuleDeclaration, code: ModuleCode?, stamp: ModuleRegistry.Stamp,
        digest: UInt64?, recordIndex: Int
    ) {
        self.file = file
        self.declaration = declaration
        self.code = code
        self.stamp = stamp
        self.digest = digest
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
