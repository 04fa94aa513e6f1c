import CParraPlugin
import ParraPluginKit

/// The What's New feature module: owns the `whatsNew.*` options; once the launch screen's
/// launch has completed for a user and a window is active it checks, once per process, for the
/// installed version's release and shows it as a modal or a toast; its commands are what
/// `parra.releases` calls. It waits until a window becomes active (or a command of it is
/// called), and asks the launch screen's commands about the launch then, so it is not started
/// before the app's first frame.
final class ParraWhatsNewModule: ParraModule {
    static let id = "com.parra.whatsNew"

    static let definition = ModuleDefinition<ParraWhatsNewModule>(
        id: id, name: "ParraWhatsNew", version: "1.0.0",
        description: "What's New: the installed version's release notes, once, after an update", license: "MIT",
        options: WhatsNewSettings.declarations,
        hooks: [.sceneDidBecomeActive { module, _ in module.controller?.sceneDidBecomeActive() }],
        commands: [
            .json(
                id: id + ".fetchLatestRelease",
                doc: "A forced app-info fetch: the installed version's new-version info as JSON, or null"
            ) { module, _, reply in
                module.controller?.fetchLatestRelease { result, _ in
                    switch result {
                    case .success(let info): reply.succeed(json: info?.json.json ?? "null")
                    case .failure(let error): reply.fail("\(error)")
                    }
                }
            },
            .json(
                id: id + ".presentRelease",
                doc: "Shows {info: new-version info, style: modal|toast (default: the option)}; answers true"
            ) { module, argument, reply in
                var warnings: [String] = []
                let members = (try? JSONValue.parse(argument))?.object
                guard let controller = module.controller, let value = members?["info"],
                    let info = NewVersionInfo.read(value, warnings: &warnings)
                else {
                    return reply.fail(
                        "presentRelease needs {info: {configuration, release}}: \(warnings.joined(separator: "; "))")
                }
                let style = members?["style"]?.string.flatMap(WhatsNewSettings.Style.init) ?? module.settings.style
                controller.present(info, style: style)
                reply.succeed(json: "true")
            },
            .json(
                id: id + ".updateAvailable",
                doc: "Whether a newer version than the installed one is released (always true in debug)"
            ) { module, _, reply in
                module.controller?.updateAvailable(environment: module.host.appEnvironment) { result in
                    switch result {
                    case .success(let available): reply.succeed(json: available ? "true" : "false")
                    case .failure(let error): reply.fail("\(error)")
                    }
                }
            },
            .json(
                id: id + ".fetchChangelog",
                doc: "The latest 15 releases as {releases: [...]}, or null when there are none"
            ) { module, _, reply in
                module.controller?.changelog { result in
                    switch result {
                    case .success(let releases):
                        reply.succeed(
                            json: releases.isEmpty
                                ? "null" : JSONValue.object(["releases": .array(releases.map(\.json))]).json)
                    case .failure(let error): reply.fail("\(error)")
                    }
                }
            },
        ],
        canWait: true)

    let host: ModuleHost
    private(set) var settings = WhatsNewSettings(style: nil, modeJSON: nil, appEnvironment: "production")
    private(set) var controller: WhatsNewController?

    init(host: ModuleHost) throws { self.host = host }

    /// Reads the options and the app's version; every problem is logged and falls back.
    func configure() throws {
        settings = WhatsNewSettings(
            style: try? host.string(WhatsNewSettings.styleKey), modeJSON: try? host.json(WhatsNewSettings.modeKey),
            appEnvironment: host.appEnvironment)
        for problem in settings.problems { host.log(.warn, problem) }
        let facts = (try? JSONValue.parse(host.appFactsJSON))?.object
        let bundle = facts?["bundle"]?.object
        let installed = bundle.flatMap { bundle -> WhatsNewController.Installed? in
            guard let short = bundle["shortVersion"]?.string else { return nil }
            return WhatsNewController.Installed(version: bundle["version"]?.string ?? short, shortVersion: short)
        }
        controller = WhatsNewController(
            services: host, settings: settings, installed: installed,
            interactive: facts?["display"]?.object?["interactive"]?.bool ?? false)
    }
}

/// What `libParraWhatsNew.so` exports, for its entry target.
public enum ParraWhatsNewExport {
    /// The module's descriptor (the same one every time).
    public static func descriptor() -> UnsafePointer<parra_module_descriptor> {
        ParraWhatsNewModule.definition.export()
    }

    /// The module's traits: it can wait.
    public static func traits() -> UnsafePointer<parra_module_traits> {
        ParraWhatsNewModule.definition.exportTraits()
    }
}
