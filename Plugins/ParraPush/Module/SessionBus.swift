import CParraPushSupport
import FoundationEssentials
import ParraFileSystem
import ParraPluginKit
import ParraSync

/// ParraPush's connection to the user's D-Bus session bus (`parra_push_bus.h` in C, on
/// libdbus-1): the UnifiedPush connector under the app's bus name, registration with a
/// distributor, and desktop notifications. Its events come on its own thread, in order.
/// Sendable by hand: `closed` is behind `closeLock`, and the C bus it owns takes calls from any thread.
final class SessionBus: @unchecked Sendable {
    /// What happens on the bus.
    enum Event: Equatable {
        /// A distributor gave the endpoint of a token.
        case endpoint(token: String, url: String)
        /// A distributor delivered a push message for a token.
        case message(token: String, bytes: [UInt8])
        /// A distributor dropped a token's registration (or confirmed an Unregister: the token
        /// may then be empty).
        case unregistered(token: String)
        /// A registration goes to the distributor `name`, chosen as `why` says.
        case choseDistributor(name: String, why: String)
        /// Registering failed, or the bus closed the connection, and why.
        case registrationFailed(String)
        /// The distributor in use left the bus.
        case distributorGone(name: String)
        /// A distributor came onto the bus.
        case distributorAppeared(name: String)
        /// The notification server left or was replaced: its ids mean nothing now.
        case notificationServerChanged
        /// The notification server showed the notification of a key with its id.
        case notified(key: UInt64, id: UInt32)
        /// A desktop notification was closed.
        case closed(id: UInt32)
        /// The user acted on a desktop notification.
        case actionInvoked(id: UInt32, action: String)
        /// Something off the spec arrived, or a call failed.
        case problem(String)
    }

    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else the user bus socket
    /// `$XDG_RUNTIME_DIR/bus` when it exists; otherwise why there is none.
    static func address(environment: [String: String]) -> Result<String, PushPayload.Refusal> {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return .success(address) }
        if let runtime = environment["XDG_RUNTIME_DIR"], FileManager.default.fileExists(atPath: runtime + "/bus") {
            return .success("unix:path=\(runtime)/bus")
        }
        return .failure(
            PushPayload.Refusal(
                description:
                    "no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus is missing"
            ))
    }

    private let bus: OpaquePointer
    private let box: Unmanaged<EventBox>

    /// Connects to the bus at `address` as `serviceName` (the app's id), or throws why not.
    /// A Register or Notify call unanswered after `callTimeout` seconds fails with that reason.
    /// `onEvent` runs on the bus thread until `close()`.
    init(
        address: String, serviceName: String, callTimeout: Double = 25, onEvent: @escaping (Event) -> Void
    ) throws {
        let box = Unmanaged.passRetained(EventBox(onEvent))
        var events = parra_push_bus_events()
        events.context = box.toOpaque()
        events.endpoint = { context, token, url in
            EventBox.send(context, .endpoint(token: String(cString: token!), url: String(cString: url!)))
        }
        events.message = { context, token, bytes, length in
            let body = bytes.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
            EventBox.send(context, .message(token: String(cString: token!), bytes: body))
        }
        events.unregistered = { context, token in EventBox.send(context, .unregistered(token: String(cString: token!)))
        }
        events.registration_failed = { context, reason in
            EventBox.send(context, .registrationFailed(String(cString: reason!)))
        }
        events.distributor_gone = { context, name in
            EventBox.send(context, .distributorGone(name: String(cString: name!)))
        }
        events.distributor_appeared = { context, name in
            EventBox.send(context, .distributorAppeared(name: String(cString: name!)))
        }
        events.chose_distributor = { context, name, why in
            EventBox.send(context, .choseDistributor(name: String(cString: name!), why: String(cString: why!)))
        }
        events.notification_server_changed = { context in EventBox.send(context, .notificationServerChanged) }
        events.notified = { context, key, id in EventBox.send(context, .notified(key: key, id: id)) }
        events.action_invoked = { context, id, action in
            EventBox.send(context, .actionInvoked(id: id, action: String(cString: action!)))
        }
        events.closed = { context, id in EventBox.send(context, .closed(id: id)) }
        events.problem = { context, reason in EventBox.send(context, .problem(String(cString: reason!))) }
        // The bus code's library runs with the app's rights: it must pass the module file's rule,
        // and the file checked is the one loaded here (the bus code's own dlopen of the same
        // path then finds it loaded).
        if let path = parra_push_bus_library_path().map({ String(cString: $0) }),
            case .failure(let problem) = CheckedLoad.loadLibrary(path)
        {
            box.release()
            throw PushPayload.Refusal(description: "\(path) is not loaded: \(problem)")
        }
        var error = [CChar](repeating: 0, count: 512)
        guard
            let opened = parra_push_bus_open(
                address, serviceName, &events, Int32((callTimeout * 1000).rounded()), &error, error.count)
        else {
            box.release()
            throw PushPayload.Refusal(description: error.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
        }
        bus = opened
        self.box = box
    }

    /// Registers `token` with the user's `choice` of distributor when it is on the bus, else the
    /// first by name; `vapid` is the app server's VAPID public key, when it has one.
    func register(token: String, description: String, vapid: String? = nil, choice: String? = nil) {
        parra_push_bus_register(bus, token, description, vapid, choice)
    }

    /// Unregisters `token` from the distributor in use (else the one `choice` names, or the
    /// first); it confirms with `.unregistered`.
    func unregister(token: String, choice: String? = nil) {
        parra_push_bus_unregister(bus, token, choice)
    }

    /// Whether a desktop notification server is on the bus now.
    var hasNotificationServer: Bool { parra_push_bus_has_notification_server(bus) }

    /// Shows a desktop notification with an "Open" action; `key` comes back in `.notified`.
    /// `body` is plain text; `desktopEntry` names the app's .desktop file (without the suffix);
    /// `urgency` is 0 low, 1 normal or 2 critical.
    func notify(key: UInt64, appName: String, title: String, body: String, desktopEntry: String, urgency: UInt8) {
        parra_push_bus_notify(bus, key, appName, title, body, desktopEntry, urgency)
    }

    private let closeLock = Lock()
    private var closed = false

    /// Disconnects; no event comes after it returns. Never call it from `onEvent`.
    func close() {
        let first = closeLock.withLock {
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        parra_push_bus_close(bus)
        box.release()
    }

    deinit { close() }
}

/// The event closure, behind the C context pointer.
private final class EventBox {
    let onEvent: (SessionBus.Event) -> Void
    init(_ onEvent: @escaping (SessionBus.Event) -> Void) { self.onEvent = onEvent }

    static func send(_ context: UnsafeMutableRawPointer?, _ event: SessionBus.Event) {
        guard let context else { return }
        Unmanaged<EventBox>.fromOpaque(context).takeUnretainedValue().onEvent(event)
    }
}
