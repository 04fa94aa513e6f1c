import Foundation
import Parra

// Until the app model lands (ParraApp, delegates, windows), the sample drives the module
// runtime directly: it loads every module the search path finds, prints the load report, and
// plays one scripted session through the canonical override points.

let runtime = ModuleRuntime(settings: ModuleRuntime.Settings(bundleID: "com.parra.demo"))
let report = runtime.start()
print("Parra demo: searched")
for location in report.searched { print("  \(location)") }
for line in report.lines { print(line) }

let session: [(OverridePoint, [HookArgument])] = [
    (.applicationDidFinishLaunching, [.string("{}")]),
    (.applicationConfigurationForConnecting, [.string("main"), .string("windowApplication")]),
    (.sceneWillConnect, [.string("main"), .string("{}")]),
    (.sceneDidBecomeActive, [.string("main")]),
    (.sceneWillResignActive, [.string("main")]),
    (.applicationDidEnterBackground, []),
    (.applicationWillEnterForeground, []),
    (.sceneDidBecomeActive, [.string("main")]),
    (.applicationWillTerminate, []),
]
for (point, arguments) in session {
    do {
        let result = try runtime.dispatcher.call(pointID: point.id, arguments)
        let hooked = runtime.dispatcher.moduleIDs(at: point.id)
        let detail = point.combine == .none ? "" : " -> \(point.combine == .union ? "\(result.raw)" : "\(result.bool)")"
        print("\(point.id): \(hooked.isEmpty ? "no hooks" : hooked.joined(separator: ", "))\(detail)")
    } catch {
        print("\(point.id): \(error)")
    }
}
runtime.stop()
