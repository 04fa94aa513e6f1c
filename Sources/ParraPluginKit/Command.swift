import CParraPlugin

/// A command a Swift module offers (ABI 1.2): a call the app, or another module, makes into
/// it. See "Commands" in the C header for the kinds and thread rules.
///
/// `json` covers the usual shape (JSON in, JSON out, answered later); `raw` takes any C
/// function, for an immediate command with a scalar result.
///
/// `Module` is the module's `ParraModule` class (see `ModuleDefinition` for why only
/// `AnyObject` is required here).
public struct Command<Module: AnyObject> {
    /// Which thread the host calls a command on.
    public enum Thread: Sendable {
        /// The main thread only.
        case main
        /// The caller's thread, possibly several at once.
        case any

        var cValue: parra_command_thread { self == .main ? PARRA_COMMAND_THREAD_MAIN : PARRA_COMMAND_THREAD_ANY }
    }

    let id: String
    let signature: String
    let doc: String
    let thread: Thread
    let completesLater: Bool
    let function: parra_function
    let bind: ((Module) -> (String, CommandReply) -> Void)?

    /// Any C function as the command `id` (`<module id>.<name>`) with `signature`, which
    /// starts with `ptr` (the module data; recover the instance with
    /// `ModuleDefinition.module(from:)`) and, when `completesLater`, ends with the completion
    /// `ptr`.
    public static func raw(
        id: String, signature: String, doc: String, thread: Thread = .main, completesLater: Bool = false,
        function: parra_function
    ) -> Command {
        Command(
            id: id, signature: signature, doc: doc, thread: thread, completesLater: completesLater, function: function,
            bind: nil)
    }

    /// The command `id` (`<module id>.<name>`), `void(ptr,str,ptr)`: `body` gets the module,
    /// the caller's argument (JSON by convention) and the reply, which it answers exactly once,
    /// now or later, from any thread.
    public static func json(
        id: String, doc: String, thread: Thread = .main, _ body: @escaping (Module, String, CommandReply) -> Void
    ) -> Command {
        Command(
            id: id, signature: "void(ptr,str,ptr)", doc: doc, thread: thread, completesLater: true,
            function: CommandTrampoline.json
        ) { module in { [unowned module] argument, reply in body(module, argument, reply) } }
    }
}

/// The answer channel of one call of a command that completes later.
/// Sendable by hand: its one field points at the host's completion, which may be answered from any thread.
public struct CommandReply: @unchecked Sendable {
    let completion: UnsafePointer<parra_command_completion>

    /// The command being answered.
    public var commandID: String { String(cString: completion.pointee.command_id) }

    /// Answers with `json`, a JSON value (`{}`, `true`, `null`, ...).
    public func succeed(json: String) {
        withParraString(json) { completion.pointee.complete(completion, PARRA_STATUS_OK, $0, parra_string()) }
    }

    /// Answers with an error: `message` is what the caller sees.
    public func fail(_ message: String, status: Int32 = PARRA_STATUS_FAILED) {
        withParraString(message) { completion.pointee.complete(completion, status, parra_string(), $0) }
    }
}

/// The C function behind every `Command.json`: finds the body by the completion's command id.
enum CommandTrampoline {
    static let json: parra_function = unsafeBitCast(
        {
            (
                data: UnsafeMutableRawPointer?, argument: UnsafePointer<CChar>?,
                completion: UnsafePointer<parra_command_completion>?
            ) in
            guard let completion else { return }
            let reply = CommandReply(completion: completion)
            guard let data,
                let body = Unmanaged<ModuleInstance>.fromOpaque(data).takeUnretainedValue().commands[
                    String(cString: completion.pointee.command_id)]
            else { return reply.fail("this module has no command \(reply.commandID)") }
            body(argument.map { String(cString: $0) } ?? "", reply)
        }
            as @convention(c) (
                UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<parra_command_completion>?
            ) -> Void,
        to: parra_function.self)
}
