import Foundation
import ParraPluginKit
import Testing

@testable import ParraLaunchScreen

@Suite("The launch state machine and its tasks, inside the module")
struct LaunchControllerTests {
    private func controller(
        _ services: FakeLaunchServices, interactive: Bool = false, fade: Double = 0.5
    ) -> LaunchController {
        let splash = LaunchSplash.make(
            .empty, palette: LaunchPalette(theme: LaunchPalette.defaultTheme), resources: nil
        ).0
        return LaunchController(
            services: services,
            settings: LaunchSettings(splash: splash, fadeDuration: fade, interactive: interactive, color: false))
    }

    @Test("the tasks run in order, then transitioning and complete; didComplete carries app-info")
    func happyPath() {
        let services = FakeLaunchServices()
        let launch = controller(services)
        launch.launch()
        #expect(services.stateNames == ["initial"])
        #expect(services.presented.map(\.title) == ["default"])
        services.runTimers()
        #expect(services.steps == [.appInfo])
        #expect(launch.completedTasks == ["theme"])
        services.answer(0, status: 200, #"{"version_token":"vt-1"}"#)
        #expect(services.steps == [.appInfo, .authCheck, .prerequisite])
        #expect(
            launch.completedTasks == ["theme", "app-info", "auth check", "session start", "prerequisite", "dismiss"])
        #expect(services.stateNames == ["initial", "transitioning", "complete"])
        #expect(launch.state == .complete)
        #expect(
            services.emitted.map(\.0) == [
                "com.parra.launchScreen.sessionDidStart", "com.parra.launchScreen.didComplete",
            ])
        #expect(services.emitted.map(\.1) == ["user-1", #"{"version_token":"vt-1"}"#])
        #expect(services.messages(.debug) == ["fade skipped (not a terminal)"])
    }

    @Test("app-info from the host's cache is used and said so; with none and no API client, the launch goes on")
    func cachedAndSkippedAppInfo() {
        let services = FakeLaunchServices()
        let launch = controller(services)
        launch.launch()
        services.runTimers()
        services.appInfoSteps[0](
            .success(#"{"appInfo":{"version_token":"old"},"fetchedAt":0,"reason":"offline","source":"cache"}"#))
        services.runTimers()
        #expect(
            services.messages(.warn) == ["app-info: offline; using the cached one (fetched at 1970-01-01T00:00:00Z)"])
        #expect(services.emitted.last?.1 == #"{"version_token":"old"}"#)

        let none = FakeLaunchServices()
        let noneLaunch = controller(none)
        noneLaunch.launch()
        none.runTimers()
        none.appInfoSteps[0](.success(#"{"reason":"the run has no Parra API client","source":"none"}"#))
        none.runTimers()
        #expect(noneLaunch.state == .complete)
        #expect(none.messages(.info).first == "app-info: skipped, the run has no Parra API client; nothing cached")
        #expect(none.emitted.last?.1 == "{}")
    }

    @Test("no session starts without a user (guest)")
    func guestHasNoSession() {
        let services = FakeLaunchServices()
        services.stepResults[.authCheck] = .success(#"{"state":"guest"}"#)
        let launch = controller(services)
        launch.launch()
        services.runTimers()
        services.answer(0, status: 200, "{}")
        #expect(launch.completedTasks == ["theme", "app-info", "auth check", "prerequisite", "dismiss"])
        #expect(services.emitted.map(\.0) == ["com.parra.launchScreen.didComplete"])
        var answer: String?
        launch.whenComplete { answer = $0 }
        #expect(answer == "{}" && launch.stateJSON == #"{"state":"complete"}"#)
    }

    @Test("what its commands answer: the state now, with the session's user; the completion at once, or once it comes")
    func stateAndCompletion() {
        let services = FakeLaunchServices()
        let launch = controller(services)
        #expect(launch.stateJSON == #"{"state":"idle"}"#)
        var answers: [String] = []
        launch.whenComplete { answers.append($0) }
        launch.launch()
        services.runTimers()
        #expect(launch.stateJSON == #"{"state":"initial"}"#)
        services.answer(0, status: 503, "{}")
        #expect(launch.stateJSON == #"{"state":"failed"}"#)
        #expect(answers.isEmpty, "a failed launch has not completed")
        launch.retry("a test")
        services.runTimers()
        services.answer(1, status: 200, "{}")
        #expect(launch.stateJSON == #"{"state":"complete","userId":"user-1"}"#)
        #expect(answers == [#"{"userId":"user-1"}"#])
        launch.whenComplete { answers.append($0) }
        #expect(answers == [#"{"userId":"user-1"}"#, #"{"userId":"user-1"}"#])
    }

    @Test("on a terminal the fade is stepped over fadeDuration before complete")
    func steppedFade() {
        let services = FakeLaunchServices()
        let launch = controller(services, interactive: true, fade: 0.5)
        launch.launch()
        services.runTimers()
        services.answer(0, status: 200, "{}")
        #expect(services.stateNames == ["initial", "transitioning"])
        #expect(services.timers.map(\.delay) == (1...5).map { 0.5 * Double($0) / 5 })
        services.runTimers(upTo: 0.5)
        #expect(services.presented.count == 5)
        #expect(services.stateNames == ["initial", "transitioning", "complete"])
    }

    @Test("app-info failing with no cache fails the launch; a retry starts over and can complete")
    func failureAndRetry() throws {
        let services = FakeLaunchServices()
        let launch = controller(services, interactive: true)
        launch.launch()
        services.runTimers()
        services.answer(0, status: 503, "{}")
        let reason = "app-info: the server answered HTTP 503; no cached app-info either"
        #expect(launch.state == .failed(reason))
        #expect(services.states.last?.1 == reason)
        let failure = try #require(services.presented.last)
        #expect(failure.title == "Failed to perform actions necessary to launch app.")
        #expect(failure.body == reason + "\nPress r to retry.")
        #expect(services.steps == [.appInfo])

        // Becoming active without having left the foreground does not retry.
        launch.sceneDidBecomeActive()
        #expect(services.stateNames == ["initial", "failed"])
        // The user's key: the host dismisses the failure screen as the user.
        failure.dismissed?(true)
        #expect(services.stateNames == ["initial", "failed", "initial"])
        services.runTimers()
        services.answer(1, status: 200, "{}")
        #expect(services.stateNames == ["initial", "failed", "initial", "transitioning"])
        services.runTimers(upTo: 1)
        #expect(launch.state == .complete)
    }

    @Test("a failed launch retries when a scene becomes active after resigning, or the app enters the foreground")
    func retryOnActive() {
        let services = FakeLaunchServices()
        let launch = controller(services)
        launch.launch()
        services.runTimers()
        services.answer(0, status: 404, "{}")
        launch.sceneWillResignActive()
        launch.sceneDidBecomeActive()
        #expect(services.stateNames == ["initial", "failed", "initial"])
        services.runTimers()
        services.answer(1, status: 404, "{}")
        launch.retry("the app entered the foreground")
        #expect(services.stateNames == ["initial", "failed", "initial", "failed", "initial"])
        #expect(services.messages(.info).contains("retrying the launch: the app entered the foreground"))
    }

    @Test("a failing prerequisite fails the launch with its error; a step that never finishes times out")
    func stepFailures() {
        let services = FakeLaunchServices()
        services.stepResults[.prerequisite] = .failure(ModuleError("the app's launch prerequisite failed: offline"))
        let launch = controller(services)
        launch.launch()
        services.runTimers()
        services.answer(0, status: 200, "{}")
        #expect(launch.state == .failed("the app's launch prerequisite failed: offline"))

        let stuck = FakeLaunchServices()
        stuck.stepResults[.authCheck] = nil
        let stuckLaunch = controller(stuck)
        stuckLaunch.launch()
        stuck.runTimers()
        stuck.answer(0, status: 200, "{}")
        #expect(stuckLaunch.state == .initial)
        stuck.runTimers(upTo: 60)
        #expect(stuckLaunch.state == .failed("the auth check did not finish within 60 s"))
    }
}
