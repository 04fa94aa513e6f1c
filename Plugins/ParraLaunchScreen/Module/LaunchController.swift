import FoundationEssentials
import ParraPluginKit
import ParraSync

/// The launch: its state machine and its tasks.
///
/// `launch()` shows the launch screen (`initial`) and runs the tasks in order: theme (the
/// palette was resolved at configure, so it is recorded as done), app-info, the auth check,
/// the session start for a user, the app's prerequisite; then dismissal: `transitioning`, the
/// fade (stepped on a terminal, skipped otherwise) and `complete`, when it emits
/// `didComplete`. A task that fails makes the state `failed` with the reason under "Failed to
/// perform actions necessary to launch app."; `retry` starts over: the user's key (the host
/// dismisses the failure as the user), the app entering the foreground, or a scene becoming
/// active after one resigned. Every entry point is serialized, as hooks (the app's thread) and
/// timers (the host's main queue) may come from two threads.
final class LaunchController {
    /// The module's view of the launch state.
    enum State: Equatable {
        case idle, initial, transitioning, complete
        case failed(String)
    }

    /// The title of the failure screen.
    static let failureTitle = "Failed to perform actions necessary to launch app."
    /// The extension point emitted when the launch completes.
    static let didCompletePoint = "com.parra.launchScreen.didComplete"
    /// The extension point emitted when a user's session starts during the launch.
    static let sessionDidStartPoint = "com.parra.launchScreen.sessionDidStart"
    /// The command that answers with the state now (`stateJSON`).
    static let stateCommand = "com.parra.launchScreen.state"
    /// The command that answers once the launch has completed (`whenComplete`).
    static let whenCompleteCommand = "com.parra.launchScreen.whenComplete"

    private let services: LaunchServices
    private let settings: LaunchSettings
    private let lock = Lock(recursive: true)
    private var current = State.idle
    private var attempt = 0
    private var appInfo = "{}"
    private var resignedSinceFailure = false
    private var pendingTimers: [UInt64] = []
    private var tasksDone: [String] = []
    /// The user whose session the current attempt started; nil before its auth check, or
    /// when it found none.
    private var sessionUserID: String?
    /// Who waits for the launch to complete (`whenComplete`).
    private var completionWaiters: [(String) -> Void] = []

    /// A launch on `services` with `settings`.
    init(services: LaunchServices, settings: LaunchSettings) {
        self.services = services
        self.settings = settings
    }

    /// The current state.
    var state: State { lock.withLock { current } }

    /// The tasks of the current attempt that finished, in order.
    var completedTasks: [String] { lock.withLock { tasksDone } }

    /// The state now, as `{"state": "idle|initial|transitioning|complete|failed", "userId": ...}`;
    /// `userId` names the user whose session the launch started, and is absent without one.
    var stateJSON: String {
        lock.withLock {
            let name =
                switch current {
                case .idle: "idle"
                case .initial: "initial"
                case .transitioning: "transitioning"
                case .complete: "complete"
                case .failed: "failed"
                }
            var members: [String: JSONValue] = ["state": .string(name)]
            if let sessionUserID { members["userId"] = .string(sessionUserID) }
            return JSONValue.object(members).json
        }
    }

    /// Calls `answer` once the launch has completed (at once when it has) with
    /// `{"userId": ...}`, the user whose session it started, or `{}` without one.
    func whenComplete(_ answer: @escaping (String) -> Void) {
        lock.withLock {
            guard current == .complete else { return completionWaiters.append(answer) }
            answer(completionJSON)
        }
    }

    /// What `whenComplete` answers.
    private var completionJSON: String {
        JSONValue.object(sessionUserID.map { ["userId": .string($0)] } ?? [:]).json
    }

