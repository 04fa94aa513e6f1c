import Foundation
import ParraTestSupport
import Testing

/// The scan behind the ParraDelegateMethods build plugin, through its built tool.
@Suite("parra-delegate-methods: delegate methods written without override")
struct DelegateMethodsScanTests {
    private let tool = BuildProducts.folder.appendingPathComponent("parra-delegate-methods").path

    /// Writes `files` into a fresh folder, runs the tool on them and returns its status, what
    /// it printed and the file it wrote.
    private func scan(_ files: [String: String]) throws -> (status: Int32, output: String, generated: String) {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let output = folder.appendingPathComponent("ParraDelegateMethods.swift")
        let run = try ChildProcess.run(tool, [output.path] + paths)
        let generated = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return (run.status, run.output, generated)
    }

    @Test("methods in the class and in an extension in another file, once each, with the file's imports")
    func bodyAndExtension() throws {
        let result = try scan([
            "AppDelegate.swift": """
            import Parra
            import SwiftUI

            final class AppDelegate: ParraAppDelegate<SceneDelegate> {
                override func application(_ application: UIApplication, didFinishLaunchingWithOptions o: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool { true }
                @MainActor public func applicationWillTerminate(_ application: UIApplication) {}
                func applicationDidEnterBackground(_ application: UIApplication) {}
            }
            class SceneDelegate: Parra.ParraSceneDelegate {
                func sceneDidBecomeActive(_ scene: UIScene) { let s = "}"; _ = s }
            }
            """,
            "More.swift": """
            import Parra
            extension AppDelegate {
                func applicationWillEnterForeground(_ application: UIApplication) {}
                func applicationDidEnterBackground(_ application: UIApplication, extra: Int) {}
            }
            """,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.generated.contains("import Parra\nimport SwiftUI\n"))
        #expect(
            result.generated.contains(
                """
                extension AppDelegate: ParraDelegateMethodsProviding {
                    var parraDelegateMethods: ParraDelegateMethods {
                        var methods = ParraDelegateMethods()
                        methods.applicationWillTerminate = { [unowned self] application in self.applicationWillTerminate(application) }
                        methods.applicationDidEnterBackground = { [unowned self] application in self.applicationDidEnterBackground(application) }
                        methods.applicationWillEnterForeground = { [unowned self] application in self.applicationWillEnterForeground(application) }
                        return methods
                    }
                }
                """), "\(result.generated)")
        #expect(result.generated.contains("methods.sceneDidBecomeActive = { [unowned self] scene in"))
    }

    @Test(
        "the @main type answers for every delegate class by name, with its own access; a generic class is left to the host"
    )
    func mainTypeAnswers() throws {
        let result = try scan([
            "App.swift": """
            import SwiftUI
            @main
            public struct ShopApp: App {
                var body: some Scene { WindowGroup { Text("shop") } }
            }
            """,
            "Delegates.swift": """
            import Parra
            final class AppDelegate: ParraAppDelegate<SceneDelegate> {
                func applicationWillTerminate(_ application: UIApplication) {}
            }
            class SceneDelegate: ParraSceneDelegate {}
            class Generic<T>: ParraSceneDelegate {
                func sceneDidBecomeActive(_ scene: UIScene) {}
            }
            """,
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.generated.contains("import Parra\nimport SwiftUI\n"), "\(result.generated)")
        #expect(
            result.generated.contains(
                """
                extension ShopApp {
                    public static func parraDelegateMethods(of delegate: AnyObject) -> ParraDelegateMethods? {
                        if let delegate = delegate as? AppDelegate { return delegate.parraDelegateMethods }
                        if delegate is SceneDelegate { return ParraDelegateMethods() }
                        return nil
                    }
                }
                """), "\(result.generated)")
        // The generic class still provides its methods through its conformance.
        #expect(result.generated.contains("extension Generic: ParraDelegateMethodsProviding"))
    }

    @Test("without a @main type, or without a delegate class, no type answers for the delegates")
    func noMainType() throws {
        let library = try scan([
            "Delegates.swift": """
            import Parra
            class SceneDelegate: ParraSceneDelegate { func sceneDidBecomeActive(_ scene: UIScene) {} }
            """
        ])
        #expect(library.status == 0)
        #expect(library.generated.contains("extension SceneDelegate: ParraDelegateMethodsProviding"))
        #expect(!library.generated.contains("parraDelegateMethods(of:"), "\(library.generated)")
        let tool = try scan([
            "Main.swift": """
            import Foundation
            @main enum Tool { static func main() {} }
            """
        ])
        #expect(tool.status == 0)
        #expect(!tool.generated.contains("extension"), "\(tool.generated)")
        #expect(!tool.generated.contains("import"), "\(tool.generated)")
    }

    @Test("comments, strings, overrides, static and nested declarations and other classes are passed by")
    func notMethods() throws {
        let result = try scan([
            "Delegates.swift": #"""
            import Parra
            class SceneDelegate: ParraSceneDelegate {
                // func sceneDidBecomeActive(_ scene: UIScene) {}
                /* func sceneWillResignActive(_ scene: UIScene) {} /* nested */ */
                let text = """
                    func sceneDidEnterBackground(_ scene: UIScene) {}
                    """
                let raw = #"func sceneDidDisconnect(_ scene: UIScene) {}"#
                static func sceneWillEnterForeground(_ scene: UIScene) {}
                class Inner { func sceneDidBecomeActive(_ scene: UIScene) {} }
            }
            class Unrelated: NSObject {
                func applicationWillTerminate(_ application: UIApplication) {}
            }
            enum Outer { class Nested: ParraAppDelegate<ParraSceneDelegate> { func applicationWillTerminate(_ a: UIApplication) {} } }
            """#
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.generated.contains("extension"), "\(result.generated)")
    }

    @Test(
        "a private delegate class or lifecycle method is said with its file and line, and left out; other private methods are not"
    )
    func privateDeclarations() throws {
        let result = try scan([
            "App.swift": """
            import Parra
            private class Hidden: ParraAppDelegate<ParraSceneDelegate> {
                func applicationWillTerminate(_ application: UIApplication) {}
            }
            class Shown: ParraSceneDelegate {
                private func sceneDidBecomeActive(_ scene: UIScene) {}
                private func helper(_ value: Int) {}
            }
            struct Tests {
                private func sceneDidBecomeActive(_ scene: UIScene) {}
            }
            """
        ])
        #expect(result.status == 0)
        #expect(result.output.contains("App.swift:2: warning: Hidden is private to its file"), "\(result.output)")
        #expect(
            result.output.contains("App.swift:6: warning: Shown.sceneDidBecomeActive is private"), "\(result.output)")
        // A private method that is no lifecycle method, or not in a delegate class, is the app's own.
        #expect(result.output.split(separator: "\n").count(where: { $0.contains("warning:") }) == 2, "\(result.output)")
        #expect(!result.generated.contains("extension"))
    }

    @Test("a file it cannot read names the file and fails; no arguments print the usage")
    func badInput() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let binary = folder.appendingPathComponent("binary.swift")
        try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: binary)
        let unreadable = try ChildProcess.run(tool, [folder.appendingPathComponent("out.swift").path, binary.path])
        #expect(unreadable.status == 1)
        #expect(unreadable.output.contains("\(binary.path): error: cannot read this source file as UTF-8"))
        let usage = try ChildProcess.run(tool, [])
        #expect(usage.status == 2 && usage.output.hasPrefix("usage: parra-delegate-methods"))
    }
}
