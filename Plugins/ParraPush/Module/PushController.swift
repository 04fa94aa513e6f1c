import ParraPluginKit
import ParraSync

/// ParraPush's behaviour, on the main thread unless said otherwise: the permission, the
/// registration and its token upload, notifications arriving and the user's responses.
final class PushController {
    /// The extension point a `feed-item` or `chat-message` notification the user opened
    /// reaches: `void(ptr,str)` with `{"type": ..., "data": ...}`.
    static let openContentPoint = "com.parra.push.openContent"
    /// The storage key of the last token the server accepted, with its type and user.
    static let sentTokenKey = "parra_push_sent_token"
    /// The key of a toast's action that opens the notification.
    static let openKey = "n"

    private let services: PushServices
    let settings: PushSettings
    private let interactive: Bool
    /// The current UnifiedPush endpoint, the token its registration gave.
    private(set) var endpoint: String?
    /// The Web Push keys of the current endpoint, read from storage or made for it.
    private var webPushKeys: WebPushKeys?
    /// Who uses the app: the user id of the latest sign-in, nil for none.
    private(set) var userID: String?
    /// The token record being sent now, so the same token is not sent twice at once.
    private var sending: String? {
        get { lock.withLock { sendingRecord } }
        set { lock.withLock { sendingRecord = newValue } }
    }
    private var sendingRecord: String?
    private let lock = Lock()
    /// Whether the app is in the foreground (a notification then asks willPresent).
    var inForeground = true
    /// Shows a notification on the desktop when the app does not; nil without a notification
    /// server. Takes the payload and the action to run when the user opens it.
    var showOnDesktop: ((PushPayload, @escaping () -> Void) -> Bool)?
    /// Gets a push token from the user's push distributor; nil when there is no way to.
    var distributor: ((@escaping (Result<String, PushPayload.Refusal>) -> Void) -> Void)?
    /// Drops the registration with the user's push distributor; nil when there is no way to.
    var unregisterFromDistributor: (() -> Void)?

    init(services: PushServices, settings: PushSettings, interactive: Bool) {
        self.services = services
        self.settings = settings
        self.interactive = interactive
    }

    // MARK: Permission

    /// Whether a notification may be shown: authorized, or provisional where the options ask
    /// for provisional authorization.
    var mayPresent: Bool {
        let status = authorization
        return status == .authorized || (status == .provisional && settings.provisional)
    }

    /// The stored authorization status (not determined when none or unreadable).
    var authorization: PushAuthorization {
        (try? services.stored(PushAuthorization.storageKey))
            .flatMap { $0.map { PushAuthorization(rawValue: String(decoding: $0, as: UTF8.self)) } ?? nil }
            ?? .notDetermined
    }

    /// `requestPushPermission()`: the answer, or the reason it cannot be asked.
    func requestPermission(_ completion: @escaping (Result<Bool, PushPayload.Refusal>) -> Void) {
        switch PermissionDecision.decide(status: authorization, settings: settings, interactive: interactive) {
        case .answer(let granted, let store):
            if let store { keep(store) }
            completion(.success(granted))
        case .fail(let message): completion(.failure(PushPayload.Refusal(description: message)))
        case .prompt:
            var answered = false
            let kinds = [
                settings.alerts ? "alerts" : nil, settings.badges ? "badges" : nil, settings.sounds ? "sounds" : nil,
            ]
            do {
                try services.present(
                    .modal, title: "Allow notifications?",
                    body:
                        "The app would like to send you notifications (\(String(joining: kinds.compactMap { $0 }, separator: ", ")))."
                        + "\ny: allow  n: don't allow",
                    duration: 0, actions: [("y", "allow notifications"), ("n", "don't allow")],
                    onAction: { [weak self] key in
                        guard let self, !answered else { return }
                        answered = true
                        let status = PermissionDecision.answered(key == "y")
                        self.keep(status)
                        completion(.success(status == .authorized))
                    },
                    dismissed: { _ in
                        guard !answered else { return }
                        answered = true
                        completion(.success(false))
                    })
            } catch {
                completion(.failure(PushPayload.Refusal(description: "cannot show the permission prompt: \(error)")))
            }
        }
    }

