import FoundationEssentials
import ParraAPI
import ParraFileSystem
import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// Runs an `App`: builds its scenes, starts Parra through its `ParraApp`, drives the app and
/// scene delegates through launch, windows, background, foreground and termination, and
/// returns the exit status. The app's code (delegates, views) runs on the main actor
/// (`MainActorHop`).
package enum ParraAppHost {
    /// Runs `appType` on `platform` (the terminal by default) and returns the exit status:
    /// 0 after a normal termination, 1 when the app could not launch (its delegate refused,
    /// or the launch screen module's launch never completed). Call it on the main thread, as
    /// `App.main()` does, or on a thread of its own off the main actor, as tests do.
    @discardableResult
    package static func run<A: App>(
        _ appType: A.Type, platform: ParraPlatform? = nil, settings: ModuleRuntime.Settings? = nil,
        bundle: BundleInfo? = nil
    ) -> Int32 {
        // Off the main thread but on the main actor, the run could never let the app's async
        // methods run on it.
        precondition(
            MainThread.isCurrent || !MainActorHop.isOnMainQueue,
            "an app runs on the main thread or off the main actor, not on the main actor off the main thread")
        // Logs the app makes from here until its modules are active are held for them: the
        // hold ends once Parra has started (its runtime holds on until it attaches), or when
        // the run ends if the app never starts Parra.
        let logHold = LogRouter.shared.hold()
        defer { LogRouter.shared.release(logHold) }
        let platform =
            platform
            ?? {
                // A closed stdout (`app | head -1`) makes writes fail with EPIPE instead of
                // killing the app before willTerminate and the modules' deactivate.
                signal(SIGPIPE, SIG_IGN)
                let terminal = TerminalPlatform()
                terminal.listenForSignals()
                return terminal
            }()
        let bundleInfo: BundleInfo
        if let bundle {
            bundleInfo = bundle
        } else {
            let (loaded, problems) = BundleInfo.besideExecutable()
            for problem in problems { platform.report(problem) }
            bundleInfo = loaded
        }
        let context = ParraAppContext(platform: platform, settings: settings, bundle: bundleInfo)
        context.logHold = logHold
        let previous = ParraAppContext.current
        ParraAppContext.current = context
        defer { ParraAppContext.current = previous }
        let groups = MainActorHop.run {
            var groups: [WindowGroupDeclaration] = []
            A().body.collectWindowGroups(into: &groups)
            return groups
        }
        let status = AppSession(
            context: context, delegateMethods: { A.parraDelegateMethods(of: $0) }, groups: groups
        ).run()
        context.launch?.releaseMainQueue()
        return status
    }
}

/// One run of an app, from launch to termination.
private final class AppSession {
    private struct Window {
        let scene: UIScene
        let delegate: ParraSceneDelegate
        /// The lifecycle methods the scene delegate implements beyond its base class's.
        let methods: ParraDelegateMethods
        let group: WindowGroupDeclaration
    }

    private let context: ParraAppContext
    /// The app type's `parraDelegateMethods(of:)`: it may know its delegates' lifecycle methods.
    private let delegateMethods: @MainActor @Sendable (AnyObject) -> ParraDelegateMethods?
    private let groups: [WindowGroupDeclaration]
    private let application = MainActorHop.run { UIApplication() }
    private var windows: [Window] = []
    /// The shortcut item the app was started through: a launch option, and the first window's
    /// connection option.
    private var launchShortcutItem: UIApplicationShortcutItem?
    /// The URL the app was started to open, for its first window's connection options.
    private var launchURL: URL?
    /// The lifecycle methods the app delegate implements beyond its base class's, read once.
    private var appMethods = ParraDelegateMethods()
    private var reportedSuperMisses: Set<String> = []
    /// Whether the launch completed and the session went on to the windows (they are drawn
    /// as they connect from then on) and the queued URLs.
    private var handedOver = false
    /// The longest one attempt of a module's launch may take to settle.
    private let launchLimit: Double
    /// The status the app ends with because the module driving the launch held it past
    /// `launchLimit`.
    private var heldLaunchStatus: Int32?
    /// Whether the session said that the launch waits past its limit on a step of the host's.
    private var reportedHostStepWait = false

