import CParraPlugin
import Foundation
import ParraRuntime
import ParraTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Modules that can wait (ABI 1.8, `PARRA_MODULE_CAN_WAIT`): started when first needed, and
/// described at later launches by the registry until their file changes.
@Suite("Modules that wait until first needed, and the module registry")
struct WaitingModuleTests {
    /// The C fixture as module `name`, able to wait, with `defines`.
    private func fixture(_ name: String, _ defines: [String] = []) -> (String, [String]) {
        (
            "\(name).so",
            ["FIXTURE_ID=\"com.example.\(name)\"", "FIXTURE_KEY_PREFIX=\"\(name)\"", "FIXTURE_CAN_WAIT"] + defines
        )
    }

    /// Builds `modules` into a fresh folder; their paths.
    private func build(_ modules: [(String, [String])]) throws -> [String] {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        return try modules.map { try CFixtureBuilder.build($0.0, defines: $0.1, in: folder).path }
    }

    /// A host of `paths` keeping its storage (and so its registry) in `storage`, started.
    private func start(_ paths: [String], storage: URL) throws -> TestHost {
        let host = try TestHost(paths: paths, storage: storage, mainQueue: DispatchQueue(label: "test.waiting.main"))
        host.runtime.start()
        return host
    }

    @Test("a module that can wait gets no call at launch, nor ever if nothing needs it; its options are resolved")
    func neverNeeded() throws {
        let paths = try build([fixture("idle")])
        let host = try start(paths, storage: try CFixtureBuilder.makeTemporaryDirectory())
        let record = try #require(host.runtime.report.loaded.first, "\(host.runtime.report.lines)")
        #expect(record.waits)
        #expect(record.summary.contains("waits until first needed"))
        #expect(host.runtime.options.option(forKey: "idle.greeting")?.value == .string("hello"))
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.idle").isEmpty)
        #expect(host.runtime.modules.first?.state == .validated)
    }

