import FoundationEssentials
import ParraAPI
import ParraRuntime
import ParraSync
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The app-wide state of one run of an app: its platform, runtime, delegate and auth state.
/// `ParraAppHost.run` makes one and sets it as `current` for the run; delegates and
/// `ParraApp` reach the runtime through it. Unchecked Sendable: the launch steps a module
/// asks for finish on the host's main queue while the app's thread waits for the launch, so
/// the two never touch it at once.
package final class ParraAppContext: @unchecked Sendable {
    /// The context of the app running on this thread, if any. An app runs on one thread from
    /// launch to termination, so each run (tests run several at once) sees its own.
    /// In an async delegate method the host awaits, the run that awaits it (see `awaited`).
    package static var current: ParraAppContext? {
        get { thisThreadContext ?? awaited }
        set { thisThreadContext = newValue }
    }

    /// The run whose app thread awaits the task's async call (`AppThreadExecutor`): the call's
    /// main-actor parts run on the main queue, on another thread when the app's is not the
    /// main thread (tests).
    @TaskLocal static var awaited: ParraAppContext?

    /// Runs `body` with `context` as this thread's current one, then restores the previous.
    static func withCurrent(_ context: ParraAppContext?, _ body: () -> Void) {
        let previous = thisThreadContext
        thisThreadContext = context
        body()
        thisThreadContext = previous
    }

    /// The context set on this thread.
    private static var thisThreadContext: ParraAppContext? {
        get {
            pthread_getspecific(threadKey).map { Unmanaged<ParraAppContext>.fromOpaque($0).takeUnretainedValue() }
        }
        set {
            let old = pthread_getspecific(threadKey)
            pthread_setspecific(threadKey, newValue.map { Unmanaged.passRetained($0).toOpaque() })
            if let old { Unmanaged<ParraAppContext>.fromOpaque(old).release() }
        }
    }

    /// The thread's context, held (retained) in a pthread key and released when the thread
    /// ends, as Thread.threadDictionary held it: without the dictionary's Objective-C-style
    /// boxing, whose first use cost the launch Foundation's first-use overhead.
    private static let threadKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ParraAppContext>.fromOpaque(pointer).release() }
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()
    private static let latestLock = Lock()
    nonisolated(unsafe) private static weak var latestStarted: ParraAppContext?

    /// The context on this thread, else the one that started Parra last (for calls from
    /// other threads, such as a Task, while the app runs).
    package static var currentOrLatest: ParraAppContext? {
        current ?? latestLock.withLock { latestStarted }
    }

    let platform: ParraPlatform
    let bundle: BundleInfo
    /// Runtime settings given by the caller; nil means the defaults for the app's bundle id.
    private let baseSettings: ModuleRuntime.Settings?
    package private(set) var runtime: ModuleRuntime?
    private(set) var tenantId: String?
    private(set) var applicationId: String?
    private(set) var appDelegate: ParraAppDelegateDriving?
    /// Who is using the app: set from the API client's auth check at launch (anonymous or
    /// guest), then by `.authStateChanged` events. Any thread: views read it through
    /// `\.parraAuthState` while the run sets it.
    package internal(set) var authState: ParraAuthState {
        get { currentAuthState.withLock { $0 } }
        set {
            let old = currentAuthState.withLock { state in
                defer { state = newValue }
                return state
            }
            guard newValue != old else { return }
            NotificationPosting.post(
                NotificationPosting.authenticationStateDidChange, [NotificationPosting.authenticationStateKey: newValue]
            )
        }
    }
    private let currentAuthState = Mutex(ParraAuthState.undetermined)
    /// The run's `UIApplication`, which `UIApplication.shared` answers on its threads.
    var application: UIApplication?
    /// What the Parra API last said of the app (the launch's app-info, fresh or cached); empty
    /// until the launch has it. Any thread.
    package var appInfo: ParraAppInfo { ParraAppInfo(json: latestAppInfo.withLock { $0.json }) }
    /// Whether the app knows of a newer release than the one this install last saw, as the
    /// SDK tells it: a launch's app-info carried another version token than the cached one.
    package var isAwareOfNewerRelease: Bool { latestAppInfo.withLock { $0.isAwareOfNewerRelease } }
    private let latestAppInfo = SharedAppInfo()
    /// The app-info request made while the modules start, for the launch's first app-info step.
    private var firstAppInfo: ParraFirstAppInfo?
    /// The app's configuration as `ParraApp` was given it (a `ParraConfiguration`), for the
    /// `\.parraConfiguration` environment value.
    package var appConfiguration: (any Sendable)?
    /// The run's Parra API client, when it has one (modules reach it as `api_request`).
    private(set) var apiClient: ParraAPIClient?
    /// The run's launch: which module drives it and its state.
    private(set) var launch: ParraLaunchCoordinator?
    private var apiStorage: String?
    /// The delegate instances made, one per type. A list, not a dictionary keyed by type: it
    /// is filled before the modules load, and hashing `ObjectIdentifier` that early costs a
    /// conformance search that loading a library undoes.
    private var delegates: [(type: ObjectIdentifier, instance: AnyObject)] = []
    /// The run's hold on app logs, released once the runtime has attached its sinks.
    var logHold: LogRouter.Hold?
    /// Whether the launch completed and the host handed over to the app.
    private(set) var isHandedOver = false
    /// The shortcut items Parra sets at launch; nil when the app turned them off.
    private(set) var launchShortcutItems: [UIApplicationShortcutItem]?
    /// The shortcut type Parra handles itself, and the feedback form it names.
    private var feedbackShortcut: (type: String, formId: String?)?
    /// The app's `urlHandler`: told of each URL a module opens, before it opens.
    private(set) var urlHandler: (@MainActor (URL) -> Void)?
    /// The app's launch prerequisite, which the host runs itself when no module drives the
    /// launch.
    private var launchPrerequisite: (@MainActor @Sendable (ParraAuthState, ParraAppInfo) async throws -> Void)?
    /// Why the host's own launch failed (the app's prerequisite threw); nil when it did not.
    private(set) var hostLaunchFailure: String?
    /// Parra's own handling of URLs and notification responses that came before the handover.
    private var afterLaunch: [() -> Void] = []
    /// What modules hand to the app (`PARRA_EXT_APP_EVENTS`).
    private(set) lazy var appEvents = ModuleAppEvents(platform: platform)
    /// The modules' combined result at the last `application.willPresentNotification`
    /// dispatch, so the host can add it to what an override returned (UNION).
    var modulePresentationOptions: UInt32 = 0

    init(platform: ParraPlatform, settings: ModuleRuntime.Settings?, bundle: BundleInfo) {
        self.platform = platform
        self.baseSettings = settings
        self.bundle = bundle
    }

    /// The one `DelegateType` instance of the current run (or of the process, outside a run).
    @MainActor
    static func delegate<DelegateType: UIApplicationDelegate>(of type: DelegateType.Type) -> DelegateType {
        let store = current ?? processContext
        let id = ObjectIdentifier(type)
        if let existing = store.delegates.first(where: { $0.type == id })?.instance as? DelegateType {
            return existing
        }
        let made = DelegateType()
        store.delegates.append((id, made))
        return made
    }

    private static let processContext = ParraAppContext(
        platform: ScriptedPlatform(script: [], surface: PlainTextPresentationSurface()), settings: nil,
        bundle: .empty)

    /// Records the app's identity and starts the runtime, once; a second call reuses it.
    package func register<SceneDelegate: ParraSceneDelegate>(
        appDelegate: ParraAppDelegate<SceneDelegate>, setup: ParraAppSetup
    ) {
        let tenantId = setup.tenantId
        let applicationId = setup.applicationId
        if runtime != nil {
            if tenantId != self.tenantId || applicationId != self.applicationId {
                platform.report(
                    "a second ParraApp (tenant \(tenantId), application \(applicationId)) reuses the runtime of the first (tenant \(self.tenantId ?? "?"), application \(self.applicationId ?? "?"))"
                )
            }
            return
        }
        self.tenantId = tenantId
        self.applicationId = applicationId
        self.appDelegate = appDelegate
        launchShortcutItems = setup.launchShortcutItems
        urlHandler = setup.urlHandler
        launchPrerequisite = setup.launchPrerequisite
        feedbackShortcut = setup.launchShortcutItems == nil ? nil : setup.feedbackShortcut
        let bundleID = setup.bundleId ?? bundle.identifier ?? BundleInfo.standInIdentifier
        if setup.bundleId == nil, let missing = bundle.missingIdentifierReport { platform.report(missing) }
        var settings = baseSettings ?? ModuleRuntime.Settings(bundleID: bundleID)
        settings.codeOptions = setup.codeOptions.merging(settings.codeOptions) { fromApp, _ in fromApp }
        settings.appLogFallbackLevel = setup.appLogFallbackLevel
        settings.featureModuleNames = setup.featureModuleNames
        let surface = LaunchScreenSurface(wrapping: platform.presentationSurface)
        settings.presentationSurface = surface
        var apiProblem: String?
        if settings.apiService == nil {
            let made = ParraAPIClient.forAppRun(
                settings: settings, givenSettings: baseSettings != nil, tenantId: tenantId,
                applicationId: applicationId, bundleId: bundleID)
            settings.apiService = made.client
            apiProblem = made.problem
        }
        apiClient = settings.apiService as? ParraAPIClient
        if let appAuthentication = setup.appAuthentication { apiClient?.authenticator?.use(appAuthentication) }
        apiStorage = settings.storageDirectory
        // The launch's app-info request goes out now, to run beside the modules' start.
        firstAppInfo = ParraFirstAppInfo(
            client: apiClient, cache: ParraAppInfoCache(folder: settings.storageDirectory), clock: settings.clock)
        let launch = ParraLaunchCoordinator(
            facts: ParraAppFacts.make(bundle: bundle, themePalette: setup.themePalette, platform: platform),
            platform: platform, surface: surface, clock: settings.clock, mainQueue: settings.mainQueue,
            prerequisite: setup.launchPrerequisite, authCheck: { [weak self] then in self?.checkAuth(then) },
            appInfo: { [weak self] then in self?.fetchAppInfo(then) },
            sessionHeld: { [weak self] in
                guard let self, !self.platform.isInteractive else { return nil }
                return self.runtime?.presentations.heldUntil
            })
        self.launch = launch
        settings.appRun = launch
        settings.appEvents = appEvents
        let runtime = ModuleRuntime(settings: settings)
        self.runtime = runtime
        let report = runtime.start()
        Self.latestLock.withLock { Self.latestStarted = self }
        if let logHold { LogRouter.shared.release(logHold) }
        platform.report("Parra \(tenantId)/\(applicationId), bundle \(bundleID)")
        for line in report.lines { platform.report("  \(line)") }
        for option in runtime.options.set {
            platform.report("  option \(option.schema.key) = \(option.value.summary) (from \(option.source))")
        }
        if let apiProblem { platform.report("  \(apiProblem)") }
    }

    /// The host's own launch, when no module drives it: the auth check and app-info, waited
    /// for (within the launch's deadline).
    func runHostLaunch() {
        var appInfo = ParraAppInfo()
        if let apiClient, let apiStorage {
            let cache = ParraAppInfoCache(folder: apiStorage)
            let seen = firstAppInfo?.seen ?? cache.contents()
            let launch = ParraAPILaunch(
                client: apiClient, cache: cache, clock: runtime?.clock ?? SystemClock(), firstAppInfo: firstAppInfo
            ).run()
            for line in launch.lines { platform.report("  \(line)") }
            if launch.authState != .undetermined { authState = launch.authState }
            appInfo = launch.appInfo
            latestAppInfo.withLock { [appInfo] in
                $0 = .init(json: appInfo.json, fresh: launch.appInfoIsFresh, seen: seen)
            }
        }
        guard let prerequisite = launchPrerequisite else { return }
        // As the launch screen module's last task: on the main actor, given who uses the app
        // and the app-info; a throw fails the launch.
        let failure = Mutex<String?>(nil)
        let (state, info) = (authState, appInfo)
        AppThreadExecutor().run {
            do {
                try await prerequisite(state, info)
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
        }
        hostLaunchFailure = failure.withLock { $0 }
        if let hostLaunchFailure { platform.report("the app's launch prerequisite failed: \(hostLaunchFailure)") }
    }

    /// The auth check a launch module asks for: reports what it did and sets the auth state,
    /// on the main queue, then calls `then` with the state.
    private func checkAuth(_ then: @escaping (ParraAuthState) -> Void) {
        guard let apiClient, let runtime else {
            then(.undetermined)
            return
        }
        // Both used on the main queue only, as everything of the context is.
        nonisolated(unsafe) let platform = self.platform
        nonisolated(unsafe) let then = then
        let queue = runtime.mainQueue
        ParraAPILaunch(client: apiClient, cache: nil).checkAuth(
            report: { line in queue.async { platform.report("  \(line)") } },
            then: { [weak self] state in
                let context = self
                queue.async {
                    if state != .undetermined { context?.authState = state }
                    then(state)
                }
            })
    }

    /// The app-info task a launch module asks for, with the run's one cache: reports what it
    /// did, then calls `then` with the outcome, on any thread.
    private func fetchAppInfo(_ then: @escaping @Sendable (ParraAppInfoTask.Outcome) -> Void) {
        guard let apiStorage, let runtime else {
            return then(.skipped("the run has no Parra API client"))
        }
        // Used on the main queue only, as everything of the context is.
        nonisolated(unsafe) let platform = self.platform
        let queue = runtime.mainQueue
        let report: @Sendable (String) -> Void = { line in queue.async { platform.report("  \(line)") } }
        let keep: @Sendable (ParraAppInfoTask.Outcome, [UInt8]?) -> Void = { [latestAppInfo] outcome, seen in
            if let json = outcome.appInfoJSON {
                latestAppInfo.withLock { $0 = .init(json: json, fresh: outcome.isFresh, seen: seen) }
            }
            then(outcome)
        }
        // The launch's first step takes the request made while the modules started; a retry
        // asks anew.
        if let first = firstAppInfo, first.take(report: report, then: { keep($0, first.seen) }) { return }
        let cache = ParraAppInfoCache(folder: apiStorage)
        let seen = cache.contents()
        ParraAppInfoTask(client: apiClient, cache: cache, clock: runtime.clock, report: report).run { keep($0, seen) }
    }

    /// Runs `body`, Parra's own handling of what `label` names, now if the launch completed,
    /// else once it does (saying so): the app delegate hears of it at once, the modules only
    /// once the app is usable. Main thread.
    func whenLaunched(_ label: String, _ body: @escaping () -> Void) {
        guard isHandedOver else {
            platform.report("\(label): queued until the launch completes")
            afterLaunch.append(body)
            return
        }
        body()
    }

    /// The launch completed: runs the handling that waited for it, in arrival order. Main
    /// thread, once.
    func handOver() {
        isHandedOver = true
        let waiting = afterLaunch
        afterLaunch = []
        for body in waiting { body() }
    }

    /// Parra's own handling of a shortcut item, as the SDK's launch shortcut manager: its
    /// feedback item opens a feedback form, which Parra for Linux has no module for, so it
    /// says so and returns false; the app's own items are not Parra's (false).
    func performShortcut(_ item: UIApplicationShortcutItem) -> Bool {
        guard let feedbackShortcut, item.type == feedbackShortcut.type else { return false }
        let form = feedbackShortcut.formId.map { " \($0)" } ?? ""
        platform.report(
            "shortcut \(item.type): Parra's feedback form\(form) cannot open: Parra for Linux has no feedback module")
        return false
    }

    /// Dispatches `point` to the modules, reporting a call that does not fit it.
    @discardableResult
    func dispatch(_ point: OverridePoint, _ arguments: HookArgument...) -> HookResult {
        guard let runtime else { return HookResult(raw: point.combine.identity) }
        do {
            let result = try runtime.dispatcher.call(pointID: point.id, arguments)
            if point == .applicationWillPresentNotification { modulePresentationOptions = result.uint32 }
            return result
        } catch {
            platform.report("cannot dispatch \(point.id): \(error)")
            return HookResult(raw: point.combine.identity)
        }
    }
}

