import CParraPlugin
import Dispatch
import ParraFileSystem

/// Modules that wait until they are first needed (ABI 1.8, `PARRA_MODULE_CAN_WAIT`): which
/// modules wait, and starting one when a point it hooks is dispatched, a command of it is
/// called, or an active module hooks one of its extension points.
extension ModuleRuntime {
    /// How long a command call from another thread waits for the main thread to start the
    /// module that offers it.
    static let startWaitSeconds = 5.0

    /// Marks the usable modules whose traits say they can wait as waiting, except one that
    /// takes app logs (records may come from the first line), which starts at launch and whose
    /// record says so.
    func markWaiting() {
        for module in usableModules where module.declaration.startsWhenNeeded {
            module.waits = true
            report.records[module.recordIndex].waits = true
        }
        dispatcher.wake = { [weak self] pointID in self?.startModules(hooking: pointID) }
    }

    /// Starts the waiting modules that hook `pointID`, which is about to be dispatched.
    func startModules(hooking pointID: String) {
        for module in usableModules
        where module.waits && module.declaration.hooks.contains(where: { $0.pointID == pointID }) {
            start(module, because: "\(pointID) is dispatched")
        }
    }

    /// Starts the waiting module `moduleID` for a call of its command `commandID`: at once on
    /// the main thread; from another, on the main queue, waiting `startWaitSeconds` at most.
    func startForCommand(_ commandID: String, of moduleID: String) throws(CommandCallError) {
        let start: @Sendable () -> Void = { [weak self] in
            guard let self, let module = self.usableModules.first(where: { $0.id == moduleID }) else { return }
            self.start(module, because: "\(commandID) is called")
        }
        if isOnMainThread { return start() }
        let done = DispatchSemaphore(value: 0)
        mainQueue.async {
            start()
            done.signal()
        }
        guard done.wait(timeout: .now() + Self.startWaitSeconds) == .success else {
            throw CommandCallError(
                PARRA_STATUS_WRONG_STATE,
                "\(commandID): \(moduleID) waits to be started on the main thread, which did not start it within \(Int(Self.startWaitSeconds)) s"
            )
        }
    }

    /// Starts the waiting modules that offer a point an active module hooks: that module asks
    /// for it. Called once the launch's modules are active, and after each module started later.
    func startModulesAskedFor(by asking: [LoadedModule]? = nil) {
        guard modules.contains(where: { $0.waits && !$0.declaration.extensionPoints.isEmpty }) else { return }
        for module in asking ?? started where module.state == .active {
            let hooked = Set(module.declaration.hooks.map(\.pointID))
            for offering in usableModules
            where offering.waits && offering.declaration.extensionPoints.contains(where: { hooked.contains($0.id) }) {
                start(offering, because: "\(module.id) hooks its extension points")
            }
        }
    }

    /// Starts a waiting module: opens its file if the registry spared that, then calls its init,
    /// configure and activate back to back, each refusing it as at launch; a refusal is logged
    /// as a warning with the module's report line. Main thread.
    func start(_ module: LoadedModule, because reason: String) {
        guard module.waits, module.refusal == nil, phase == .activating || phase == .running else { return }
        module.waits = false
        report.records[module.recordIndex].waits = false
        guard openAndStart(module, because: reason) else {
            log.log(.warn, "module \(report.records[module.recordIndex].summary)")
            return rebuildDispatch()
        }
        rebuildCommands()
        startModulesAskedFor(by: [module])
    }

    /// The steps of `start`; false when the module was refused at one of them.
    private func openAndStart(_ module: LoadedModule, because reason: String) -> Bool {
        if module.code == nil {
            do {
                module.code = try openWaiting(module)
            } catch {
                registry.forget(module.file)
                saveRegistry()
                reject(module, error)
                return false
            }
        }
        log.log(.debug, "started when first needed: \(reason)", moduleID: module.id)
        // A module whose file the quarantine lists was settled at launch already.
        if !module.declaration.options.isEmpty && !quarantine.listedPaths.contains(module.file) {
            settle(module, set: options.set.filter { $0.schema.ownerID == module.id })
            guard module.refusal == nil else { return false }
        }
        guard initialize(module), configure(module) else { return false }
        // Hooks may be called from activate on, its own among them.
        rebuildDispatch()
        return activate(module)
    }

    /// Opens the file of a module the registry described, checked again by the trust rules and
    /// required to be the file the launch found, and takes its code; its descriptor must have the
    /// digest the registry recorded, or declare what the registry holds.
    private func openWaiting(_ module: LoadedModule) throws(ModuleRefusal) -> ModuleCode {
        var scan = ModuleFileCheck.Scan()
        let passed: ModuleFileCheck.Passed
        switch ModuleFileCheck.check(module.file, scan: &scan) {
        case .failure(let refusal): throw refusal
        case .success(let found): passed = found
        }
        guard passed.stamp == module.stamp else {
            throw ModuleRefusal(
                phase: .open,
                reason:
                    "the file changed after the launch found it, before it was first needed; the next launch reads it again"
            )
        }
        var record = report.records[module.recordIndex]
        guard let symbols = open(passed, into: &record) else {
            throw ModuleRefusal(phase: record.phase ?? .open, reason: record.reason ?? "it cannot be opened")
        }
        let read = try readDescriptor(
            passed.path, entry: symbols.entry, traits: symbols.traits,
            recorded: module.digest.map { ModuleRegistry.Recorded(declaration: module.declaration, digest: $0) })
        guard read.fromRegistry || read.declaration.registryBytes == module.declaration.registryBytes else {
            throw ModuleRefusal(
                phase: .validate,
                reason:
                    "its descriptor declares other things than the module registry recorded for this very file (an entry that answers differently from one run to the next?); the registry forgets it and the next launch reads the file again"
            )
        }
        return read.code
    }
}
