import FoundationEssentials
import ParraPluginKit
import ParraSync

/// ParraPush on the desktop's session bus: registers with the user's UnifiedPush distributor
/// (its endpoint is the push token) and keeps the registration as DBUS_0.3.0 says (registers
/// again when the distributor drops it or comes back, unregisters when asked), turns the
/// distributor's messages into notifications, and shows notifications the app does not through
/// the desktop's notification server, whose "Open" action is the user's response. Bus events
/// are handled on the main thread.
final class DesktopPush {
    /// The storage key of the UnifiedPush connection token, made once per install.
    static let tokenKey = "parra_push_unifiedpush_token"
    /// The storage key of the user's choice of distributor (`saveDistributor`).
    static let distributorChoiceKey = "parra_push_distributor"
    /// The environment variable that names the distributor to use, over the stored choice.
    static let distributorVariable = "PARRA_PUSH_DISTRIBUTOR"
    /// How many times in a row a dropped registration is made again before it is reported.
    static let maximumReRegistrations = 3

    private let services: PushServices
    private let controller: PushController
    private let appName: String
    private let desktopEntry: String
    private let environmentChoice: String?
    private var bus: SessionBus?
    /// Whether the app wants to be registered: from its first registration until it unregisters.
    private var wantsRegistration = false
    /// Whether an Unregister waits for the distributor's confirmation.
    private var unregistering = false
    /// The distributor the last registration went to.
    private var distributorInUse: String?
    /// Registrations made again since the last endpoint.
    private var reRegistrations = 0
    /// The first message for the app's token, kept for `firstMessage(within:)`.
    private let firstMessage = FirstMessage()
    /// The connection token the distributor knows the app by.
    let token: String
    /// Registrations waiting for their endpoint or failure.
    private var waiting: [(Result<String, PushPayload.Refusal>) -> Void] = []
    /// Desktop notifications: what opens each, by key until the server gives its id, then by id.
    private var opens: [UInt64: () -> Void] = [:]
    private var opensByID: [UInt32: () -> Void] = [:]
    private var nextKey: UInt64 = 0

    /// Connects to the bus at `address` as `serviceName` (the bundle id, also the app's desktop
    /// entry) and takes over `controller`'s distributor and desktop display; throws why it
    /// cannot. `distributorChoice` is the environment's choice of distributor, over the stored one.
    init(
        address: String, serviceName: String, appName: String, distributorChoice: String? = nil,
        services: PushServices, controller: PushController
    ) throws {
        self.services = services
        self.controller = controller
        self.appName = appName
        desktopEntry = serviceName
        environmentChoice = distributorChoice
        token = Self.storedToken(services)
        let target = WeakDesktopPush()
        let (first, token) = (firstMessage, token)
        bus = try SessionBus(address: address, serviceName: serviceName) { event in
            if case .message(token, let bytes) = event { first.offer(bytes) }
            _ = try? services.schedule(after: 0, repeatEvery: 0) { target.value?.handle(event) }
        }
        target.value = self
        controller.distributor = { [weak self] completion in
            guard let self, self.bus != nil else {
                return completion(.failure(PushPayload.Refusal(description: "the session bus is closed")))
            }
            self.waiting.append(completion)
            self.wantsRegistration = true
            self.unregistering = false
            self.register()
        }
        controller.unregisterFromDistributor = { [weak self] in self?.unregister() }
        controller.showOnDesktop = { [weak self] payload, open in self?.show(payload, open: open) ?? false }
    }

    /// The first message the distributor delivers for the app, waiting at most `seconds` for
    /// it (it is also handled as any other): what a distributor that started the app sends.
    func firstMessage(within seconds: Double) -> [UInt8]? { firstMessage.wait(within: seconds) }

    /// Disconnects from the bus; the controller has no distributor or desktop display after.
    func close() {
        bus?.close()
        bus = nil
        controller.distributor = nil
        controller.unregisterFromDistributor = nil
        controller.showOnDesktop = nil
    }

    /// The user's choice of distributor: the environment's, else the stored one.
    private var distributorChoice: String? {
        environmentChoice
            ?? (try? services.stored(Self.distributorChoiceKey)).flatMap { $0 }.map {
                String(decoding: $0, as: UTF8.self)
            }
    }

    private func register() {
        bus?.register(
            token: token, description: "Push notifications for \(appName)", vapid: controller.settings.vapidPublicKey,
            choice: distributorChoice)
    }

    private func unregister() {
        wantsRegistration = false
        unregistering = true
        bus?.unregister(token: token, choice: distributorChoice)
    }

    private func show(_ payload: PushPayload, open: @escaping () -> Void) -> Bool {
        guard let bus, bus.hasNotificationServer else { return false }
        nextKey += 1
        opens[nextKey] = open
        bus.notify(
            key: nextKey, appName: appName, title: payload.title.isEmpty ? appName : payload.title, body: payload.body,
            desktopEntry: desktopEntry, urgency: payload.urgency)
        return true
    }

