import CParraPlugin
import Foundation
import ParraTestSupport
import Testing

@testable import Parra
@testable import ParraAPI
@testable import ParraAppModel
@testable import ParraRuntime

@Suite("The host's launch coordinator: one driver, states in order")
struct LaunchCoordinatorTests {
    private func coordinator(_ platform: ScriptedPlatform, sessionHeld: @escaping () -> Date? = { nil })
        -> ParraLaunchCoordinator
    {
        ParraLaunchCoordinator(
            facts: .object([:]), platform: platform,
            surface: LaunchScreenSurface(wrapping: RecordingPresentationSurface()), clock: SystemClock(),
            mainQueue: DispatchQueue(label: "test.launch"), prerequisite: nil, authCheck: { $0(.guest(ParraGuest())) },
            appInfo: { $0(.cached(#"{"version_token":null}"#, fetchedAt: 5, reason: "offline")) },
            sessionHeld: sessionHeld)
    }

    @Test("off the main thread, a wait while the session is held sleeps until the hold ends, not by an interval")
    func heldWaitOffMain() {
        let platform = ScriptedPlatform(script: [], surface: RecordingPresentationSurface())
        let holdEnds = Date().addingTimeInterval(0.3)
        let launch = coordinator(platform, sessionHeld: { Date() < holdEnds ? holdEnds : nil })
        var looks = 0
        launch.waitWhileSessionHeld(cancelled: {
            looks += 1
            return false
        })
        #expect(Date() >= holdEnds)
        // A wait that looked again every 50 ms would have asked about six times.
        #expect(looks <= 3, "asked \(looks) times whether to stop")
    }

    @Test("off the main thread, a quit wakes a wait while the session is held")
    func quitWakesWaitOffMain() {
        let platform = ScriptedPlatform(script: [], surface: RecordingPresentationSurface())
        let holdEnds = Date().addingTimeInterval(30)
        let launch = coordinator(platform, sessionHeld: { Date() < holdEnds ? holdEnds : nil })
        let quit = QuitFlag()
        let started = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            started.wait()
            quit.raise()
            MainRunLoop.wake()
        }
        launch.waitWhileSessionHeld(cancelled: {
            started.signal()
            return quit.isRaised
        })
        #expect(Date() < holdEnds.addingTimeInterval(-20), "the wait ended at the quit, long before the hold")
    }

    @Test("states follow initial -> transitioning -> complete or initial -> failed -> initial; others are refused")
    func order() {
        let platform = ScriptedPlatform(script: [], surface: RecordingPresentationSurface())
        let launch = coordinator(platform)
        #expect(launch.setState(.transitioning, from: "m")?.1 == "a launch starts at initial, not transitioning")
        #expect(launch.driver == nil)
        #expect(launch.setState(.initial, from: "m") == nil)
        #expect(launch.setState(.complete, from: "m")?.0 == PARRA_STATUS_WRONG_STATE)
        #expect(launch.setState(.failed("x"), from: "m") == nil)
        #expect(launch.setState(.initial, from: "other")?.1 == "the launch is driven by m, not other")
        #expect(launch.setState(.initial, from: "m") == nil)
        #expect(launch.setState(.transitioning, from: "m") == nil)
        #expect(launch.setState(.complete, from: "m") == nil)
        #expect(launch.setState(.initial, from: "m")?.0 == PARRA_STATUS_WRONG_STATE)
        #expect(platform.launchStates.map(\.state) == [.initial, .failed("x"), .initial, .transitioning, .complete])
        #expect(launch.waitUntilSettled(timeout: 5))
    }

    @Test("a step from another module than the driver, or an unknown step, is refused")
    func steps() {
        let launch = coordinator(ScriptedPlatform(script: [], surface: RecordingPresentationSurface()))
        #expect(launch.runLaunchStep(99, from: "m") { _, _, _ in }?.0 == PARRA_STATUS_INVALID_ARGUMENT)
        _ = launch.setState(.initial, from: "m")
        // Off the main thread the first claim holds the main queue for the app's thread; this
        // test has no app run to wait for the launch, so it lets the queue go itself.
        launch.releaseMainQueue()
        #expect(
            launch.runLaunchStep(PARRA_LAUNCH_STEP_AUTH_CHECK, from: "other") { _, _, _ in }?.0
                == PARRA_STATUS_WRONG_STATE)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result = ""
        #expect(
            launch.runLaunchStep(PARRA_LAUNCH_STEP_AUTH_CHECK, from: "m") { _, json, _ in
                result = json
                done.signal()
            } == nil)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(result == #"{"state":"guest"}"#)
        #expect(
            launch.runLaunchStep(PARRA_LAUNCH_STEP_APP_INFO, from: "m") { _, json, _ in
                result = json
                done.signal()
            } == nil)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(
            result == #"{"appInfo":{"version_token":null},"fetchedAt":5.0,"reason":"offline","source":"cache"}"#)
    }
}

/// A flag one thread raises and another reads.
private final class QuitFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false

    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}
