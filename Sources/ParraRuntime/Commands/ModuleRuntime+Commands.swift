import CParraPlugin
import Foundation

/// Commands: the calls the app, or another module, makes into a module (ABI 1.2).
extension ModuleRuntime {
    /// The command with `id`, when an active module offers it.
    package func command(_ id: String) -> PreparedCommand? {
        commandLock.withLock { preparedCommands[id] }
    }

    /// Every command of the active modules, sorted by id.
    package var commands: [PreparedCommand] {
        commandLock.withLock { preparedCommands.values.sorted { $0.id < $1.id } }
    }

    /// Calls the immediate command `id` with `arguments` (one per argument after the module
    /// data) and returns its result. `callerModuleID` is the calling module, nil for the app.
    package func callCommand(_ id: String, _ arguments: [HookArgument], from callerModuleID: String? = nil)
        throws(CommandCallError) -> CommandValue
    {
        let command = try callable(id, arguments, from: callerModuleID)
        guard !command.declaration.completesLater else {
            throw CommandCallError(PARRA_STATUS_INVALID_ARGUMENT, "\(id) completes later: call it with a completion")
        }
        guard command.declaration.thread == .any || isOnMainThread else {
            throw CommandCallError(
                PARRA_STATUS_WRONG_THREAD, "\(id) runs on the main thread and returns at once: call it from there")
        }
        let types = Array(command.declaration.callerArgumentTypes)
        let raw = HookDispatcher.withMarshalled(arguments, types: types) { command.invoke($0) }
        return CommandValue(raw: raw, type: command.declaration.signature.returnType)
    }

    /// Calls the command `id` that completes later; `answer` gets its JSON result or error
    /// once, on any thread. A call the host refuses throws and `answer` never runs. A
    /// main-thread command called from another thread is called on the main queue.
    package func callCommand(
        _ id: String, _ arguments: [HookArgument], from callerModuleID: String? = nil,
        answer: @escaping @Sendable (Result<String, CommandCallError>) -> Void
    ) throws(CommandCallError) {
        let command = try callable(id, arguments, from: callerModuleID)
        guard command.declaration.completesLater else {
            throw CommandCallError(PARRA_STATUS_INVALID_ARGUMENT, "\(id) returns at once: call it without a completion")
        }
        let types = Array(command.declaration.signature.argumentTypes.dropFirst())
        startLater(command, answer: answer) { completion in
            _ = HookDispatcher.withMarshalled(arguments + [.pointer(UnsafeRawPointer(completion))], types: types) {
                command.invoke($0)
            }
        }
    }

    /// The command `id`, if it may be called now by `callerModuleID` (nil: the app).
    func commandForCall(_ id: String, from callerModuleID: String?) throws(CommandCallError) -> PreparedCommand {
        guard phase == .running else {
            throw CommandCallError(
                PARRA_STATUS_WRONG_STATE, "\(id) cannot be called now: modules are not running (\(phase))")
        }
        guard let command = command(id) else { throw .notFound(id) }
        if let callerModuleID, callerModuleID == command.moduleID {
            throw CommandCallError(
                PARRA_STATUS_WRONG_STATE, "\(id) is \(callerModuleID)'s own command: call your code directly")
        }
        return command
    }

    /// Starts a call of `command`, which completes later: makes its completion, then runs
    /// `call` with it, on the main queue when the command is main-thread and the caller is not.
    func startLater(
        _ command: PreparedCommand, answer: @escaping @Sendable (Result<String, CommandCallError>) -> Void,
        call: @escaping (UnsafeMutablePointer<parra_command_completion>) -> Void
    ) {
        let completion = CommandCompletion(commandID: command.id, moduleID: command.moduleID, log: log, answer: answer)
        commandLock.withLock { completions[command.moduleID, default: []].append(completion) }
        guard command.declaration.thread == .main && !isOnMainThread else {
            return call(completion.pointer)
        }
        mainQueue.async { [weak self] in
            // The module may have stopped while the call waited for the main thread.
            guard let self, self.command(command.id) === command else {
                completion.deliver(
                    .failure(CommandCallError(PARRA_STATUS_WRONG_STATE, "\(command.id): the module stopped")))
                return
            }
            call(completion.pointer)
        }
    }

    /// The command `id`, checked for a call now with `arguments` from `callerModuleID`.
    private func callable(_ id: String, _ arguments: [HookArgument], from callerModuleID: String?)
        throws(CommandCallError) -> PreparedCommand
    {
        let command = try commandForCall(id, from: callerModuleID)
        let types = command.declaration.callerArgumentTypes
        guard types.count == arguments.count else {
            throw CommandCallError(
                PARRA_STATUS_INVALID_ARGUMENT, "\(id) takes \(types.count) argument(s), got \(arguments.count)")
        }
        for (position, (argument, type)) in zip(arguments, types).enumerated() where !argument.fits(type) {
            throw CommandCallError(
                PARRA_STATUS_INVALID_ARGUMENT,
                "\(id): argument \(position + 1) is \(argument.typeName), the command takes \(type.rawValue)")
        }
        return command
    }

    /// Prepares the commands of the modules that can be called.
    func rebuildCommands() {
        var prepared: [String: PreparedCommand] = [:]
        for module in usableModules where [.configured, .active].contains(module.state) {
            for declaration in module.declaration.commands {
                do {
                    prepared[declaration.id] = try PreparedCommand(
                        moduleID: module.id, declaration: declaration, moduleData: module.moduleData)
                } catch {
                    log.log(.error, error.reason, moduleID: module.id)
                }
            }
        }
        commandLock.withLock { preparedCommands = prepared }
    }

    /// Answers the calls of module `moduleID`'s commands it left unanswered, once it has
    /// been deactivated.
    func answerPendingCommands(of moduleID: String) {
        let pending = commandLock.withLock { completions[moduleID] ?? [] }
        for completion in pending where !completion.isAnswered {
            completion.deliver(
                .failure(
                    CommandCallError(
                        PARRA_STATUS_WRONG_STATE, "\(completion.commandID): the module stopped before it answered")))
        }
    }
}

extension HookArgument {
    /// The argument's kind, for messages.
    var typeName: String {
        switch self {
        case .string: "a string"
        case .pointer: "a pointer"
        case .integer: "an integer"
        case .double: "a double"
        case .bool: "a bool"
        }
    }
}