    /// Starts the launch (from idle, or again after a failure).
    func launch() {
        lock.withLock {
            switch current {
            case .idle, .failed: break
            case .initial, .transitioning, .complete: return
            }
            attempt += 1
            tasksDone = []
            sessionUserID = nil
            resignedSinceFailure = false
            guard enter(.initial) else { return }
            present(settings.splash.body(fade: 0, color: settings.color), title: settings.splash.title)
            tasksDone.append("theme")
            let attempt = self.attempt
            after(0) { self.fetchAppInfo(attempt) }
        }
    }

    /// Retries a failed launch; `why` goes to the log.
    func retry(_ why: String) {
        lock.withLock {
            guard case .failed = current else { return }
            services.log(.info, "retrying the launch: \(why)")
            launch()
        }
    }

    /// A scene resigned active (the app is leaving the foreground).
    func sceneWillResignActive() {
        lock.withLock { if case .failed = current { resignedSinceFailure = true } }
    }

    /// A scene became active: retries a failed launch if the app left the foreground since.
    func sceneDidBecomeActive() {
        lock.withLock { if resignedSinceFailure { retry("a scene became active again") } }
    }

    /// Stops timers; the launch goes no further.
    func stop() {
        lock.withLock {
            for timer in pendingTimers { services.cancelTimer(timer) }
            pendingTimers = []
            attempt += 1
        }
    }

    // MARK: - Tasks

    /// The host's app-info step: the server's answer, else the host's cached one (5 s at
    /// most); a failure when there is neither.
    private func fetchAppInfo(_ attempt: Int) {
        step(.appInfo, "app-info", attempt) { json in
            let result = (try? JSONValue.parse(json))?.object ?? [:]
            let reason = result["reason"]?.string ?? "no reason given"
            switch result["source"]?.string {
            case "network":
                self.appInfo = result["appInfo"]?.json ?? "{}"
                self.services.log(.info, "app-info: fetched")
            case "cache":
                self.appInfo = result["appInfo"]?.json ?? "{}"
                let fetchedAt = result["fetchedAt"]?.number.map(Self.date) ?? "an unknown time"
                self.services.log(.warn, "app-info: \(reason); using the cached one (fetched at \(fetchedAt))")
            default:
                self.services.log(.info, "app-info: skipped, \(reason); nothing cached")
            }
            self.tasksDone.append("app-info")
            self.checkAuth(attempt)
        }
    }

    private func checkAuth(_ attempt: Int) {
        step(.authCheck, "the auth check", attempt) { json in
            self.tasksDone.append("auth check")
            let result = (try? JSONValue.parse(json))?.object
            let state = result?["state"]?.string ?? "undetermined"
            self.services.log(.info, "auth check: \(state)")
            if let userId = result?["userId"]?.string, ["anonymous", "authenticated"].contains(state) {
                self.sessionUserID = userId
                do {
                    try self.services.emit(Self.sessionDidStartPoint, userId)
                } catch {
                    self.services.log(.warn, "cannot emit \(Self.sessionDidStartPoint): \(error)")
                }
                self.tasksDone.append("session start")
            }
            self.runPrerequisite(attempt)
        }
    }

    private func runPrerequisite(_ attempt: Int) {
        step(.prerequisite, "the app's launch prerequisite", attempt) { _ in
            self.tasksDone.append("prerequisite")
            self.dismiss(attempt)
        }
    }

    private func dismiss(_ attempt: Int) {
        guard enter(.transitioning) else { return }
        let fades = settings.interactive && settings.fadeDuration > 0
        guard fades else {
            services.log(.debug, "fade skipped (\(settings.interactive ? "no fade duration" : "not a terminal"))")
            return finish(attempt)
        }
        let steps = settings.fadeSteps
        for index in 1...steps {
            after(settings.fadeDuration * Double(index) / Double(steps)) {
                guard self.isCurrent(attempt) else { return }
                if index < steps {
                    self.present(
                        self.settings.splash.body(fade: Double(index) / Double(steps), color: self.settings.color),
                        title: self.settings.splash.title)
                } else {
                    self.finish(attempt)
                }
            }
        }
    }