    /// One bus event, on the main thread.
    func handle(_ event: SessionBus.Event) {
        switch event {
        case .endpoint(let token, let url):
            guard accepts(token, "NewEndpoint") else { return }
            reRegistrations = 0
            if waiting.isEmpty {
                if url != controller.endpoint { controller.receive(endpoint: url) }
            } else {
                finishRegistration(.success(url))
            }
        case .registrationFailed(let reason):
            finishRegistration(.failure(PushPayload.Refusal(description: reason)))
        case .message(let token, let bytes):
            guard accepts(token, "Message") else { return }
            deliver(bytes)
        case .unregistered(let token):
            guard unregistering && token.isEmpty || accepts(token, "Unregistered") else { return }
            dropped()
        case .choseDistributor(let name, let why):
            distributorInUse = name
            services.log(.info, "UnifiedPush distributor \(name): \(why)")
        case .distributorAppeared(let name):
            // One that was not there at registration, or the one in use started again (it may
            // have lost the registration): register again.
            guard wantsRegistration, distributorInUse == nil || distributorInUse == name || distributorChoice == name
            else { return }
            services.log(.info, "the UnifiedPush distributor \(name) came onto the session bus; registering with it")
            register()
        case .notificationServerChanged:
            opensByID.removeAll()
        case .distributorGone(let name):
            let reason = "the UnifiedPush distributor \(name) left the session bus; no pushes arrive until it is back"
            if waiting.isEmpty {
                controller.report(failure: reason)
            } else {
                finishRegistration(.failure(PushPayload.Refusal(description: reason)))
            }
        case .notified(let key, let id):
            opensByID[id] = opens.removeValue(forKey: key)
        case .closed(let id):
            opensByID[id] = nil
        case .actionInvoked(let id, let action):
            guard action == "default", let open = opensByID.removeValue(forKey: id) else { return }
            open()
        case .problem(let reason):
            services.log(.warn, "D-Bus: \(reason)")
        }
    }

    /// The distributor confirmed an Unregister, or dropped the registration: a registration the
    /// app still wants is made again (a few times in a row at most), as the spec says.
    private func dropped() {
        if unregistering {
            unregistering = false
            controller.forgetRegistration()
            services.log(.info, "unregistered from the UnifiedPush distributor")
        } else if wantsRegistration, controller.settings.enabled, reRegistrations < Self.maximumReRegistrations {
            reRegistrations += 1
            services.log(.info, "the UnifiedPush distributor dropped the app's registration; registering again")
            register()
        } else {
            controller.report(failure: "the UnifiedPush distributor dropped the app's registration")
        }
    }

    private func accepts(_ token: String, _ method: String) -> Bool {
        guard token == self.token else {
            services.log(.warn, "UnifiedPush \(method) for an unknown connection token ignored")
            return false
        }
        return true
    }

    private func finishRegistration(_ result: Result<String, PushPayload.Refusal>) {
        guard !waiting.isEmpty else {
            if case .failure(let refusal) = result { controller.report(failure: refusal.description) }
            return
        }
        let completions = waiting
        waiting = []
        for completion in completions { completion(result) }
    }

    private func deliver(_ message: [UInt8]) {
        if let refusal = controller.receive(message: message) {
            services.log(.warn, "UnifiedPush message refused: \(refusal)")
        }
    }

    private static func storedToken(_ services: PushServices) -> String {
        if let bytes = try? services.stored(tokenKey), let text = String(bytes: bytes, encoding: .utf8),
            !text.isEmpty, text.utf8.count <= 100
        {
            return text
        }
        let token = UUID().uuidString.lowercased()
        do {
            try services.store(Array(token.utf8), forKey: tokenKey)
        } catch {
            services.log(.warn, "cannot keep the UnifiedPush connection token: \(error)")
        }
        return token
    }
}

/// The first message for the app, handed from the bus thread to a wait on the main thread.
/// Sendable by hand: `bytes` is behind `condition`.
private final class FirstMessage: @unchecked Sendable {
    private let condition = Condition()
    private var bytes: [UInt8]?

    func offer(_ message: [UInt8]) {
        condition.withLock {
            guard bytes == nil else { return }
            bytes = message
            condition.broadcast()
        }
    }

    func wait(within seconds: Double) -> [UInt8]? {
        let deadline = Date().addingTimeInterval(seconds)
        return condition.withLock {
            while bytes == nil, condition.wait(until: deadline) {}
            return bytes
        }
    }
}

/// The bus events' way back to a `DesktopPush`, which may be gone by the time one is handled.
private final class WeakDesktopPush: @unchecked Sendable {
    weak var value: DesktopPush?
}
