import Foundation
import ParraTestSupport
import Testing

@Suite("The sample's launch screen")
struct SampleLaunchTests {
    @Test("without a terminal the sample shows the launch screen, its states, then the windows, and exits 0")
    func launches() throws {
        let workspace = try CLIWorkspace()
        let app = try workspace.parra([], program: "ParraDemoApp")
        #expect(app.status == 0, "\(app.transcript)")
        let lines = app.outputLines
        let splash = try #require(
            lines.firstIndex(of: "[launchScreen] default, colour primary, image ParraLogo, navigation bar"),
            "\(app.transcript)")
        #expect(lines.contains { $0.contains("|  __/ (_| | |  | | | (_| |") })
        let complete = try #require(lines.firstIndex(of: "parra: launch: complete (com.parra.launchScreen)"))
        let window = try #require(lines.firstIndex { $0.hasPrefix("== window window-1 ") })
        #expect(splash < complete && complete < window)
    }

    @Test("a launch that cannot complete does not keep the process up: the session ends with status 1")
    func failedLaunchExits() throws {
        let server = try LoopbackHTTPServer(script: [.json(status: 404, "{}")])
        defer { server.stop() }
        let workspace = try CLIWorkspace()
        let app = try workspace.parra(
            [], environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString], program: "ParraDemoApp")
        #expect(app.status == 1, "\(app.transcript)")
        #expect(app.standardOutput.contains("[launchScreen] Failed to perform actions necessary to launch app."))
        #expect(app.standardOutput.contains("parra: the launch never completed"))
        #expect(!app.outputLines.contains { $0.hasPrefix("== window ") })
    }
}

@Suite("The sample's What's New")
struct SampleWhatsNewTests {
    @Test("run as 1.1.0, then as 1.2.0 (an update): the second run shows What's New from the offline backend")
    func update() throws {
        let workspace = try CLIWorkspace()
        let older = try workspace.parra(
            [], environment: ["SAMPLE_BUNDLE_VERSION": "1.1.0", "PARRA_ENVIRONMENT": "beta"], program: "ParraDemoApp")
        #expect(older.status == 0, "\(older.transcript)")
        #expect(!older.standardOutput.contains("[modal] What's new"))
        let updated = try workspace.parra([], environment: ["PARRA_ENVIRONMENT": "beta"], program: "ParraDemoApp")
        #expect(updated.status == 0, "\(updated.transcript)")
        let lines = updated.outputLines
        let modal = try #require(lines.firstIndex(of: "[modal] What's new"), "\(updated.transcript)")
        let window = try #require(lines.firstIndex { $0.hasPrefix("== window window-1 ") })
        #expect(window < modal)
        #expect(lines.contains("Spring refresh (version 1.2.0)"))
        #expect(lines.contains("  - Offline mode: The app starts and works without a network connection."))
        #expect(lines.contains("c: changelog  d: close"))
    }
}
