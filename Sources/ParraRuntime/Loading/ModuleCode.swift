import CParraPlugin

/// A module's code, as its descriptor gives it: the functions the host calls, which exist only
/// once its file is opened (a module the registry describes has none until it is started).
/// Sendable by hand: every field is a `let` of C function pointers, which point at code.
struct ModuleCode: @unchecked Sendable {
    /// The lifecycle functions; any may be absent.
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
    /// Where it takes app log records (ABI 1.1), if it does.
    let logSink: parra_log_sink_fn?
    /// How it flushes the records it has had (ABI 1.1).
    let logFlush: parra_log_flush_fn?
    /// Each hook's function, in the order of the declaration's hooks.
    let hooks: [parra_function]
    /// Each command's function, in the order of the declaration's commands.
    let commands: [parra_function]
}
