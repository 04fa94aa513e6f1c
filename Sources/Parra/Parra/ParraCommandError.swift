/// Why a call into a module's command did not give a result.
public struct ParraCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: Sendable, Hashable {
        /// No loaded module offers the command: the feature's module is not installed.
        case notInstalled
        /// Parra is not running: no app run has started it, or it is stopping.
        case notRunning
        /// The call does not fit the command (its arguments, its kind or its thread).
        case invalidCall
        /// The module answered with an error.
        case failed
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// The command called.
    public let commandID: String
    /// What went wrong, in a sentence that names the command or the feature.
    public let description: String

    /// An error of `kind` for `commandID`, saying `description`.
    public init(_ kind: Kind, commandID: String, description: String) {
        self.kind = kind
        self.commandID = commandID
        self.description = description
    }
}