    private func finish(_ attempt: Int) {
        tasksDone.append("dismiss")
        guard enter(.complete) else { return }
        do {
            try services.emit(Self.didCompletePoint, appInfo)
        } catch {
            services.log(.warn, "cannot emit \(Self.didCompletePoint): \(error)")
        }
        let waiters = completionWaiters
        completionWaiters = []
        for answer in waiters { answer(completionJSON) }
    }

    // MARK: - Plumbing

    /// Runs a host step with a deadline; `next` gets its result JSON. A failure, a thrown
    /// start or the deadline fails the launch.
    private func step(
        _ step: ModuleHost.LaunchStep, _ name: String, _ attempt: Int, next: @escaping (String) -> Void
    ) {
        guard isCurrent(attempt) else { return }
        var done = false
        let deadline = after(settings.stepTimeout) {
            guard self.isCurrent(attempt), !done else { return }
            done = true
            self.fail("\(name) did not finish within \(Int(self.settings.stepTimeout)) s")
        }
        do {
            try services.runLaunchStep(step) { result in
                self.lock.withLock {
                    guard self.isCurrent(attempt), !done else { return }
                    done = true
                    if let deadline {
                        self.services.cancelTimer(deadline)
                        self.pendingTimers.removeAll { $0 == deadline }
                    }
                    switch result {
                    case .success(let json): next(json)
                    case .failure(let error): self.fail("\(error)")
                    }
                }
            }
        } catch {
            done = true
            if let deadline {
                services.cancelTimer(deadline)
                pendingTimers.removeAll { $0 == deadline }
            }
            fail("\(name) could not start: \(error)")
        }
    }

    /// Moves to `state`, telling the host; false (and logged) when the host refuses.
    @discardableResult
    private func enter(_ state: State) -> Bool {
        let hostState: ModuleHost.LaunchState
        var detail = ""
        switch state {
        case .idle: return false
        case .initial: hostState = .initial
        case .transitioning: hostState = .transitioning
        case .complete: hostState = .complete
        case .failed(let reason):
            hostState = .failed
            detail = reason
        }
        do {
            try services.setLaunchState(hostState, detail: detail)
        } catch {
            services.log(.error, "the host refused launch state \(state): \(error)")
            return false
        }
        current = state
        return true
    }

    private func fail(_ reason: String) {
        services.log(.error, "\(Self.failureTitle) \(reason)")
        attempt += 1
        guard enter(.failed(reason)) else { return }
        let hint =
            settings.interactive
            ? "Press r to retry." : "The launch is retried when the app becomes active again."
        present(reason + "\n" + hint, title: Self.failureTitle) { byUser in
            if byUser { self.retry("the user asked") }
        }
    }

    private func present(_ body: String, title: String, dismissed: ((Bool) -> Void)? = nil) {
        do {
            try services.present(.launchScreen, title: title, body: body, duration: 0, dismissed: dismissed)
        } catch {
            services.log(.warn, "cannot show the launch screen: \(error)")
        }
    }

    /// Runs `body` after `delay` seconds, serialized; nil when the host would not schedule it.
    /// Called with the lock held, so the timer (which takes it) finds itself in
    /// `pendingTimers`.
    @discardableResult
    private func after(_ delay: Double, _ body: @escaping () -> Void) -> UInt64? {
        var id: UInt64 = 0
        do {
            id = try services.schedule(after: delay, repeatEvery: 0) {
                self.lock.withLock {
                    self.pendingTimers.removeAll { $0 == id }
                    body()
                }
            }
            pendingTimers.append(id)
            return id
        } catch {
            services.log(.error, "cannot schedule the launch's next step: \(error)")
            return nil
        }
    }

    private func isCurrent(_ attempt: Int) -> Bool { attempt == self.attempt }

    /// `2024-02-24T20:47:52Z`, as `ISO8601DateFormatter` writes it (`ISO8601Timestamp`).
    static func date(_ seconds: Double) -> String {
        ISO8601Timestamp.string(seconds, fractionalSeconds: false)
    }
}
