import CParraPlugin

/// What a module declared in its descriptor, read into Swift and checked on its own.
/// Sendable by hand: every field is a `let` of a Sendable type or a C function pointer, which points at code.
package struct ModuleDeclaration: @unchecked Sendable {
    /// Reverse-DNS id.
    package let id: String
    /// Human-readable name.
    package let name: String
    /// The module's version.
    package let version: String
    /// One line, may be empty.
    package let description: String
    /// SPDX license id, may be empty.
    package let license: String
    /// ABI version the module was built for, as "major.minor".
    package let abiVersion: String
    /// The option keys it owns.
    package let options: [OptionSchema]
    /// The hooks it implements, in declaration order.
    package let hooks: [HookDeclaration]
    /// The extension points it offers.
    package let extensionPoints: [OverridePoint]
    /// The commands it offers (ABI 1.2).
    package let commands: [CommandDeclaration]
    /// Its lifecycle functions, as the descriptor gives them.
    let lifecycle: Lifecycle
    /// Where it takes app log records (ABI 1.1), if it does.
    let logSink: parra_log_sink_fn?
    /// How it flushes the records it has had (ABI 1.1).
    let logFlush: parra_log_flush_fn?

    /// Whether the module takes app log records.
    package var takesAppLogs: Bool { logSink != nil }

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
/// Sendable by hand: every field is a `let`, and `function` is a C function pointer, which points at code.
package struct HookDeclaration: @unchecked Sendable {
    /// The point it hooks.
    package let pointID: String
    /// The signature it declared.
    package let signature: HookSignature
    /// Lower runs earlier.
    package let order: Int32
    /// Its position in the module's hook array (the last tie-breaker).
    package let index: Int
    /// The function, to be called through libffi with `signature`.
    let function: parra_function
}
