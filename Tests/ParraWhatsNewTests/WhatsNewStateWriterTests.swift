import Foundation
import Testing

@testable import ParraWhatsNew

@Suite("What's New's state writes: on a queue of their own, read back before they land, drained at stop")
struct WhatsNewStateWriterTests {
    private static let key = WhatsNewState.versionKey

    @Test("a store returns before the write; reads see the newest bytes asked for; drain waits for every write")
    func writesOffTheCaller() throws {
        let services = FakeWhatsNewServices()
        let gate = DispatchSemaphore(value: 0)
        services.storeGate = gate
        let writer = WhatsNewStateWriter(services: services)

        writer.store(Array("a".utf8), forKey: Self.key)
        writer.store(Array("b".utf8), forKey: Self.key)
        #expect(services.storage[Self.key] == nil, "nothing is written while the writes wait")
        #expect(try writer.stored(Self.key) == Array("b".utf8))

        gate.signal()
        gate.signal()
        writer.drain()
        #expect(services.storage[Self.key] == Array("b".utf8), "the writes land in the order asked for")
        #expect(try writer.stored(Self.key) == Array("b".utf8))
        let caller = pthread_self()
        #expect(services.storeThreads.count == 2 && !services.storeThreads.contains { pthread_equal($0, caller) != 0 })
    }

    @Test("the first launch remembers the installed version without the window's thread waiting for the write")
    func firstLaunchDoesNotWait() throws {
        let services = FakeWhatsNewServices()
        let gate = DispatchSemaphore(value: 0)
        services.storeGate = gate
        let whatsNew = WhatsNewController(
            services: services,
            settings: WhatsNewSettings(
                style: nil, modeJSON: WhatsNewSettings.defaultModeJSON, appEnvironment: "production"),
            installed: .init(version: "8", shortVersion: "1.2.0"), interactive: false)
        whatsNew.sessionDidStart()
        whatsNew.launchDidComplete()
        whatsNew.sceneDidBecomeActive()
        #expect(services.storage[Self.key] == nil, "the window became active while the write still waits")

        gate.signal()
        whatsNew.drainStateWrites()
        let stored = try #require(services.storage[Self.key])
        #expect(String(decoding: stored, as: UTF8.self).contains(#""version_short":"1.2.0""#))
    }
}
