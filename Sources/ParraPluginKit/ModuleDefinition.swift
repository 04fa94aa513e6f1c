import CParraPlugin
import ParraSync

/// Everything a Swift module declares: identity, option keys, hooks, extension points and
/// commands, and the type the host instantiates. Export it from the module's `.so` with
///
/// ```swift
/// @_cdecl("parra_module_entry")
/// public func parraModuleEntry() -> UnsafePointer<parra_module_descriptor>? {
///     MyModule.definition.export()
/// }
/// ```
///
/// `Module` is a `ParraModule`, which the initializer requires. The types here ask only for a
/// class: a protocol requirement on a generic type is looked up in every library the process
/// has loaded, each time a module's copy of the type is first made, which is on the launch
/// path of every module.
public struct ModuleDefinition<Module: AnyObject> {
    let id: String
    let name: String
    let version: String
    let description: String
    let license: String
    let options: [OptionDeclaration]
    let hooks: [Hook<Module>]
    let extensionPoints: [ExtensionPointDeclaration]
    let commands: [Command<Module>]
    let logSink: LogSink<Module>?
    let canWait: Bool
    /// Makes the instance and binds the hooks, commands and sink to it.
    let instantiate: (ModuleHost) throws -> ModuleInstance

    /// A definition; `id` is reverse-DNS (`com.example.feature`). A module with a `logSink`
    /// receives the app's log records; its `commands` are what the app and other modules call.
    /// A module that `canWait` is started only when first needed (a point it hooks is
    /// dispatched, a command of it called, a module hooking its points activated); export its
    /// traits with `exportTraits()`.
    public init(
        id: String, name: String, version: String, description: String = "", license: String = "",
        options: [OptionDeclaration] = [], hooks: [Hook<Module>] = [],
        extensionPoints: [ExtensionPointDeclaration] = [], commands: [Command<Module>] = [],
        logSink: LogSink<Module>? = nil, canWait: Bool = false
    ) where Module: ParraModule {
        self.id = id
        self.name = name
        self.version = version
        self.description = description
        self.license = license
        self.options = options
        self.hooks = hooks
        self.extensionPoints = extensionPoints
        self.commands = commands
        self.logSink = logSink
        self.canWait = canWait
        instantiate = { host in
            let module = try Module(host: host)
            return ModuleInstance(module, host: host, hooks: hooks, commands: commands, logSink: logSink)
        }
    }

    /// Builds the C descriptor the first time and returns the same one after: one module per
    /// shared object. Call it only from the entry symbol.
    public func export() -> UnsafePointer<parra_module_descriptor> {
        Export.lock.withLock {
            if let descriptor = Export.descriptor { return descriptor }
            Export.factory = instantiate
            let descriptor = UnsafeMutablePointer<parra_module_descriptor>.allocate(capacity: 1)
            descriptor.initialize(to: makeDescriptor())
            Export.descriptor = UnsafePointer(descriptor)
            return UnsafePointer(descriptor)
        }
    }

    /// The module's traits (ABI 1.8), the same every time. Export them beside the entry:
    ///
    /// ```swift
    /// @_cdecl("parra_module_get_traits")
    /// public func parraModuleTraits() -> UnsafePointer<parra_module_traits>? {
    ///     MyModule.definition.exportTraits()
    /// }
    /// ```
    public func exportTraits() -> UnsafePointer<parra_module_traits> {
        canWait ? ExportedTraits.canWait : ExportedTraits.none
    }

    /// The instance behind a hook's module data, for `Hook.raw` functions.
    public static func module(from data: UnsafeMutableRawPointer?) -> Module? {
        guard let data else { return nil }
        return Unmanaged<ModuleInstance>.fromOpaque(data).takeUnretainedValue().module as? Module
    }

    private func makeDescriptor() -> parra_module_descriptor {
        var d = parra_module_descriptor()
        d.struct_size = UInt32(MemoryLayout<parra_module_descriptor>.size)
        d.abi_major = UInt16(PARRA_ABI_VERSION_MAJOR)
        d.abi_minor = UInt16(PARRA_ABI_VERSION_MINOR)
        d.id = permanent(id)
        d.name = permanent(name)
        d.version = permanent(version)
        d.description = permanent(description)
        d.license = permanent(license)
        d.options = permanentDeclarations(options) { option in
            var decl = parra_option_decl()
            decl.struct_size = UInt32(MemoryLayout<parra_option_decl>.size)
            decl.key = permanent(option.key)
            decl.type = option.kind.cValue
            decl.default_json = permanent(option.defaultJSON)
            decl.doc = permanent(option.doc)
            decl.environment_variable = option.environmentVariable.map(permanent)
            if let allowed = option.allowedValues {
                decl.allowed_values = permanentArray(allowed.map { Optional(permanent($0)) } + [nil])
            }
            decl.schema_json = option.schema.map { permanent($0.json.json) }
            return decl
        }
        d.option_count = options.count
        // One descriptor entry per typed point: its trampoline runs every body hooked there,
        // at the first one's order. Raw hooks each get their own entry.
        // A loop over the slots' raw values, not `filter` and a `Set`: those generic calls look
        // up their witnesses at run time when the module's first descriptor is made, before the
        // app's first frame.
        var seenSlots = [Bool](repeating: false, count: HookSlot.allCases.count)
        var exported: [Hook<Module>] = []
        exported.reserveCapacity(hooks.count)
        for hook in hooks {
            if let slot = hook.slot {
                if seenSlots[slot.rawValue] { continue }
                seenSlots[slot.rawValue] = true
            }
            exported.append(hook)
        }
        d.hooks = permanentDeclarations(exported) { hook in
            var decl = parra_hook_decl()
            decl.struct_size = UInt32(MemoryLayout<parra_hook_decl>.size)
            decl.point_id = permanent(hook.pointID)
            decl.signature = permanent(hook.signature)
            decl.function = hook.function
            decl.order = hook.order
            return decl
        }
        d.hook_count = exported.count
        d.extension_points = permanentDeclarations(extensionPoints) { point in
            var decl = parra_extension_point_decl()
            decl.struct_size = UInt32(MemoryLayout<parra_extension_point_decl>.size)
            decl.point_id = permanent(point.id)
            decl.signature = permanent(point.signature)
            decl.combine = point.combine.cValue
            decl.doc = permanent(point.doc)
            return decl
        }
        d.extension_point_count = extensionPoints.count
        d.commands = permanentDeclarations(commands) { command in
            var decl = parra_command_decl()
            decl.struct_size = UInt32(MemoryLayout<parra_command_decl>.size)
            decl.command_id = permanent(command.id)
            decl.signature = permanent(command.signature)
            decl.doc = permanent(command.doc)
            decl.thread = command.thread.cValue
            decl.completes_later = command.completesLater
            decl.function = command.function
            return decl
        }
        d.command_count = commands.count
        d.`init` = Lifecycle.initialize
        d.configure = Lifecycle.configure
        d.activate = Lifecycle.activate
        d.deactivate = Lifecycle.deactivate
        d.shutdown = Lifecycle.shutdown
        if logSink != nil {
            d.log_sink = LogSinkTrampolines.receive
            d.log_flush = LogSinkTrampolines.flush
        }
        return d
    }
}

