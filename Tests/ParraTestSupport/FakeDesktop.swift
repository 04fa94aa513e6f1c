import Foundation

/// `Tests/Fixtures/DBus/fake_desktop.c` running on a private bus: a UnifiedPush distributor and
/// a notification server the tests drive by lines and watch by the lines it prints.
/// Sendable by hand: its fields are `let`s; the line reader locks, and each `send` is one write.
package final class FakeDesktop: @unchecked Sendable {
    /// What it owns and how it answers, as its arguments.
    package struct Role: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        package static let distributor = Role(rawValue: 1)
        package static let notifications = Role(rawValue: 2)
        package static let version1 = Role(rawValue: 4)
        package static let refuses = Role(rawValue: 8)
        /// Answers no method call at all.
        package static let silent = Role(rawValue: 16)
        /// The notification server reads body markup.
        package static let markup = Role(rawValue: 32)
    }

    /// The built program, once per test process.
    private static let program: Result<URL, Error> = Result {
        let source = CFixtureBuilder.repositoryRoot.appendingPathComponent("Tests/Fixtures/DBus/fake_desktop.c")
        let output = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("fake_desktop")
        let flags = try ChildProcess.run("/usr/bin/env", ["pkg-config", "--cflags", "--libs", "dbus-1"])
        guard flags.status == 0 else { throw CFixtureBuilder.BuildError("pkg-config dbus-1: \(flags.output)") }
        let compiler = try CFixtureBuilder.findCompiler().path
        let built = try ChildProcess.run(
            compiler,
            ["-std=c11", "-O1", "-w", "-o", output.path, source.path]
                + flags.output.split(whereSeparator: \.isWhitespace).map(String.init))
        guard built.status == 0 else { throw CFixtureBuilder.BuildError("building fake_desktop: \(built.output)") }
        return output
    }

    /// The command line that starts it with `role` printing to `output` (a FIFO the test
    /// reads): for a service file, when the bus itself starts it (D-Bus activation).
    package static func commandLine(_ role: Role, output: String) throws -> String {
        ([try program.get().path] + arguments(role, name: "parratest") + ["--output", output]).joined(separator: " ")
    }

    private static func arguments(_ role: Role, name: String) -> [String] {
        let flags: [(Role, String)] = [
            (.distributor, "--distributor"), (.notifications, "--notifications"), (.version1, "--v1"),
            (.refuses, "--refuse"), (.silent, "--silent"), (.markup, "--markup"),
        ]
        return flags.filter { role.contains($0.0) }.map(\.1) + ["--name", name]
    }

    private let process: Process
    private let input: FileHandle
    /// What it printed.
    package let lines: LineReader

    /// Starts it on the bus at `address` and waits for "ready"; a distributor is
    /// `org.unifiedpush.Distributor.<name>`, and with `only` registers that app alone (other apps
    /// a bus address in the environment led there are refused).
    package init(bus address: String, _ role: Role, name: String = "parratest", only: String? = nil) throws {
        let process = Process()
        process.executableURL = try Self.program.get()
        process.arguments = Self.arguments(role, name: name) + (only.map { ["--only", $0] } ?? [])
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": address]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        self.process = process
        self.input = input.fileHandleForWriting
        lines = LineReader(output.fileHandleForReading)
        guard lines.next(startingWith: "ready") != nil else {
            kill(process.processIdentifier, SIGKILL)
            throw CFixtureBuilder.BuildError("fake_desktop did not start")
        }
    }

    /// Sends it one command line.
    package func send(_ line: String) {
        input.write(Data((line + "\n").utf8))
    }

    /// Makes it leave the bus at once (SIGKILL: it vanishes as a crashed distributor does) and
    /// waits for it to exit.
    package func quit() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
