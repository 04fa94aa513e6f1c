import CParraPlugin
import Foundation
import ParraRuntime
import ParraTestSupport
import Testing

/// Waits (bounded) for one answer of a command that completes later.
final class CommandAnswer: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var answers: [Result<String, CommandCallError>] = []

    func receive(_ result: Result<String, CommandCallError>) {
        lock.withLock { answers.append(result) }
        arrived.signal()
    }

    /// The first answer, waiting at most 20 s for it.
    func wait() -> Result<String, CommandCallError>? {
        guard arrived.wait(timeout: .now() + 20) == .success else { return nil }
        return lock.withLock { answers.first }
    }

    var count: Int { lock.withLock { answers.count } }
}

@Suite("Commands: the app and other modules call a module through libffi")
struct CommandTests {
    /// The C fixture (and `extra` paths) in a started host whose main queue is private.
    private func start(_ defines: [[String]] = [[]], extra: [String] = []) throws -> TestHost {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let paths = try defines.enumerated().map { index, defines in
            try CFixtureBuilder.build("fixture\(index).so", defines: defines, in: folder).path
        }
        let host = try TestHost(paths: paths + extra, mainQueue: DispatchQueue(label: "test.commands.main"))
        host.runtime.start()
        #expect(host.runtime.report.refused.isEmpty, "\(host.runtime.report.lines)")
        return host
    }

    @Test("a C module's immediate command is called with its arguments and returns its result")
    func cImmediate() throws {
        let host = try start()
        defer { host.runtime.stop() }
        #expect(try host.runtime.callCommand("com.example.cfixture.add", [.integer(40), .integer(2)]) == .integer(42))
        #expect(host.log.messages(from: "com.example.cfixture").contains("command add 40 2"))
        // Any thread may call an any-thread command.
        let other = CommandAnswer()
        DispatchQueue.global().async {
            other.receive(
                Result { () throws(CommandCallError) in
                    let value = try host.runtime.callCommand("com.example.cfixture.add", [.integer(-1), .integer(1)])
                    return "\(value)"
                })
        }
        #expect(try other.wait()?.get() == "integer(0)")
    }

    @Test("a C module's command that completes later answers JSON, or its error, once")
    func cLater() throws {
        let host = try start()
        let ok = CommandAnswer()
        try host.runtime.callCommand("com.example.cfixture.echo", [.string("hello")], answer: ok.receive)
        #expect(try ok.wait()?.get() == #"{"echo":"hello"}"#)
        let failing = CommandAnswer()
        try host.runtime.callCommand("com.example.cfixture.echo", [.string("fail")], answer: failing.receive)
        guard case .failure(let error)? = failing.wait() else {
            Issue.record("expected the module's error")
            return
        }
        #expect(error.status == PARRA_STATUS_FAILED && error.description == "echo failed on purpose")
        // A call the module never answers is answered by the host when the module stops.
        let never = CommandAnswer()
        try host.runtime.callCommand("com.example.cfixture.echo", [.string("never")], answer: never.receive)
        host.runtime.stop()
        guard case .failure(let stopped)? = never.wait() else {
            Issue.record("expected the host's answer")
            return
        }
        #expect(stopped.status == PARRA_STATUS_WRONG_STATE && stopped.kind == .notRunning)
        #expect(stopped.description == "com.example.cfixture.echo: the module stopped before it answered")
        #expect(never.count == 1)
    }

    @Test("an immediate main-thread command is refused off the main thread, and called on it")
    func immediateMainThread() throws {
        let host = try start()
        defer { host.runtime.stop() }
        _ = try host.runtime.callCommand("com.example.cfixture.add", [.integer(1), .integer(1)])
        #expect(try host.runtime.callCommand("com.example.cfixture.count", []) == .unsigned(1))
        let other = CommandAnswer()
        DispatchQueue.global().async {
            other.receive(
                Result { () throws(CommandCallError) in
                    "\(try host.runtime.callCommand("com.example.cfixture.count", []))"
                })
        }
        guard case .failure(let error)? = other.wait() else {
            Issue.record("expected WRONG_THREAD")
            return
        }
        #expect(error.status == PARRA_STATUS_WRONG_THREAD && error.kind == .refused)
    }

