import CParraPlugin
import Dispatch
import Glibc
import ParraPluginKit

/// The push notifications feature module: owns the `pushNotifications.*` options; keeps the
/// permission; registers at sign-in and sign-out with the user's UnifiedPush distributor on the
/// session bus and sends the token to Parra; takes pushes from the distributor and local ones
/// (`parra push send`) on a Unix socket; asks the app what an arriving notification may show,
/// shows the rest on the desktop, and routes the user's response once the launch completes.
/// Its commands are what `parra.push` calls.
final class ParraPushModule: ParraModule {
    static let id = "com.parra.push"

    static let definition = ModuleDefinition<ParraPushModule>(
        id: id, name: "ParraPush", version: "1.0.0",
        description: "Push notifications: permission, token registration, local delivery and routing",
        license: "MIT", options: PushSettings.declarations,
        hooks: [
            .raw(
                pointID: "com.parra.launchScreen.sessionDidStart", signature: "void(ptr,str)", function: sessionDidStart
            ),
            .didRegisterForRemoteNotifications { module, token in module.controller?.didRegister(token: token) },
            .didFailToRegisterForRemoteNotifications { module, reason in
                guard module.controller?.settings.enabled == true else { return }
                module.host.log(.warn, "registering for push notifications failed: \(reason)")
            },
            .willPresentNotification { module, _ in module.controller?.willPresentOptions() ?? 0 },
            .didReceiveNotificationResponse { module, response in module.controller?.didReceiveResponse(response) },
            .didEnterBackground { module in module.controller?.inForeground = false },
            .willEnterForeground { module in module.controller?.inForeground = true },
        ],
        extensionPoints: [
            ExtensionPointDeclaration(
                PushController.openContentPoint, signature: "void(ptr,str)",
                doc: "The user opened a feed-item or chat-message notification: {type, data}")
        ],
        commands: [
            .json(
                id: id + ".requestPushPermission",
                doc: "Asks for permission with the configured options; answers true or false"
            ) { module, _, reply in
                guard let controller = module.controller else { return reply.fail("ParraPush is not configured") }
                controller.requestPermission { result in
                    switch result {
                    case .success(let granted): reply.succeed(json: granted ? "true" : "false")
                    case .failure(let refusal): reply.fail(refusal.description)
                    }
                }
            },
            .json(
                id: id + ".authorizationStatus",
                doc: "The authorization status: \"notDetermined\", \"denied\", \"authorized\" or \"provisional\""
            ) { module, _, reply in
                reply.succeed(
                    json: JSONValue.string((module.controller?.authorization ?? .notDetermined).rawValue).json)
            },
            .json(
                id: id + ".unregister",
                doc:
                    "unregisterForRemoteNotifications(): asks the UnifiedPush distributor to drop the app's registration"
            ) { module, _, reply in
                guard let controller = module.controller else { return reply.fail("ParraPush is not configured") }
                controller.unregister()
                reply.succeed(json: "null")
            },
            .json(
                id: id + ".saveDistributor",
                doc:
                    "Keeps the user's choice of UnifiedPush distributor (a bus name, \"org.unifiedpush.Distributor.NAME\"), used from the next registration; PARRA_PUSH_DISTRIBUTOR overrides it"
            ) { module, argument, reply in
                guard let name = (try? JSONValue.parse(argument))?.string,
                    name.hasPrefix("org.unifiedpush.Distributor."), name.count > 28
                else { return reply.fail("the argument is a distributor's bus name, org.unifiedpush.Distributor.NAME") }
                do {
                    try module.host.store(Array(name.utf8), forKey: DesktopPush.distributorChoiceKey)
                    reply.succeed(json: "null")
                } catch {
                    reply.fail("cannot keep the choice: \(error)")
                }
            },
            .json(
                id: id + ".notificationSettings",
                doc: "The notification settings: {authorizationStatus, alertSetting, badgeSetting, soundSetting, ...}"
            ) { module, _, reply in
                guard let controller = module.controller else { return reply.fail("ParraPush is not configured") }
                reply.succeed(json: controller.settingsJSON)
            },
        ])

    let host: ModuleHost
    private(set) var controller: PushController?
    private var listener: LocalDeliveryListener?
    private var desktop: DesktopPush?
    /// The app's bundle id, from its facts at configure: the name on the session bus and in
    /// the local delivery socket's path.
    private var bundleID = "unknown"
    /// The name the user knows the app by, from its facts: the notifications' app name.
    private var displayName = "unknown"

    init(host: ModuleHost) throws { self.host = host }

    /// Reads the options and the app's facts.
    func configure() throws {
        let facts = (try? JSONValue.parse(host.appFactsJSON))?.object
        bundleID = facts?["bundle"]?.object?["identifier"]?.string ?? "unknown"
        displayName = facts?["bundle"]?.object?["displayName"]?.string ?? bundleID
        controller = PushController(
            services: host, settings: PushSettings(reading: host),
            interactive: facts?["display"]?.object?["interactive"]?.bool ?? false)
    }

    /// With push enabled in an app run: connects to the session bus (UnifiedPush and desktop
    /// notifications), listens for local pushes and watches sign-ins and sign-outs.
    func activate() throws {
        guard let controller, host.offersAppEvents else { return }
        guard controller.settings.enabled else { return unregisterIfRegistered(controller) }
        do {
            try host.observeAuthState { [weak controller] json in
                let state = (try? JSONValue.parse(json))?.object
                controller?.authStateChanged(userID: state?["userId"]?.string)
            }
        } catch {
            host.log(.warn, "cannot watch sign-ins and sign-outs: \(error)")
        }
        startDesktop(controller)
        startLocalDelivery(controller)
        takeLaunchNotification(controller)
    }

