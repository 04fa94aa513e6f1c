import Foundation
import ParraTestSupport

@testable import ParraPush

/// A DesktopPush on a private session bus, for tests of ParraPush's bus code from inside: the
/// bus, a fake desktop on it, and a DesktopPush over a stand-in host whose main thread is a
/// serial queue, with the notifications `authorization` stored.
struct DesktopPushFixture {
    static let service = "com.example.pushtest"

    let bus: PrivateSessionBus
    let desktop: FakeDesktop
    let services: FakePushServices
    let controller: PushController
    let push: DesktopPush

    /// Starts them all, hands them to `body`, then stops them; the bus can start `services`.
    static func run(
        _ role: FakeDesktop.Role, settings: PushSettings = PushSettings(enabled: true),
        authorization: PushAuthorization = .authorized, distributorChoice: String? = nil,
        services busServices: [(name: String, exec: String)] = [], _ body: (DesktopPushFixture) throws -> Void
    ) throws {
        let bus = try PrivateSessionBus(services: busServices)
        defer { bus.stop() }
        let desktop = try FakeDesktop(bus: bus.address, role)
        defer { desktop.quit() }
        let services = FakePushServices()
        services.storage[PushAuthorization.storageKey] = Array(authorization.rawValue.utf8)
        services.mainQueue = DispatchQueue(label: "main")
        let controller = PushController(services: services, settings: settings, interactive: false)
        let push = try DesktopPush(
            address: bus.address, serviceName: service, appName: "Push Test", distributorChoice: distributorChoice,
            services: services, controller: controller)
        defer { push.close() }
        try body(
            DesktopPushFixture(bus: bus, desktop: desktop, services: services, controller: controller, push: push))
    }

    /// Registers (a sign-in) and waits for the endpoint; whether it came.
    func register() -> Bool {
        services.onMain { controller.authStateChanged(userID: "u1") }
        return services.wait { $0.events.contains { $0.hasPrefix("didRegister ") } }
    }
}