    @Test("stop waits for command calls in progress before the module is deactivated; later calls are refused")
    func stopWaitsForCalls() throws {
        let host = try start()
        let answer = CommandAnswer()
        // The command's 300 ms only widen the window in which stop() meets it running; the test waits
        // for its start by the line it logs, and no check depends on the 300 ms: on a machine slow
        // enough for the call to end before stop(), every check still holds (the test just proves less).
        DispatchQueue.global().async {
            answer.receive(
                Result { () throws(CommandCallError) in
                    "\(try host.runtime.callCommand("com.example.cfixture.slow", [.integer(300)]))"
                })
        }
        #expect(host.log.waitForMessage(from: "com.example.cfixture") { $0 == "command slow 300" })
        host.runtime.stop()
        #expect(try answer.wait()?.get() == "integer(300)")
        let said = host.log.messages(from: "com.example.cfixture")
        let done = try #require(said.firstIndex(of: "slow done"))
        let deactivated = try #require(said.firstIndex(of: "deactivate"))
        #expect(done < deactivated, "\(said)")
        let late = Result { () throws(CommandCallError) in
            try host.runtime.callCommand("com.example.cfixture.slow", [.integer(1)])
        }
        guard case .failure(let error) = late else {
            Issue.record("a call after stop ran")
            return
        }
        #expect(error.kind == .notRunning)
    }

    @Test("a call of a main-thread command from another thread runs on the main queue")
    func mainThreadHop() throws {
        let host = try start()
        defer { host.runtime.stop() }
        let answer = CommandAnswer()
        DispatchQueue.global().async {
            do throws(CommandCallError) {
                try host.runtime.callCommand("com.example.cfixture.echo", [.string("hop")], answer: answer.receive)
            } catch {
                answer.receive(.failure(error))
            }
        }
        #expect(try answer.wait()?.get() == #"{"echo":"hop"}"#)
    }

