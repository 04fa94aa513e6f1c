import CParraPlugin

/// `PARRA_EXT_LOG_SINK` (ABI 1.9): what this module's log sink reads of each record.
extension ModuleHost {
    /// Says whether this module's log sink reads a record's `timestamp` (it does until this is
    /// called). With `false`, a record that reaches no sink reading the time carries 0 there,
    /// and the app's log call does not read the clock. Any thread; takes effect from the next
    /// record logged. Fails on a host older than ABI 1.9, which always reads the clock, and for a
    /// module without a log sink.
    public func setLogReadsTimestamps(_ reads: Bool) throws {
        guard let raw = self.extension(PARRA_EXT_LOG_SINK) else {
            throw ModuleError("this host offers no \(PARRA_EXT_LOG_SINK): it predates ABI 1.9")
        }
        let logSink = raw.assumingMemoryBound(to: parra_log_sink_extension.self)
        let status = logSink.pointee.set_reads_timestamps(table, reads)
        guard status == PARRA_STATUS_OK else {
            throw ModuleError("set_reads_timestamps failed with status \(status)")
        }
    }
}
