import CParraPlugin
import Foundation
import ParraPluginKit

/// A module written with ParraPluginKit, for tests through the host. Every call it gets is
/// logged through the host's log service, so tests can see what crossed the boundary.
final class SwiftFixtureModule: ParraModule {
    static let definition = ModuleDefinition<SwiftFixtureModule>(
        id: "com.parra.test.swiftfixture", name: "SwiftFixture", version: "2.1.0",
        description: "Exercises ParraPluginKit through the host", license: "MIT",
        options: [
            .string(
                "swiftfixture.greeting", default: "hi", doc: "What the fixture says",
                environmentVariable: "PARRA_SWIFTFIXTURE_GREETING"),
            .integer("swiftfixture.launches", default: 1, doc: "How many launches to count"),
            .bool("swiftfixture.failLaunch", default: false, doc: "Return false from didFinishLaunching"),
            .bool(
                "swiftfixture.exerciseServices", default: false,
                doc: "On activate, use every host service and log what came back"),
            .bool(
                "swiftfixture.callEcho", default: false,
                doc: "At launch, call the C fixture's echo command and log the answer"),
        ],
        hooks: [
            .didFinishLaunching { module, options in
                module.host.log(.info, "hook application.didFinishLaunching \(options)")
                if (try? module.host.bool("swiftfixture.callEcho")) == true { module.callEcho() }
                return !module.failLaunch
            },
            .didFinishLaunching(order: 5) { module, _ in
                module.host.log(.info, "second launch hook")
                return true
            },
            .willPresentNotification { module, payload in
                module.host.log(.info, "hook application.willPresentNotification \(payload)")
                return 4
            },
            .sceneDidBecomeActive { module, scene in module.host.log(.info, "hook scene.didBecomeActive \(scene)") },
            .willTerminate { module in module.host.log(.info, "hook application.willTerminate") },
            .raw(pointID: "com.example.cfixture.didGreet", signature: "void(ptr,str)", function: onGreet),
        ],
        extensionPoints: [
            ExtensionPointDeclaration(
                "com.parra.test.swiftfixture.didCount", signature: "void(ptr)", doc: "Emitted when the count is stored")
        ],
        commands: [
            .raw(
                id: "com.parra.test.swiftfixture.scale", signature: "f64(ptr,f64)",
                doc: "Multiplies by the launch count option", thread: .any, function: scale),
            .json(id: "com.parra.test.swiftfixture.greet", doc: "Answers {\"greeting\": ..., \"to\": argument} later") {
                module, argument, reply in
                module.host.log(.info, "command greet \(argument)")
                let greeting = (try? module.host.string("swiftfixture.greeting")) ?? "?"
                guard argument != "\"nobody\"" else { return reply.fail("nobody to greet") }
                _ = try? module.host.schedule(after: 0) {
                    reply.succeed(json: #"{"greeting":"# + JSONValue.quoted(greeting) + #","to":"# + argument + "}")
                }
            },
        ])

    let host: ModuleHost
    private var failLaunch = false

    init(host: ModuleHost) throws {
        self.host = host
        host.log(.info, "init")
    }

    func configure() throws {
        let greeting = try host.string("swiftfixture.greeting")
        failLaunch = try host.bool("swiftfixture.failLaunch")
        guard try host.integer("swiftfixture.launches") >= 0 else {
            throw ModuleError("swiftfixture.launches: must not be negative")
        }
        host.log(.info, "configure greeting=\(greeting)")
    }

    func activate() throws {
        let previous = try host.stored("count").map { Int(String(decoding: $0, as: UTF8.self)) ?? 0 } ?? 0
        try host.store(Array(String(previous + 1).utf8), forKey: "count")
        try host.emit("com.parra.test.swiftfixture.didCount")
        host.log(.info, "activate count=\(previous + 1)")
        if try host.bool("swiftfixture.exerciseServices") { try exerciseServices() }
    }

    /// Uses observe, schedule, present and request, logging each result.
    private func exerciseServices() throws {
        let host = self.host
        try host.observe("swiftfixture.greeting") { key in
            host.log(.info, "changed \(key) to \((try? host.string(key)) ?? "?")")
        }
        try host.schedule(after: 0) { host.log(.info, "timer fired") }
        try host.present(.toast, title: "Hello", body: "from the fixture", duration: 8) { byUser in
            host.log(.info, "dismissed byUser=\(byUser)")
        }
        DispatchQueue.global().async {
            do {
                try host.emit("com.parra.test.swiftfixture.didCount")
                host.log(.info, "background emit succeeded")
            } catch {
                host.log(.info, "background emit failed: \(error)")
            }
        }
        try host.request("GET", "tenants/t/applications/a/app-info") { result in
            switch result {
            case .success(let response):
                host.log(.info, "response \(response.status) \(String(decoding: response.body, as: UTF8.self))")
            case .failure(let error):
                host.log(.info, "request failed \(error)")
            }
        }
    }

    /// Calls the C fixture's echo through the host and logs the answer.
    private func callEcho() {
        let host = self.host
        do {
            try host.callCommand("com.example.cfixture.echo", argument: "from swift") { result in
                switch result {
                case .success(let json): host.log(.info, "echo answered \(json)")
                case .failure(let error): host.log(.info, "echo failed \(error)")
                }
            }
        } catch {
            host.log(.info, "echo refused \(error)")
        }
    }

    func deactivate() { host.log(.info, "deactivate") }

    func shutdown() { host.log(.info, "shutdown") }
}

/// An immediate command written against the raw C signature: `value` times the launch option.
private let scale: parra_function = unsafeBitCast(
    { (data: UnsafeMutableRawPointer?, value: Double) -> Double in
        let module = ModuleDefinition<SwiftFixtureModule>.module(from: data)
        return value * Double((try? module?.host.integer("swiftfixture.launches")) ?? 0)
    } as @convention(c) (UnsafeMutableRawPointer?, Double) -> Double, to: parra_function.self)

/// A hook on the C fixture's extension point, written against the raw C signature.
private let onGreet: parra_function = unsafeBitCast(
    { (data: UnsafeMutableRawPointer?, text: UnsafePointer<CChar>?) in
        ModuleDefinition<SwiftFixtureModule>.module(from: data)?.host.log(
            .info, "hook com.example.cfixture.didGreet \(text.map { String(cString: $0) } ?? "")")
    } as @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void, to: parra_function.self)

@_cdecl("parra_module_entry")
public func parraModuleEntry() -> UnsafePointer<parra_module_descriptor>? {
    SwiftFixtureModule.definition.export()
}
