import CParraPlugin
import Foundation

/// The host's side of one `parra_command_completion`: the C struct handed to a command that
/// completes later, and the answer it is waiting for. The first `complete` (or the host's own
/// answer when the module stops) is delivered; later ones are logged and dropped. The struct
/// stays valid until the offering module is shut down, so a late or second `complete` never
/// touches freed memory.
final class CommandCompletion: @unchecked Sendable {
    /// The struct passed to the module.
    let pointer: UnsafeMutablePointer<parra_command_completion>
    /// The command being answered.
    let commandID: String
    private let commandIDText: UnsafeMutablePointer<CChar>
    private let log: HostLog
    private let moduleID: String
    private let lock = NSLock()
    private var answer: (@Sendable (Result<String, CommandCallError>) -> Void)?

    /// A completion for `commandID` of module `moduleID`, delivering to `answer` once.
    init(
        commandID: String, moduleID: String, log: HostLog,
        answer: @escaping @Sendable (Result<String, CommandCallError>) -> Void
    ) {
        self.commandID = commandID
        self.moduleID = moduleID
        self.log = log
        self.answer = answer
        commandIDText = strdup(commandID)!
        pointer = .allocate(capacity: 1)
        pointer.initialize(
            to: parra_command_completion(
                struct_size: UInt32(MemoryLayout<parra_command_completion>.size),
                command_id: UnsafePointer(commandIDText), complete: Self.complete, host_data: nil))
        pointer.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        pointer.deallocate()
        free(commandIDText)
    }

    /// Whether an answer has been delivered.
    var isAnswered: Bool { lock.withLock { answer == nil } }

    /// Delivers `result` unless an answer was delivered already; false then.
    @discardableResult
    func deliver(_ result: Result<String, CommandCallError>) -> Bool {
        let answer = lock.withLock { () -> (@Sendable (Result<String, CommandCallError>) -> Void)? in
            defer { self.answer = nil }
            return self.answer
        }
        answer?(result)
        return answer != nil
    }

    private static let complete:
        @convention(c) (UnsafePointer<parra_command_completion>?, parra_status, parra_string, parra_string) -> Void = {
            completion, status, result, message in
            guard let data = completion?.pointee.host_data else { return }
            let this = Unmanaged<CommandCompletion>.fromOpaque(data).takeUnretainedValue()
            let outcome: Result<String, CommandCallError>
            if status == PARRA_STATUS_OK {
                let json = text(result)
                if (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)) == nil {
                    outcome = .failure(
                        CommandCallError(
                            PARRA_STATUS_FAILED,
                            "\(this.commandID) answered OK with a result that is not JSON: \(json.prefix(80))"))
                } else {
                    outcome = .success(json)
                }
            } else {
                let reason = text(message)
                outcome = .failure(
                    CommandCallError(status, reason.isEmpty ? "\(this.commandID) failed with status \(status)" : reason)
                )
            }
            if !this.deliver(outcome) {
                this.log.log(
                    .warn, "\(this.commandID) was completed more than once; the later completion was ignored",
                    moduleID: this.moduleID)
            }
        }

    private static func text(_ string: parra_string) -> String {
        guard let data = string.data, string.length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: string.length), as: UTF8.self)
    }
}