    init(
        context: ParraAppContext, delegateMethods: @escaping @MainActor @Sendable (AnyObject) -> ParraDelegateMethods?,
        groups: [WindowGroupDeclaration]
    ) {
        self.context = context
        self.delegateMethods = delegateMethods
        launchLimit = LaunchLimit.seconds(in: ProcessEnvironment.current, report: context.platform.report)
        var seen = Set<String>()
        self.groups = groups.filter { group in
            guard let id = group.id else { return true }
            guard seen.insert(id).inserted else {
                context.platform.report("WindowGroup id '\(id)' is used twice; the second group is not opened")
                return false
            }
            return true
        }
    }

    func run() -> Int32 {
        guard let delegate = context.appDelegate else {
            context.platform.report("the app's body has no ParraApp, so Parra was not started; nothing to run")
            return 1
        }
        let (application, delegateMethods) = (self.application, self.delegateMethods)
        context.application = application
        appMethods = MainActorHop.run {
            UIApplication.setRunning(application)
            return ParraDelegateMethods.of(delegate, appTable: delegateMethods(delegate))
        }
        defer { MainActorHop.run { UIApplication.setRunning(nil) } }
        // What the store resolved before the app's delegate runs, recorded once the windows are
        // up: only `parra config show --app` reads it, so it is no work for the first frame
        // (the values are taken now; their text is made with the record).
        let resolvedOptions = context.runtime.map { (options: $0.options.all, problems: $0.options.problems) }
        if let items = context.launchShortcutItems { MainActorHop.run { application.shortcutItems = items } }
        var launchOptions: [UIApplication.LaunchOptionsKey: Any]?
        if let type = LaunchShortcutRecord.requestedType(in: context.platform.launchArguments) {
            launchShortcutItem = shortcutItem(ofType: type)
            launchOptions = [.shortcutItem: launchShortcutItem as Any]
        }
        if let payload = context.appEvents.launchNotification {
            launchOptions = (launchOptions ?? [:]).merging(
                [.remoteNotification: UNNotificationContent(payloadJSON: payload).userInfo]) { _, pushed in pushed }
        }
        switch LaunchURL.requested(in: context.platform.launchArguments) {
        case .success(let url): launchURL = url
        case .failure(let problem): context.platform.report("\(problem)")
        case nil: break
        }
        let (launched, calledSuper) = MainActorHop.run { [launchOptions] in
            (delegate.didFinishLaunching(application, options: launchOptions), delegate.calledSuper)
        }
        // As UIKit, the app goes on whatever the delegate returns; it is only said.
        if !launched {
            context.platform.report("application(_:didFinishLaunchingWithOptions:) returned false; the app goes on")
        }
        checkSuper(
            calledSuper, "application(_:didFinishLaunchingWithOptions:)", of: delegate,
            point: .applicationDidFinishLaunching)
        if context.launch?.driver == nil { context.runHostLaunch() }
        awaitLaunch(delegate)
        if context.authState == .undetermined { context.authState = .guest(ParraGuest()) }
        for (index, group) in groups.enumerated() { connect(group, index: index, delegate: delegate) }
        // The URL the app was started with: the first window had it in its connection options
        // (and the modules in scene.willConnect); Parra's own handling sees it as any other.
        // An app without a window is given it as one that is running.
        if let launchURL {
            if windows.isEmpty { open(launchURL, delegate) } else { showModules(launchURL, window: nil) }
        }
        setState(.active)
        appMethod(\.applicationDidBecomeActive)
        if let resolvedOptions {
            record(ResolvedOptionsRecord(options: resolvedOptions.options, problems: resolvedOptions.problems))
        }
        if let launch = context.launch, launch.isSessionHeld {
            launch.waitWhileSessionHeld(cancelled: { [platform = context.platform] in platform.terminationRequested })
        }
        context.platform.runEvents { event in
            handle(event, delegate)
            // After terminate the modules are stopped: a launch they were retrying never
            // settles, and nothing is left to hand over to.
            if case .terminate = event { return }
            awaitLaunch(delegate)
        }
        if let heldLaunchStatus { return heldLaunchStatus }
        guard isLaunchComplete else {
            context.platform.report(
                "the launch never completed (last state: \(context.launch?.state?.summary ?? "none")); exiting with status 1"
            )
            return 1
        }
        return 0
    }

