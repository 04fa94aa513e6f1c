/// The object behind a Swift module's data pointer: the instance and its bound hooks.
final class ModuleInstance {
    let module: AnyObject
    let host: ModuleHost
    /// Each slot's handlers, in declaration order: a module may hook one point more than once.
    let handlers: ContiguousArray<[HookHandler]>
    /// The bodies of the module's `Command.json` commands, by command id.
    let commands: [String: (String, CommandReply) -> Void]
    let lifecycle:
        (configure: () throws -> Void, activate: () throws -> Void, deactivate: () -> Void, shutdown: () -> Void)
    /// Where app log records go, when the module takes them.
    let logSink: BoundLogSink?
    /// `logSink` unretained, for the trampolines: the strong reference above keeps it alive,
    /// and calling through this costs no reference counting per record.
    let unretainedLogSink: Unmanaged<BoundLogSink>?

    init<Module: ParraModule>(
        _ module: Module, host: ModuleHost, hooks: [Hook<Module>], commands: [Command<Module>],
        logSink: LogSink<Module>?
    ) {
        self.module = module
        self.host = host
        var handlers = ContiguousArray<[HookHandler]>(repeating: [], count: HookSlot.allCases.count)
        for hook in hooks {
            if let slot = hook.slot, let bind = hook.bind { handlers[slot.rawValue].append(bind(module)) }
        }
        self.handlers = handlers
        var bodies: [String: (String, CommandReply) -> Void] = [:]
        for command in commands {
            if let bind = command.bind { bodies[command.id] = bind(module) }
        }
        self.commands = bodies
        lifecycle = (module.configure, module.activate, module.deactivate, module.shutdown)
        let bound: BoundLogSink? = logSink.map { TypedLogSink(module: module, sink: $0) }
        self.logSink = bound
        unretainedLogSink = bound.map { Unmanaged.passUnretained($0) }
    }
}
