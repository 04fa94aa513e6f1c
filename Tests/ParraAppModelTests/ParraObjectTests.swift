import Foundation
import Parra
import ParraAppModel
import ParraRuntime
import ParraTestSupport
import Testing

/// What the apps below saw through their `Parra` object; set by each test before it runs.
nonisolated(unsafe) var parraCalls = RecordingLog()

/// Notes `body`'s outcome: its value, or the error's kind and description.
private func note(_ what: String, _ body: () async throws -> Any?) async {
    do {
        parraCalls.note("\(what) = \(String(describing: try await body()))")
    } catch let error as ParraCommandError {
        parraCalls.note("\(what) threw \(error.kind): \(error.description)")
    } catch {
        parraCalls.note("\(what) threw \(error)")
    }
}

/// Calls every way the app reaches modules from its delegate: a command by id at once on the
/// app's thread, then the async forms from a task, which the launch waits for (bounded).
final class CallingAppDelegate: ParraAppDelegate<ParraSceneDelegate> {
    override func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        let launched = super.application(application, didFinishLaunchingWithOptions: launchOptions)
        let parra = self.parra
        do {
            parraCalls.note("add = \(try parra.command("com.example.cfixture.add", .int(2), .int(3)))")
        } catch {
            parraCalls.note("add threw \(error)")
        }
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: QueueTaskExecutor(label: "test.parra.calls")) {
            await note("echo") { try await parra.command("com.example.cfixture.echo", .string("x")) }
            await note("add async") { try await parra.command("com.example.cfixture.add", .int(1), .int(1)) }
            await note("count async") { try await parra.command("com.example.cfixture.count") }
            await note("count here") { try parra.command("com.example.cfixture.count") }
            await note("void argument") { try await parra.command("com.example.cfixture.slow", .void) }
            await note("missing") { try await parra.command("com.example.nothing.here") }
            await note("wrong arguments") { try await parra.command("com.example.cfixture.add", .string("1")) }
            await note("fetchLatestRelease") { try await parra.releases.fetchLatestRelease() }
            await note("requestPushPermission") { try await parra.push.requestPushPermission() }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 20)
        return launched
    }
}

/// A view that reaches the app's `Parra` through the environment, as the SDK's views do.
struct SumView: View {
    @Environment(\.parra) private var parra

    var body: some View {
        Text("sum \((try? parra.command("com.example.cfixture.add", .int(20), .int(22))) ?? .void)")
    }
}

struct CallingApp: App {
    @UIApplicationDelegateAdaptor(CallingAppDelegate.self) var appDelegate

    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) {
            WindowGroup { SumView() }
        }
    }
}

@Suite("The Parra object: the app calls modules by their commands")
struct ParraObjectTests {
    @Test("commands by id, at once and async; typed facades say which module is not installed")
    func calls() throws {
        parraCalls = RecordingLog()
        let module = try CFixtureBuilder.build("cfixture.so", in: try CFixtureBuilder.makeTemporaryDirectory())
        let run = try TestAppRun(CallingApp.self, paths: [module.path])
        #expect(run.status == 0)
        #expect(
            parraCalls.messages(from: "app") == [
                "add = int(5)",
                #"echo = Optional(Parra.ParraCommandValue.string("{\"echo\":\"x\"}"))"#,
                "add async = Optional(Parra.ParraCommandValue.int(2))",
                "count async = Optional(Parra.ParraCommandValue.uint(2))",
                "count here threw invalidCall: com.example.cfixture.count runs on the main thread and returns at once: call it from there",
                "void argument threw invalidCall: com.example.cfixture.slow: .void is not an argument",
                "missing threw notInstalled: no loaded module offers com.example.nothing.here",
                "wrong arguments threw invalidCall: com.example.cfixture.add takes 2 argument(s), got 1",
                "fetchLatestRelease threw notInstalled: ParraWhatsNew is not installed: no loaded module offers com.parra.whatsNew.fetchLatestRelease",
                "requestPushPermission threw notInstalled: ParraPush is not installed: no loaded module offers com.parra.push.requestPushPermission",
            ])
        #expect(run.platform.drawn.first?.lines == ["sum int(42)"])
    }
}
