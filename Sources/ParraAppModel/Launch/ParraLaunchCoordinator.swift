import CParraPlugin
import Dispatch
import FoundationEssentials
import ParraAPI
import ParraRuntime
import ParraSync

/// The host's side of the app's launch: which module drives it, its state, the steps only the
/// host can run (the auth check, the app's launch prerequisite) and the facts it offers. The
/// app session waits for the launch to settle (complete or failed) before it goes on, holds
/// the windows until it is complete and queues URLs to open until then.
///
/// When the app's thread is not the one that drains the host's main queue (an app run on a
/// private queue, as tests do), the queue is held (suspended) while the app's thread runs and
/// let go only while it waits for the launch, so the launch's timers and completions never run
/// beside hooks, as on a real main thread.
/// Sendable by hand: its mutable state is behind `lock`; the rest, its C facts string included, is set in `init`.
final class ParraLaunchCoordinator: AppRunServices, @unchecked Sendable {
    /// The app facts as NUL-terminated JSON (`app_facts_json`), kept for the process like the
    /// host tables that hand it out.
    let factsJSON: UnsafePointer<CChar>
    /// The presentation surface modules present on, keeping track of the launch screen.
    let surface: LaunchScreenSurface
    private let platform: ParraPlatform
    private let clock: HostClock
    private let mainQueue: DispatchQueue
    private let prerequisite: (@MainActor @Sendable (ParraAuthState, ParraAppInfo) async throws -> Void)?
    private let launchExecutor = QueueTaskExecutor(label: "parra.launch.prerequisite")
    private let authCheck: (@escaping (ParraAuthState) -> Void) -> Void
    private let appInfo: (@escaping @Sendable (ParraAppInfoTask.Outcome) -> Void) -> Void
    /// Until when a module holds an unattended session (`hold_session`), nil when none does:
    /// the session then waits as for a launch in progress.
    private let sessionHeld: () -> Date?
    private let lock = Lock()
    private var driverID: String?
    private var current: ParraLaunchState?
    /// Set on the main queue after the turn that settled the launch, so a waiter goes on only
    /// once that turn (the driver's `didComplete` hooks included) has finished.
    private var settledTurnDone = false
    /// Counts accepted state changes, so a settle queued before a retry is ignored.
    private var changes = 0
    private var waiter: DispatchSemaphore?
    /// Whether the main queue is held while the app's thread runs (decided at the first claim).
    private var holdsQueue = false
    /// Whether the main queue is suspended now.
    private var queueHeld = false
    /// What the launch's auth check found, for the app's prerequisite.
    private var checkedAuthState = ParraAuthState.undetermined
    /// The app-info the launch got (the server's, else the cache's), for the app's prerequisite.
    private var launchAppInfo = ParraAppInfo()
    /// The host's launch steps running now, by name: while one runs, the launch waits on the
    /// host (or on the app's prerequisite), not on the module driving it.
    private var runningSteps: [String] = []
    /// When the launch last went to initial, or a step of the host's last ended: the module's
    /// limit counts from there, the time the host's steps take being the host's.
    private var attemptStart = DispatchTime.now()

    /// A coordinator for one app run. `authCheck` runs the host's auth check and calls back,
    /// on any thread, with the resulting state; `appInfo` runs the app-info task likewise.
    init(
        facts: JSONValue, platform: ParraPlatform, surface: LaunchScreenSurface, clock: HostClock,
        mainQueue: DispatchQueue,
        prerequisite: (@MainActor @Sendable (ParraAuthState, ParraAppInfo) async throws -> Void)?,
        authCheck: @escaping (@escaping (ParraAuthState) -> Void) -> Void,
        appInfo: @escaping (@escaping @Sendable (ParraAppInfoTask.Outcome) -> Void) -> Void,
        sessionHeld: @escaping () -> Date? = { nil }
    ) {
        factsJSON = UnsafePointer(strdup(facts.json)!)
        self.platform = platform
        self.surface = surface
        self.clock = clock
        self.mainQueue = mainQueue
        self.prerequisite = prerequisite
        self.authCheck = authCheck
        self.appInfo = appInfo
        self.sessionHeld = sessionHeld
    }

    /// A suspended queue must not be released: let it go.
    deinit {
        if queueHeld { mainQueue.resume() }
    }

    /// The module driving the launch, if one does.
    var driver: String? { lock.withLock { driverID } }

    /// The launch state; nil while no module drives the launch.
    var state: ParraLaunchState? { lock.withLock { current } }

    /// Whether the session may go on: no module drives the launch, or its state is complete
    /// or failed and the turn that set it has finished.
    var isSettled: Bool { lock.withLock { driverID == nil || settledTurnDone } }

    /// The host's launch steps running now ("app-info", "auth check", "app's launch
    /// prerequisite"), oldest first.
    var stepsInProgress: [String] { lock.withLock { runningSteps } }