    /// The notification settings as JSON, as UNNotificationSettings reads them.
    var settingsJSON: String {
        let status = authorization
        let allowed = status == .authorized || status == .provisional
        func setting(_ on: Bool) -> JSONValue { .string(!allowed ? "notSupported" : on ? "enabled" : "disabled") }
        return JSONValue.object([
            "authorizationStatus": .string(status.rawValue), "alertSetting": setting(settings.alerts),
            "badgeSetting": setting(settings.badges), "soundSetting": setting(settings.sounds),
            "providesAppNotificationSettings": .bool(settings.providesInAppNotificationSettings),
        ]).json
    }

    private func keep(_ status: PushAuthorization) {
        do {
            try services.store(Array(status.rawValue.utf8), forKey: PushAuthorization.storageKey)
        } catch {
            services.log(.warn, "cannot keep the authorization status \(status.rawValue): \(error)")
        }
    }

    // MARK: Registration

    /// Who uses the app changed (a sign-in at launch, a sign-in or sign-out later): registers
    /// for push, and with `promptTrigger: automatic` asks for permission too.
    func authStateChanged(userID: String?) {
        guard settings.enabled else { return }
        self.userID = userID
        if settings.promptTrigger == .automatic, authorization == .notDetermined || authorization == .provisional {
            requestPermission { [services] result in
                if case .failure(let refusal) = result { services.log(.warn, refusal.description) }
            }
        }
        register()
    }

