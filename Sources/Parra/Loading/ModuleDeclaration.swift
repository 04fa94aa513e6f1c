import CParraPlugin

/// What a module declared in its descriptor, read into Swift and checked on its own.
public struct ModuleDeclaration: @unchecked Sendable {
    /// Reverse-DNS id.
    public let id: String
    /// Human-readable name.
    public let name: String
    /// The module's version.
    public let version: String
    /// One line, may be empty.
    public let description: String
    /// SPDX license id, may be empty.
    public let license: String
    /// ABI version the module was built for, as "major.minor".
    public let abiVersion: String
    /// The option keys it owns.
    public let options: [OptionSchema]
    /// The hooks it implements, in declaration order.
    public let hooks: [HookDeclaration]
    /// The extension points it offers.
    public let extensionPoints: [OverridePoint]
    /// Its lifecycle functions, as the descriptor gives them.
    let lifecycle: Lifecycle
    /// Where it takes app log records (ABI 1.1), if it does.
    let logSink: parra_log_sink_fn?
    /// How it flushes the records it has had (ABI 1.1).
    let logFlush: parra_log_flush_fn?

    /// Whether the module takes app log records.
    public var takesAppLogs: Bool { logSink != nil }

    /// The lifecycle functions; any may be absent.
    struct Lifecycle {
        let initialize:
            (
                @convention(c) (
                    UnsafePointer<parra_host>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                    UnsafeMutablePointer<parra_error>?
                ) -> parra_status
            )?
        let configure: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<parra_error>?) -> parra_status)?
        let activate: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<parra_error>?) -> parra_status)?
        let deactivate: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
        let shutdown: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    }
}

/// One hook a module implements.
public struct HookDeclaration: @unchecked Sendable {
    /// The point it hooks.
    public let pointID: String
    /// The signature it declared.
    public let signature: HookSignature
    /// Lower runs earlier.
    public let order: Int32
    /// Its position in the module's hook array (the last tie-breaker).
    public let index: Int
    /// The function, to be called through libffi with `signature`.
    let function: parra_function
}
