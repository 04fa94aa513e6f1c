import Foundation
import ParraRuntime

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
        switch UnixSocketExchange.exchange(payload, at: path) {
        case .failure(.nothingListens(let reason)):
            return .failure(
                SendFailure("nothing listens at \(path) (\(reason)): is the app running with push enabled?"))
        case .failure(.stoppedReading):
            return .failure(SendFailure("the app stopped reading"))
        case .failure(let failure):
            return .failure(SendFailure(failure.description))
        case .success(let answer):
            let line = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { return .failure(SendFailure("the app closed the socket without an answer")) }
            return .success(line)
        }
    }
}

/// Why a payload did not reach an app.
private struct SendFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
