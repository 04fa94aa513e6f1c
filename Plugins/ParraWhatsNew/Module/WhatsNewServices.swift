import ParraPluginKit

/// The host services What's New uses, as `ModuleHost` offers them; tests of its logic stand in
/// for the host with their own.
protocol WhatsNewServices: AnyObject {
    /// Writes a diagnostic line.
    func log(_ level: ModuleHost.LogLevel, _ message: String)
    /// Sends a Parra API request; `completion` runs once on a worker thread.
    func request(
        _ method: String, _ path: String, body: [UInt8]?, timeout: Double,
        completion: @escaping (Result<(status: Int, body: [UInt8]), ModuleError>) -> Void) throws
    /// Runs `body` on the main thread after `delay` seconds.
    @discardableResult
    func schedule(after delay: Double, repeatEvery: Double, _ body: @escaping () -> Void) throws -> UInt64
    /// The stored bytes for `key`, or nil.
    func stored(_ key: String) throws -> [UInt8]?
    /// Stores bytes for `key`.
    func store(_ bytes: [UInt8], forKey key: String) throws
    /// Shows a presentation the user acts on by key; returns its id.
    @discardableResult
    func present(
        _ kind: ModuleHost.PresentationKind, title: String, body: String, duration: Double,
        actions: [(key: String, label: String)], onAction: @escaping (String) -> Void,
        dismissed: @escaping (Bool) -> Void
    ) throws -> UInt64
    /// Takes a presentation away.
    func dismissPresentation(_ id: UInt64, byUser: Bool) throws
    /// Holds an unattended session; nil when the host has no holds.
    func holdSession(for seconds: Double) throws -> UInt64?
    /// Ends a hold.
    func releaseSession(_ hold: UInt64)
    /// Seconds since the Unix epoch, from the host's clock.
    var wallClockSeconds: Double { get }
    /// Calls another module's JSON command; `completion` runs once, on the main thread, later.
    func callCommand(
        _ id: String, argument: String, completion: @escaping (Result<String, ModuleError>) -> Void) throws
}

extension ModuleHost: WhatsNewServices {}
