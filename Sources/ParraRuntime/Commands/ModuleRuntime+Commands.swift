import CParraPlugin
import FoundationEssentials

/// Commands: the calls the app, or another module, makes into a module (ABI 1.2).
extension ModuleRuntime {
    /// How long `stop()` waits for command calls in progress before deactivating.
    static let commandWaitSeconds = 10.0

    /// The command with `id`, when an active module offers it.
    package func command(_ id: String) -> PreparedCommand? {
        commandLock.withLock { preparedCommands[id] }
    }

    /// What the command `id` declares, when an active module or one that waits to be started
    /// offers it: how a caller tells how to call it before the call starts its module.
    package func commandDeclaration(_ id: String) -> CommandDeclaration? {
        commandLock.withLock { preparedCommands[id]?.declaration ?? waitingCommands[id]?.declaration }
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
        try checkThread(of: command)
        let types = Array(command.declaration.callerArgumentTypes)
        let raw = try whileAdmitted(command) {
            HookDispatcher.withMarshalled(arguments, types: types) { command.invoke($0) }
        }
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
        guard commandGate.admits else {
            throw CommandCallError(.notRunning, "\(id) cannot be called now: modules are not running")
        }
        if let waiting = commandLock.withLock({ waitingCommands[id] }) {
            try startForCommand(id, of: waiting.moduleID)
        }
        guard let command = command(id) else { throw .notFound(id) }
        if let callerModuleID, callerModuleID == command.moduleID {
            throw CommandCallError(
                PARRA_STATUS_WRONG_STATE, "\(id) is \(callerModuleID)'s own command: call your code directly")
        }
        return command
    }

    /// Refuses a call of an immediate main-thread command from another thread.
    func checkThread(of command: PreparedCommand) throws(CommandCallError) {
        guard command.declaration.thread == .any || isOnMainThread else {
            throw CommandCallError(
                PARRA_STATUS_WRONG_THREAD,
                "\(command.id) runs on the main thread and returns at once: call it from there")
        }
    }

    /// Runs `body` (the call into `command`'s module) while the gate admits calls, counting it
    /// so that `stop()` waits for it; WRONG_STATE once modules stop.
    func whileAdmitted<Result>(_ command: PreparedCommand, _ body: () -> Result) throws(CommandCallError) -> Result {
        guard commandGate.enter(command.moduleID) else {
            throw CommandCallError(.notRunning, "\(command.id) cannot be called now: modules are not running")
        }
        defer { commandGate.leave(command.moduleID) }
        return body()
    }

    /// Starts a call of `command`, which completes later: makes its completion, then runs
    /// `call` with it, on the main queue when the command is main-thread and the caller is not.
    /// A call refused on the way (modules stopped meanwhile) is answered WRONG_STATE.
    func startLater(
        _ command: PreparedCommand, answer: @escaping @Sendable (Result<String, CommandCallError>) -> Void,
        call: @escaping @Sendable (UnsafeMutablePointer<parra_command_completion>) -> Void
    ) {
        let moduleID = command.moduleID
        let completion = CommandCompletion(
            commandID: command.id, moduleID: moduleID, log: log, answer: answer,
            answeredByModule: { [weak self] answered in
                self?.commandLock.withLock {
                    _ = self?.completions[moduleID]?.removeValue(forKey: ObjectIdentifier(answered))
                }
            })
        commandLock.withLock { completions[moduleID, default: [:]][ObjectIdentifier(completion)] = completion }
        let run: @Sendable () -> Void = { [weak self] in
            do throws(CommandCallError) {
                guard let self else { throw CommandCallError(.notRunning, "\(command.id): the runtime is gone") }
                try self.whileAdmitted(command) { call(completion.pointer) }
            } catch {
                completion.deliver(.failure(error))
            }
        }
        if command.declaration.thread == .main && !isOnMainThread {
            mainQueue.async(execute: run)
        } else {
            run()
        }
    }

    /// The command `id`, checked for a call now with `arguments` from `callerModuleID`.
    private func callable(_ id: String, _ arguments: [HookArgument], from callerModuleID: String?)
        throws(CommandCallError) -> PreparedCommand
    {
        let command = try commandForCall(id, from: callerModuleID)
        let types = command.declaration.callerArgumentTypes
        guard types.count == arguments.count else {
            var reason = "\(id) takes \(types.count) argument(s), got \(arguments.count)"
            if !command.declaration.completesLater, types.last == .ptr, arguments.count == types.count - 1 {
                reason +=
                    "; if the command's last parameter is the parra_command_completion* it answers through, its module must declare it with .completes_later = true"
            }
            throw CommandCallError(PARRA_STATUS_INVALID_ARGUMENT, reason)
        }
        for (position, (argument, type)) in zip(arguments, types).enumerated() where !argument.fits(type) {
            throw CommandCallError(
                PARRA_STATUS_INVALID_ARGUMENT,
                "\(id): argument \(position + 1) is \(argument.typeName), the command takes \(type.rawValue)")
        }
        return command
    }

    /// Prepares the commands of the active modules: a module's commands are called only once its
    /// activate has returned (one started when first needed is called from other threads while
    /// the main thread starts it).
    func rebuildCommands() {
        var prepared: [String: PreparedCommand] = [:]
        for module in usableModules where module.state == .active {
            let functions = module.code?.commands ?? []
            let sites =
                module.commandSites
                ?? Dictionary(
                    module.declaration.commands.map {
                        ($0.id, quarantine.site(path: module.file, what: "command \($0.id)"))
                    }, uniquingKeysWith: { first, _ in first })
            module.commandSites = sites
            for (index, declaration) in module.declaration.commands.enumerated() where index < functions.count {
                do {
                    prepared[declaration.id] = try PreparedCommand(
                        moduleID: module.id, declaration: declaration, function: functions[index],
                        moduleData: module.moduleData, site: sites[declaration.id])
                } catch {
                    log.log(.error, error.reason, moduleID: module.id)
                }
            }
        }
        let waiting = usableModules.filter(\.waits).flatMap { module in
            module.declaration.commands.map { ($0.id, (module.id, $0)) }
        }
        commandLock.withLock {
            preparedCommands = prepared
            waitingCommands = Dictionary(waiting, uniquingKeysWith: { first, _ in first })
        }
    }

    /// Answers the calls of module `moduleID`'s commands it left unanswered, once it has
    /// been deactivated (or is shut down without having been active).
    func answerPendingCommands(of moduleID: String) {
        let pending = commandLock.withLock { Array((completions[moduleID] ?? [:]).values) }
        for completion in pending where !completion.isAnswered {
            completion.deliver(
                .failure(
                    CommandCallError(.notRunning, "\(completion.commandID): the module stopped before it answered")))
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