    /// How much of `limit` seconds the module driving the launch has left: counted from the
    /// attempt's start or the end of the host's last step, whichever came later.
    func attemptTimeLeft(of limit: Double) -> Double {
        let elapsed =
            Double(DispatchTime.now().uptimeNanoseconds - lock.withLock { attemptStart }.uptimeNanoseconds) / 1e9
        return max(0, limit - elapsed)
    }

    /// Whether a module holds the unattended session now.
    var isSessionHeld: Bool { sessionHeld() != nil }

    func setLaunchState(_ state: parra_launch_state, detail: String, from moduleID: String) -> (parra_status, String)? {
        switch state {
        case PARRA_LAUNCH_STATE_INITIAL: setState(.initial, from: moduleID)
        case PARRA_LAUNCH_STATE_TRANSITIONING: setState(.transitioning, from: moduleID)
        case PARRA_LAUNCH_STATE_COMPLETE: setState(.complete, from: moduleID)
        case PARRA_LAUNCH_STATE_FAILED: setState(.failed(detail.isEmpty ? "no reason given" : detail), from: moduleID)
        default: (PARRA_STATUS_INVALID_ARGUMENT, "unknown launch state \(state)")
        }
    }

    /// A launch state change from module `moduleID`; nil when accepted, else the status and why.
    func setState(_ state: ParraLaunchState, from moduleID: String) -> (parra_status, String)? {
        let refusal: (parra_status, String)? = lock.withLock {
            if let driverID, driverID != moduleID {
                return (PARRA_STATUS_WRONG_STATE, "the launch is driven by \(driverID), not \(moduleID)")
            }
            if let current, !current.allows(state) {
                return (PARRA_STATUS_WRONG_STATE, "the launch cannot go from \(current) to \(state)")
            }
            if current == nil, state != .initial {
                return (PARRA_STATUS_WRONG_STATE, "a launch starts at initial, not \(state)")
            }
            if driverID == nil, !MainThread.isCurrent, mainQueue.label != DispatchQueue.main.label {
                holdsQueue = true
                queueHeld = true
                mainQueue.suspend()
            }
            driverID = moduleID
            current = state
            if state == .initial { attemptStart = .now() }
            settledTurnDone = false
            changes += 1
            return nil
        }
        if let refusal { return refusal }
        platform.launchStateChanged(ParraLaunchStateChange(state: state, time: clock.wallSeconds, moduleID: moduleID))
        switch state {
        case .complete:
            surface.takeDown(byUser: false)
            settleAfterThisTurn()
        case .failed:
            settleAfterThisTurn()
        case .initial, .transitioning:
            break
        }
        return nil
    }

