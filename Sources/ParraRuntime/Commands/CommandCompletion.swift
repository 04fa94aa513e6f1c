import CParraPlugin
import FoundationEssentials
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// The host's side of one `parra_command_completion`: the C struct handed to a command that
/// completes later, and the answer it is waiting for. Only the first answer (the module's
/// `complete`, or the host's for a stopped module) is delivered. The runtime lets go of a
/// completion when the module answers it, which frees the struct once `complete` returns; one
/// the host answered for a stopped module is kept until that module shuts down, so a late
/// `complete` is still safe then.
/// Sendable by hand: `answer` is behind `lock`; the C struct and string it owns are filled in `init`, only read after.
final class CommandCompletion: @unchecked Sendable {
    /// The struct passed to the module.
    let pointer: UnsafeMutablePointer<parra_command_completion>
    /// The command being answered.
    let commandID: String
    private let commandIDText: UnsafeMutablePointer<CChar>
    private let log: HostLog
    private let moduleID: String
    private let lock = Lock()
    private var answer: (@Sendable (Result<String, CommandCallError>) -> Void)?
    /// Called once when the module itself answers: the runtime lets go of the completion.
    private let answeredByModule: @Sendable (CommandCompletion) -> Void

    /// A completion for `commandID` of module `moduleID`, delivering to `answer` once.
    init(
        commandID: String, moduleID: String, log: HostLog,
        answer: @escaping @Sendable (Result<String, CommandCallError>) -> Void,
        answeredByModule: @escaping @Sendable (CommandCompletion) -> Void
    ) {
        self.commandID = commandID
        self.moduleID = moduleID
        self.log = log
        self.answer = answer
        self.answeredByModule = answeredByModule
        commandIDText = strdup(commandID)!
        pointer = .allocate(capacity: 1)
        pointer.initialize(
            to: parra_command_completion(
                struct_size: UInt32(MemoryLayout<parra_command_completion>.size),
                command_id: UnsafePointer(commandIDText), complete: Self.complete, host_data: nil))
        pointer.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
    }

    /// A completion dropped unanswered (its module never ran the call) still answers once.
    deinit {
        deliver(.failure(CommandCallError(.notRunning, "\(commandID): the module stopped before it answered")))
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
            // A strong reference for the rest of this call: the runtime may let go meanwhile.
            let this = Unmanaged<CommandCompletion>.fromOpaque(data).takeUnretainedValue()
            if this.deliver(outcome(of: this.commandID, status, result, message)) {
                this.answeredByModule(this)
            } else {
                this.log.log(
                    .warn, "\(this.commandID) was answered more than once; the later answer was ignored",
                    moduleID: this.moduleID)
            }
        }

    /// What the caller gets for an answer of the module's.
    private static func outcome(
        of commandID: String, _ status: parra_status, _ result: parra_string, _ message: parra_string
    ) -> Result<String, CommandCallError> {
        guard status == PARRA_STATUS_OK else {
            let reason = text(message)
            return .failure(
                CommandCallError(
                    .failed, status: status, reason.isEmpty ? "\(commandID) failed with status \(status)" : reason))
        }
        let json = text(result)
        guard (try? JSONReader.parse(json, rules: .syntax)) != nil else {
            return .failure(
                CommandCallError(
                    .failed, status: PARRA_STATUS_FAILED,
                    "\(commandID) answered OK with a result that is not JSON: \(json.prefix(80))"))
        }
        return .success(json)
    }

    private static func text(_ string: parra_string) -> String {
        guard let data = string.data, string.length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: string.length), as: UTF8.self)
    }
}
