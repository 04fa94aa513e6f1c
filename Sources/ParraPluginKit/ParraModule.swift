/// A feature module written in Swift. The host creates one instance per process, through
/// `init(host:)`, and drives it through the lifecycle on the main thread. Throwing from a
/// lifecycle method refuses the module with the error's description.
public protocol ParraModule: AnyObject {
    /// Creates the module's state. Options may be read here; hooks are not called yet.
    init(host: ModuleHost) throws
    /// Reads and checks options after every module's init.
    func configure() throws
    /// Starts work. Hooks may be called once any module's activate has begun, so possibly
    /// before this one runs.
    func activate() throws
    /// Stops work and flushes, when the app terminates.
    func deactivate()
    /// The last call; the host's services are unusable once it returns.
    func shutdown()
}

extension ParraModule {
    public func configure() throws {}
    public func activate() throws {}
    public func deactivate() {}
    public func shutdown() {}
}

/// An error with a message, for modules to throw.
public struct ModuleError: Error, CustomStringConvertible {
    /// One line naming the problem (and the option key, for a rejected value).
    public let description: String
    /// The host's status (`PARRA_STATUS_*`) when a host service failed; nil otherwise.
    public let status: Int32?

    /// An error saying `description`, with the host's `status` if a host service failed.
    public init(_ description: String, status: Int32? = nil) {
        self.description = description
        self.status = status
    }
}