/// What the app host calls on the app delegate, whatever its scene delegate type.
@MainActor
protocol ParraAppDelegateDriving: AnyObject, Sendable {
    var calledSuper: Set<String> { get }
    func didFinishLaunching(_ application: UIApplication, options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    func performAction(for item: UIApplicationShortcutItem, _ application: UIApplication) async -> Bool
    func configuration(for session: UISceneSession, _ application: UIApplication) -> UISceneConfiguration
    func open(_ url: URL, _ application: UIApplication) -> Bool
    func didReceive(_ response: UNNotificationResponse) async
    var sceneDelegateType: ParraSceneDelegate.Type { get }
    /// The same delegate, for the events modules hand over: a conformance known here, where
    /// asking with `as?` would search every loaded library's conformances.
    nonisolated var remoteNotificationDriving: ParraRemoteNotificationDriving { get }
}

extension ParraAppDelegate: ParraAppDelegateDriving {
    func didFinishLaunching(_ application: UIApplication, options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        self.application(application, didFinishLaunchingWithOptions: options)
    }
    func performAction(for item: UIApplicationShortcutItem, _ application: UIApplication) async -> Bool {
        await self.application(application, performActionFor: item)
    }
    func configuration(for session: UISceneSession, _ application: UIApplication) -> UISceneConfiguration {
        self.application(
            application, configurationForConnecting: session, options: UIScene.ConnectionOptions(urlContexts: []))
    }
    func open(_ url: URL, _ application: UIApplication) -> Bool {
        self.application(application, open: url, options: [:])
    }
    func didReceive(_ response: UNNotificationResponse) async {
        await userNotificationCenter(.current(), didReceive: response)
    }
    var sceneDelegateType: ParraSceneDelegate.Type { SceneDelegate.self }
    nonisolated var remoteNotificationDriving: ParraRemoteNotificationDriving { self }
}

/// The app-info a run last got, shared between the launch's threads and the app's readers. Kept
/// as the launch got it and read only when asked: a launch parses nothing for it.
private final class SharedAppInfo: Sendable {
    /// The app-info's JSON, and what tells whether it told of a newer release.
    struct Latest {
        /// The app-info object, as text.
        var json = "{}"
        /// Whether it is the server's answer, not the cache's.
        var fresh = false
        /// The app-info cache file as it was before the launch replaced it.
        var seen: [UInt8]?

        /// Whether a fresh answer carried another version token than the one this install had
        /// seen, as the SDK's version-token check says.
        var isAwareOfNewerRelease: Bool {
            guard fresh, let seen, let entry = ParraAppInfoCache.entry(in: seen),
                let before = ParraAppInfo(json: entry.json).versionToken,
                let token = ParraAppInfo(json: json).versionToken
            else { return false }
            return token != before
        }
    }

    private let value = Mutex(Latest())

    /// Runs `body` with the latest app-info, under the lock.
    func withLock<Result>(_ body: (inout Latest) -> Result) -> Result { value.withLock { body(&$0) } }
}