    func runLaunchStep(
        _ step: parra_launch_step, from moduleID: String, done: @escaping (parra_status, String, String?) -> Void
    ) -> (parra_status, String)? {
        if let driver, driver != moduleID {
            return (PARRA_STATUS_WRONG_STATE, "the launch is driven by \(driver), not \(moduleID)")
        }
        let name: String
        switch step {
        case PARRA_LAUNCH_STEP_AUTH_CHECK: name = "auth check"
        case PARRA_LAUNCH_STEP_PREREQUISITE: name = "app's launch prerequisite"
        case PARRA_LAUNCH_STEP_APP_INFO: name = "app-info"
        default: return (PARRA_STATUS_INVALID_ARGUMENT, "unknown launch step \(step)")
        }
        lock.withLock { runningSteps.append(name) }
        let mainQueue = self.mainQueue
        // Called on the main queue only, where the launch runs.
        nonisolated(unsafe) let done = done
        let finish: @Sendable (parra_status, String, String?) -> Void = { [self] status, json, message in
            lock.withLock {
                if let index = runningSteps.firstIndex(of: name) { runningSteps.remove(at: index) }
                attemptStart = .now()
            }
            mainQueue.async { done(status, json, message) }
        }
        switch step {
        case PARRA_LAUNCH_STEP_AUTH_CHECK:
            authCheck { [self] state in
                lock.withLock { checkedAuthState = state }
                finish(PARRA_STATUS_OK, Self.json(for: state), nil)
            }
        case PARRA_LAUNCH_STEP_PREREQUISITE:
            guard let prerequisite else {
                finish(PARRA_STATUS_OK, #"{"ran":false}"#, nil)
                return nil
            }
            let (authState, appInfo) = lock.withLock { (checkedAuthState, launchAppInfo) }
            Task.detached(executorPreference: launchExecutor) {
                do {
                    try await prerequisite(authState, appInfo)
                    finish(PARRA_STATUS_OK, #"{"ran":true}"#, nil)
                } catch {
                    finish(PARRA_STATUS_FAILED, #"{"ran":true}"#, "the app's launch prerequisite failed: \(error)")
                }
            }
        default:  // PARRA_LAUNCH_STEP_APP_INFO, the one step left
            appInfo { [self] outcome in
                switch outcome {
                case .fresh(let json), .cached(let json, _, _):
                    lock.withLock { launchAppInfo = ParraAppInfo(json: json) }
                case .skipped, .failed: break
                }
                if let result = outcome.stepResult {
                    finish(PARRA_STATUS_OK, result, nil)
                } else if case .failed(let reason) = outcome {
                    finish(PARRA_STATUS_FAILED, "{}", reason)
                }
            }
        }
        return nil
    }

    /// Waits until the launch settles, at most `timeout` seconds, or until `cancelled` says
    /// to stop waiting (the app is quitting); false when it did not settle. On the process's
    /// main thread it runs the run loop meanwhile (the main queue may be the host's). Off it,
    /// a settled launch returns at once and the held main queue stays held: it is let go
    /// only while a launch in progress is waited for.
    func waitUntilSettled(timeout: Double, cancelled: () -> Bool = { false }) -> Bool {
        wait(until: { isSettled }, timeout: timeout, cancelled: cancelled)
    }

    /// Waits until no module holds the unattended session (each hold has its own deadline), or
    /// `cancelled` says to stop waiting, letting the main queue run meanwhile.
    func waitWhileSessionHeld(cancelled: () -> Bool) {
        _ = wait(until: { !isSessionHeld }, timeout: 60, cancelled: cancelled, lookAgainAt: sessionHeld)
    }

    /// Waits until `done`, at most `timeout` seconds, or until `cancelled`; false when not done.
    /// On the main thread it sleeps in the run loop until work arrives: what changes `done` or
    /// `cancelled` comes as main-queue work (the turn that settles the launch, a module's
    /// release, a quit), and what ends by itself says when, through `lookAgainAt`. Off the main
    /// thread it sleeps likewise, on a semaphore that the settling turn and every
    /// `MainRunLoop.wake` (a quit among them) signal: no wait looks again at a fixed interval.
    private func wait(
        until done: () -> Bool, timeout: Double, cancelled: () -> Bool, lookAgainAt: () -> Date? = { nil }
    ) -> Bool {
        let deadline = Date.wallClockNow.addingTimeInterval(timeout)
        if MainThread.isCurrent {
            while !done() && Date.wallClockNow < deadline && !cancelled() {
                MainRunLoop.turn(before: min(deadline, lookAgainAt() ?? deadline))
            }
            return done()
        }
        let semaphore = DispatchSemaphore(value: 0)
        if done() { return true }
        lock.withLock { waiter = semaphore }
        defer {
            lock.withLock { waiter = nil }
            reholdQueue()
        }
        return MainRunLoop.waitingOffMain(on: semaphore) {
            while !done() {
                // The launch's turns and a holding module's work run on the main queue: let it go
                // while waiting (the settling turn holds it again).
                lock.withLock {
                    if queueHeld {
                        queueHeld = false
                        mainQueue.resume()
                    }
                }
                guard Date.wallClockNow < deadline, !cancelled() else { return false }
                let lookAgain = min(deadline, lookAgainAt() ?? deadline).timeIntervalSince(.wallClockNow)
                _ = semaphore.wait(timeout: .now() + max(0, lookAgain))
            }
            return true
        }
    }

    /// Holds the main queue again, from inside it, when this coordinator holds it while the
    /// app's thread runs and a wait let it go. Waits a few seconds at most for the queue to
    /// reach the block (a module may be stuck in a main-queue turn); the block still holds it
    /// when it runs.
    private func reholdQueue() {
        guard lock.withLock({ holdsQueue && !queueHeld }) else { return }
        let held = DispatchSemaphore(value: 0)
        mainQueue.async { [self] in
            lock.withLock {
                if holdsQueue && !queueHeld {
                    queueHeld = true
                    mainQueue.suspend()
                }
            }
            held.signal()
        }
        _ = held.wait(timeout: .now() + 5)
    }

    private func settleAfterThisTurn() {
        let change = lock.withLock { changes }
        mainQueue.async { [self] in
            let waiter = lock.withLock { () -> DispatchSemaphore? in
                guard changes == change else { return nil }
                settledTurnDone = true
                // Held from inside the queue, so nothing after this turn runs beside the app.
                if holdsQueue && !queueHeld {
                    queueHeld = true
                    mainQueue.suspend()
                }
                return self.waiter
            }
            waiter?.signal()
        }
    }

    /// Lets the main queue go for good, at the end of the app run.
    func releaseMainQueue() {
        lock.withLock {
            holdsQueue = false
            if queueHeld {
                queueHeld = false
                mainQueue.resume()
            }
        }
    }

    /// The auth check's result JSON.
    static func json(for state: ParraAuthState) -> String {
        switch state {
        case .undetermined: JSONValue.object(["state": .string("undetermined")]).json
        case .guest: JSONValue.object(["state": .string("guest")]).json
        case .anonymous(let user):
            JSONValue.object(["state": .string("anonymous"), "userId": .string(user.info.id)]).json
        case .authenticated(let user):
            JSONValue.object(["state": .string("authenticated"), "userId": .string(user.info.id)]).json
        }
    }
}
