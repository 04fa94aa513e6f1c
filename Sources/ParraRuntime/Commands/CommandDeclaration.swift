import CParraPlugin

/// One command a module offers (ABI 1.2), read from its descriptor and checked on its own; its
/// function is in the module's `ModuleCode`.
package struct CommandDeclaration: Sendable {
    /// Which thread the command runs on.
    package enum Thread: Sendable, Hashable, CustomStringConvertible {
        /// The main thread only (`PARRA_COMMAND_THREAD_MAIN`).
        case main
        /// The caller's thread (`PARRA_COMMAND_THREAD_ANY`).
        case any

        init?(cValue: parra_command_thread) {
            switch cValue {
            case PARRA_COMMAND_THREAD_MAIN: self = .main
            case PARRA_COMMAND_THREAD_ANY: self = .any
            default: return nil
            }
        }

        package var description: String { self == .main ? "main thread" : "any thread" }
    }

    /// `<module id>.<name>`.
    package let id: String
    /// Its C signature: the module data first, and for a command that completes later the
    /// completion last.
    package let signature: HookSignature
    /// One line of documentation.
    package let doc: String
    /// Which thread runs it.
    package let thread: Thread
    /// Whether the result comes later, through the completion.
    package let completesLater: Bool

    /// The argument types a caller passes: those after the module data, and before the
    /// completion of a command that completes later.
    package var callerArgumentTypes: ArraySlice<HookSignature.ValueType> {
        let afterData = signature.argumentTypes.dropFirst()
        return completesLater ? afterData.dropLast() : afterData
    }
}
