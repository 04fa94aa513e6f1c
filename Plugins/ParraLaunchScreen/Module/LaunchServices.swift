import ParraPluginKit

/// The host services the launch needs, as `ModuleHost` offers them; tests of the launch logic
/// stand in for the host with their own.
protocol LaunchServices: AnyObject {
    /// Writes a diagnostic line.
    func log(_ level: ModuleHost.LogLevel, _ message: String)
    /// Runs `body` on the main thread after `delay` seconds.
    @discardableResult
    func schedule(after delay: Double, repeatEvery: Double, _ body: @escaping () -> Void) throws -> UInt64
    /// Cancels a timer.
    @discardableResult
    func cancelTimer(_ id: UInt64) -> Bool
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
