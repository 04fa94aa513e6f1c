import Foundation

/// A D-Bus session bus of the tests' own: `dbus-daemon` with the session bus's configuration,
/// listening on a socket in a temporary folder, stopped by `stop()`.
package final class PrivateSessionBus {
    /// Its address, as DBUS_SESSION_BUS_ADDRESS takes it.
    package let address: String
    private let process: Process

    /// Starts the daemon and waits (at most 20 s) for it to print its address. `services` are
    /// the names it can start (D-Bus activation), each with the command line that starts it;
    /// with none, it uses the standard session service folders, as `dbus-daemon --session`.
    package init(services: [(name: String, exec: String)] = []) throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let serviceFolder = folder.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: serviceFolder, withIntermediateDirectories: true)
        for service in services {
            try "[D-BUS Service]\nName=\(service.name)\nExec=\(service.exec)\n".write(
                to: serviceFolder.appendingPathComponent("\(service.name).service"), atomically: true, encoding: .utf8)
        }
        let configuration = folder.appendingPathComponent("session.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(folder.path)/bus</listen>
          <auth>EXTERNAL</auth>
          \(services.isEmpty ? "<standard_session_servicedirs/>" : "<servicedir>\(serviceFolder.path)</servicedir>")
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """.write(to: configuration, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dbus-daemon", "--config-file=\(configuration.path)", "--nofork", "--print-address"]
        // Not another bus's address, which the services it starts would inherit.
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("DBUS_") }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.process = process
        let line = LineReader(output.fileHandleForReading)
        guard let address = line.next(within: 20), !address.isEmpty else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw CFixtureBuilder.BuildError("dbus-daemon printed no address within 20 s")
        }
        self.address = address
    }

    /// Stops the daemon and waits for it to exit. SIGKILL, since the daemon inherits the test
    /// process's signal mask, which may block SIGTERM.
    package func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// Lines a child process writes, read on a thread of their own and handed out with deadlines.
package final class LineReader: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [String] = []
    private var taken = 0
    private var ended = false

    /// Starts reading `handle` to its end.
    package init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            var pending = Data()
            while true {
                let chunk = handle.availableData
                condition.withLock {
                    if chunk.isEmpty { ended = true }
                    pending.append(chunk)
                    while let newline = pending.firstIndex(of: 10) {
                        lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
                        pending.removeSubrange(pending.startIndex...newline)
                    }
                    condition.broadcast()
                }
                if chunk.isEmpty { return }
            }
        }
    }

    /// The next line not taken yet, waiting at most `seconds`; nil when none came.
    package func next(within seconds: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        return condition.withLock {
            while taken >= lines.count {
                guard !ended, condition.wait(until: deadline) else { return nil }
            }
            taken += 1
            return lines[taken - 1]
        }
    }

    /// The first line from now on that starts with `prefix`, skipping others, waiting at most
    /// `seconds` in all; nil when none came.
    package func next(startingWith prefix: String, within seconds: TimeInterval = 20) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        while let line = next(within: deadline.timeIntervalSinceNow) {
            if line.hasPrefix(prefix) { return line }
        }
        return nil
    }
}
