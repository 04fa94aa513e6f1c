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

    @Test("a server that never answers: the launch retried on return to the foreground does not hold the exit")
    func retryAtTerminate() throws {
        let server = try LoopbackHTTPServer(handler: { _ in .silent })
        defer { server.stop() }
        let workspace = try CLIWorkspace()
        let app = try workspace.parra(
            [], environment: ["PARRA_API_BASE_URL": server.baseURL.absoluteString], program: "ParraDemoApp")
        #expect(app.status == 1, "\(app.transcript)")
        #expect(app.transcript.contains("retrying the launch: the app entered the foreground"))
        #expect(app.transcript.contains("parra: event: terminate"))
        #expect(!app.transcript.contains("did not settle"), "the exit waited for a launch nobody runs any more")
    }
}

@Suite("The sample's output closed early")
struct SampleClosedOutputTests {
    @Test("`ParraDemoApp | head -1`: the app outlives its closed stdout and ends its session normally")
    func closedStandardOutput() throws {
        let workspace = try CLIWorkspace()
        let process = Process()
        process.executableURL = BuildProducts.folder.appendingPathComponent("ParraDemoApp")
        process.currentDirectoryURL = workspace.folder
        process.environment = workspace.environment.merging(["PATH": "/usr/bin:/bin"]) { own, _ in own }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read one line, as `head -1` does, then close the reading end.
        var first = Data()
        while !first.contains(UInt8(ascii: "\n")), let byte = try output.fileHandleForReading.read(upToCount: 1),
            !byte.isEmpty
        {
            first.append(byte)
        }
        try output.fileHandleForReading.close()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(!first.isEmpty)
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus): \(errorText)")
        #expect(process.terminationStatus == 0, "\(errorText)")
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