    /// Asks the distributor for a token, handing the outcome to the app delegate.
    func register() {
        guard let distributor else {
            report(failure: "no UnifiedPush distributor can be reached on this system")
            return
        }
        distributor { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let endpoint): self.receive(endpoint: endpoint)
            case .failure(let refusal): self.report(failure: refusal.description)
            }
        }
    }

    /// The distributor gave an endpoint (at registration, or a new one later): it is the push
    /// token the app delegate gets, once the Web Push keys for it are ready (the kept ones when
    /// they were made for this endpoint, else new ones).
    func receive(endpoint: String) {
        switch keys(for: endpoint) {
        case .failure(let refusal): return report(failure: refusal.description)
        case .success(let keys): webPushKeys = keys
        }
        self.endpoint = endpoint
        do {
            try services.didRegisterForRemoteNotifications(token: Array(endpoint.utf8))
        } catch {
            services.log(.warn, "cannot hand the push token to the app: \(error)")
        }
    }

    /// The keys kept in storage, for whichever endpoint they were made; nil for none or broken.
    private var keptKeys: WebPushKeys? {
        (try? services.stored(WebPushKeys.storageKey)).flatMap { $0 }.flatMap(WebPushKeys.init(stored:))
    }

    /// The keys for `endpoint`: those kept when made for it, else new ones, kept.
    private func keys(for endpoint: String) -> Result<WebPushKeys, PushPayload.Refusal> {
        if let kept = keptKeys, kept.endpoint == endpoint { return .success(kept) }
        return WebPushKeys.make(for: endpoint).flatMap { keys in
            do {
                try services.store(keys.stored, forKey: WebPushKeys.storageKey)
                return .success(keys)
            } catch {
                return .failure(PushPayload.Refusal(description: "cannot keep the Web Push keys: \(error)"))
            }
        }
    }

    /// A message from the push service, as the distributor passed it on: decrypted with the
    /// endpoint's keys and read, then delivered. Nil when the app took it, else why not.
    func receive(message: [UInt8]) -> String? {
        switch read(message: message) {
        case .failure(let refusal): return refusal.description
        case .success(let payload): return deliver(payload)
        }
    }

    /// The payload of a message from the push service: decrypted with the endpoint's keys (the
    /// kept ones, before this run has an endpoint: the app was started for the message, say)
    /// and read, or why not.
    func read(message: [UInt8]) -> Result<PushPayload, PushPayload.Refusal> {
        guard let keys = webPushKeys ?? keptKeys else {
            return .failure(
                PushPayload.Refusal(description: "no Web Push keys to decrypt it: the app has no endpoint yet"))
        }
        return keys.decrypt(message).flatMap(PushPayload.read)
    }

    /// What `parra push send` sends on the local socket: `subscription`, which answers the Web
    /// Push subscription as an app server has it (`{"endpoint", "keys": {"p256dh", "auth"}}`), a
    /// payload as JSON, or one encrypted for the subscription (`--encrypt`). The answer's text,
    /// or why not.
    func receive(local bytes: [UInt8]) -> Result<String, PushPayload.Refusal> {
        if bytes == Array(Self.subscriptionRequest.utf8) {
            guard let endpoint, let webPushKeys else {
                return .failure(
                    PushPayload.Refusal(
                        description:
                            "the app has no Web Push subscription yet: it gets one from a UnifiedPush distributor when it registers"
                    ))
            }
            return .success(
                JSONValue.object([
                    "endpoint": .string(endpoint),
                    "keys": .object(["p256dh": .string(webPushKeys.p256dh), "auth": .string(webPushKeys.auth)]),
                ]).json)
        }
        let reason: String?
        if bytes.first == UInt8(ascii: "{") {
            switch PushPayload.read(bytes) {
            case .failure(let refusal): reason = refusal.description
            case .success(let payload): reason = deliver(payload)
            }
        } else {
            reason = receive(message: bytes)
        }
        guard let reason else { return .success("delivered") }
        services.log(.warn, "local push refused: \(reason)")
        return .failure(PushPayload.Refusal(description: reason))
    }

    /// The local socket's request for the subscription.
    static let subscriptionRequest = "subscription"

    /// `unregisterForRemoteNotifications()`: the distributor drops the registration, and the
    /// endpoint is forgotten once it confirms.
    func unregister() {
        guard let unregisterFromDistributor else {
            return services.log(.warn, "cannot unregister: no UnifiedPush distributor can be reached")
        }
        unregisterFromDistributor()
    }

    /// The distributor confirmed the app is unregistered: its endpoint and the record of the
    /// token sent to Parra go, so the next registration is sent again.
    func forgetRegistration() {
        endpoint = nil
        webPushKeys = nil
        do {
            try services.store([], forKey: Self.sentTokenKey)
        } catch {
            services.log(.warn, "cannot forget the sent push token: \(error)")
        }
    }

    /// The token, as the API takes it: the UnifiedPush endpoint as it is, else the bytes in
    /// lowercase hex (an APNs-style token).
    func wireToken(for bytes: [UInt8]) -> (token: String, type: String) {
        if let endpoint, bytes == Array(endpoint.utf8) { return (endpoint, "unifiedpush") }
        let digits = Array("0123456789abcdef")
        return (String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }), "apns")
    }

    /// `didRegisterForRemoteNotifications`: sends the token to
    /// `POST tenants/{tenantId}/push-tokens` unless the server has it already for this user:
    /// `{"token", "type"}`, and for a UnifiedPush endpoint `"keys": {"p256dh", "auth"}`, the
    /// Web Push subscription keys an app server encrypts for.
    func didRegister(token bytes: [UInt8]) {
        guard settings.enabled else { return }
        let (token, type) = wireToken(for: bytes)
        let keys: JSONValue =
            type == "unifiedpush"
            ? webPushKeys.map { .object(["p256dh": .string($0.p256dh), "auth": .string($0.auth)]) } ?? .null : .null
        let record = JSONValue.object([
            "token": .string(token), "type": .string(type), "keys": keys, "user": userID.map(JSONValue.string) ?? .null,
        ]).json
        let sent = (try? services.stored(Self.sentTokenKey)).flatMap { $0.map { String(decoding: $0, as: UTF8.self) } }
        guard record != sent, record != sending else {
            services.log(.debug, "push token unchanged; not sent again")
            return
        }
        sending = record
        var fields: [String: JSONValue] = ["token": .string(token), "type": .string(type)]
        if keys != .null { fields["keys"] = keys }
        let body = JSONValue.object(fields).json
        do {
            try services.request("POST", "tenants/{tenantId}/push-tokens", body: Array(body.utf8), timeout: 0) {
                [weak self] result in
                guard let self else { return }
                self.lock.withLock { if self.sendingRecord == record { self.sendingRecord = nil } }
                switch result {
                case .success(let response) where (200..<300).contains(response.status):
                    do {
                        try self.services.store(Array(record.utf8), forKey: Self.sentTokenKey)
                    } catch {
                        self.services.log(.warn, "cannot remember the sent push token: \(error)")
                    }
                    self.services.log(.info, "push token (\(type)) registered with Parra")
                case .success(let response):
                    let text = String(decoding: response.body.prefix(200), as: UTF8.self)
                    self.report(failure: "the server refused the push token: HTTP \(response.status) \(text)")
                case .failure(let error): self.report(failure: "cannot send the push token: \(error)")
                }
            }
        } catch {
            report(failure: "cannot send the push token: \(error)")
        }
    }

    /// Hands a registration failure to the app delegate (any thread).
    func report(failure reason: String) {
        do {
            try services.didFailToRegisterForRemoteNotifications(reason: reason)
        } catch {
            services.log(.warn, "registering for push failed: \(reason)")
        }
    }

    // MARK: Notifications

    /// `willPresentNotification`: what the flags allow, with push enabled.
    func willPresentOptions() -> UInt32 { settings.enabled ? settings.presentationOptions : 0 }

    /// A notification arrived: in the foreground it asks the app what to show and shows it as
    /// a toast (or, when willPresent allows no alert, on the desktop); otherwise it goes to the
    /// desktop's notification server. Only what the user allowed is shown (`mayPresent`); a
    /// silent push shows nothing. Nil when the app took it, else why not.
    func deliver(_ payload: PushPayload) -> String? {
        guard settings.enabled else {
            return "push notifications are not enabled in the app's Parra configuration"
        }
        if payload.isSilent {
            do {
                try services.didReceiveRemoteNotification(payloadJSON: payload.json)
                return nil
            } catch {
                return "the app cannot take the background push: \(error)"
            }
        }
        let open: () -> Void = { [weak self] in self?.respond(to: payload) }
        if !inForeground {
            guard mayPresent else {
                services.log(.info, notAllowed)
                return nil
            }
            if let showOnDesktop, showOnDesktop(payload, open) { return nil }
        }
        do {
            try services.willPresentNotification(payloadJSON: payload.json) { [weak self] options in
                self?.show(payload, options: options, open: open)
            }
            return nil
        } catch {
            return "the app cannot take the notification: \(error)"
        }
    }

    /// Why a notification is not shown without the user's permission.
    private var notAllowed: String {
        "notification not shown: the user has not allowed notifications (authorization \(authorization.rawValue))"
    }

    private func show(_ payload: PushPayload, options: UInt32, open: @escaping () -> Void) {
        guard mayPresent else { return services.log(.info, notAllowed) }
        guard options & 4 != 0 else {
            if let showOnDesktop, showOnDesktop(payload, open) { return }
            services.log(.info, "notification not shown: the app's willPresent allows no alert")
            return
        }
        do {
            try services.present(
                .toast, title: payload.title.isEmpty ? "Notification" : payload.title, body: payload.body,
                duration: 8, actions: [(Self.openKey, "open the notification")], onAction: { _ in open() },
                dismissed: { _ in })
        } catch {
            services.log(.warn, "cannot show the notification: \(error)")
        }
    }

    /// The user opened `payload`: the app delegate's didReceive gets it (after the launch).
    func respond(to payload: PushPayload, action: String? = nil) {
        do {
            try services.didReceiveNotificationResponse(payloadJSON: payload.json, action: action)
        } catch {
            services.log(.warn, "cannot hand the notification response to the app: \(error)")
        }
    }

    /// `didReceiveNotificationResponse`: routes Parra's payload, with push enabled.
    func didReceiveResponse(_ responseJSON: String) {
        guard settings.enabled, let response = (try? JSONValue.parse(responseJSON))?.object,
            let parra = response["notification"]?.object?["parra"]
        else { return }
        switch PushPayload.readRoute(parra) {
        case .failure(let refusal): services.log(.warn, "notification response not routed: \(refusal)")
        case .success(.url(let url)):
            do { try services.openURL(url) } catch { services.log(.warn, "cannot open \(url): \(error)") }
        case .success(.feedItem(let data)): emitOpen("feed-item", data)
        case .success(.chatMessage(let data)): emitOpen("chat-message", data)
        }
    }

    private func emitOpen(_ type: String, _ data: String) {
        let json = JSONValue.object(["type": .string(type), "data": (try? JSONValue.parse(data)) ?? .null]).json
        do {
            try services.emit(Self.openContentPoint, json)
        } catch {
            services.log(.warn, "cannot emit \(Self.openContentPoint): \(error)")
        }
    }
}