    /// Whether the app is usable: no module drives the launch, or its launch completed.
    private var isLaunchComplete: Bool {
        guard let launch = context.launch, launch.driver != nil else { return context.hostLaunchFailure == nil }
        return launch.state == .complete
    }

    /// Waits for a module's launch in progress to complete or fail, hands over to the windows
    /// if it completed, then waits while a module holds an unattended session.
    private func awaitLaunch(_ delegate: ParraAppDelegateDriving) {
        guard let launch = context.launch else { return handOverIfComplete(delegate) }
        let platform = context.platform
        if launch.driver != nil {
            while !launch.waitUntilSettled(
                timeout: launch.attemptTimeLeft(of: launchLimit), cancelled: { platform.terminationRequested }),
                !platform.terminationRequested
            {
                // A step of the host's that ended meanwhile gave the module its time again.
                guard launch.attemptTimeLeft(of: launchLimit) == 0 else { continue }
                endHeldLaunch(launch)
                break
            }
        }
        handOverIfComplete(delegate)
        // What a module is about to show over the windows shows before an unattended session
        // plays on.
        if launch.isSessionHeld { launch.waitWhileSessionHeld(cancelled: { platform.terminationRequested }) }
    }

    /// The launch has not settled within its limit. While a step of the host's runs (the
    /// app's own prerequisite, say) the launch waits on the app, and the windows stay held;
    /// otherwise the module driving it holds it: the module is quarantined and the app ends.
    private func endHeldLaunch(_ launch: ParraLaunchCoordinator) {
        let driver = launch.driver ?? "?"
        let seconds = String(cFormat: "%g", launchLimit)
        let state = launch.state?.summary ?? "none"
        if let step = launch.stepsInProgress.first {
            // Said once: each later event finds the limit passed again.
            guard !reportedHostStepWait else { return }
            reportedHostStepWait = true
            context.platform.report(
                "the launch driven by \(driver) did not settle within \(seconds) s (state \(state)): the host's \(step) step is still running; the windows stay held"
            )
            return
        }
        guard heldLaunchStatus == nil else { return }
        heldLaunchStatus = ModuleQuarantine.hangExitStatus
        let (file, outcome) =
            context.runtime?.quarantineHeldLaunch(of: driver)
            ?? (driver, "it cannot be quarantined (no module \(driver) is loaded)")
        context.platform.report(
            "\(file) held the app's launch for \(seconds) s without completing it (state \(state)); ending the app (status \(ModuleQuarantine.hangExitStatus)); \(outcome)"
        )
        _ = context.platform.post(.terminate)
    }

    /// Runs the app's async delegate method `body` to its end before the next event: UIKit
    /// awaits them too.
    private func waitFor(_ body: @escaping () async -> Void) {
        // Runs to its end before this returns: never at the same time as the caller's code.
        nonisolated(unsafe) let body = body
        AppThreadExecutor().run { await body() }
    }

    /// The app's shortcut item of `type`, or a bare one titled with its type when the app
    /// offers none of that type (a Desktop Entry written before the app changed its items).
    private func shortcutItem(ofType type: String) -> UIApplicationShortcutItem {
        let application = self.application
        return MainActorHop.run { application.shortcutItems }?.first { $0.type == type }
            ?? UIApplicationShortcutItem(type: type, localizedTitle: type)
    }

    /// Writes what the option store resolved, for `parra config show --app`, when it changed.
    private func record(_ resolvedOptions: ResolvedOptionsRecord) {
        guard let runtime = context.runtime else { return }
        do {
            try resolvedOptions.write(into: runtime.storageDirectory)
        } catch {
            context.platform.report("cannot record the resolved options for `parra config show --app`: \(error)")
        }
    }

    /// Records the app's shortcut items for `parra desktop-entry`, when they changed.
    private func recordShortcutItems() {
        guard let storage = context.runtime?.storageDirectory else { return }
        let executable = ModuleSearchPath.currentExecutablePath()
        let record = LaunchShortcutRecord(
            executable: executable ?? CommandLine.arguments[0],
            name: executable.map { lastPathComponent(of: $0) } ?? "app",
            items: MainActorHop.run { [application] in application.shortcutItems } ?? [])
        do {
            try record.write(into: storage)
        } catch {
            context.platform.report("cannot record the shortcut items for `parra desktop-entry`: \(error)")
        }
    }

