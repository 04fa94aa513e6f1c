import CParraPlugin

/// Why a command call did not give a result: the host refused it, or the module answered
/// with an error.
package struct CommandCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it is.
    package enum Kind: Sendable, Hashable {
        /// No loaded module offers the command.
        case notFound
        /// Modules are not running (yet, or any more); the call was not made or not answered.
        case notRunning
        /// The call does not fit the command: arguments, kind, thread or caller.
        case refused
        /// The module answered with an error.
        case failed
    }

    /// What kind of failure it is.
    package let kind: Kind
    /// The `PARRA_STATUS_*` of the failure.
    package let status: parra_status
    /// What went wrong, naming the command.
    package let description: String

    /// A refusal with `status` (NOT_FOUND is `notFound`), saying `description`.
    package init(_ status: parra_status, _ description: String) {
        self.init(status == PARRA_STATUS_NOT_FOUND ? .notFound : .refused, status: status, description)
    }

    /// A failure of `kind`, with `status` (WRONG_STATE for `notRunning` by default).
    package init(_ kind: Kind, status: parra_status = PARRA_STATUS_WRONG_STATE, _ description: String) {
        self.kind = kind
        self.status = status
        self.description = description
    }

    /// No loaded module offers `commandID`.
    package static func notFound(_ commandID: String) -> CommandCallError {
        CommandCallError(PARRA_STATUS_NOT_FOUND, "no loaded module offers \(commandID)")
    }

    /// Whether the host found no such command.
    package var isNotFound: Bool { kind == .notFound }
}

extension Result where Success == String, Failure == CommandCallError {
    /// OK, or the error's status.
    var status: parra_status {
        if case .failure(let error) = self { return error.status }
        return PARRA_STATUS_OK
    }

    /// The error's description; empty on success.
    var failureDescription: String {
        if case .failure(let error) = self { return error.description }
        return ""
    }
}
