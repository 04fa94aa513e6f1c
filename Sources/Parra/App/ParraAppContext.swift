import Foundation

/// The app-wide state of one run of an app: its platform, runtime, delegate and auth state.
/// `ParraAppHost.run` makes one and sets it as `current` for the run; delegates and
/// `ParraApp` reach the runtime through it.
final class ParraAppContext {
    /// The context of the app running on this thread, if any. An app runs on one thread from
    /// launch to termination, so each run (tests run several at once) sees its own.
    static var current: ParraAppContext? {
        get { Thread.current.threadDictionary[threadKey] as? ParraAppContext }
        set { Thread.current.threadDictionary[threadKey] = newValue }
    }

    private static let threadKey = "ParraAppContext.current"

    let platform: ParraPlatform
    let bundle: BundleInfo
    /// Runtime settings given by the caller; nil means the defaults for the app's bundle id.
    private let baseSettings: ModuleRuntime.Settings?
    private(set) var runtime: ModuleRuntime?
    private(set) var tenantId: String?
    private(set) var applicationId: String?
    private(set) var appDelegate: ParraAppDelegateDriving?
    /// Who is using the app: set from the API client's auth check at launch (anonymous or
    /// guest), then by `.authStateChanged` events.
    var authState: ParraAuthState = .undetermined
    /// The run's Parra API client, when it has one (modules reach it as `api_request`).
    private(set) var apiClient: ParraAPIClient?
    /// The app-info fetched at launch (or the cached one).
    private(set) var appInfo: ParraAppInfo?
    private var delegates: [ObjectIdentifier: AnyObject] = [:]
    /// The run's hold on app logs, released once the runtime has attached its sinks.
    var logHold: LogRouter.Hold?

    init(platform: ParraPlatform, settings: ModuleRuntime.Settings?, bundle: BundleInfo) {
        self.platform = platform
        self.baseSettings = settings
        self.bundle = bundle
    }

    /// The one `DelegateType` instance of the current run (or of the process, outside a run).
    static func delegate<DelegateType: UIApplicationDelegate>(of type: DelegateType.Type) -> DelegateType {
        let store = current ?? processContext
        if let existing = store.delegates[ObjectIdentifier(type)] as? DelegateType { return existing }
        let made = DelegateType()
        store.delegates[ObjectIdentifier(type)] = made
        return made
    }

    private static let processContext = ParraAppContext(
        platform: ScriptedPlatform(script: [], surface: PlainTextPresentationSurface()), settings: nil,
        bundle: .empty)

    /// Records the app's identity and starts the runtime, once; a second call reuses it.
    func register<SceneDelegate: ParraSceneDelegate>(
        tenantId: String, applicationId: String, appDelegate: ParraAppDelegate<SceneDelegate>,
        configuration: ParraConfiguration
    ) {
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
        let bundleID = configuration.appInfoOptions.bundleId ?? bundle.identifier ?? "unknown"
        var settings = baseSettings ?? ModuleRuntime.Settings(bundleID: bundleID)
        settings.codeOptions = configuration.explicitOptionValues.merging(settings.codeOptions) { fromApp, _ in fromApp
        }
        settings.presentationSurface = platform.presentationSurface
        var apiProblem: String?
        if settings.apiService == nil {
            let made = ParraAPIClient.forAppRun(
                settings: settings, givenSettings: baseSettings != nil, tenantId: tenantId,
                applicationId: applicationId, bundleId: bundleID)
            settings.apiService = made.client
            apiProblem = made.problem
        }
        apiClient = settings.apiService as? ParraAPIClient
        let runtime = ModuleRuntime(settings: settings)
        self.runtime = runtime
        let report = runtime.start()
        if let logHold { LogRouter.shared.release(logHold) }
        platform.report("Parra \(tenantId)/\(applicationId), bundle \(bundleID)")
        for line in report.lines { platform.report("  \(line)") }
        for option in runtime.options.all where option.source != .moduleDefault(moduleID: option.schema.ownerID) {
            platform.report("  option \(option.schema.key) = \(option.value.summary) (from \(option.source))")
        }
        if let apiProblem { platform.report("  \(apiProblem)") }
        if let apiClient {
            let launch = ParraAPILaunch(client: apiClient, cache: ParraAppInfoCache(folder: settings.storageDirectory))
                .run()
            for line in launch.lines { platform.report("  \(line)") }
            appInfo = launch.appInfo
            if launch.authState != .undetermined { authState = launch.authState }
        }
    }

    /// Dispatches `point` to the modules, reporting a call that does not fit it.
    @discardableResult
    func dispatch(_ point: OverridePoint, _ arguments: HookArgument...) -> HookResult {
        guard let runtime else { return HookResult(raw: point.combine.identity) }
        do {
            return try runtime.dispatcher.call(pointID: point.id, arguments)
        } catch {
            platform.report("cannot dispatch \(point.id): \(error)")
            return HookResult(raw: point.combine.identity)
        }
    }
}

/// What the app host calls on the app delegate, whatever its scene delegate type.
protocol ParraAppDelegateDriving: AnyObject {
    var calledSuper: Set<String> { get }
    func didFinishLaunching(_ application: UIApplication) -> Bool
    func configuration(for session: UISceneSession, _ application: UIApplication) -> UISceneConfiguration
    func willTerminate(_ application: UIApplication)
    func didEnterBackground(_ application: UIApplication)
    func willEnterForeground(_ application: UIApplication)
    func open(_ url: URL, _ application: UIApplication) -> Bool
    var sceneDelegateType: ParraSceneDelegate.Type { get }
}

extension ParraAppDelegate: ParraAppDelegateDriving {
    func didFinishLaunching(_ application: UIApplication) -> Bool {
        self.application(application, didFinishLaunchingWithOptions: nil)
    }
    func configuration(for session: UISceneSession, _ application: UIApplication) -> UISceneConfiguration {
        self.application(
            application, configurationForConnecting: session, options: UIScene.ConnectionOptions(urlContexts: []))
    }
    func willTerminate(_ application: UIApplication) { applicationWillTerminate(application) }
    func didEnterBackground(_ application: UIApplication) { applicationDidEnterBackground(application) }
    func willEnterForeground(_ application: UIApplication) { applicationWillEnterForeground(application) }
    func open(_ url: URL, _ application: UIApplication) -> Bool {
        self.application(application, open: url, options: [:])
    }
    var sceneDelegateType: ParraSceneDelegate.Type { SceneDelegate.self }
}