    /// Once the launch completed: draws the windows connected meanwhile and runs Parra's
    /// handling of the URLs and notification responses that came before.
    private func handOverIfComplete(_ delegate: ParraAppDelegateDriving) {
        guard !handedOver, isLaunchComplete else { return }
        handedOver = true
        for window in windows { draw(window) }
        NotificationPosting.post(NotificationPosting.launchScreenDidDismiss)
        context.handOver()
    }

    private func connect(_ group: WindowGroupDeclaration, index: Int, delegate: ParraAppDelegateDriving) {
        let sceneID = group.id ?? "window-\(index + 1)"
        // The session and its configuration go back and forth with the main actor's hops, each
        // of which this thread waits for: they are never used at once.
        nonisolated(unsafe) let session = UISceneSession(persistentIdentifier: sceneID, role: .windowApplication)
        let (application, delegateMethods) = (self.application, self.delegateMethods)
        let (madeConfiguration, calledSuper) = MainActorHop.run {
            (delegate.configuration(for: session, application), delegate.calledSuper)
        }
        nonisolated(unsafe) let configuration = madeConfiguration
        checkSuper(
            calledSuper, "application(_:configurationForConnecting:options:)", of: delegate,
            point: .applicationConfigurationForConnecting)
        session.configuration = configuration
        let (sceneDelegate, methods) = MainActorHop.run {
            let sceneDelegate = (configuration.delegateClass ?? delegate.sceneDelegateType).init()
            sceneDelegate.appDelegateShortcutAction = { [weak delegate] item in
                await delegate?.performAction(for: item, application) ?? false
            }
            return (sceneDelegate, ParraDelegateMethods.of(sceneDelegate, appTable: delegateMethods(sceneDelegate)))
        }
        let scene = MainActorHop.run {
            let scene = UIScene(identifier: sceneID, session: session)
            scene.delegate = sceneDelegate
            application.connectedScenes.append(scene)
            return scene
        }
        let window = Window(scene: scene, delegate: sceneDelegate, methods: methods, group: group)
        windows.append(window)
        let first = windows.count == 1
        let options = UIScene.ConnectionOptions(
            urlContexts: first ? Set(launchURL.map { [UIOpenURLContext(url: $0)] } ?? []) : [],
            shortcutItem: first ? launchShortcutItem : nil)
        let connectCalledSuper = MainActorHop.run {
            sceneDelegate.scene(scene, willConnectTo: session, options: options)
            return sceneDelegate.calledSuper
        }
        checkSuper(connectCalledSuper, "scene(_:willConnectTo:options:)", of: sceneDelegate, point: .sceneWillConnect)
        if isLaunchComplete { draw(window) }
        sceneEvent(window, .sceneWillEnterForeground, \.sceneWillEnterForeground)
        sceneEvent(window, .sceneDidBecomeActive, \.sceneDidBecomeActive)
    }

