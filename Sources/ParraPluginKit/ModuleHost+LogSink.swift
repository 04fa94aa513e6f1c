import CParraPlugin

/// `PARRA_EXT_LOG_SINK` (ABI 1.9): what this module's log sink reads of each record.
extension ModuleHost {
    /// Says whether this module's log sink reads a record's `timestamp` (it does until this is
    /// called). With `false`, a record that reaches no sink reading the time carries 0 there,
    /// and the host does not read the clock for it. Any thread, the sink's own included; takes
    /// effect from the next record logged. Returns false on a host older than ABI 1.9, which
    /// cannot be told and gives every record its time; throws for a module without a log sink
    /// or once the module is shut down.
    @discardableResult
    public func setLogReadsTimestamps(_ reads: Bool) throws -> Bool {
        guard let raw = self.extension(PARRA_EXT_LOG_SINK) else { return false }
        let logSink = raw.assumingMemoryBound(to: parra_log_sink_extension.self)
        let status = logSink.pointee.set_reads_timestamps(table, reads)
        guard status == PARRA_STATUS_OK else {
            throw ModuleError("set_reads_timestamps failed with status \(status)")
        }
        return true
    }
}
