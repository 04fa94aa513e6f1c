import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `parra push send --bundle BUNDLE_ID PAYLOAD.json`: delivers a push payload to the running
/// app, as `xcrun simctl push` does for a simulator.
struct PushSendCommand: Command {
    let name = "send"
    let summary = "Deliver a push payload to a running app, as xcrun simctl push does"
    let details = """
        Sends the file (an APNs payload: `aps` plus Parra's `parra` object, at most 4 KiB) to the
        app's socket, $XDG_RUNTIME_DIR/parra/BUNDLE_ID/push.sock, which the ParraPush module of a
        running app with push enabled listens on; only the app's own user may send. Prints the
        app's answer: "ok: delivered", or why it refused the payload.
        Exit status: 0 when the app took it, 1 when no app listens or it refused, 2 for a usage error.
        """
    let arguments = ArgumentSpec(
        options: [.value("--bundle", "BUNDLE_ID", help: "The app to deliver to (required)")],
        positionals: PositionalSpec(name: "PAYLOAD.json", minimum: 1, maximum: 1, help: "The payload file"))

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        guard let bundleID = arguments.value("--bundle"), !bundleID.isEmpty, !bundleID.contains("/") else {
            throw UsageError("name the app with --bundle BUNDLE_ID")
        }
        let file = arguments.positionals[0]
        guard let payload = FileManager.default.contents(atPath: file) else {
            console.printError("cannot read \(file)")
            return .problemsFound
        }
        guard let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
            console.printError("XDG_RUNTIME_DIR is not set, so no app's push socket can be found")
            return .problemsFound
        }
        let path = "\(runtime)/parra/\(bundleID)/push.sock"
        switch Self.exchange(payload, at: path) {
        case .failure(let reason):
            console.printError("no app took the push: \(reason)")
            return .problemsFound
        case .success(let answer) where answer.hasPrefix("ok"):
            console.print("\(bundleID): \(answer)")
            return .success
        case .success(let answer):
            console.printError("\(bundleID): \(answer)")
            return .problemsFound
        }
    }

    /// Sends `payload` on the socket at `path` and returns the app's one-line answer.
    private static func exchange(_ payload: Data, at path: String) -> Result<String, SendFailure> {
        let socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { return .failure(SendFailure("socket: \(String(cString: strerror(errno)))")) }
        defer { close(socketFD) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            return .failure(SendFailure("the socket path \(path) is too long"))
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            return .failure(
                SendFailure(
                    "nothing listens at \(path) (\(String(cString: strerror(errno)))): is the app running with push enabled?"
                ))
        }
        let sent = payload.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = write(socketFD, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        shutdown(socketFD, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = read(socketFD, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        let line = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty else {
            return .failure(
                SendFailure(sent ? "the app closed the socket without an answer" : "the app stopped reading"))
        }
        return .success(line)
    }
}

/// Why a payload did not reach an app.
private struct SendFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
