import FoundationEssentials
import ParraPluginKit

/// ParraPush on the desktop's session bus: registers with the user's UnifiedPush distributor
/// (its endpoint is the push token), turns the distributor's messages into notifications, and
/// shows notifications the app does not through the desktop's notification server, whose
/// "Open" action is the user's response. Bus events are handled on the main thread.
final class DesktopPush {
    /// The storage key of the UnifiedPush connection token, made once per install.
    static let tokenKey = "parra_push_unifiedpush_token"
    /// The longest endpoint the spec allows.
    static let maximumEndpointBytes = 1000

    private let services: PushServices
    private let controller: PushController
    private let appName: String
    private var bus: SessionBus?
    /// The connection token the distributor knows the app by.
    let token: String
    /// Registrations waiting for their endpoint or failure.
    private var waiting: [(Result<String, PushPayload.Refusal>) -> Void] = []
    /// Desktop notifications: what opens each, by key until the server gives its id, then by id.
    private var opens: [UInt64: () -> Void] = [:]
    private var opensByID: [UInt32: () -> Void] = [:]
    private var nextKey: UInt64 = 0

    /// Connects to the bus at `address` as `serviceName` and takes over `controller`'s
    /// distributor and desktop display; throws why it cannot.
    init(
        address: String, serviceName: String, appName: String, services: PushServices, controller: PushController
    ) throws {
        self.services = services
        self.controller = controller
        self.appName = appName
        token = Self.storedToken(services)
        let target = WeakDesktopPush()
        bus = try SessionBus(address: address, serviceName: serviceName) { event in
            _ = try? services.schedule(after: 0, repeatEvery: 0) { target.value?.handle(event) }
        }
        target.value = self
        controller.distributor = { [weak self] completion in
            guard let self, let bus = self.bus else {
                return completion(.failure(PushPayload.Refusal(description: "the session bus is closed")))
            }
            self.waiting.append(completion)
            bus.register(token: self.token, description: "Push notifications for \(self.appName)")
        }
        controller.showOnDesktop = { [weak self] payload, open in self?.show(payload, open: open) ?? false }
    }

    /// Disconnects from the bus; the controller has no distributor or desktop display after.
    func close() {
        bus?.close()
        bus = nil
        controller.distributor = nil
        controller.showOnDesktop = nil
    }

    private func show(_ payload: PushPayload, open: @escaping () -> Void) -> Bool {
        guard let bus, bus.hasNotificationServer else { return false }
        nextKey += 1
        opens[nextKey] = open
        bus.notify(
            key: nextKey, appName: appName, title: payload.title.isEmpty ? appName : payload.title, body: payload.body)
        return true
    }

    /// One bus event, on the main thread.
    func handle(_ event: SessionBus.Event) {
        switch event {
        case .endpoint(let token, let url):
            guard accepts(token, "NewEndpoint") else { return }
            guard url.utf8.count <= Self.maximumEndpointBytes, url.contains("://") else {
                return finishRegistration(
                    .failure(
                        PushPayload.Refusal(description: "the distributor gave a malformed endpoint: \(url.prefix(80))")
                    ))
            }
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
            guard accepts(token, "Unregistered") else { return }
            controller.report(failure: "the UnifiedPush distributor dropped the app's registration")
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

    private func deliver(_ bytes: [UInt8]) {
        switch PushPayload.read(bytes) {
        case .failure(let refusal):
            let hint =
                bytes.first == UInt8(ascii: "{")
                ? "" : " (a Web Push encrypted message, RFC 8291, cannot be read yet: send the payload as plain JSON)"
            services.log(.warn, "UnifiedPush message refused: \(refusal)\(hint)")
        case .success(let payload):
            if let refusal = controller.deliver(payload) {
                services.log(.warn, "UnifiedPush message not delivered: \(refusal)")
            }
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

/// The bus events' way back to a `DesktopPush`, which may be gone by the time one is handled.
private final class WeakDesktopPush: @unchecked Sendable {
    weak var value: DesktopPush?
}
