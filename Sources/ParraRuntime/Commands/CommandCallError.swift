import CParraPlugin

/// Why a command call did not give a result: the host refused it, or the module answered
/// with an error.
package struct CommandCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `PARRA_STATUS_*` of the failure.
    package let status: parra_status
    /// What went wrong, naming the command.
    package let description: String

    /// An error with `status`, saying `description`.
    package init(_ status: parra_status, _ description: String) {
        self.status = status
        self.description = description
    }

    /// No loaded module offers `commandID`.
    package static func notFound(_ commandID: String) -> CommandCallError {
        CommandCallError(PARRA_STATUS_NOT_FOUND, "no loaded module offers \(commandID)")
    }

    /// Whether the host found no such command.
    package var isNotFound: Bool { status == PARRA_STATUS_NOT_FOUND }
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
