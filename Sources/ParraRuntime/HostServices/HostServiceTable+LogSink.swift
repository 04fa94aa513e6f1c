import CParraPlugin

/// PARRA_EXT_LOG_SINK: what a module's log sink reads of each record.
extension HostServiceTable {
    /// The extension, for the process.
    /// Written once, when first read; the host and modules only read it after.
    nonisolated(unsafe) static let logSinkExtension: UnsafeMutablePointer<parra_log_sink_extension> = {
        let pointer = UnsafeMutablePointer<parra_log_sink_extension>.allocate(capacity: 1)
        pointer.initialize(
            to: parra_log_sink_extension(
                struct_size: UInt32(MemoryLayout<parra_log_sink_extension>.size),
                set_reads_timestamps: setReadsTimestamps))
        return pointer
    }()

    private static let setReadsTimestamps: @convention(c) (UnsafePointer<parra_host>?, Bool) -> parra_status = {
        host, reads in
        guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, nil) }
        guard runtime.module(withID: context.moduleID)?.declaration.takesAppLogs == true else {
            return PARRA_STATUS_UNSUPPORTED
        }
        context.logReadsTimestamps = reads
        LogRouter.shared.sinkSettingsChanged()
        return PARRA_STATUS_OK
    }
}