/// A definition is immutable once made and is read only by `export()` (under its lock) and
/// the host's calls, so modules may keep it in a `static let` in Swift 6 mode.
extension ModuleDefinition: @unchecked Sendable {}

/// A C string that lives until the process exits, as descriptor strings must.
private func permanent(_ text: String) -> UnsafePointer<CChar> { UnsafePointer(strdup(text)!) }

/// `items` made declarations by `declare`, in a C array that lives until the process exits. A
/// loop, not `map`: called from a type generic over the module, `map` ran the standard library's
/// unspecialized code, which looked its associated types up by mangled name (a scan of every
/// image's conformances) when the module's descriptor was first made.
private func permanentDeclarations<Item, Declaration>(_ items: [Item], _ declare: (Item) -> Declaration)
    -> UnsafePointer<Declaration>?
{
    var declarations: [Declaration] = []
    declarations.reserveCapacity(items.count)
    for item in items { declarations.append(declare(item)) }
    return permanentArray(declarations)
}

/// A C array that lives until the process exits.
private func permanentArray<T>(_ items: [T]) -> UnsafePointer<T>? {
    guard !items.isEmpty else { return nil }
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: items.count)
    pointer.initialize(from: items, count: items.count)
    return UnsafePointer(pointer)
}

/// The two traits a Swift module can have, made once.
private enum ExportedTraits {
    nonisolated(unsafe) static let none = make(flags: 0)
    nonisolated(unsafe) static let canWait = make(flags: UInt32(PARRA_MODULE_CAN_WAIT))

    private static func make(flags: UInt32) -> UnsafePointer<parra_module_traits> {
        let traits = UnsafeMutablePointer<parra_module_traits>.allocate(capacity: 1)
        traits.initialize(
            to: parra_module_traits(struct_size: UInt32(MemoryLayout<parra_module_traits>.size), flags: flags))
        return UnsafePointer(traits)
    }
}

/// This shared object's one exported module.
enum Export {
    static let lock = Lock()
    /// Read and written only under `lock`.
    nonisolated(unsafe) static var descriptor: UnsafePointer<parra_module_descriptor>?
    /// Read and written only under `lock`.
    nonisolated(unsafe) static var factory: ((ModuleHost) throws -> ModuleInstance)?
}

/// The descriptor's lifecycle functions, shared by every Swift module.
enum Lifecycle {
    private static func instance(_ data: UnsafeMutableRawPointer?) -> ModuleInstance? {
        data.map { Unmanaged<ModuleInstance>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func report(_ error: Error, _ out: UnsafeMutablePointer<parra_error>?) -> parra_status {
        parra_error_set(out, "\(error)")
        return PARRA_STATUS_FAILED
    }

    static let initialize:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            UnsafeMutablePointer<parra_error>?
        )
            -> parra_status = { host, out, errorOut in
                guard let host, let out, let factory = Export.lock.withLock({ Export.factory }) else {
                    parra_error_set(errorOut, "init called without a host table or before the descriptor was exported")
                    return PARRA_STATUS_INVALID_ARGUMENT
                }
                do {
                    let instance = try factory(ModuleHost(host))
                    out.pointee = Unmanaged.passRetained(instance).toOpaque()
                    return PARRA_STATUS_OK
                } catch {
                    return report(error, errorOut)
                }
            }

    static let configure:
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<parra_error>?) -> parra_status = {
            data, out in
            do {
                try instance(data)?.lifecycle.configure()
                return PARRA_STATUS_OK
            } catch {
                return report(error, out)
            }
        }

    static let activate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<parra_error>?) -> parra_status =
        {
            data, out in
            do {
                try instance(data)?.lifecycle.activate()
                return PARRA_STATUS_OK
            } catch {
                return report(error, out)
            }
        }

    static let deactivate: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        instance(data)?.lifecycle.deactivate()
    }

    static let shutdown: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
        guard let data else { return }
        let instance = Unmanaged<ModuleInstance>.fromOpaque(data)
        instance.takeUnretainedValue().lifecycle.shutdown()
        instance.takeUnretainedValue().host.releaseCallbacks()
        instance.release()
    }
}
