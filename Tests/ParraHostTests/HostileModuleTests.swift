import Foundation
import Parra
import ParraTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Modules that misuse the ABI on purpose (Tests/Fixtures/CModule/hostile_module.c, one macro
/// per variant), each loaded beside the healthy C fixture, which must come through `.active`
/// and shut down cleanly. Where the unfixed host crashed, the host runs in a child process (an
/// exit test) so a crash fails only that test.
@Suite("Hostile modules")
struct HostileModuleTests {
    // MARK: - Fixtures

    static let healthyID = "com.example.healthy"
    static let healthyStarted = ["init", "configure greeting=hello", "activate"]
    static let healthyLifecycle = healthyStarted + ["deactivate", "shutdown"]
    /// What the hostile module logs in a plain run.
    static let hostileLifecycle = ["init", "configure", "activate", "deactivate", "shutdown"]

    /// The hostile module's C source, beside the healthy fixture's.
    static var hostileSource: URL {
        CFixtureBuilder.sourceFile.deletingLastPathComponent().appendingPathComponent("hostile_module.c")
    }

    /// Temporary folders (mode 0755) that a test removes when it ends.
    final class TemporaryFolders {
        private var folders: [URL] = []

        func make() throws -> URL {
            let folder = try CFixtureBuilder.makeTemporaryDirectory()
            folders.append(folder)
            return folder
        }

        func removeAll() {
            for folder in folders { try? FileManager.default.removeItem(at: folder) }
            folders = []
        }
    }

    /// The healthy C fixture, built into `folder`.
    static func buildHealthy(in folder: URL) throws -> String {
        try CFixtureBuilder.build(
            "healthy.so", defines: [#"FIXTURE_ID="com.example.healthy""#, #"FIXTURE_KEY_PREFIX="healthy""#], in: folder
        ).path
    }

    /// The hostile module with its own id and option prefix, plus `defines`.
    static func buildHostile(
        _ fileName: String, id: String, prefix: String, _ defines: [String], in folder: URL
    ) throws -> String {
        try CFixtureBuilder.build(
            fileName, defines: [#"HOSTILE_ID="\#(id)""#, #"HOSTILE_PREFIX="\#(prefix)""#] + defines, in: folder,
            source: hostileSource
        ).path
    }

    /// A host searching only `paths`, whose main queue is a private serial queue.
    static func makeHost(_ paths: [String], storage: URL, apiService: ParraAPIService? = nil) throws -> TestHost {
        try TestHost(
            paths: paths, storage: storage, mainQueue: DispatchQueue(label: "hostile.main"), apiService: apiService)
    }

    /// Answers nothing; counts the requests that reach it.
    final class RecordingAPI: ParraAPIService, @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [APIRequest] = []

        var requests: [APIRequest] { lock.withLock { stored } }

        func send(_ request: APIRequest, completion: @escaping @Sendable (Result<APIResponse, APIServiceError>) -> Void)
        {
            lock.withLock { stored.append(request) }
            DispatchQueue.global().async { completion(.failure(APIServiceError("not sent in tests"))) }
        }
    }

    // MARK: - Checks

    /// The healthy module loaded and is active, having run init, configure and activate.
    static func expectHealthyActive(
        _ host: TestHost, _ report: LoadReport, file: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let record = report.records.first { $0.file == file }
        #expect(record?.outcome == .loaded, "\(report.lines)", sourceLocation: sourceLocation)
        #expect(record?.moduleID == healthyID, sourceLocation: sourceLocation)
        let healthy = host.runtime.modules.filter { $0.id == healthyID }
        #expect(healthy.count == 1, sourceLocation: sourceLocation)
        #expect(healthy.first?.state == .active, "\(report.lines)", sourceLocation: sourceLocation)
        #expect(healthy.first?.refusal == nil, sourceLocation: sourceLocation)
        let messages = host.log.messages(from: healthyID)
        #expect(messages == healthyStarted, "\(messages)", sourceLocation: sourceLocation)
    }

    /// Stops the host (twice, which must be harmless); the healthy module ran its whole
    /// lifecycle exactly once.
    static func stopAndExpectHealthyShutDown(_ host: TestHost, sourceLocation: SourceLocation = #_sourceLocation) {
        host.runtime.stop()
        host.runtime.stop()
        let messages = host.log.messages(from: healthyID)
        #expect(messages == healthyLifecycle, "\(messages)", sourceLocation: sourceLocation)
        #expect(
            host.runtime.modules.first { $0.id == healthyID }?.state == .shutDown, sourceLocation: sourceLocation)
    }

    /// The module from `file` loaded and is active.
    static func expectActive(
        _ host: TestHost, _ report: LoadReport, file: String, id: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let record = report.records.first { $0.file == file }
        #expect(record?.outcome == .loaded, "\(report.lines)", sourceLocation: sourceLocation)
        #expect(record?.moduleID == id, "\(report.lines)", sourceLocation: sourceLocation)
        let module = host.runtime.modules.first { $0.id == id }
        #expect(module?.state == .active, "\(report.lines)", sourceLocation: sourceLocation)
        #expect(module?.refusal == nil, sourceLocation: sourceLocation)
    }

    /// The one record for `file`, refused at `phase` with every fragment in its reason.
    @discardableResult
    static func expectRefused(
        _ report: LoadReport, file: String, phase: LoadPhase, reasonContains fragments: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> LoadReport.Record {
        let matching = report.records.filter { $0.file == file }
        #expect(matching.count == 1, "records for \(file): \(report.lines)", sourceLocation: sourceLocation)
        let record = try #require(
            matching.first, "no record for \(file): \(report.lines)", sourceLocation: sourceLocation)
        #expect(record.outcome == .refused, "\(record.summary)", sourceLocation: sourceLocation)
        #expect(record.phase == phase, "\(record.summary)", sourceLocation: sourceLocation)
        let reason = record.reason ?? ""
        for fragment in fragments {
            #expect(reason.contains(fragment), "reason lacks '\(fragment)': \(reason)", sourceLocation: sourceLocation)
        }
        return record
    }

    /// Looks up `name` in the already loaded `file` (dlopen with RTLD_NOLOAD: the host's copy).
    static func symbol<T>(_ name: String, in file: String, as _: T.Type) throws -> T {
        let handle = try #require(dlopen(file, RTLD_NOW | RTLD_NOLOAD), "\(file) is not loaded")
        // The host's own reference keeps the file loaded (it never dlcloses modules).
        defer { dlclose(handle) }
        let address = try #require(dlsym(handle, name), "\(file) exports no \(name)")
        return unsafeBitCast(address, to: T.self)
    }

    /// How often the hostile module in `file` wrote exactly `line`, including lines the host
    /// dropped (after its shutdown, for instance).
    static func eventCount(_ file: String, _ line: String) throws -> Int {
        let count = try symbol(
            "hostile_event_count", in: file, as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self)
        return Int(line.withCString { count($0) })
    }

    // MARK: - 1. Emit from deactivate

    @Test(
        "an emit from deactivate is WRONG_STATE, and no hook runs during stop()",
        arguments: [true, false])
    func emitInDeactivate(emitterFirst: Bool) throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let emitterID = "com.example.emitter"
        let hookerID = "com.example.flushhook"
        let emitter = try Self.buildHostile(
            "emitter.so", id: emitterID, prefix: "emitter", ["HOSTILE_EMIT_IN_DEACTIVATE"], in: folder)
        let hooker = try Self.buildHostile(
            "flushhook.so", id: hookerID, prefix: "flushhook", [#"HOSTILE_HOOK_FLUSH="\#(emitterID).flush""#],
            in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        // stop() goes in reverse load order: with the emitter first, the hooker has already
        // shut down when the emitter's deactivate emits.
        let paths = emitterFirst ? [emitter, hooker, healthy] : [hooker, emitter, healthy]
        let host = try Self.makeHost(paths, storage: try temporary.make())
        let report = host.runtime.start()

        Self.expectActive(host, report, file: emitter, id: emitterID)
        Self.expectActive(host, report, file: hooker, id: hookerID)
        Self.expectHealthyActive(host, report, file: healthy)
        // The hook is wired, so the checks below are not vacuous.
        #expect(host.runtime.dispatcher.moduleIDs(at: "\(emitterID).flush") == [hookerID])

        let before = host.log.records.count
        Self.stopAndExpectHealthyShutDown(host)
        let duringStop = host.log.records.dropFirst(before).map(\.message)
        #expect(
            !duringStop.contains { $0.hasPrefix("hook ") || $0.hasPrefix("flush hook") },
            "hooks ran during stop(): \(duringStop)")
        #expect(
            host.log.messages(from: emitterID) == [
                "init", "configure", "activate", "deactivate", "emit in deactivate status=4", "shutdown",
            ])
        #expect(host.log.messages(from: hookerID) == Self.hostileLifecycle)
        #expect(try Self.eventCount(hooker, "flush hook") == 0)
        #expect(try Self.eventCount(hooker, "flush hook after shutdown") == 0)
    }

    // MARK: - 2. Emit from init or configure

    @Test(
        "an emit from init or configure is WRONG_STATE and runs no hook",
        arguments: ["HOSTILE_EMIT_IN_INIT", "HOSTILE_EMIT_IN_CONFIGURE"])
    func emitBeforeActivate(_ macro: String) throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let pingerID = "com.example.pinger"
        let hookerID = "com.example.pinghook"
        let pinger = try Self.buildHostile("pinger.so", id: pingerID, prefix: "pinger", [macro], in: folder)
        let hooker = try Self.buildHostile(
            "pinghook.so", id: hookerID, prefix: "pinghook", [#"HOSTILE_HOOK_FLUSH="\#(pingerID).ping""#], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let host = try Self.makeHost([hooker, pinger, healthy], storage: try temporary.make())
        let report = host.runtime.start()

        Self.expectActive(host, report, file: pinger, id: pingerID)
        Self.expectActive(host, report, file: hooker, id: hookerID)
        Self.expectHealthyActive(host, report, file: healthy)
        let expected =
            macro == "HOSTILE_EMIT_IN_INIT"
            ? ["init", "emit status=4", "configure", "activate"] : ["init", "configure", "emit status=4", "activate"]
        #expect(host.log.messages(from: pingerID) == expected)
        #expect(try Self.eventCount(hooker, "flush hook") == 0)

        Self.stopAndExpectHealthyShutDown(host)
        #expect(host.log.messages(from: pingerID) == expected + ["deactivate", "shutdown"])
    }

    // MARK: - 3. A presentation outliving its module

    @Test("dismissing a presentation of a module refused at configure does not call its on_dismiss")
    func presentThenFail() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let id = "com.example.presenter"
        let presenter = try Self.buildHostile(
            "presenter.so", id: id, prefix: "presenter", ["HOSTILE_PRESENT_THEN_FAIL"], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let host = try Self.makeHost([presenter, healthy], storage: try temporary.make())
        let report = host.runtime.start()

        try Self.expectRefused(
            report, file: presenter, phase: .configure, reasonContains: ["configure failed on purpose"])
        #expect(host.log.messages(from: id) == ["init", "present status=0", "configure", "shutdown"])
        Self.expectHealthyActive(host, report, file: healthy)

        #expect(host.surface.presented.map(\.moduleID) == [id])
        for index in host.surface.presented.indices {
            host.surface.dismiss(index, byUser: true)
        }
        #expect(try Self.eventCount(presenter, "dismissed") == 0)
        #expect(try Self.eventCount(presenter, "dismissed after shutdown") == 0)
        Self.stopAndExpectHealthyShutDown(host)
    }

    // MARK: - 4. Absurd timers

    @Test(
        "schedule with a huge repeat, a huge delay or a NaN delay is INVALID_ARGUMENT and the host runs on",
        arguments: ["HOSTILE_HUGE_REPEAT", "HOSTILE_HUGE_DELAY", "HOSTILE_NAN_DELAY"])
    func absurdSchedule(_ macro: String) async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let hostile = try Self.buildHostile(
            "scheduler.so", id: "com.example.scheduler", prefix: "scheduler", [macro], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let storage = try temporary.make().path
        // The unfixed host traps converting 1e10 s to nanoseconds: run it in a child process.
        await #expect(processExitsWith: .success) {
            [hostile = hostile as String, healthy = healthy as String, storage = storage as String] in
            let queue = DispatchQueue(label: "hostile.main")
            let host = try TestHost(
                paths: [hostile, healthy], storage: URL(fileURLWithPath: storage), mainQueue: queue)
            let report = host.runtime.start()
            HostileModuleTests.expectActive(host, report, file: hostile, id: "com.example.scheduler")
            HostileModuleTests.expectHealthyActive(host, report, file: healthy)
            let messages = host.log.messages(from: "com.example.scheduler")
            #expect(messages == ["init", "configure", "activate", "schedule status=1"], "\(messages)")
            // The host's main queue still runs.
            queue.sync {}
            HostileModuleTests.stopAndExpectHealthyShutDown(host)
            #expect(!host.log.messages(from: "com.example.scheduler").contains("timer fired"))
        }
    }

    // MARK: - 5. Descriptors that are too big to read

    struct OversizedDescriptor: Sendable, CustomTestStringConvertible {
        let macro: String
        let reasonFragment: String
        var testDescription: String { macro }
    }

    @Test(
        "a huge element struct_size, a SIZE_MAX count or 5000 allowed values is refused at validate",
        arguments: [
            OversizedDescriptor(macro: "HOSTILE_HUGE_ELEMENT_SIZE", reasonFragment: "struct_size"),
            OversizedDescriptor(macro: "HOSTILE_SIZE_MAX_COUNT", reasonFragment: "count"),
            OversizedDescriptor(macro: "HOSTILE_HUGE_ALLOWED", reasonFragment: "allowed values"),
        ])
    func oversizedDescriptor(_ input: OversizedDescriptor) async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let hostile = try Self.buildHostile(
            "oversized.so", id: "com.example.oversized", prefix: "oversized", [input.macro], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let storage = try temporary.make().path
        // The unfixed host reads 1 GiB past the hooks array: run it in a child process.
        await #expect(processExitsWith: .success) {
            [
                hostile = hostile as String, healthy = healthy as String, storage = storage as String,
                fragment = input.reasonFragment as String
            ] in
            let host = try HostileModuleTests.makeHost([hostile, healthy], storage: URL(fileURLWithPath: storage))
            let report = host.runtime.start()
            try HostileModuleTests.expectRefused(report, file: hostile, phase: .validate, reasonContains: [fragment])
            #expect(!host.runtime.usableModules.contains { $0.id == "com.example.oversized" }, "\(report.lines)")
            let messages = host.log.messages(from: "com.example.oversized")
            #expect(messages == [], "\(messages)")
            HostileModuleTests.expectHealthyActive(host, report, file: healthy)
            HostileModuleTests.stopAndExpectHealthyShutDown(host)
        }
    }

    // MARK: - 6. Lengths of (size_t)-1

    @Test("storage_set with length (size_t)-1 is INVALID_ARGUMENT")
    func hugeStorage() async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let hostile = try Self.buildHostile(
            "storer.so", id: "com.example.storer", prefix: "storer", ["HOSTILE_HUGE_STORAGE"], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let storage = try temporary.make().path
        // The unfixed host traps making a Data of -1 bytes: run it in a child process.
        await #expect(processExitsWith: .success) {
            [hostile = hostile as String, healthy = healthy as String, storage = storage as String] in
            let host = try HostileModuleTests.makeHost([hostile, healthy], storage: URL(fileURLWithPath: storage))
            let report = host.runtime.start()
            HostileModuleTests.expectActive(host, report, file: hostile, id: "com.example.storer")
            HostileModuleTests.expectHealthyActive(host, report, file: healthy)
            let messages = host.log.messages(from: "com.example.storer")
            #expect(messages == ["init", "configure", "activate", "storage status=1"], "\(messages)")
            let stored = URL(fileURLWithPath: storage).appendingPathComponent("modules/com.example.storer/huge")
            #expect(!FileManager.default.fileExists(atPath: stored.path))
            HostileModuleTests.stopAndExpectHealthyShutDown(host)
        }
    }

    @Test("api_request with a body length of (size_t)-1 is INVALID_ARGUMENT and sends nothing")
    func hugeBody() async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let hostile = try Self.buildHostile(
            "requester.so", id: "com.example.requester", prefix: "requester", ["HOSTILE_HUGE_BODY"], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let storage = try temporary.make().path
        // With an API service configured, the unfixed host traps copying the body.
        await #expect(processExitsWith: .success) {
            [hostile = hostile as String, healthy = healthy as String, storage = storage as String] in
            let api = HostileModuleTests.RecordingAPI()
            let host = try HostileModuleTests.makeHost(
                [hostile, healthy], storage: URL(fileURLWithPath: storage), apiService: api)
            let report = host.runtime.start()
            HostileModuleTests.expectActive(host, report, file: hostile, id: "com.example.requester")
            HostileModuleTests.expectHealthyActive(host, report, file: healthy)
            let messages = host.log.messages(from: "com.example.requester")
            #expect(messages == ["init", "configure", "activate", "request status=1"], "\(messages)")
            #expect(api.requests.isEmpty, "\(api.requests)")
            HostileModuleTests.stopAndExpectHealthyShutDown(host)
        }
    }

    // MARK: - 7. Re-entrant emit

    @Test("emitting the point being dispatched from its own hook is WRONG_STATE")
    func reentrantEmit() async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let hostile = try Self.buildHostile(
            "looper.so", id: "com.example.looper", prefix: "looper", ["HOSTILE_REENTRANT_EMIT"], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let storage = try temporary.make().path
        // The module stops itself at depth 1000; the child process guards against a host whose
        // stack does not last that long.
        await #expect(processExitsWith: .success) {
            [hostile = hostile as String, healthy = healthy as String, storage = storage as String] in
            let host = try HostileModuleTests.makeHost([hostile, healthy], storage: URL(fileURLWithPath: storage))
            let report = host.runtime.start()
            HostileModuleTests.expectActive(host, report, file: hostile, id: "com.example.looper")
            HostileModuleTests.expectHealthyActive(host, report, file: healthy)
            let messages = host.log.messages(from: "com.example.looper")
            #expect(
                messages == [
                    "init", "configure", "activate", "reentrant status=4 depth=1", "emit status=0 max depth=1",
                ], "\(messages)")
            HostileModuleTests.stopAndExpectHealthyShutDown(host)
        }
    }

    // MARK: - 8. Structs smaller than the ABI's

    @Test("get_option into a parra_value with struct_size 4 is INVALID_ARGUMENT")
    func smallValue() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let id = "com.example.smallvalue"
        let hostile = try Self.buildHostile(
            "smallvalue.so", id: id, prefix: "smallvalue", ["HOSTILE_SMALL_VALUE"], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let host = try Self.makeHost([hostile, healthy], storage: try temporary.make())
        let report = host.runtime.start()

        Self.expectActive(host, report, file: hostile, id: id)
        Self.expectHealthyActive(host, report, file: healthy)
        #expect(host.log.messages(from: id) == ["init", "configure", "small value status=1", "activate"])
        Self.stopAndExpectHealthyShutDown(host)
    }

    @Test("the host writes no message into a parra_error whose struct_size is 4")
    func smallError() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let id = "com.example.smallerror"
        let hostile = try Self.buildHostile(
            "smallerror.so", id: id, prefix: "smallerror", ["HOSTILE_SMALL_ERROR"], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let host = try Self.makeHost([hostile, healthy], storage: try temporary.make())
        let report = host.runtime.start()

        Self.expectActive(host, report, file: hostile, id: id)
        Self.expectHealthyActive(host, report, file: healthy)
        let messages = host.log.messages(from: id)
        #expect(messages.contains("canary intact"), "\(messages)")
        #expect(!messages.contains("canary overwritten"), "\(messages)")
        // The call itself fails, whichever status the host picks (NOT_FOUND or INVALID_ARGUMENT).
        #expect(
            messages.contains { $0.hasPrefix("small error status=") && $0 != "small error status=0" }, "\(messages)")
        Self.stopAndExpectHealthyShutDown(host)
    }

    // MARK: - 9. Ids that collide with the host's or another module's

    @Test("a module id in the canonical namespace is refused at validate")
    func canonicalID() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let hostile = try CFixtureBuilder.build(
            "canonical.so", defines: ["HOSTILE_CANONICAL_ID", #"HOSTILE_PREFIX="canonical""#], in: folder,
            source: Self.hostileSource
        ).path
        let healthy = try Self.buildHealthy(in: folder)
        let host = try Self.makeHost([hostile, healthy], storage: try temporary.make())
        let report = host.runtime.start()

        let record = try Self.expectRefused(report, file: hostile, phase: .validate, reasonContains: [])
        let reason = record.reason ?? ""
        #expect(reason.contains("application.") || reason.contains("scene."), "\(reason)")
        #expect(!host.runtime.usableModules.contains { $0.id == "application.hostile" })
        #expect(host.log.messages(from: "application.hostile") == [])
        Self.expectHealthyActive(host, report, file: healthy)
        Self.stopAndExpectHealthyShutDown(host)
    }

    @Test(
        "two modules offering one extension point id: the second in search order is refused, naming the first",
        arguments: [true, false])
    func offerCollision(shorterIDFirst: Bool) throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let point = "com.a.b.x"
        let outer = try Self.buildHostile(
            "outer.so", id: "com.a", prefix: "outer", [#"HOSTILE_OFFER="\#(point)""#], in: folder)
        let inner = try Self.buildHostile(
            "inner.so", id: "com.a.b", prefix: "inner", [#"HOSTILE_OFFER="\#(point)""#], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let (first, firstID, second, secondID) =
            shorterIDFirst ? (outer, "com.a", inner, "com.a.b") : (inner, "com.a.b", outer, "com.a")
        let host = try Self.makeHost([first, second, healthy], storage: try temporary.make())
        let report = host.runtime.start()

        Self.expectActive(host, report, file: first, id: firstID)
        let record = try Self.expectRefused(report, file: second, phase: .validate, reasonContains: [point, firstID])
        #expect(record.moduleID == secondID)
        #expect(host.log.messages(from: secondID) == [])
        #expect(host.runtime.dispatcher.point(for: point)?.offeringModuleID == firstID)
        Self.expectHealthyActive(host, report, file: healthy)
        Self.stopAndExpectHealthyShutDown(host)
        #expect(host.log.messages(from: firstID) == Self.hostileLifecycle)
    }

    // MARK: - 10. Calls after stop()

    @Test("cancel_timer and storage_set after shutdown are WRONG_STATE")
    func lateCalls() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let id = "com.example.latecomer"
        let hostile = try Self.buildHostile(
            "latecomer.so", id: id, prefix: "latecomer", ["HOSTILE_CANCEL_AFTER_SHUTDOWN"], in: folder)
        let healthy = try Self.buildHealthy(in: folder)
        let storage = try temporary.make()
        let host = try Self.makeHost([hostile, healthy], storage: storage)
        let report = host.runtime.start()

        Self.expectActive(host, report, file: hostile, id: id)
        Self.expectHealthyActive(host, report, file: healthy)
        // A live timer when the module shuts down (its id is 1 with today's host).
        let started = host.log.messages(from: id)
        #expect(started.count == 4 && started.last?.hasPrefix("timer status=0 id=") == true, "\(started)")
        Self.stopAndExpectHealthyShutDown(host)
        #expect(host.log.messages(from: id) == started + ["deactivate", "shutdown"])

        let lateCall = try Self.symbol("hostile_late_call", in: hostile, as: (@convention(c) () -> Void).self)
        let lastStatus = try Self.symbol("hostile_last_status", in: hostile, as: (@convention(c) () -> Int32).self)
        lateCall()
        let status = lastStatus()
        #expect(status >= 0, "the module kept no host table")
        #expect(status / 100 == 4, "cancel_timer after shutdown returned \(status / 100)")
        #expect(status % 100 == 4, "storage_set after shutdown returned \(status % 100)")
        #expect(!FileManager.default.fileExists(atPath: storage.appendingPathComponent("modules/\(id)/late").path))
    }
}
