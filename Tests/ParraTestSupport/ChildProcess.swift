import Foundation

/// Runs a program to its end, for tests that drive tools (the compiler's friends, `swift`, the
/// generated scripts): its exit status and everything it printed, stdout and stderr together.
package enum ChildProcess {
    /// Runs `executable` with `arguments` in `folder` (the current one when nil), with
    /// `environment` added to this process's.
    package static func run(
        _ executable: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, given in given }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}

extension ChildProcess {
    /// Why a read of a child's output gave up.
    package struct ReadTimeout: Error, CustomStringConvertible {
        package let description: String
    }

    /// Reads `handle` (a running child's output, on a pipe) up to and including the first line
    /// that contains `text`, or to its end, and returns what it read; throws if that takes longer
    /// than `seconds`, a safety net far above what the child takes: a test waits for what the child
    /// says it has done, not for a time it guesses the child needs.
    package static func read(_ handle: FileHandle, through text: String, within seconds: Double) throws -> String {
        let deadline = DispatchTime.now() + seconds
        let descriptor = handle.fileDescriptor
        var read = Data()
        var line = Data()
        while true {
            let now = DispatchTime.now()
            let left = now < deadline ? (deadline.uptimeNanoseconds - now.uptimeNanoseconds) / 1_000_000 : 0
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, UInt64(Int32.max))))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                throw ReadTimeout(
                    description:
                        "no line with \"\(text)\" within \(seconds) s; read: \(String(decoding: read, as: UTF8.self))")
            }
            var byte: UInt8 = 0
            let count = Glibc.read(descriptor, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { break }
            read.append(byte)
            line.append(byte)
            guard byte == UInt8(ascii: "\n") else { continue }
            if String(decoding: line, as: UTF8.self).contains(text) { break }
            line = Data()
        }
        return String(decoding: read, as: UTF8.self)
    }
}
