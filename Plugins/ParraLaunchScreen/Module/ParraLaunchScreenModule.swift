import CParraPlugin
import ParraPluginKit

/// The launch screen feature module: owns the `launchScreen.*` options, drives the app's
/// launch from `application.didFinishLaunching`, retries a failed launch when the app comes
/// back to the foreground, and offers `com.parra.launchScreen.didComplete` and
/// `com.parra.launchScreen.sessionDidStart` to other modules, and its state through its
/// commands.
final class ParraLaunchScreenModule: ParraModule {
    static let definition = ModuleDefinition<ParraLaunchScreenModule>(
        id: "com.parra.launchScreen", name: "ParraLaunchScreen", version: "1.0.0",
        description: "The launch screen: covers the launch tasks, then hands over to the app's windows",
        license: "MIT",
        options: [
            OptionDeclaration(
                LaunchScreenOptions.typeKey, kind: .object, defaultJSON: #"{"kind":"none"}"#,
                doc:
                    "Which launch screen: {kind: none|default|storyboard|custom, ...}; none takes the Info.plist's",
                schema: LaunchScreenOptions.typeSchema),
            .double(
                LaunchScreenOptions.fadeDurationKey, default: LaunchScreenOptions.defaultFadeDuration,
                doc: "Seconds the launch screen takes to fade out (0 to 10)",
                schema: .number(minimum: 0, maximum: LaunchScreenOptions.longestFadeDuration)),
        ],
        hooks: [
            .didFinishLaunching { module, _ in
                module.controller?.launch()
                return true
            },
            .willEnterForeground { module in module.controller?.retry("the app entered the foreground") },
            .sceneWillResignActive { module, _ in module.controller?.sceneWillResignActive() },
            .sceneDidBecomeActive { module, _ in module.controller?.sceneDidBecomeActive() },
        ],
        extensionPoints: [
            ExtensionPointDeclaration(
                LaunchController.didCompletePoint, signature: "void(ptr,str)",
                doc: "The launch completed and the launch screen is gone; str: the app-info JSON ({} when none)"),
            ExtensionPointDeclaration(
                LaunchController.sessionDidStartPoint, signature: "void(ptr,str)",
                doc: "The launch found a user and starts their session; str: the user id"),
        ],
        commands: [
            .json(
                id: LaunchController.stateCommand,
                doc:
                    "The launch's state now: {state: idle|initial|transitioning|complete|failed, userId (with a session)}"
            ) { module, _, reply in
                guard let controller = module.controller else {
                    return reply.fail("ParraLaunchScreen is not configured")
                }
                reply.succeed(json: controller.stateJSON)
            },
            .json(
                id: LaunchController.whenCompleteCommand,
                doc: "Answers once the launch has completed (at once when it has): {userId} of its session, or {}"
            ) { module, _, reply in
                guard let controller = module.controller else {
                    return reply.fail("ParraLaunchScreen is not configured")
                }
                controller.whenComplete { reply.succeed(json: $0) }
            },
        ])

    let host: ModuleHost
    private(set) var controller: LaunchController?

    init(host: ModuleHost) throws { self.host = host }

    /// Resolves the launch screen from the options, the Info.plist and the theme; every
    /// problem is logged and falls back, so configure never refuses the module.
    func configure() throws {
        let (settings, problems) = LaunchConfiguration.resolve(
            typeJSON: (try? host.json(LaunchScreenOptions.typeKey)) ?? #"{"kind":"none"}"#,
            fadeDuration: (try? host.double(LaunchScreenOptions.fadeDurationKey))
                ?? LaunchScreenOptions.defaultFadeDuration,
            factsJSON: host.appFactsJSON)
        for problem in problems { host.log(.warn, problem) }
        host.log(.info, "launch screen: \(settings.launch.splash.title) (\(settings.source))")
        let host = self.host
        controller = LaunchController(services: host, settings: settings.launch)
    }

    func deactivate() { controller?.stop() }
}

/// What `libParraLaunchScreen.so` exports, for its entry target.
public enum ParraLaunchScreenExport {
    /// The module's descriptor (the same one every time).
    public static func descriptor() -> UnsafePointer<parra_module_descriptor> {
        ParraLaunchScreenModule.definition.export()
    }
}
