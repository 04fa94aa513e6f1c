import ParraPluginKit

/// The host services the launch needs, as `ModuleHost` offers them; tests of the launch logic
/// stand in for the host with their own.
protocol LaunchServices: AnyObject {
    /// Writes a diagnostic line.
    func log(_ level: ModuleHost.LogLevel, _ message: String)
    /// Sends a Parra API request; `completion` runs once on a worker thread.
    func request(
        _ method: String, _ path: String, body: [UInt8]?, timeout: Double,
        completion: @escaping (Result<(status: Int, body: [UInt8]), ModuleError>) -> Void) throws
    /// Runs `body` on the main thread after `delay` seconds.
    @discardableResult
    func schedule(after delay: Double, repeatEvery: Double, _ body: @escaping () -> Void) throws -> UInt64
    /// Cancels a timer.
    @discardableResult
    func cancelTimer(_ id: UInt64) -> Bool
    /// The stored bytes for `key`, or nil.
    func stored(_ key: String) throws -> [UInt8]?
    /// Stores bytes for `key`.
    func store(_ bytes: [UInt8], forKey key: String) throws
    /// Removes the value for `key`.
    func removeStored(_ key: String) throws
    /// Starts a host launch step; `completion` runs once on the main thread.
    func runLaunchStep(_ step: ModuleHost.LaunchStep, completion: @escaping (Result<String, ModuleError>) -> Void)
        throws
    /// Tells the host the launch state.
    func setLaunchState(_ state: ModuleHost.LaunchState, detail: String) throws
    /// Shows something on the platform's surface.
    func present(
        _ kind: ModuleHost.PresentationKind, title: String, body: String, duration: Double,
        dismissed: ((Bool) -> Void)?) throws
    /// Emits one of the module's `void(ptr,str)` extension points.
    func emit(_ pointID: String, _ text: String) throws
}

extension ModuleHost: LaunchServices {}