    private func handle(_ event: PlatformEvent, _ delegate: ParraAppDelegateDriving) {
        context.platform.report("event: \(event)")
        switch event {
        case .didEnterBackground:
            appMethod(\.applicationWillResignActive)
            for window in windows {
                sceneEvent(window, .sceneWillResignActive, \.sceneWillResignActive)
                sceneEvent(window, .sceneDidEnterBackground, \.sceneDidEnterBackground)
            }
            setState(.background)
            appEvent(.applicationDidEnterBackground, \.applicationDidEnterBackground)
        case .willEnterForeground:
            appEvent(.applicationWillEnterForeground, \.applicationWillEnterForeground)
            for window in windows {
                sceneEvent(window, .sceneWillEnterForeground, \.sceneWillEnterForeground)
                sceneEvent(window, .sceneDidBecomeActive, \.sceneDidBecomeActive)
            }
            setState(.active)
            appMethod(\.applicationDidBecomeActive)
        case .notificationResponse(let payload, let action):
            let response = UNNotificationResponse(
                notification: UNNotification(payloadJSON: payload), actionIdentifier: action)
            waitFor { await delegate.didReceive(response) }
            checkSuper(
                MainActorHop.run { delegate.calledSuper }, "userNotificationCenter(_:didReceive:)", of: delegate,
                point: .applicationDidReceiveNotificationResponse)
        case .openURL(let text), .parraOpensURL(let text):
            guard let url = URL(string: text), url.scheme != nil else {
                context.platform.report("cannot open '\(text)': not a URL with a scheme")
                return
            }
            if case .parraOpensURL = event, let urlHandler = context.urlHandler { MainActorHop.run { urlHandler(url) } }
            open(url, delegate)
        case .openNotificationSettings:
            let (center, driving) = (UNUserNotificationCenter.current(), delegate.remoteNotificationDriving)
            MainActorHop.run { driving.openSettings(center) }
        case .didRegisterForRemoteNotifications, .didFailToRegisterForRemoteNotifications, .notificationArrived,
            .remoteNotification:
            handleRemoteNotificationEvent(event, delegate)
        case .authStateChanged(let state):
            context.authState = state
            context.appEvents.authStateChanged(state)
            if isLaunchComplete { for window in windows { draw(window) } }
        case .key(let key):
            guard let desk = context.runtime?.presentations, desk.press(key) else {
                context.platform.report("no presentation takes the key '\(key)'")
                return
            }
            // What the key took away is no longer drawn over the windows: draw them again.
            if handedOver && desk.offeredKeys.isEmpty { for window in windows { draw(window) } }
        case .retryLaunch:
            guard case .failed = context.launch?.state else {
                context.platform.report("retry: the launch has not failed")
                return
            }
            context.launch?.surface.takeDown(byUser: true)
        case .shortcut(let type):
            // As UIKit does in a scene-based app: the window's scene delegate gets the item;
            // its default hands it to the app delegate.
            let item = shortcutItem(ofType: type)
            if let window = windows.first {
                waitFor { _ = await window.delegate.windowScene(window.scene, performActionFor: item) }
            } else {
                waitFor { [application] in _ = await delegate.performAction(for: item, application) }
            }
        case .terminate:
            terminate()
        }
    }

    /// Opens `url` as a scene-based UIKit app does: the first window's scene delegate gets it in
    /// `scene(_:openURLContexts:)`, an app without a window its delegate's
    /// `application(_:open:options:)`; the app is told at once. The SDK's base methods do
    /// nothing, so the host itself shows the modules the URL once the launch has completed:
    /// `application.openURL` for every URL (Parra's own handling, reported as handled or
    /// not), then `scene.openURLContexts` for the window it went to.
    private func open(_ url: URL, _ delegate: ParraAppDelegateDriving) {
        // Used by the hop below while this thread waits for it.
        nonisolated(unsafe) let window = windows.first
        showModules(url, window: window)
        let application = self.application
        MainActorHop.run {
            if let window {
                window.delegate.scene(window.scene, openURLContexts: [UIOpenURLContext(url: url)])
            } else {
                _ = delegate.open(url, application)
            }
        }
    }

    /// Shows the modules `url` once the launch has completed: `application.openURL` (reported as
    /// handled or not), then `scene.openURLContexts` for `window` when it went to one.
    private func showModules(_ url: URL, window: Window?) {
        let (text, context) = (url.absoluteString, self.context)
        context.whenLaunched("open \(text)") {
            let handled = context.dispatch(.applicationOpenURL, .string(text), .string("{}")).bool
            context.platform.report("open \(text): \(handled == true ? "handled" : "not handled by any module")")
            guard let window else { return }
            context.dispatch(
                .sceneOpenURLContexts, .string(window.scene.identifier), .string(JSONValue.array([.string(text)]).json)
            )
        }
    }