    @Test("dispatching a point it hooks starts it first: init, configure, activate, then its hook, once")
    func startedByItsPoint() throws {
        let paths = try build([fixture("late")])
        let host = try start(paths, storage: try CFixtureBuilder.makeTemporaryDirectory())
        #expect(host.log.messages(from: "com.example.late").isEmpty)
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        _ = try host.runtime.dispatcher.call(.sceneDidBecomeActive, .string("window-1"))
        #expect(host.runtime.report.loaded.first?.waits == false)
        host.runtime.stop()
        #expect(
            host.log.messages(from: "com.example.late") == [
                "started when first needed: application.didFinishLaunching is dispatched", "init",
                "configure greeting=hello", "activate", "hook application.didFinishLaunching {}",
                "hook scene.didBecomeActive window-1", "deactivate", "shutdown",
            ])
    }

    @Test("calling its command starts it, on the main thread also when called from another")
    func startedByItsCommand() throws {
        let paths = try build([fixture("calc", ["FIXTURE_NO_HOOKS"]), fixture("other", ["FIXTURE_NO_HOOKS"])])
        let host = try start(paths, storage: try CFixtureBuilder.makeTemporaryDirectory())
        defer { host.runtime.stop() }
        #expect(try host.runtime.callCommand("com.example.calc.add", [.integer(40), .integer(2)]) == .integer(42))
        #expect(
            host.log.messages(from: "com.example.calc") == [
                "started when first needed: com.example.calc.add is called", "init", "configure greeting=hello",
                "activate", "command add 40 2",
            ])
        // Before its first call a waiting module's command is not prepared, but what it declares
        // is known: the facade tells from it how to call it.
        #expect(host.runtime.command("com.example.other.add") == nil)
        #expect(host.runtime.commandDeclaration("com.example.other.add")?.completesLater == false)
        let answer = CommandAnswer()
        DispatchQueue.global().async {
            answer.receive(
                Result { () throws(CommandCallError) in
                    "\(try host.runtime.callCommand("com.example.other.add", [.integer(1), .integer(1)]))"
                })
        }
        #expect(try answer.wait()?.get() == "integer(2)")
        #expect(
            host.log.messages(from: "com.example.other").prefix(4) == [
                "started when first needed: com.example.other.add is called", "init", "configure greeting=hello",
                "activate",
            ])
    }

    @Test("a module that hooks a waiting module's extension point asks for it: it starts once the launch's are active")
    func startedWhenAskedFor() throws {
        let paths = try build([
            fixture("offer", ["FIXTURE_EMIT_ON_ACTIVATE", "FIXTURE_NO_HOOKS"]),
            (
                "listener.so",
                [
                    "FIXTURE_ID=\"com.example.listener\"", "FIXTURE_KEY_PREFIX=\"listener\"",
                    "FIXTURE_HOOK_POINT=\"com.example.offer.didGreet\"",
                ]
            ),
        ])
        let host = try start(paths, storage: try CFixtureBuilder.makeTemporaryDirectory())
        defer { host.runtime.stop() }
        #expect(
            host.log.messages(from: "com.example.offer") == [
                "started when first needed: com.example.listener hooks its extension points", "init",
                "configure greeting=hello", "activate", "emit status=0",
            ])
        #expect(host.log.messages(from: "com.example.listener").contains("hook com.example.offer.didGreet hello"))
    }

    @Test(
        "a point emitted inside another module's activate starts the waiting module then, and the journal is blank after"
    )
    func startedInsideAnActivate() throws {
        let paths = try build([
            (
                "emitter.so",
                ["FIXTURE_ID=\"com.example.emitter\"", "FIXTURE_KEY_PREFIX=\"emitter\"", "FIXTURE_EMIT_ON_ACTIVATE"]
            ),
            fixture("nested", ["FIXTURE_HOOK_POINT=\"com.example.emitter.didGreet\""]),
        ])
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let host = try start(paths, storage: storage)
        defer { host.runtime.stop() }
        #expect(
            host.log.messages(from: "com.example.nested") == [
                "started when first needed: com.example.emitter.didGreet is dispatched", "init",
                "configure greeting=hello", "activate", "hook com.example.emitter.didGreet hello",
            ])
        #expect(host.log.messages(from: "com.example.emitter").contains("emit status=0"))
        // Every call returned, the outer activate after the nested ones: nothing is left noted.
        let journal = try #require(
            try FileManager.default.contentsOfDirectory(atPath: storage.path).first { $0.hasPrefix("module-journal.") })
        let text = try String(contentsOf: storage.appendingPathComponent(journal), encoding: .utf8)
        #expect(text.allSatisfy { $0 == " " }, "\(text.prefix(200))")
    }

    @Test("a module that fails its start on demand is refused as at launch; the point still dispatches")
    func failsWhenStarted() throws {
        let paths = try build([fixture("broken", ["FIXTURE_CONFIGURE_FAILS"])])
        let host = try start(paths, storage: try CFixtureBuilder.makeTemporaryDirectory())
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        let record = try #require(host.runtime.report.records.first)
        #expect(record.outcome == .refused)
        #expect(record.reason?.contains("configure failed on purpose") == true, "\(record.summary)")
        host.runtime.stop()
        #expect(
            host.log.messages(from: "com.example.broken") == [
                "started when first needed: application.didFinishLaunching is dispatched", "init",
                "configure greeting=hello", "shutdown",
            ])
    }

    @Test("a module that can wait but takes app logs starts at launch, and the report says why")
    func logSinkStartsAtLaunch() throws {
        let paths = try build([fixture("sink", ["FIXTURE_LOG_SINK"])])
        let host = try start(paths, storage: try CFixtureBuilder.makeTemporaryDirectory())
        defer { host.runtime.stop() }
        let record = try #require(host.runtime.report.loaded.first, "\(host.runtime.report.lines)")
        #expect(!record.waits)
        #expect(record.warnings.contains("can wait, but takes app logs: started at launch"))
        #expect(host.log.messages(from: "com.example.sink").first == "init")
    }

    @Test("traits smaller than their first released size are refused, naming the rule")
    func badTraits() throws {
        let paths = try build([fixture("small", ["FIXTURE_TRAITS_SIZE=4"])])
        let host = try start(paths, storage: try CFixtureBuilder.makeTemporaryDirectory())
        defer { host.runtime.stop() }
        let record = try #require(host.runtime.report.records.first)
        #expect(record.outcome == .refused)
        #expect(record.reason?.contains("traits struct_size 4") == true, "\(record.summary)")
    }

    @Test(
        "the next launch describes it from the registry; a rebuilt, replaced, re-owned or re-moded file is read again")
    func registryInvalidation() throws {
        let paths = try build([fixture("kept", ["FIXTURE_NO_HOOKS"])])
        let file = paths[0]
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        /// Whether a launch took the module from the registry; the module waits either way.
        func launch() throws -> Bool {
            let host = try start(paths, storage: storage)
            defer { host.runtime.stop() }
            let record = try #require(host.runtime.report.loaded.first, "\(host.runtime.report.lines)")
            #expect(record.waits)
            #expect(host.runtime.options.option(forKey: "kept.greeting")?.value == .string("hello"))
            return record.fromRegistry
        }
        #expect(try !launch())
        #expect(try launch())
        // Rebuilt: new contents and modification time.
        var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, file, &times, 0) == 0)
        #expect(try !launch())
        #expect(try launch())
        // Replaced: another file renamed over it.
        let copy = file + ".new"
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        #expect(rename(copy, file) == 0)
        #expect(try !launch())
        #expect(try launch())
        // Re-owned (to the same owner: the change time moves), then re-moded.
        changingTime(of: file) { chown(file, getuid(), getgid()) }
        #expect(try !launch())
        changingTime(of: file) { chmod(file, 0o640) }
        #expect(try !launch())
        #expect(try launch())
    }

    /// Runs `change` on `file` until its change time moves: the kernel stamps it from a coarse
    /// clock (a few milliseconds a tick), which a fast test may not see move after one call.
    private func changingTime(of file: String, _ change: () -> Int32) {
        func changeTime() -> timespec {
            var info = stat()
            _ = stat(file, &info)
            return info.st_ctim
        }
        let before = changeTime()
        let deadline = Date().addingTimeInterval(5)
        repeat {
            #expect(change() == 0)
        } while changeTime().tv_sec == before.tv_sec && changeTime().tv_nsec == before.tv_nsec && Date() < deadline
    }

    @Test("a module the registry described is opened when first needed and runs as any other")
    func startedFromTheRegistry() throws {
        let paths = try build([fixture("described")])
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        try start(paths, storage: storage).runtime.stop()
        let host = try start(paths, storage: storage)
        #expect(host.runtime.report.loaded.first?.fromRegistry == true)
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
        host.runtime.stop()
        #expect(
            host.log.messages(from: "com.example.described") == [
                "started when first needed: application.didFinishLaunching is dispatched", "init",
                "configure greeting=hello", "activate", "hook application.didFinishLaunching {}",
                "deactivate", "shutdown",
            ])
    }

    @Test("a damaged registry is set aside with a note naming it; the modules are read from their files")
    func damagedRegistry() throws {
        let paths = try build([fixture("mended", ["FIXTURE_NO_HOOKS"])])
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let registry = storage.appendingPathComponent("module-registry")
        try start(paths, storage: storage).runtime.stop()
        var bytes = try Data(contentsOf: registry)
        bytes.removeLast(7)
        try bytes.write(to: registry)
        let host = try start(paths, storage: storage)
        let record = try #require(host.runtime.report.loaded.first, "\(host.runtime.report.lines)")
        #expect(record.waits && !record.fromRegistry)
        #expect(
            host.runtime.report.notes.contains { $0.contains("the module registry \(registry.path) is damaged (") },
            "\(host.runtime.report.notes)")
        host.runtime.stop()
        // Another host's (here another format's) is set aside quietly, and written anew.
        var other = try Data(contentsOf: registry)
        other[Array("parra-module-registry\n".utf8).count] = 99
        try other.write(to: registry)
        let otherHost = try start(paths, storage: storage)
        #expect(
            !otherHost.runtime.report.notes.contains { $0.contains("registry") }, "\(otherHost.runtime.report.notes)")
        #expect(otherHost.runtime.report.loaded.first?.fromRegistry == false)
        otherHost.runtime.stop()
        try Data("not a registry".utf8).write(to: registry)
        let again = try start(paths, storage: storage)
        #expect(again.runtime.report.notes.contains { $0.contains("is damaged (not a module registry)") })
        again.runtime.stop()
        let mended = try start(paths, storage: storage)
        #expect(!mended.runtime.report.notes.contains { $0.contains("registry") }, "\(mended.runtime.report.notes)")
        #expect(mended.runtime.report.loaded.first?.fromRegistry == true)
        mended.runtime.stop()
    }

    /// The C fixture as module `name`, whose entry reads its greeting's default from `greeting`
    /// at each call; one that can wait when `canWait`.
    private func changing(_ name: String, greeting: URL, canWait: Bool) throws -> String {
        let defines = [
            "FIXTURE_ID=\"com.example.\(name)\"", "FIXTURE_KEY_PREFIX=\"\(name)\"",
            "FIXTURE_GREETING_FILE=\"\(greeting.path)\"",
        ]
        return try CFixtureBuilder.build(
            "\(name).so", defines: defines + (canWait ? ["FIXTURE_CAN_WAIT"] : []),
            in: try CFixtureBuilder.makeTemporaryDirectory()
        ).path
    }

    @Test(
        "a module that starts at launch is declared by the registry while its descriptor's digest holds; a changed descriptor is read again"
    )
    func startsAtLaunchFromTheRegistry() throws {
        let greeting = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("greeting.json")
        try Data(#""hello""#.utf8).write(to: greeting)
        let paths = [try changing("eager", greeting: greeting, canWait: false)]
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        /// Whether a launch took the declaration from the registry, and the greeting it resolved;
        /// the module starts at launch and its hook runs either way.
        func launch(codeOptions: [String: JSONValue] = [:]) throws -> (Bool, JSONValue?, [String]) {
            let host = try TestHost(
                paths: paths, codeOptions: codeOptions, storage: storage,
                mainQueue: DispatchQueue(label: "test.waiting.main"))
            host.runtime.start()
            defer { host.runtime.stop() }
            let record = try #require(host.runtime.report.loaded.first, "\(host.runtime.report.lines)")
            #expect(!record.waits)
            #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool)
            #expect(host.log.messages(from: "com.example.eager").contains("hook application.didFinishLaunching {}"))
            return (
                record.fromRegistry, host.runtime.options.option(forKey: "eager.greeting")?.value,
                host.runtime.options.problems.map { "\($0)" }
            )
        }
        #expect(try launch() == (false, .string("hello"), []))
        // A value the count's schema refuses is refused as by the descriptor's schema.
        let (fromRegistry, value, problems) = try launch(codeOptions: ["eager.count": .integer(500)])
        #expect(fromRegistry && value == .string("hello"))
        #expect(problems.contains { $0.contains("500 is more than the maximum 100") }, "\(problems)")
        try Data(#""howdy""#.utf8).write(to: greeting)
        #expect(try launch() == (false, .string("howdy"), []))
        #expect(try launch() == (true, .string("howdy"), []))
    }

    @Test("a module that waits, whose descriptor changed since the registry described it, is refused when started")
    func registryDisagrees() throws {
        let greeting = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("greeting.json")
        try Data(#""hello""#.utf8).write(to: greeting)
        let paths = [try changing("liar", greeting: greeting, canWait: true)]
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        try start(paths, storage: storage).runtime.stop()
        try Data(#""jello""#.utf8).write(to: greeting)
        let host = try start(paths, storage: storage)
        #expect(host.runtime.report.loaded.first?.fromRegistry == true)
        #expect(host.runtime.options.option(forKey: "liar.greeting")?.value == .string("hello"))
        _ = try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}"))
        let record = try #require(host.runtime.report.records.first)
        #expect(record.outcome == .refused)
        #expect(record.reason?.contains("declares other things than the module registry recorded") == true)
        #expect(host.runtime.options.option(forKey: "liar.greeting")?.value == nil)
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.liar").isEmpty)
        let next = try start(paths, storage: storage)
        defer { next.runtime.stop() }
        #expect(next.runtime.report.loaded.first?.fromRegistry == false)
        #expect(next.runtime.options.option(forKey: "liar.greeting")?.value == .string("jello"))
    }

    @Test(
        "an entry edited in the registry fails its checksum: the registry is set aside, the module read from its file")
    func editedEntry() throws {
        let paths = try build([fixture("edited")])
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let registry = storage.appendingPathComponent("module-registry")
        try start(paths, storage: storage).runtime.stop()
        // The greeting's default, a string of 5 bytes after its length, made another of the same
        // length: every field still reads.
        let text = try #require(String(data: try Data(contentsOf: registry), encoding: .isoLatin1))
        let written = "\u{5}\u{0}\u{0}\u{0}hello"
        #expect(text.contains(written))
        try #require(
            text.replacingOccurrences(of: written, with: "\u{5}\u{0}\u{0}\u{0}jello").data(using: .isoLatin1)
        )
        .write(to: registry)
        let host = try start(paths, storage: storage)
        defer { host.runtime.stop() }
        #expect(
            host.runtime.report.notes.contains { $0.contains("its checksum does not match") },
            "\(host.runtime.report.notes)")
        #expect(host.runtime.report.loaded.first?.fromRegistry == false)
        #expect(host.runtime.options.option(forKey: "edited.greeting")?.value == .string("hello"))
    }

    @Test("an entry that passes its checksum but cannot be decoded is read from its file, with a note")
    func undecodableEntry() throws {
        let paths = try build([fixture("garbled")])
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let registry = storage.appendingPathComponent("module-registry")
        try start(paths, storage: storage).runtime.stop()
        var bytes = [UInt8](try Data(contentsOf: registry))
        func length(at offset: Int) -> Int {
            Int(bytes[offset..<offset + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
        // The header: the name, the format and the ABI's major and minor, the host's identity (a
        // flag, then 56 bytes), the count of entries.
        var offset = "parra-module-registry\n".utf8.count + 12
        offset += bytes[offset] == 1 ? 57 : 1
        #expect(length(at: offset) == 1)
        // The entry: the path, the file's identity (56 bytes), the digest, the declaration's
        // block, the checksum of them all.
        let entry = offset + 4
        let block = entry + 4 + length(at: entry) + 56 + 8
        let end = block + 4 + length(at: block)
        // The declaration's first string, the id, made longer than the entry.
        bytes.replaceSubrange(block + 4..<block + 8, with: [0xF0, 0xFF, 0xFF, 0x0F])
        var checksum = StableHash()
        bytes[entry..<end].withUnsafeBytes { checksum.add($0) }
        bytes.replaceSubrange(end..<end + 8, with: withUnsafeBytes(of: checksum.value.littleEndian) { Array($0) })
        try Data(bytes).write(to: registry)
        let host = try start(paths, storage: storage)
        defer { host.runtime.stop() }
        #expect(
            host.runtime.report.notes.contains {
                $0.contains("the module registry's entry for") && $0.contains("is damaged (")
            },
            "\(host.runtime.report.notes)")
        let record = try #require(host.runtime.report.loaded.first, "\(host.runtime.report.lines)")
        #expect(record.waits && !record.fromRegistry)
        #expect(host.runtime.options.option(forKey: "garbled.greeting")?.value == .string("hello"))
    }
}
