import Foundation
import Parra
import ParraAPI
import ParraRuntime
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

    /// What the hostile module logs in a plain run.
    static let hostileLifecycle = ["init", "configure", "activate", "deactivate", "shutdown"]

    /// The hostile module's C source, beside the healthy fixture's.
    static var hostileSource: URL {
        CFixtureBuilder.sourceFile.deletingLastPathComponent().appendingPathComponent("hostile_module.c")
    }

    /// The hostile module as `<name>.so` in `folder`, with option prefix `name`, id `id`
    /// (`com.example.<name>` unless given), plus `defines`; returns its path.
    static func buildHostile(_ name: String, id: String? = nil, _ defines: [String], in folder: URL) throws -> String {
        try CFixtureBuilder.build(
            "\(name).so",
            defines: [#"HOSTILE_ID="\#(id ?? "com.example.\(name)")""#, #"HOSTILE_PREFIX="\#(name)""#] + defines,
            in: folder, source: hostileSource
        ).path
    }

    /// The hostile module `com.example.<name>` (see `buildHostile`) and the healthy module, in one
    /// folder of `temporary`.
    static func buildBesideHealthy(
        _ name: String, _ defines: [String], temporary: TemporaryFolders
    ) throws -> BesideHealthy {
        try BesideHealthy(temporary: temporary) { try buildHostile(name, defines, in: $0) }
    }

    /// A host searching only `paths`, whose main queue is a private serial queue (unless given).
    static func makeHost(
        _ paths: [String], storage: URL, mainQueue: DispatchQueue = DispatchQueue(label: "hostile.main"),
        apiService: ParraAPIService? = nil
    ) throws -> TestHost {
        try TestHost(paths: paths, storage: storage, mainQueue: mainQueue, apiService: apiService)
    }

    /// Starts a host on the `modules` (file and id), in that order, then `healthy`, and checks that
    /// every one of them loaded and is active.
    static func startActive(
        _ modules: [(file: String, id: String)], healthy: String, storage: URL,
        mainQueue: DispatchQueue = DispatchQueue(label: "hostile.main"), apiService: ParraAPIService? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> TestHost {
        let host = try makeHost(
            modules.map(\.file) + [healthy], storage: storage, mainQueue: mainQueue, apiService: apiService)
        let report = host.runtime.start()
        for module in modules {
            expectActive(host, report, file: module.file, id: module.id, sourceLocation: sourceLocation)
        }
        HealthyModule.expectActive(host, report, file: healthy, sourceLocation: sourceLocation)
        return host
    }

    /// Starts a host on `files` (the hostile module, `id`, first) and checks that both loaded and
    /// are active.
    static func startActive(
        _ files: BesideHealthy, id: String, mainQueue: DispatchQueue = DispatchQueue(label: "hostile.main"),
        apiService: ParraAPIService? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> TestHost {
        try startActive(
            [(files.file, id)], healthy: files.healthy, storage: files.storageURL, mainQueue: mainQueue,
            apiService: apiService, sourceLocation: sourceLocation)
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
        let emitter = try Self.buildHostile("emitter", ["HOSTILE_EMIT_IN_DEACTIVATE"], in: folder)
        let hooker = try Self.buildHostile("flushhook", [#"HOSTILE_HOOK_FLUSH="\#(emitterID).flush""#], in: folder)
        let healthy = try HealthyModule.build(in: folder)
        // stop() goes in reverse load order: with the emitter first, the hooker has already
        // shut down when the emitter's deactivate emits.
        let modules = [(file: emitter, id: emitterID), (file: hooker, id: hookerID)]
        let host = try Self.startActive(
            emitterFirst ? modules : modules.reversed(), healthy: healthy, storage: try temporary.make())
        // The hook is wired, so the checks below are not vacuous.
        #expect(host.runtime.dispatcher.moduleIDs(at: "\(emitterID).flush") == [hookerID])

        let before = host.log.records.count
        HealthyModule.stopAndExpectShutDown(host)
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
        let pinger = try Self.buildHostile("pinger", [macro], in: folder)
        let hooker = try Self.buildHostile("pinghook", [#"HOSTILE_HOOK_FLUSH="\#(pingerID).ping""#], in: folder)
        let healthy = try HealthyModule.build(in: folder)
        let host = try Self.startActive(
            [(hooker, hookerID), (pinger, pingerID)], healthy: healthy, storage: try temporary.make())
        let expected =
            macro == "HOSTILE_EMIT_IN_INIT"
            ? ["init", "emit status=4", "configure", "activate"] : ["init", "configure", "emit status=4", "activate"]
        #expect(host.log.messages(from: pingerID) == expected)
        #expect(try Self.eventCount(hooker, "flush hook") == 0)

        HealthyModule.stopAndExpectShutDown(host)
        #expect(host.log.messages(from: pingerID) == expected + ["deactivate", "shutdown"])
    }

    // MARK: - 3. A presentation outliving its module

    @Test("dismissing a presentation of a module refused at configure does not call its on_dismiss")
    func presentThenFail() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let id = "com.example.presenter"
        let files = try Self.buildBesideHealthy("presenter", ["HOSTILE_PRESENT_THEN_FAIL"], temporary: temporary)
        let host = try Self.makeHost(files.paths, storage: files.storageURL)
        let report = host.runtime.start()

        try expectRefused(report, file: files.file, phase: .configure, reasonContains: ["configure failed on purpose"])
        #expect(host.log.messages(from: id) == ["init", "present status=0", "configure", "shutdown"])
        HealthyModule.expectActive(host, report, file: files.healthy)

        #expect(host.surface.presented.map(\.moduleID) == [id])
        for index in host.surface.presented.indices {
            host.surface.dismiss(index, byUser: true)
        }
        #expect(try Self.eventCount(files.file, "dismissed") == 0)
        #expect(try Self.eventCount(files.file, "dismissed after shutdown") == 0)
        HealthyModule.stopAndExpectShutDown(host)
    }

    // MARK: - 4. Absurd timers

    @Test(
        "schedule with a huge repeat, a huge delay or a NaN delay is INVALID_ARGUMENT and the host runs on",
        arguments: ["HOSTILE_HUGE_REPEAT", "HOSTILE_HUGE_DELAY", "HOSTILE_NAN_DELAY"])
    func absurdSchedule(_ macro: String) async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let files = try Self.buildBesideHealthy("scheduler", [macro], temporary: temporary)
        // The unfixed host traps converting 1e10 s to nanoseconds: run it in a child process.
        await #expect(processExitsWith: .success) { [files = files as BesideHealthy] in
            let queue = DispatchQueue(label: "hostile.main")
            let host = try HostileModuleTests.startActive(files, id: "com.example.scheduler", mainQueue: queue)
            let messages = host.log.messages(from: "com.example.scheduler")
            #expect(messages == ["init", "configure", "activate", "schedule status=1"], "\(messages)")
            // The host's main queue still runs.
            queue.sync {}
            HealthyModule.stopAndExpectShutDown(host)
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
        let files = try Self.buildBesideHealthy("oversized", [input.macro], temporary: temporary)
        // The unfixed host reads 1 GiB past the hooks array: run it in a child process.
        await #expect(processExitsWith: .success) {
            [files = files as BesideHealthy, fragment = input.reasonFragment as String] in
            let host = try HostileModuleTests.makeHost(files.paths, storage: files.storageURL)
            let report = host.runtime.start()
            try expectRefused(report, file: files.file, phase: .validate, reasonContains: [fragment])
            #expect(!host.runtime.usableModules.contains { $0.id == "com.example.oversized" }, "\(report.lines)")
            let messages = host.log.messages(from: "com.example.oversized")
            #expect(messages == [], "\(messages)")
            HealthyModule.expectActive(host, report, file: files.healthy)
            HealthyModule.stopAndExpectShutDown(host)
        }
    }

    // MARK: - 6. Lengths of (size_t)-1

    @Test("storage_set with length (size_t)-1 is INVALID_ARGUMENT")
    func hugeStorage() async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let files = try Self.buildBesideHealthy("storer", ["HOSTILE_HUGE_STORAGE"], temporary: temporary)
        // The unfixed host traps making a Data of -1 bytes: run it in a child process.
        await #expect(processExitsWith: .success) { [files = files as BesideHealthy] in
            let host = try HostileModuleTests.startActive(files, id: "com.example.storer")
            let messages = host.log.messages(from: "com.example.storer")
            #expect(messages == ["init", "configure", "activate", "storage status=1"], "\(messages)")
            let stored = files.storageURL.appendingPathComponent("modules/com.example.storer/huge")
            #expect(!FileManager.default.fileExists(atPath: stored.path))
            HealthyModule.stopAndExpectShutDown(host)
        }
    }

    @Test("api_request with a body length of (size_t)-1 is INVALID_ARGUMENT and sends nothing")
    func hugeBody() async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let files = try Self.buildBesideHealthy("requester", ["HOSTILE_HUGE_BODY"], temporary: temporary)
        // With an API service configured, the unfixed host traps copying the body.
        await #expect(processExitsWith: .success) { [files = files as BesideHealthy] in
            let api = HostileModuleTests.RecordingAPI()
            let host = try HostileModuleTests.startActive(files, id: "com.example.requester", apiService: api)
            let messages = host.log.messages(from: "com.example.requester")
            #expect(messages == ["init", "configure", "activate", "request status=1"], "\(messages)")
            #expect(api.requests.isEmpty, "\(api.requests)")
            HealthyModule.stopAndExpectShutDown(host)
        }
    }

    // MARK: - 7. Re-entrant emit

    @Test("emitting the point being dispatched from its own hook is WRONG_STATE")
    func reentrantEmit() async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let files = try Self.buildBesideHealthy("looper", ["HOSTILE_REENTRANT_EMIT"], temporary: temporary)
        // The module stops itself at depth 1000; the child process guards against a host whose
        // stack does not last that long.
        await #expect(processExitsWith: .success) { [files = files as BesideHealthy] in
            let host = try HostileModuleTests.startActive(files, id: "com.example.looper")
            let messages = host.log.messages(from: "com.example.looper")
            #expect(
                messages == [
                    "init", "configure", "activate", "reentrant status=4 depth=1", "emit status=0 max depth=1",
                ], "\(messages)")
            HealthyModule.stopAndExpectShutDown(host)
        }
    }

    // MARK: - 8. Structs smaller than the ABI's

    @Test("get_option into a parra_value with struct_size 4 is INVALID_ARGUMENT")
    func smallValue() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let id = "com.example.smallvalue"
        let files = try Self.buildBesideHealthy("smallvalue", ["HOSTILE_SMALL_VALUE"], temporary: temporary)
        let host = try Self.startActive(files, id: id)

        #expect(host.log.messages(from: id) == ["init", "configure", "small value status=1", "activate"])
        HealthyModule.stopAndExpectShutDown(host)
    }

    @Test("the host writes no message into a parra_error whose struct_size is 4")
    func smallError() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let id = "com.example.smallerror"
        let files = try Self.buildBesideHealthy("smallerror", ["HOSTILE_SMALL_ERROR"], temporary: temporary)
        let host = try Self.startActive(files, id: id)

        let messages = host.log.messages(from: id)
        #expect(messages.contains("canary intact"), "\(messages)")
        #expect(!messages.contains("canary overwritten"), "\(messages)")
        // The call itself fails, whichever status the host picks (NOT_FOUND or INVALID_ARGUMENT).
        #expect(
            messages.contains { $0.hasPrefix("small error status=") && $0 != "small error status=0" }, "\(messages)")
        HealthyModule.stopAndExpectShutDown(host)
    }

    // MARK: - 9. Ids that collide with the host's or another module's

    @Test("a module id in the canonical namespace is refused at validate")
    func canonicalID() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let files = try BesideHealthy(temporary: temporary) {
            try CFixtureBuilder.build(
                "canonical.so", defines: ["HOSTILE_CANONICAL_ID", #"HOSTILE_PREFIX="canonical""#], in: $0,
                source: Self.hostileSource
            ).path
        }
        let host = try Self.makeHost(files.paths, storage: files.storageURL)
        let report = host.runtime.start()

        let record = try expectRefused(report, file: files.file, phase: .validate, reasonContains: [])
        let reason = record.reason ?? ""
        #expect(reason.contains("application.") || reason.contains("scene."), "\(reason)")
        #expect(!host.runtime.usableModules.contains { $0.id == "application.hostile" })
        #expect(host.log.messages(from: "application.hostile") == [])
        HealthyModule.expectActive(host, report, file: files.healthy)
        HealthyModule.stopAndExpectShutDown(host)
    }

    @Test(
        "two modules offering one extension point id: the second in search order is refused, naming the first",
        arguments: [true, false])
    func offerCollision(shorterIDFirst: Bool) throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let point = "com.a.b.x"
        let outer = try Self.buildHostile("outer", id: "com.a", [#"HOSTILE_OFFER="\#(point)""#], in: folder)
        let inner = try Self.buildHostile("inner", id: "com.a.b", [#"HOSTILE_OFFER="\#(point)""#], in: folder)
        let healthy = try HealthyModule.build(in: folder)
        let (first, firstID, second, secondID) =
            shorterIDFirst ? (outer, "com.a", inner, "com.a.b") : (inner, "com.a.b", outer, "com.a")
        let host = try Self.makeHost([first, second, healthy], storage: try temporary.make())
        let report = host.runtime.start()

        Self.expectActive(host, report, file: first, id: firstID)
        let record = try expectRefused(report, file: second, phase: .validate, reasonContains: [point, firstID])
        #expect(record.moduleID == secondID)
        #expect(host.log.messages(from: secondID) == [])
        #expect(host.runtime.dispatcher.point(for: point)?.offeringModuleID == firstID)
        HealthyModule.expectActive(host, report, file: healthy)
        HealthyModule.stopAndExpectShutDown(host)
        #expect(host.log.messages(from: firstID) == Self.hostileLifecycle)
    }

    // MARK: - 10. Calls after stop()

    @Test("cancel_timer and storage_set after shutdown are WRONG_STATE")
    func lateCalls() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let id = "com.example.latecomer"
        let files = try Self.buildBesideHealthy("latecomer", ["HOSTILE_CANCEL_AFTER_SHUTDOWN"], temporary: temporary)
        let host = try Self.startActive(files, id: id)

        // A live timer when the module shuts down (its id is 1 with today's host).
        let started = host.log.messages(from: id)
        #expect(started.count == 4 && started.last?.hasPrefix("timer status=0 id=") == true, "\(started)")
        HealthyModule.stopAndExpectShutDown(host)
        #expect(host.log.messages(from: id) == started + ["deactivate", "shutdown"])

        let lateCall = try Self.symbol("hostile_late_call", in: files.file, as: (@convention(c) () -> Void).self)
        let lastStatus = try Self.symbol("hostile_last_status", in: files.file, as: (@convention(c) () -> Int32).self)
        lateCall()
        let status = lastStatus()
        #expect(status >= 0, "the module kept no host table")
        #expect(status / 100 == 4, "cancel_timer after shutdown returned \(status / 100)")
        #expect(status % 100 == 4, "storage_set after shutdown returned \(status % 100)")
        #expect(
            !FileManager.default.fileExists(atPath: files.storageURL.appendingPathComponent("modules/\(id)/late").path))
    }
}