    /// A module's push token, registration failure or arriving notification, handed to the app
    /// delegate; the notification's module gets what the delegate and the modules allow.
    private func handleRemoteNotificationEvent(_ event: PlatformEvent, _ delegate: ParraAppDelegateDriving) {
        let driving = delegate.remoteNotificationDriving
        switch event {
        case .didRegisterForRemoteNotifications(let token):
            let calledSuper = MainActorHop.run { [application] in
                driving.didRegister(token: Data(token), application)
                return delegate.calledSuper
            }
            checkSuper(
                calledSuper, "application(_:didRegisterForRemoteNotificationsWithDeviceToken:)", of: delegate,
                point: .applicationDidRegisterForRemoteNotifications)
        case .didFailToRegisterForRemoteNotifications(let reason):
            let calledSuper = MainActorHop.run { [application] in
                driving.didFailToRegister(reason: reason, application)
                return delegate.calledSuper
            }
            checkSuper(
                calledSuper, "application(_:didFailToRegisterForRemoteNotificationsWithError:)",
                of: delegate, point: .applicationDidFailToRegisterForRemoteNotifications)
        case .notificationArrived(let payload, let id):
            context.modulePresentationOptions = 0
            nonisolated(unsafe) var options = UNNotificationPresentationOptions()
            waitFor { options = await driving.willPresent(UNNotification(payloadJSON: payload)) }
            checkSuper(
                MainActorHop.run { delegate.calledSuper }, "userNotificationCenter(_:willPresent:)", of: delegate,
                point: .applicationWillPresentNotification)
            context.appEvents.answer(id, options: options.rawValue | context.modulePresentationOptions)
        case .remoteNotification(let payload):
            let userInfo = UNNotificationContent(payloadJSON: payload).userInfo
            nonisolated(unsafe) let sendableInfo = userInfo  // values read from JSON, handed to the main actor
            let calledSuper = MainActorHop.run { [application] in
                driving.didReceiveRemoteNotification(sendableInfo, application)
                return delegate.calledSuper
            }
            checkSuper(
                calledSuper, "application(_:didReceiveRemoteNotification:fetchCompletionHandler:)", of: delegate,
                point: .applicationDidReceiveRemoteNotification)
        default:
            return
        }
    }

    private func terminate() {
        context.appEvents.answerAllWaiting()
        appEvent(.applicationWillTerminate, \.applicationWillTerminate)
        // What the app's items became while it ran is what its launcher entry offers next.
        recordShortcutItems()
        for window in windows.reversed() {
            sceneEvent(window, .sceneDidDisconnect, \.sceneDidDisconnect)
        }
        windows = []
        context.runtime?.stop()
    }

    /// A scene event: the modules' hooks for `point`, then the scene delegate's own method.
    /// The method is picked by a function (`\.sceneDidBecomeActive` is one), not a `KeyPath`:
    /// the runtime builds a key path object on its first use, about 30,000 instructions each.
    private func sceneEvent(
        _ window: Window, _ point: OverridePoint,
        _ method: (ParraDelegateMethods) -> (@MainActor (UIScene) -> Void)?
    ) {
        context.dispatch(point, .string(window.scene.identifier))
        guard let method = method(window.methods) else { return }
        let scene = window.scene
        MainActorHop.run { method(scene) }
    }

    /// An app event: the modules' hooks for `point`, then the app delegate's own method.
    private func appEvent(
        _ point: OverridePoint, _ method: (ParraDelegateMethods) -> (@MainActor (UIApplication) -> Void)?
    ) {
        context.dispatch(point)
        appMethod(method)
    }

    /// Sets the app's `applicationState`.
    private func setState(_ state: UIApplication.State) {
        let application = self.application
        MainActorHop.run { application.applicationState = state }
    }

    /// The app delegate's own lifecycle method, if it implements it.
    private func appMethod(_ method: (ParraDelegateMethods) -> (@MainActor (UIApplication) -> Void)?) {
        guard let method = method(appMethods) else { return }
        let application = self.application
        MainActorHop.run { method(application) }
    }

    private func draw(_ window: Window) {
        let (render, renderContext) = (window.group.render, _RenderContext(authState: context.authState))
        let lines = MainActorHop.run { render(renderContext) }
        context.platform.draw(RenderedWindow(sceneID: window.scene.identifier, lines: lines))
    }

    /// Reports, once per method, an override that did not call `super`: the modules missed
    /// that point.
    private func checkSuper(_ called: Set<String>, _ method: String, of object: AnyObject, point: OverridePoint) {
        guard !called.contains(method) else { return }
        // Named only for a miss: a type's name is made by the runtime's demangler.
        let name = "\(type(of: object)).\(method)"
        guard reportedSuperMisses.insert(name).inserted else { return }
        context.platform.report("\(name) did not call super, so the modules did not see \(point.id)")
    }
}