    @Test("calls that do not fit are refused with a reason naming the command; nothing is called")
    func refusals() throws {
        let host = try start()
        func refusal(_ body: () throws -> Void) -> CommandCallError? {
            do {
                try body()
                return nil
            } catch { return error as? CommandCallError }
        }
        #expect(refusal { _ = try host.runtime.callCommand("com.example.nothing.here", []) }?.isNotFound == true)
        #expect(
            refusal { _ = try host.runtime.callCommand("com.example.nothing.here", []) }?.description
                == "no loaded module offers com.example.nothing.here")
        #expect(
            refusal { _ = try host.runtime.callCommand("com.example.cfixture.add", [.integer(1)]) }?.description
                == "com.example.cfixture.add takes 2 argument(s), got 1")
        #expect(
            refusal { _ = try host.runtime.callCommand("com.example.cfixture.add", [.string("1"), .integer(2)]) }?
                .description == "com.example.cfixture.add: argument 1 is a string, the command takes i64")
        #expect(
            refusal { _ = try host.runtime.callCommand("com.example.cfixture.echo", [.string("x")]) }?.description
                == "com.example.cfixture.echo completes later: call it with a completion")
        #expect(
            refusal { try host.runtime.callCommand("com.example.cfixture.add", [.integer(1), .integer(2)]) { _ in } }?
                .status == PARRA_STATUS_INVALID_ARGUMENT)
        #expect(!host.log.messages(from: "com.example.cfixture").contains { $0.hasPrefix("command") })
        host.runtime.stop()
        #expect(
            refusal { _ = try host.runtime.callCommand("com.example.cfixture.add", [.integer(1), .integer(2)]) }?
                .status == PARRA_STATUS_WRONG_STATE)
    }

    @Test("a Swift module's commands, immediate and completing later, through the built .so")
    func swiftModule() throws {
        let host = try start([], extra: [BuildProducts.swiftFixture])
        defer { host.runtime.stop() }
        #expect(
            try host.runtime.callCommand("com.parra.test.swiftfixture.scale", [.double(2.5)]) == .double(2.5),
            "swiftfixture.launches is 1")
        let greet = CommandAnswer()
        try host.runtime.callCommand("com.parra.test.swiftfixture.greet", [.string(#""ada""#)], answer: greet.receive)
        #expect(try greet.wait()?.get() == #"{"greeting":"hi","to":"ada"}"#)
        let nobody = CommandAnswer()
        try host.runtime.callCommand(
            "com.parra.test.swiftfixture.greet", [.string(#""nobody""#)], answer: nobody.receive)
        guard case .failure(let error)? = nobody.wait() else {
            Issue.record("expected the module's error")
            return
        }
        #expect(error.description == "nobody to greet")
        #expect(
            host.runtime.commands.map(\.id) == [
                "com.parra.test.swiftfixture.greet", "com.parra.test.swiftfixture.scale",
            ])
    }

    @Test("a Swift module calls a C module's command through ModuleHost.callCommand")
    func swiftCallsC() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let fixture = try CFixtureBuilder.build("fixture.so", in: folder)
        let host = try TestHost(
            paths: [fixture.path, BuildProducts.swiftFixture], codeOptions: ["swiftfixture.callEcho": .bool(true)],
            mainQueue: DispatchQueue(label: "test.commands.main"))
        host.runtime.start()
        _ = try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}"))
        func said() -> [String] { host.log.messages(from: "com.parra.test.swiftfixture") }
        host.log.waitForMessage(from: "com.parra.test.swiftfixture") { $0.hasPrefix("echo") }
        #expect(said().contains(#"echo answered {"echo":"from swift"}"#), "\(said())")
        host.runtime.stop()
    }

    @Test("a module calls another module's commands through the host; its own it may not")
    func moduleToModule() throws {
        let host = try start([
            [],
            ["FIXTURE_ID=\"com.example.caller\"", "FIXTURE_KEY_PREFIX=\"caller\"", "FIXTURE_CALL_COMMANDS"],
            [
                "FIXTURE_ID=\"com.example.selfish\"", "FIXTURE_KEY_PREFIX=\"selfish\"", "FIXTURE_CALL_COMMANDS",
                "FIXTURE_CALL_PREFIX=\"com.example.selfish\"",
            ],
        ])
        _ = try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}"))
        func said(_ id: String) -> [String] { host.log.messages(from: id) }
        // The answer comes on the host's main queue.
        host.log.waitForMessage(from: "com.example.caller") { $0.hasPrefix("called echo") }
        #expect(said("com.example.caller").contains("call add status=0 result=5 "))
        #expect(said("com.example.caller").contains(#"called echo status=0 {"echo":"hi"}"#))
        #expect(said("com.example.cfixture").contains("command add 2 3"))
        #expect(
            said("com.example.selfish").contains {
                $0.hasPrefix(
                    "call add status=\(PARRA_STATUS_WRONG_STATE) result=0 com.example.selfish.add is com.example.selfish's own command"
                )
            })
        host.runtime.stop()
    }

    @Test(
        "a command's declaration is checked: its id, its return and its completion; the module is refused",
        arguments: [
            ("FIXTURE_ADD_ID=\"com.other.add\"", "command 'com.other.add' must be the module's id"),
            ("FIXTURE_ADD_ID=\"com.example.cfixture.a-b\"", "a name of [A-Za-z0-9_]"),
            ("FIXTURE_ADD_SIGNATURE=\"str(ptr,i64,i64)\"", "returns str"),
            ("FIXTURE_ADD_SIGNATURE=\"i64(i64,i64)\"", "the first argument must be ptr"),
            (
                "FIXTURE_ECHO_SIGNATURE=\"i64(ptr,str,ptr)\"",
                "completes later, so its signature must be void(ptr, ..., ptr)"
            ),
            ("FIXTURE_ECHO_SIGNATURE=\"void(ptr)\"", "completes later, so its signature must be void(ptr, ..., ptr)"),
        ])
    func badDeclarations(define: String, reason: String) throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let path = try CFixtureBuilder.build("bad.so", defines: [define], in: folder).path
        let host = try TestHost(paths: [path])
        let report = host.runtime.start()
        defer { host.runtime.stop() }
        let refused = try #require(report.refused.first)
        #expect(refused.phase == .validate)
        #expect(refused.reason?.contains(reason) == true, "\(refused.reason ?? "")")
    }

    @Test("a command declared without completes_later but ending in its completion: the refusal names the flag")
    func forgottenCompletesLater() throws {
        let host = try start([["FIXTURE_ECHO_COMPLETES_LATER=false"]])
        defer { host.runtime.stop() }
        do {
            _ = try host.runtime.callCommand("com.example.cfixture.echo", [.string("x")])
            Issue.record("the call was made")
        } catch {
            #expect(
                "\(error)"
                    == "com.example.cfixture.echo takes 2 argument(s), got 1; if the command's last parameter is the parra_command_completion* it answers through, its module must declare it with .completes_later = true"
            )
        }
    }

    @Test("the active modules' commands are listed with their signature and thread")
    func listing() throws {
        let host = try start()
        defer { host.runtime.stop() }
        let commands = host.runtime.commands.map { "\($0.id) \($0.declaration.signature) \($0.declaration.thread)" }
        #expect(
            commands == [
                "com.example.cfixture.add i64(ptr,i64,i64) any thread",
                "com.example.cfixture.count u64(ptr) main thread",
                "com.example.cfixture.echo void(ptr,str,ptr) main thread",
                "com.example.cfixture.slow i64(ptr,i64) any thread",
            ])
    }
}
