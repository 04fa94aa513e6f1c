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
    private func coordinator(_ platform: ScriptedPlatform) -> ParraLaunchCoordinator {
        ParraLaunchCoordinator(
            facts: .object([:]), platform: platform,
            surface: LaunchScreenSurface(wrapping: RecordingPresentationSurface()), clock: SystemClock(),
            mainQueue: DispatchQueue(label: "test.launch"), prerequisite: nil, authCheck: { $0(.guest(ParraGuest())) },
            appInfo: { $0(.cached(#"{"version_token":null}"#, fetchedAt: 5, reason: "offline")) })
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