    /// How long activate waits for the message of a distributor that started the app.
    static let launchMessageSeconds = 2.0

    /// Started by D-Bus (`DBUS_STARTER_BUS_TYPE` set: a message came for the app's bus name
    /// while it did not run), the app gets the message it was started for as the
    /// `.remoteNotification` launch option; the message is then delivered as any other.
    private func takeLaunchNotification(_ controller: PushController) {
        guard Self.variable("DBUS_STARTER_BUS_TYPE") != nil, let desktop else { return }
        guard let message = desktop.firstMessage(within: Self.launchMessageSeconds) else {
            return host.log(
                .info, "started by D-Bus, but no push came within \(Self.launchMessageSeconds) s; launching without one"
            )
        }
        switch controller.read(message: message) {
        case .failure(let refusal): host.log(.warn, "the push the app was started for is refused: \(refusal)")
        case .success(let payload):
            do {
                try host.setLaunchNotification(payloadJSON: payload.json)
            } catch {
                host.log(.warn, "cannot hand over the push the app was started for: \(error)")
            }
        }
    }

    func deactivate() {
        listener?.stop()
        listener = nil
        desktop?.close()
        desktop = nil
    }

    /// Push is off, but an earlier run registered with a distributor (a push token was sent):
    /// the distributor is asked to drop the registration, as the spec asks of a connector.
    private func unregisterIfRegistered(_ controller: PushController) {
        guard let sent = try? host.stored(PushController.sentTokenKey), !sent.isEmpty else { return }
        startDesktop(controller)
        host.log(.info, "push notifications are off: unregistering from the UnifiedPush distributor")
        controller.unregister()
    }

    /// Connects to the session bus; without one, registering reports why.
    private func startDesktop(_ controller: PushController) {
        let unreachable = { [host] (reason: String) in
            let said = "no UnifiedPush distributor can be reached on this system: \(reason)"
            host.log(.warn, said)
            controller.distributor = { $0(.failure(PushPayload.Refusal(description: said))) }
        }
        // The refusal's own description, not "\(error)": printing an `any Error` looks its
        // type up in every loaded image's conformance records (several of them, a tenth of a
        // millisecond on the main thread at activate, where a system without a session bus
        // ends up).
        let address: String
        let environment = ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"].reduce(into: [String: String]()) {
            $0[$1] = Self.variable($1)
        }
        switch SessionBus.address(environment: environment) {
        case .success(let found): address = found
        case .failure(let refusal): return unreachable(refusal.description)
        }
        do {
            desktop = try DesktopPush(
                address: address, serviceName: bundleID, appName: displayName,
                distributorChoice: Self.variable(DesktopPush.distributorVariable), services: host,
                controller: controller)
            host.log(.info, "on the session bus as \(bundleID): UnifiedPush and desktop notifications")
        } catch {
            unreachable("\(error)")
        }
    }

    /// The environment variable `name`, read with `getenv`: Foundation's whole-environment
    /// dictionary cost activate a tenth of a millisecond each time it was asked for.
    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    private func startLocalDelivery(_ controller: PushController) {
        guard let runtime = Self.variable("XDG_RUNTIME_DIR"), runtime.hasPrefix("/") else {
            host.log(.warn, "local delivery (parra push send) is off: XDG_RUNTIME_DIR is not set")
            return
        }
        let path = LocalDeliveryListener.socketPath(runtimeDirectory: runtime, bundleID: bundleID)
        let host = self.host
        do {
            listener = try LocalDeliveryListener(path: path) { [weak controller] bytes in
                Self.onMainThread(host, within: 5) {
                    guard let controller else {
                        return .failure(PushPayload.Refusal(description: "the app has stopped"))
                    }
                    return controller.receive(local: bytes)
                }
            }
            host.log(.info, "local delivery: parra push send --bundle \(bundleID) PAYLOAD.json (socket \(path))")
        } catch {
            host.log(.warn, "local delivery (parra push send) is off: \(error)")
        }
    }

    /// Runs `body` on the main thread and returns its answer, or a refusal when the main thread
    /// does not run it within `seconds`.
    private static func onMainThread(
        _ host: ModuleHost, within seconds: Double,
        _ body: @escaping () -> Result<String, PushPayload.Refusal>
    ) -> Result<String, PushPayload.Refusal> {
        let done = DispatchSemaphore(value: 0)
        let answer = AnswerBox()
        do {
            try host.schedule(after: 0, repeatEvery: 0) {
                answer.value = body()
                done.signal()
            }
        } catch {
            return .failure(PushPayload.Refusal(description: "the app cannot take the notification: \(error)"))
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            return .failure(
                PushPayload.Refusal(description: "the app did not take the notification within \(Int(seconds)) s"))
        }
        return answer.value
    }
}

/// An answer handed from the main thread to the listener's thread (the semaphore orders them).
private final class AnswerBox: @unchecked Sendable {
    var value: Result<String, PushPayload.Refusal> = .failure(PushPayload.Refusal(description: "no answer"))
}

/// `com.parra.launchScreen.sessionDidStart`: a user exists at launch.
private let sessionDidStart: parra_function = unsafeBitCast(
    { (data: UnsafeMutableRawPointer?, userID: UnsafePointer<CChar>?) in
        ModuleDefinition<ParraPushModule>.module(from: data)?.controller?.authStateChanged(
            userID: userID.map { String(cString: $0) })
    } as @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void, to: parra_function.self)

/// What `libParraPush.so` exports, for its entry target.
public enum ParraPushExport {
    /// The module's descriptor (the same one every time).
    public static func descriptor() -> UnsafePointer<parra_module_descriptor> {
        ParraPushModule.definition.export()
    }
}
