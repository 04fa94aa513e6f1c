import CParraCallNote
import CParraPlugin
import Dispatch
import FoundationEssentials
import ParraFileSystem
import ParraShared
import ParraSync
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Finds, checks, loads and runs feature modules, and owns what they share: the option store,
/// the dispatcher and the host services.
///
/// `start()` runs discover -> open -> read descriptor -> validate -> init -> configure ->
/// activate for every module found, refusing a module at the first rule it breaks and going on
/// with the others; `stop()` deactivates and shuts down in reverse order. Nothing a module
/// does wrong (short of crashing in its own code) stops the host.
///
/// Sendable by hand: the lifecycle state (phase, modules, options, report) is touched only by
/// the thread that starts and stops the runtime, the command state only under `commandLock`,
/// and everything else is immutable once made.
package final class ModuleRuntime: @unchecked Sendable {
    /// Everything the runtime needs from the app; every field has a default.
    package struct Settings {
        /// Where to look for modules.
        package var searchPath: ModuleSearchPath
        /// A JSON config file layer, if any.
        package var configFile: String?
        /// Values set in code (the flattened `ParraConfiguration`).
        package var codeOptions: [String: JSONValue]
        /// The environment layer.
        package var environment: [String: String]
        /// Root of module storage (`<root>/modules/<module id>/`).
        package var storageDirectory: String
        /// The queue hooks, timers and option notifications run on.
        package var mainQueue: DispatchQueue
        /// Where diagnostics go.
        package var log: HostLog
        /// The platform's presentation surface.
        package var presentationSurface: PresentationSurface
        /// The Parra API client; nil leaves `api_request` unsupported.
        package var apiService: ParraAPIService?
        /// The clocks modules read.
        package var clock: HostClock
        /// The environment modules see through `app_environment`: `PARRA_ENVIRONMENT`, else
        /// the build's.
        package var appEnvironment: ParraAPIEnvironment
        /// The app run's facts and launch, when the runtime belongs to an app run.
        package var appRun: AppRunServices?
        /// Where modules' app events go (`PARRA_EXT_APP_EVENTS`), when the runtime belongs to
        /// an app run.
        package var appEvents: AppEventServices?
        /// Where the level comes from at which app logs go to stderr when no loaded module
        /// takes them.
        package var appLogFallbackLevel: AppLogFallbackLevel
        /// The module behind each feature's keys ("logger": "ParraLogger"), named when a
        /// key no loaded module owns is set.
        package var featureModuleNames: [String: String]
        /// A check each file that passed the trust check must pass before this process opens
        /// it (the CLI's scan in a child process, `ModuleScanner`); nil opens files directly.
        package var screen: ((String) -> ModuleRefusal?)?
        /// Whether each option problem is also logged as a warning; a caller that prints
        /// `report.optionProblems` itself (`parra config validate`) turns it off.
        package var logsOptionProblems: Bool

        /// Defaults: the documented search order, `PARRA_CONFIG_FILE` if set, the process
        /// environment, storage under `$XDG_DATA_HOME/parra/<bundleID>/`, the main queue,
        /// standard error from info up (`PARRA_HOST_LOG_LEVEL` names another level), plain-text
        /// presentation, no API service, the system clock.
        package init(
            bundleID: String = "unknown",
            environment: [String: String] = ProcessEnvironment.current,
            searchPath: ModuleSearchPath? = nil
        ) {
            self.environment = environment
            self.searchPath = searchPath ?? ModuleSearchPath(environment: environment, bundleID: bundleID)
            self.configFile = environment["PARRA_CONFIG_FILE"]
            self.codeOptions = [:]
            self.storageDirectory = joinedPath(DataHome.path(environment: environment), "parra/\(bundleID)")
            self.mainQueue = .main
            self.log = .standardError(
                minimumLevel: environment["PARRA_HOST_LOG_LEVEL"].flatMap(ParraLogLevel.init(parsing:)) ?? .info)
            self.presentationSurface = PlainTextPresentationSurface()
            self.apiService = nil
            self.clock = SystemClock()
            self.appEnvironment = .resolve(environment: environment)
            self.appLogFallbackLevel = AppLogFallbackLevel()
            self.featureModuleNames = [:]
            self.screen = nil
            self.logsOptionProblems = true
        }
    }

    /// What happened to every file found.
    package internal(set) var report = LoadReport()
    /// Which module call the process is in, and the modules that took an earlier run down;
    /// kept for runs that initialize modules (an app's), not for validation alone (the CLI).
    private(set) var quarantine = ModuleQuarantine(folder: nil)
    /// Every option of the loaded modules; empty until `start()`.
    package private(set) var options = OptionStore(schemas: [])
    /// Dispatches override and extension points to active modules.
    package let dispatcher = HookDispatcher()
    /// The modules whose descriptors were read and accepted, in load order (refused ones
    /// included, with their refusal set).
    package private(set) var modules: [LoadedModule] = []
    /// The modules whose init succeeded, in that order: at launch, then as modules that wait
    /// are started. `stop()` deactivates and shuts them down in reverse.
    var started: [LoadedModule] = []
    /// What the modules declared, kept between app runs; unused by validation.
    var registry = ModuleRegistry(path: nil)
    /// Where the registry is saved.
    let registryQueue = DispatchQueue(label: "com.parra.module-registry")

    package let mainQueue: DispatchQueue
    let log: HostLog
    let presentationSurface: PresentationSurface
    let apiService: ParraAPIService?
    package let clock: HostClock
    package let appEnvironment: ParraAPIEnvironment
    let appRun: AppRunServices?
    let appEvents: AppEventServices?
    private let settings: Settings
    private var mainThread: pthread_t?
    /// How many waits of the main thread lend its standing to the process's main queue
    /// (`lendingMainThread`).
    private let mainThreadLent = Atomic<Int>(0)
    private let mainQueueKey = DispatchSpecificKey<Bool>()
    /// Where the runtime is in its own life; module code may emit only while modules are
    /// activating or running.
    enum Phase {
        case idle, loading, activating, running, stopping, stopped
    }

    private(set) var phase = Phase.idle
    /// Whether the modules are being activated now (a module's activate is running).
    var isActivating: Bool { phase == .activating }
    /// How deep emits are nested right now (a hook emitting a point whose hook emits...).
    var emitDepth = 0
    /// The points being dispatched by `emit` right now, so a hook cannot re-emit them.
    var emitting: Set<String> = []
    /// Guards `preparedCommands` and `completions`, which callers on any thread read.
    let commandLock = Lock()
    /// The commands of the active modules, by id.
    var preparedCommands: [String: PreparedCommand] = [:]
    /// The commands of the modules that wait, by id: what each declares, and the module it starts.
    var waitingCommands: [String: (moduleID: String, declaration: CommandDeclaration)] = [:]
    /// The completions of a module's commands not yet answered by the module, by module id;
    /// those the host answered for a stopped module stay until it shuts down.
    var completions: [String: [ObjectIdentifier: CommandCompletion]] = [:]
    /// Admits command calls while modules run; `stop()` closes it and waits for calls.
    let commandGate = CommandGate()
    /// The presentations modules show with actions, and the holds on an unattended session.
    package let presentations = PresentationDesk()

    /// A runtime that has loaded nothing yet.
    package init(settings: Settings = Settings()) {
        self.settings = settings
        mainQueue = settings.mainQueue
        log = settings.log
        presentationSurface = settings.presentationSurface
        apiService = settings.apiService
        clock = settings.clock
        appEnvironment = settings.appEnvironment
        appRun = settings.appRun
        appEvents = settings.appEvents
        mainQueue.setSpecific(key: mainQueueKey, value: true)
        dispatcher.rebuild(points: OverridePoint.canonicalByID, hooks: [:])
    }

    /// Where module storage lives (`<folder>/modules/<module id>/`).
    package var storageDirectory: String { settings.storageDirectory }

    /// The modules that are active (or, after `start(through: .validate)`, validated).
    package var usableModules: [LoadedModule] { modules.filter { $0.refusal == nil } }

    /// The usable module with `id`, if there is one.
    func module(withID id: String) -> LoadedModule? { usableModules.first { $0.id == id } }

    /// Quarantines the module `moduleID` for holding the app's launch past its limit, so the
    /// next start refuses it: its file, and "it is quarantined" or why it cannot be; nil for a
    /// module not loaded.
    package func quarantineHeldLaunch(of moduleID: String) -> (file: String, outcome: String)? {
        guard let module = module(withID: moduleID) else { return nil }
        let problem = quarantine.condemn(module.file, phase: ModuleQuarantine.launchPhase, hung: true)
        return (module.file, problem.map { "it cannot be quarantined (\($0))" } ?? "it is quarantined")
    }

    /// Whether the caller is on the host's main thread: the thread that called `start()`, a
    /// block running on the main queue, or, while the main thread lends it its standing, the
    /// process's main queue.
    package var isOnMainThread: Bool {
        if let mainThread, pthread_equal(mainThread, pthread_self()) != 0 { return true }
        if DispatchQueue.getSpecific(key: mainQueueKey) == true { return true }
        return mainThreadLent.load(ordering: .acquiring) > 0 && ProcessMainQueue.isCurrent
    }

    /// Runs `body`, a wait of the main thread for an async call of the app's whose main-actor
    /// parts run on the process's main queue, on another thread when the main thread is not
    /// the process's (an app run in tests): calls from that queue meanwhile are the main
    /// thread's work, done there, and count as the main thread's.
    package func lendingMainThread(_ body: () -> Void) {
        mainThreadLent.add(1, ordering: .releasing)
        body()
        mainThreadLent.subtract(1, ordering: .releasing)
    }

    /// Runs every phase up to and including `lastPhase` (the CLI stops after `.validate`, so of
    /// a module's code only its constructors and entry symbol run). Call once, on the main thread.
    @discardableResult
    package func start(through lastPhase: LoadPhase = .activate) -> LoadReport {
        precondition(phase == .idle, "ModuleRuntime.start() runs once")
        phase = .loading
        mainThread = pthread_self()
        let logHold = lastPhase >= .activate ? LogRouter.shared.hold() : nil
        report.searchedLocations = settings.searchPath.locations
        let found = settings.searchPath.find()
        report.notes += found.modulesPassedBy.map { path in
            "\(path) is a module but is not loaded: in a SwiftPM build folder only libParra*.so files are taken; name its product Parra<Name>, or install it with `parra plugins install \(path)`"
        }
        if lastPhase >= .initialize {
            quarantine = ModuleQuarantine(folder: settings.storageDirectory) { [log] in log.log(.warn, $0) }
            let loaded = ModuleRegistry.load(from: joinedPath(settings.storageDirectory, Self.registryFileName))
            registry = loaded.registry
            if let problem = loaded.problem { note(problem) }
        }
        openAll(found.candidates)
        crossValidate()
        buildOptions()
        if lastPhase >= .initialize {
            markWaiting()
            settleQuarantine()
            initializeAll()
        }
        if lastPhase >= .configure { configureAll() }
        if lastPhase >= .activate {
            phase = .activating
            activateAll()
        }
        phase = .running
        // Activating rebuilt the tables; a run that stops before it builds them here.
        if lastPhase < .activate { rebuildDispatch() }
        if lastPhase >= .activate { commandGate.open() }
        if let logHold { attachLogSinks(releasing: logHold) }
        if lastPhase >= .activate { startModulesAskedFor() }
        finishReport()
        saveRegistry()
        return report
    }

    /// Writes the registry as it is now on `registryQueue`, off the launch's path and in the
    /// order the saves were asked for, when it differs from its file; a problem is logged as a
    /// warning.
    func saveRegistry() {
        guard registry.needsSaving else { return }
        let snapshot = registry
        registryQueue.async { [log] in
            var registry = snapshot
            if let problem = registry.save() { log.log(.warn, problem) }
        }
    }

    /// The registry's file name in the storage folder.
    static let registryFileName = "module-registry"

    /// Adds `text` to the report's notes and logs it as a warning.
    func note(_ text: String) {
        report.notes.append(text)
        log.log(.warn, text)
    }

    /// Deactivates every active module, then shuts every module down, each in the reverse of the
    /// order their init ran in (at launch, load order; a module started later, after those). No
    /// hook runs once the first deactivate begins, and no module is shut down while another
    /// could still call it. Safe to call twice.
    package func stop() {
        guard phase == .running else { return }
        phase = .stopping
        // The registry's last save is on disk before the next run can read it.
        registryQueue.sync {}
        dispatcher.rebuild(points: OverridePoint.canonicalByID, hooks: [:])
        let sinksIdle = LogRouter.shared.detach(self)
        if !sinksIdle {
            log.log(
                .error,
                "app log calls into modules were still running after \(LogRouter.detachTimeout / 1_000_000_000) s; modules that take app logs are deactivated but not shut down, so those calls cannot touch freed memory"
            )
        }
        let busy = commandGate.close(waitingUpTo: Self.commandWaitSeconds)
        if !busy.isEmpty {
            log.log(
                .error,
                "command calls into \(busy.sorted().joined(separator: ", ")) were still running after \(Int(Self.commandWaitSeconds)) s; those modules are deactivated but not shut down, so the calls cannot touch freed memory"
            )
        }
        commandLock.withLock {
            preparedCommands = [:]
            waitingCommands = [:]
        }
        for module in started.reversed() where module.state == .active {
            advance(module, to: .deactivated)
            quarantine.during(module.file, "deactivate") { module.code?.deactivate?(module.moduleData) }
            answerPendingCommands(of: module.id)
        }
        for module in started.reversed()
        where (sinksIdle || !module.declaration.takesAppLogs) && !busy.contains(module.id) {
            shutDown(module)
        }
        phase = .stopped
    }

    /// Whether the module with `moduleID` may emit its extension points now: it is configured
    /// or active, and the runtime is activating or running.
    func mayEmit(_ moduleID: String) -> Bool {
        guard phase == .activating || phase == .running else { return false }
        return usableModules.contains { $0.id == moduleID && [.configured, .active].contains($0.state) }
    }

    /// Moves `module` on, logging (rather than performing) a step the lifecycle forbids.
    func advance(_ module: LoadedModule, to state: ModuleLifecycleState) {
        do {
            try module.advance(to: state)
        } catch {
            log.log(.error, "\(error)")
        }
    }

    /// Hands the router the log sinks of the active modules, with the level the host prints
    /// app logs at itself when there are none.
    private func attachLogSinks(releasing hold: LogRouter.Hold) {
        let sinks = usableModules.compactMap { module -> LogRouter.Sink? in
            guard module.state == .active, let sink = module.code?.logSink, let context = module.context
            else { return nil }
            let site = module.sinkSite ?? quarantine.site(path: module.file, what: "log sink")
            module.sinkSite = site
            return LogRouter.Sink(
                moduleID: module.id, function: sink, flush: module.code?.logFlush,
                moduleData: module.moduleData, threshold: { context.logThreshold },
                readsTimestamps: { context.logReadsTimestamps }, site: site)
        }
        let fallback = settings.appLogFallbackLevel.resolve(environment: settings.environment, options: options)
        if sinks.isEmpty, let problem = fallback.problem { log.log(.warn, problem) }
        if let note = LogRouter.shared.attach(self, sinks: sinks, fallbackLevel: fallback.level, releasing: hold) {
            report.notes.append(note)
        }
    }

    // MARK: - Phases

    private func openAll(_ candidates: [ModuleSearchPath.Candidate]) {
        for crashed in quarantine.recoverCrashes() {
            log.log(
                .warn,
                "an earlier run ended inside \(crashed.path) (\(crashed.phase)); the module is quarantined until \(crashed.settings == nil ? "the file changes" : "the file or its settings change"), or `parra plugins reset`"
            )
        }
        var seenFiles: [String: String] = [:]
        seenFiles.reserveCapacity(candidates.count)
        var scan = ModuleFileCheck.Scan()
        let screen = settings.screen
        // Every file is opened first, then each entry is called and its descriptor read, in
        // the same order. Loading a Swift library empties the Swift runtime's cache of protocol
        // conformances, so running each module's Swift code between two loads made every type
        // it used search every loaded library again, once per module.
        var opened: [(recordIndex: Int, passed: ModuleFileCheck.Passed, source: DeclarationSource)] = []
        for candidate in candidates {
            var record = LoadReport.Record(file: candidate.path, origin: candidate.origin)
            var known: ModuleRegistry.Recorded?
            let check = ModuleFileCheck.check(candidate.path, listed: candidate.listed, scan: &scan) { path, stamp in
                guard registry.isKept, seenFiles[path] == nil else { return false }
                let found = registry.entry(for: path, stamp: stamp)
                if let problem = found.problem { note(problem) }
                known = found.recorded
                return known != nil
            }
            switch check {
            case .failure(let refusal):
                refuse(&record, refusal)
            case .success(let passed):
                let resolved = passed.path
                if let refusal = quarantine.refusal(for: resolved) {
                    refuse(&record, refusal)
                } else if let first = seenFiles[resolved] {
                    record.outcome = .skipped
                    record.reason = "same file as \(first)"
                } else if let refusal = screen?(resolved) {
                    seenFiles[resolved] = candidate.path
                    refuse(&record, refusal)
                } else if let known, known.declaration.startsWhenNeeded {
                    seenFiles[resolved] = candidate.path
                    opened.append((report.records.count, passed, .registry(known)))
                } else {
                    seenFiles[resolved] = candidate.path
                    if let symbols = open(passed, into: &record) {
                        opened.append(
                            (
                                report.records.count, passed,
                                .descriptor(symbols.entry, traits: symbols.traits, known: known)
                            ))
                    }
                }
            }
            report.records.append(record)
        }
        var claims = Claims(count: opened.count)
        for file in opened {
            // In place: `declare` touches no other part of the report.
            declare(
                file.passed, from: file.source, into: &report.records[file.recordIndex], recordIndex: file.recordIndex,
                claims: &claims)
        }
    }

    /// Where a module's declaration comes from at start: its descriptor (the file is open; the
    /// registry's entry for it, if any, spares reading it again while its digest matches), or
    /// the registry's entry for its file.
    enum DeclarationSource {
        case descriptor(parra_module_entry_fn, traits: parra_module_traits_fn?, known: ModuleRegistry.Recorded?)
        case registry(ModuleRegistry.Recorded)
    }

    /// Opens the module file the check passed (the very file it saw) and finds its entry
    /// symbol and its traits function, if any; nil (the refusal in `record`) when it cannot be
    /// opened or has no entry.
    func open(_ passed: ModuleFileCheck.Passed, into record: inout LoadReport.Record) -> (
        entry: parra_module_entry_fn, traits: parra_module_traits_fn?
    )? {
        let path = passed.path
        let handle: UnsafeMutableRawPointer
        switch quarantine.during(
            path, "dlopen", { CheckedLoad.load(path, checked: passed.identity, flags: RTLD_NOW | RTLD_LOCAL) })
        {
        case .success(let loaded): handle = loaded
        case .failure(let refusal):
            refuse(&record, ModuleRefusal(phase: .open, reason: refusal.description))
            return nil
        }
        // Modules stay loaded until exit: Swift libraries cannot be safely unloaded.
        // A crash or exit in its code outside any call the host marks (a thread it started) is
        // still blamed on it.
        parra_call_note_add_module(handle, quarantine.site(path: path, what: "its own code (no host call)"))
        _ = dlerror()
        guard let symbol = dlsym(handle, PARRA_MODULE_ENTRY_SYMBOL) else {
            let hidden =
                ELFSymbolTable.defines(PARRA_MODULE_ENTRY_SYMBOL, inFileAt: path)
                ? "; the file defines it but does not export it (built with -fvisibility=hidden?): declare it PARRA_EXPORT, or include parra_plugin.h, whose prototype does"
                : ""
            refuse(
                &record,
                ModuleRefusal(phase: .entry, reason: "no entry symbol '\(PARRA_MODULE_ENTRY_SYMBOL)'\(hidden)"))
            return nil
        }
        let traits = dlsym(handle, PARRA_MODULE_TRAITS_SYMBOL).map {
            unsafeBitCast($0, to: parra_module_traits_fn.self)
        }
        return (unsafeBitCast(symbol, to: parra_module_entry_fn.self), traits)
    }

    /// Calls the entry (and traits function) of the module opened from `path` and takes what
    /// they return: its code, and its declaration, read from the descriptor unless the
    /// descriptor's digest is `recorded`'s (the registry's declaration for the file, and the
    /// digest of the descriptor it was read from), whose declaration is then taken as it is.
    /// `digest` is nil only for a descriptor `DescriptorReader.read` would refuse.
    func readDescriptor(
        _ path: String, entry: parra_module_entry_fn, traits: parra_module_traits_fn?,
        recorded: ModuleRegistry.Recorded? = nil
    ) throws(ModuleRefusal) -> (declaration: ModuleDeclaration, code: ModuleCode, digest: UInt64?, fromRegistry: Bool) {
        // The traits function is the entry's companion: one journaled call covers both.
        let (found, traitsTable) = quarantine.during(path, "entry") { (entry(), traits?()) }
        guard let descriptor = found else {
            throw ModuleRefusal(phase: .entry, reason: "entry symbol returned NULL")
        }
        return try quarantine.during(path, "descriptor") { () throws(ModuleRefusal) in
            if let recorded, let fingerprint = DescriptorReader.fingerprint(descriptor, traits: traitsTable),
                fingerprint.digest == recorded.digest
            {
                return (recorded.declaration, fingerprint.code, fingerprint.digest, true)
            }
            let (declaration, code, digest) = try DescriptorReader.read(descriptor, traits: traitsTable)
            return (declaration, code, digest, false)
        }
    }

    /// Reads the declaration of the module file `passed` from `source` into `record` (the
    /// report's record at `recordIndex`) and accepts the module unless it conflicts with one
    /// accepted before it. What a module that can wait declares goes to the registry.
    private func declare(
        _ passed: ModuleFileCheck.Passed, from source: DeclarationSource, into record: inout LoadReport.Record,
        recordIndex: Int, claims: inout Claims
    ) {
        let path = passed.path
        let declaration: ModuleDeclaration
        var code: ModuleCode?
        let digest: UInt64?
        switch source {
        case .registry(let entry):
            (declaration, digest) = (entry.declaration, entry.digest)
            record.fromRegistry = true
        case .descriptor(let entry, let traits, let known):
            do {
                let read = try readDescriptor(path, entry: entry, traits: traits, recorded: known)
                (declaration, code, digest) = (read.declaration, read.code, read.digest)
                record.fromRegistry = read.fromRegistry
            } catch {
                return refuse(&record, error)
            }
            if registry.isKept, !record.fromRegistry, let digest {
                registry.record(declaration, digest: digest, for: path, stamp: passed.stamp)
            }
        }
        record.moduleID = declaration.id
        record.name = declaration.name
        record.version = declaration.version
        record.abi = declaration.abiVersion
        record.optionKeys = declaration.options.map(\.key)
        record.overridePoints = declaration.hooks.map(\.pointID)
        record.extensionPoints = declaration.extensionPoints.map(\.id)
        let module = LoadedModule(
            file: path, declaration: declaration, code: code, stamp: passed.stamp, digest: digest,
            recordIndex: recordIndex)
        if let refusal = claims.conflict(of: module) {
            module.refusal = refusal
            refuse(&record, refusal)
        } else {
            claims.accept(module)
            advance(module, to: .validated)
        }
        modules.append(module)
    }

    /// What the modules accepted so far claim, each by its owner: ids, extension points and
    /// option keys. Kept as the files are declared, so each new module is checked against all
    /// of them at once, not module by module (with 100 modules, pairwise sets cost a quarter
    /// of the start).
    private struct Claims {
        private var ids: [String: LoadedModule] = [:]
        private var points: [String: LoadedModule] = [:]
        private var keys: [String: LoadedModule] = [:]

        /// Room for `count` modules, each with an option or so, made once rather than grown.
        init(count: Int) {
            ids.reserveCapacity(count)
            keys.reserveCapacity(count)
        }

        /// A rule `module` breaks against the modules accepted before it: a duplicate id, an
        /// extension point another module offers, or an option key another module owns.
        func conflict(of module: LoadedModule) -> ModuleRefusal? {
            if let other = ids[module.id] {
                return ModuleRefusal(
                    phase: .validate, reason: "duplicate id '\(module.id)': already loaded from \(other.file)")
            }
            for point in module.declaration.extensionPoints {
                guard let other = points[point.id] else { continue }
                return ModuleRefusal(
                    phase: .validate,
                    reason: "extension point '\(point.id)' is already offered by \(other.id) (\(other.file))")
            }
            for option in module.declaration.options {
                guard let other = keys[option.key] else { continue }
                return ModuleRefusal(
                    phase: .validate,
                    reason:
                        "option key '\(option.key)' is also claimed by \(other.id) (\(other.file)); a key has one owner"
                )
            }
            return nil
        }

        /// Records what `module`, accepted, claims.
        mutating func accept(_ module: LoadedModule) {
            ids[module.id] = module
            for point in module.declaration.extensionPoints { points[point.id] = module }
            for option in module.declaration.options { keys[option.key] = module }
        }
    }

    /// Checks hooks on extension points against the points the usable modules offer,
    /// repeating until no more modules are refused (a refusal can strand other hooks).
    private func crossValidate() {
        var changed = true
        while changed {
            changed = false
            let usable = usableModules
            let offered = Dictionary(
                usable.flatMap(\.declaration.extensionPoints).map { ($0.id, $0) },
                uniquingKeysWith: { first, _ in first })
            let usableIDs = usable.map(\.id)
            for module in usable where !module.declaration.hooks.isEmpty {
                module.droppedHookPoints = []
                for hook in module.declaration.hooks where !OverridePoint.isCanonicalNamespace(hook.pointID) {
                    if let point = offered[hook.pointID] {
                        if point.signature != hook.signature {
                            reject(
                                module,
                                ModuleRefusal(
                                    phase: .validate,
                                    reason:
                                        "hook '\(hook.pointID)' declares signature \(hook.signature), the point's is \(point.signature)"
                                ))
                            changed = true
                            break
                        }
                    } else if let owner = usableIDs.first(where: { hook.pointID.hasPrefix($0 + ".") }) {
                        reject(
                            module,
                            ModuleRefusal(
                                phase: .validate,
                                reason:
                                    "hook for unknown point '\(hook.pointID)': \(owner) offers no such extension point")
                        )
                        changed = true
                        break
                    } else {
                        module.droppedHookPoints.insert(hook.pointID)
                    }
                }
            }
        }
    }

    private func buildOptions() {
        let store = OptionStore(
            schemas: usableModules.flatMap(\.declaration.options), featureModuleNames: settings.featureModuleNames)
        if let configFile = settings.configFile { store.applyConfigFile(at: configFile) }
        store.applyCode(settings.codeOptions)
        store.applyEnvironment(settings.environment)
        options = store
        report.optionProblems = store.problems.map(\.description)
        if settings.logsOptionProblems {
            for problem in store.problems { log.log(.warn, problem.description) }
        }
        for option in store.set {
            // An environment variable overrides the app's own choices: say so where it shows.
            let overriding = if case .environment = option.source { true } else { false }
            log.log(
                overriding ? .info : .debug,
                "option \(option.schema.key) = \(option.value.summary) from \(option.source)")
        }
    }

    /// Settles the quarantine of each module with options (`settle(_:set:)`). A module that
    /// waits is settled when it starts, unless its file is quarantined.
    private func settleQuarantine() {
        let set = Dictionary(grouping: options.set, by: \.schema.ownerID)
        let listed = quarantine.listedPaths
        for module in usableModules where !module.declaration.options.isEmpty {
            if module.waits && !listed.contains(module.file) { continue }
            settle(module, set: set[module.id] ?? [])
        }
    }

    /// Tells the quarantine what `module` runs with (its options that are `set`, not
    /// defaulted), and refuses it when it was quarantined in an earlier run with these very
    /// settings. A module without options has no settings to change: its quarantine is its
    /// file's.
    func settle(_ module: LoadedModule, set: [ResolvedOption]) {
        let own = set.map { (key: $0.schema.key, json: $0.value.json) }
        quarantine.settle(module.file, settings: ModuleQuarantine.Settings(own))
        switch quarantine.settingsVerdict(for: module.file) {
        case .refused(let refusal): reject(module, refusal)
        case .retried(let note): log.log(.warn, note)
        case nil: break
        }
    }

    /// The usable modules started at launch: all but those that wait.
    private var launchModules: [LoadedModule] { usableModules.filter { !$0.waits } }

    private func initializeAll() {
        for module in launchModules { initialize(module) }
    }

    private func configureAll() {
        for module in launchModules { configure(module) }
    }

    private func activateAll() {
        // Hooks may be called from activate on, so the tables exist before the first activate.
        rebuildDispatch()
        for module in launchModules where !activate(module) { rebuildDispatch() }
        // Commands are the active modules'.
        rebuildCommands()
    }

    /// Calls `module`'s init with its own host table; false when it failed (the module is
    /// refused).
    @discardableResult
    func initialize(_ module: LoadedModule) -> Bool {
        let storage = settings.storageDirectory
        let context = ModuleHostContext(
            moduleID: module.id, runtime: self,
            storage: ModuleStorage(folder: joinedPath(storage, "modules/\(module.id)")),
            filesFolder: joinedPath(storage, "module-files/\(module.id)"),
            makeSite: { [quarantine, file = module.file] in quarantine.site(path: file, what: $0) })
        module.context = context
        var data: UnsafeMutableRawPointer?
        let refusal = quarantine.during(module.file, "init") {
            module.call(.initialize) { error in
                module.code?.initialize?(context.table, &data, error) ?? PARRA_STATUS_OK
            }
        }
        if let refusal {
            context.close()
            reject(module, refusal)
            return false
        }
        module.moduleData = data
        advance(module, to: .initialized)
        started.append(module)
        return true
    }

    /// Calls `module`'s configure; false when it failed (the module is shut down and refused).
    @discardableResult
    func configure(_ module: LoadedModule) -> Bool {
        step(module, .configure, to: .configured) { module.code?.configure?(module.moduleData, $0) }
    }

    /// Calls `module`'s activate; false when it failed (the module is shut down and refused).
    func activate(_ module: LoadedModule) -> Bool {
        step(module, .activate, to: .active) { module.code?.activate?(module.moduleData, $0) }
    }

    /// Calls the lifecycle function of `phase` (`call` gives nil when the module has none) and
    /// moves `module` to `state`; when it fails, shuts the module down and refuses it: false.
    private func step(
        _ module: LoadedModule, _ phase: LoadPhase, to state: ModuleLifecycleState,
        _ call: (UnsafeMutablePointer<parra_error>) -> parra_status?
    ) -> Bool {
        let refusal = quarantine.during(module.file, phase.rawValue) {
            module.call(phase) { call($0) ?? PARRA_STATUS_OK }
        }
        if let refusal {
            shutDown(module)
            reject(module, refusal)
            return false
        }
        advance(module, to: state)
        return true
    }

    func shutDown(_ module: LoadedModule) {
        guard [.initialized, .configured, .deactivated].contains(module.state) else { return }
        advance(module, to: .shutDown)
        // No timer of the module runs from here on: its shutdown may free what they use.
        module.context?.cancelTimers()
        quarantine.during(module.file, "shutdown") { module.code?.shutdown?(module.moduleData) }
        module.context?.close()
        answerPendingCommands(of: module.id)
        commandLock.withLock { _ = completions.removeValue(forKey: module.id) }
        presentations.forget(moduleID: module.id)
    }

    /// Hooks of modules that can be called (configured or active), on the points they can see.
    func rebuildDispatch() {
        let callable = usableModules.filter { [.configured, .active].contains($0.state) }
        let points = OverridePoint.byID(adding: callable.flatMap(\.declaration.extensionPoints))
        var hooks: [String: [PreparedHook]] = [:]
        for module in callable {
            let sites =
                module.hookSites
                ?? module.declaration.hooks.map { quarantine.site(path: module.file, what: "hook \($0.pointID)") }
            module.hookSites = sites
            let functions = module.code?.hooks ?? []
            for (index, hook) in module.declaration.hooks.enumerated()
            where points[hook.pointID] != nil && index < functions.count {
                do {
                    hooks[hook.pointID, default: []].append(
                        try PreparedHook(
                            moduleID: module.id, declaration: hook, function: functions[index],
                            moduleData: module.moduleData, site: sites[index]))
                } catch {
                    log.log(.error, error.reason, moduleID: module.id)
                    module.unpreparedHooks.insert(error.reason)
                }
            }
        }
        dispatcher.rebuild(points: points, hooks: hooks)
        dispatcher.sleepingPoints = Set(
            usableModules.filter(\.waits).flatMap { $0.declaration.hooks.map(\.pointID) })
        rebuildCommands()
    }

    func reject(_ module: LoadedModule, _ refusal: ModuleRefusal) {
        module.refusal = refusal
        options.removeKeys(ownedBy: module.id)
        if module.recordIndex < report.records.count {
            refuse(&report.records[module.recordIndex], refusal)
        }
    }

    func refuse(_ record: inout LoadReport.Record, _ refusal: ModuleRefusal) {
        record.outcome = .refused
        record.phase = refusal.phase
        record.reason = refusal.reason
    }

    private func finishReport() {
        for module in usableModules {
            let startsAtLaunch =
                registry.isKept && module.declaration.canWait && module.declaration.takesAppLogs
            guard startsAtLaunch || !module.droppedHookPoints.isEmpty || !module.unpreparedHooks.isEmpty else {
                continue
            }
            report.records[module.recordIndex].warnings =
                (startsAtLaunch ? ["can wait, but takes app logs: started at launch"] : [])
                + module.droppedHookPoints.sorted().map { "hook on '\($0)' not dispatched: no loaded module offers it" }
                + module.unpreparedHooks.sorted()
        }
        for record in report.records {
            switch record.outcome {
            case .refused: log.log(.warn, "module \(record.summary)")
            case .loaded: log.log(.debug, "module \(record.summary)")
            case .skipped: log.log(.debug, "module \(record.summary)")
            }
        }
    }
}
