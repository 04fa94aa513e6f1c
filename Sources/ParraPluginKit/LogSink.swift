import CParraPlugin

/// How a Swift module takes the app's log records (ABI 1.1): `receive` is called on the thread
/// that logged, possibly on several threads at once, with a record whose memory is the host's
/// and valid only during the call; `flush` makes everything received so far durable or
/// written. See `parra_log_sink_fn` in the C header for the full rules.
///
/// `Module` is the module's `ParraModule` class (see `ModuleDefinition` for why only
/// `AnyObject` is required here).
public struct LogSink<Module: AnyObject> {
    let receive: (Module, UnsafePointer<parra_log_record>) -> Void
    let flush: (Module) -> Void

    /// A sink calling `receive` for each record and `flush` when the app flushes its logger.
    public init(
        receive: @escaping (Module, UnsafePointer<parra_log_record>) -> Void,
        flush: @escaping (Module) -> Void = { _ in }
    ) {
        self.receive = receive
        self.flush = flush
    }
}

/// A sink bound to the module instance, called for every record: one class call and one call
/// of the module's function, with no reference counting (the instance that holds this also
/// holds the module, strongly, for as long as the sink can be called).
class BoundLogSink {
    func receive(_ record: UnsafePointer<parra_log_record>) {}
    func flush() {}
}

/// `BoundLogSink` for one module type.
final class TypedLogSink<Module: AnyObject>: BoundLogSink {
    private let module: Unmanaged<Module>
    private let receiveRecord: (Module, UnsafePointer<parra_log_record>) -> Void
    private let flushRecords: (Module) -> Void

    init(module: Module, sink: LogSink<Module>) {
        self.module = Unmanaged.passUnretained(module)
        receiveRecord = sink.receive
        flushRecords = sink.flush
    }

    override func receive(_ record: UnsafePointer<parra_log_record>) {
        module._withUnsafeGuaranteedRef { receiveRecord($0, record) }
    }

    override func flush() { module._withUnsafeGuaranteedRef { flushRecords($0) } }
}

/// The C functions behind a Swift module's log sink.
enum LogSinkTrampolines {
    static let receive: parra_log_sink_fn = { data, record in
        guard let data, let record else { return }
        Unmanaged<ModuleInstance>.fromOpaque(data)._withUnsafeGuaranteedRef { instance in
            instance.unretainedLogSink?._withUnsafeGuaranteedRef { $0.receive(record) }
        }
    }

    static let flush: parra_log_flush_fn = { data in
        guard let data else { return }
        Unmanaged<ModuleInstance>.fromOpaque(data)._withUnsafeGuaranteedRef { $0.logSink?.flush() }
    }
}
