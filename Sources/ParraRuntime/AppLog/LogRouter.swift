import CParraLogRoute
import CParraPlugin
import FoundationEssentials
import ParraShared
import ParraSync
import Synchronization

/// Where app log records go: the log sinks of active logger modules, the early buffer while
/// no runtime has attached its sinks yet, or (with no logger module) stderr in a plain format.
/// One per process, like the app's logger; runtimes attach their sinks once their modules are
/// active and detach them before the first deactivate.
/// Sendable by hand: its mutable state is behind `lock`, but for the fallback level, an atomic.
package final class LogRouter: @unchecked Sendable {
    package static let shared = LogRouter()

    /// One record before it crosses: everything the C record points into.
    package struct Entry {
        var level: ParraLogLevel
        var timestamp: Double
        var message: String
        var extraJSON: String
        var fileID: StaticString
        var function: StaticString
        var line: UInt
        var column: UInt
        var category: String
        var threadName: String
        var callStack: String

        /// A record; every string is the log call's, empty when absent.
        @inline(__always)
        package init(
            level: ParraLogLevel, timestamp: Double, message: String, extraJSON: String, fileID: StaticString,
            function: StaticString, line: UInt, column: UInt, category: String, threadName: String, callStack: String
        ) {
            self.level = level
            self.timestamp = timestamp
            self.message = message
            self.extraJSON = extraJSON
            self.fileID = fileID
            self.function = function
            self.line = line
            self.column = column
            self.category = category
            self.threadName = threadName
            self.callStack = callStack
        }

        /// The entry with its time read now if it was left unread (`unreadTimestamp`).
        func stamped() -> Entry {
            guard timestamp.isNaN else { return self }
            var entry = self
            entry.timestamp = LogRouter.wallClockSeconds()
            return entry
        }
    }

    /// A module's sink as a runtime attaches it.
    package struct Sink {
        let moduleID: String
        let function: parra_log_sink_fn
        let flush: parra_log_flush_fn?
        let moduleData: UnsafeMutableRawPointer?
        let threshold: () -> Int32
        /// Whether the sink reads a record's time (`PARRA_EXT_LOG_SINK`).
        let readsTimestamps: () -> Bool
        /// What a crash or exit inside the sink names, and journals (the quarantine's).
        let site: UnsafePointer<parra_call_site>?
    }

    /// How many early records are kept while no sink is attached.
    static let bufferCapacity = 100

    /// Guards the fields below; logs made while held records are handed over wait on it.
    private let lock = Condition()
    private var attached: [ObjectIdentifier: [Sink]] = [:]
    private var attachOrder: [ObjectIdentifier] = []
    private var buffer: [Entry] = []
    private var droppedFromBuffer = 0
    /// The level printed at with no sinks (a `ParraLogLevel`'s raw value): written under the
    /// lock, read without it by every log in fallback mode.
    private let fallbackLevel = Atomic<Int32>(ParraLogLevel.info.rawValue)
    /// Starts in progress that will attach sinks (`hold()`): while there are any and no sinks
    /// are attached, logs are buffered rather than printed. The process starts with one (0),
    /// which the first attach releases, so logs made before any app runs are kept for it.
    /// An array, not a `Set`: it is made before the modules load, and hashing `UInt64` that
    /// early costs a conformance search that loading a library undoes (a few holds at most).
    private var holds: [UInt64] = [0]
    private var nextHold: UInt64 = 1
    /// Attaches handing held records to their new sinks: until they are done, logs are held
    /// back (their threads wait), so that no later log reaches a sink before an earlier one.
    private var handovers = 0

    /// A start in progress, holding app logs for the sinks it will attach.
    package struct Hold: Hashable {
        fileprivate let id: UInt64
    }

    /// The time of a record whose clock has not been read: the router reads it when a sink
    /// that reads timestamps, the early buffer or the plain stderr line needs it
    /// (`parra_log_route_deliver`, `routeWithoutSinks`), and leaves 0 for sinks that do not.
    package static let unreadTimestamp = Double.nan

    /// Routes one record that passed the gate. Any thread.
    @inline(__always)
    package func route(_ entry: Entry) {
        if parra_log_route_mode() == PARRA_LOG_ROUTE_MODE_SINKS {
            let delivered = Self.withRecord(entry) { parra_log_route_deliver($0) }
            // Nobody took it because the sinks went away meanwhile: route it the new way.
            if delivered > 0 || parra_log_route_mode() == PARRA_LOG_ROUTE_MODE_SINKS { return }
        }
        routeWithoutSinks(entry)
    }

    /// Routes the usual record, a message with its call site and category and nothing else (no
    /// extras, thread name or call stack), without building an `Entry`: its strings are
    /// lent to the sinks in place, never copied or retained, and in the usual case the router
    /// itself is not touched. Any thread.
    @inline(__always)
    package static func route(
        level: ParraLogLevel, timestamp: Double, message: String, fileID: StaticString, function: StaticString,
        line: UInt, column: UInt, category: String
    ) {
        if parra_log_route_mode() == PARRA_LOG_ROUTE_MODE_SINKS {
            let delivered = withBytes(message) { message in
                withBytes(category) { category in
                    var record = record(
                        level: level, timestamp: timestamp, message: message, fileID: fileID, function: function,
                        line: line, column: column)
                    record.category = text(category)
                    return parra_log_route_deliver(&record)
                }
            }
            if delivered > 0 || parra_log_route_mode() == PARRA_LOG_ROUTE_MODE_SINKS { return }
        }
        shared.routeWithoutSinks(
            Entry(
                level: level, timestamp: timestamp, message: message, extraJSON: "", fileID: fileID,
                function: function, line: line, column: column, category: category, threadName: "", callStack: ""))
    }

    /// Buffers the record, or prints it when no module takes app logs.
    @inline(never)
    private func routeWithoutSinks(_ entry: Entry) {
        switch parra_log_route_mode() {
        case PARRA_LOG_ROUTE_MODE_SINKS:
            route(entry)
        case PARRA_LOG_ROUTE_MODE_BUFFER:
            var kept = entry.stamped()
            if kept.threadName.isEmpty { kept.threadName = Self.currentThreadName() }
            let buffered = lock.withLock {
                while handovers > 0 { lock.wait() }
                guard parra_log_route_mode() == PARRA_LOG_ROUTE_MODE_BUFFER else { return false }
                if buffer.count == Self.bufferCapacity {
                    buffer.removeFirst()
                    droppedFromBuffer += 1
                }
                buffer.append(kept)
                return true
            }
            // The mode changed while the lock was taken: route it the new way.
            if !buffered { route(entry) }
        default:
            if entry.level.rawValue >= fallbackLevel.load(ordering: .relaxed) { printPlain(entry.stamped()) }
        }
    }

    /// Attaches a runtime's sinks (its modules are all active); with none attached anywhere,
    /// the router falls back to stderr at `fallbackLevel`. Early records go to the new sinks
    /// (or to stderr), before any log made meanwhile on another thread, which waits for them.
    /// Returns a line for the load report when nothing takes app logs.
    @discardableResult
    package func attach(_ runtime: AnyObject, sinks: [Sink], fallbackLevel: ParraLogLevel, releasing hold: Hold)
        -> String?
    {
        let (early, dropped, nothingAttached) = lock.withLock {
            self.fallbackLevel.store(fallbackLevel.rawValue, ordering: .relaxed)
            removeHold(hold.id)
            removeHold(0)
            let id = ObjectIdentifier(runtime)
            if !sinks.isEmpty {
                attached[id] = sinks
                attachOrder.append(id)
                handovers += 1
            }
            publish()
            defer {
                buffer = []
                droppedFromBuffer = 0
            }
            return (buffer, droppedFromBuffer, attached.isEmpty)
        }
        if sinks.isEmpty {
            for entry in early { route(entry) }
        } else {
            for sink in sinks {
                let threshold = sink.threshold()
                for entry in early where entry.level.rawValue >= threshold {
                    Self.withRecord(entry) { record in
                        let previous = parra_call_site_enter(sink.site)
                        sink.function(sink.moduleData, record)
                        parra_call_site_leave(previous)
                    }
                }
            }
            lock.withLock {
                handovers -= 1
                publish()
                lock.broadcast()
            }
        }
        if dropped > 0 {
            route(
                Entry(
                    level: .warn, timestamp: Self.wallClockSeconds(),
                    message:
                        "\(dropped) log(s) made before the logger was active were dropped (only the last \(Self.bufferCapacity) are kept)",
                    extraJSON: "", fileID: #fileID, function: #function, line: #line, column: #column,
                    category: "Parra", threadName: "", callStack: ""))
        }
        guard nothingAttached else { return nil }
        return
            "app logs: no loaded module takes them (is ParraLogger installed?); logs at \(fallbackLevel.keyword) and above go to stderr in a plain format"
    }

    /// Keeps app logs (the last 100) while no sinks are attached, until the hold is released
    /// (by the `attach` it is passed to, or `release`): a start is in progress.
    package func hold() -> Hold {
        lock.withLock {
            let hold = Hold(id: nextHold)
            nextHold += 1
            holds.append(hold.id)
            publish()
            return hold
        }
    }

    /// Removes the hold `id`; false when it was not held. Call with the lock held.
    @discardableResult
    private func removeHold(_ id: UInt64) -> Bool {
        guard let index = holds.firstIndex(of: id) else { return false }
        holds.remove(at: index)
        return true
    }

    /// Ends a hold whose start attached nothing (an app that never started Parra); when no
    /// other hold remains, what was kept is printed the plain way, as is every later log.
    /// Releasing twice does nothing. Any thread.
    package func release(_ hold: Hold) {
        let kept = lock.withLock { () -> [Entry] in
            guard removeHold(hold.id) else { return [] }
            removeHold(0)
            publish()
            guard holds.isEmpty, attached.isEmpty else { return [] }
            defer {
                buffer = []
                droppedFromBuffer = 0
            }
            return buffer
        }
        for entry in kept { route(entry) }
    }

    /// Records whether the app has logger backends (`parra_log_route_has_app_backends`), which
    /// see every level: the gate then lets all through, and each sink still applies its own
    /// threshold. Any thread.
    package func setAppBackendsPresent(_ present: Bool) {
        lock.withLock {
            parra_log_route_set_app_backends(present)
            publish()
        }
    }

    /// Re-reads every attached sink's threshold and whether it reads timestamps (a module
    /// changed its own).
    func sinkSettingsChanged() { lock.withLock { publish() } }

    /// How long `detach` waits for calls into sinks (records and flushes) to return.
    static let detachTimeout: UInt64 = 10_000_000_000

    /// Detaches a runtime's sinks and waits (up to `detachTimeout`, asleep until a call ends)
    /// until no call into any sink runs. Returns false when calls were still running at the end:
    /// the runtime must then not free the modules those calls may be in.
    package func detach(_ runtime: AnyObject) -> Bool {
        let removed = lock.withLock { () -> Bool in
            let id = ObjectIdentifier(runtime)
            guard attached.removeValue(forKey: id) != nil else { return false }
            attachOrder.removeAll { $0 == id }
            publish()
            return true
        }
        guard removed else { return true }
        return parra_log_route_wait_idle(Self.detachTimeout, nil)
    }

    /// Asks every attached module to flush what it has been given; counted in flight, so a
    /// runtime stopping meanwhile waits for it. Any thread.
    package func flush() {
        parra_log_route_enter()
        defer { parra_log_route_leave() }
        let sinks = lock.withLock { attachOrder.flatMap { attached[$0] ?? [] } }
        for sink in sinks { sink.flush?(sink.moduleData) }
    }

    /// Publishes the sink table, gate and mode for the current state. Under the lock.
    private func publish() {
        let sinks = attachOrder.flatMap { attached[$0] ?? [] }
        if handovers > 0 || (sinks.isEmpty && !holds.isEmpty) {
            parra_log_route_publish(nil, 0, PARRA_LOG_LEVEL_TRACE, PARRA_LOG_ROUTE_MODE_BUFFER)
            return
        }
        let table = sinks.map {
            parra_log_route_sink(
                function: $0.function, module_data: $0.moduleData, threshold: $0.threshold(),
                reads_timestamps: $0.readsTimestamps(), site: $0.site)
        }
        let lowest = parra_log_route_has_app_backends() ? PARRA_LOG_LEVEL_TRACE : nil
        if table.isEmpty {
            parra_log_route_publish(
                nil, 0, lowest ?? fallbackLevel.load(ordering: .relaxed), PARRA_LOG_ROUTE_MODE_FALLBACK)
        } else {
            table.withUnsafeBufferPointer {
                parra_log_route_publish(
                    $0.baseAddress, Int32($0.count), lowest ?? $0.map(\.threshold).min() ?? PARRA_LOG_LEVEL_OFF,
                    PARRA_LOG_ROUTE_MODE_SINKS)
            }
        }
    }

    /// Seconds since the Unix epoch from CLOCK_REALTIME: what `Date()` reads, without it, and
    /// where the kernel keeps time with the processor's counter, from the counter (see
    /// `parra_log_route_wall_clock`).
    package static func wallClockSeconds() -> Double { parra_log_route_wall_clock() }

    /// Runs `body` with `wallClockSeconds()` reading `seconds` on this thread, for tests that
    /// move the time themselves; other threads keep the wall clock.
    package static func withThreadClock<Result>(
        _ seconds: UnsafePointer<Double>, _ body: () throws -> Result
    ) rethrows -> Result {
        parra_log_route_set_thread_clock(seconds)
        defer { parra_log_route_set_thread_clock(nil) }
        return try body()
    }

    /// Calls `body` with a C record pointing into `entry`'s strings, without copying them.
    @inline(__always)
    static func withRecord<R>(_ entry: Entry, _ body: (UnsafeMutablePointer<parra_log_record>) -> R) -> R {
        withBytes(entry.message) { message in
            var record = record(
                level: entry.level, timestamp: entry.timestamp, message: message, fileID: entry.fileID,
                function: entry.function, line: entry.line, column: entry.column)
            // The usual record has a message only; the rest is pinned only when present.
            if entry.extraJSON.isEmpty, entry.category.isEmpty, entry.threadName.isEmpty, entry.callStack.isEmpty {
                return body(&record)
            }
            return withBytes(entry.extraJSON) { extra in
                withBytes(entry.category) { category in
                    withBytes(entry.threadName) { thread in
                        withBytes(entry.callStack) { stack in
                            record.extra_json = text(extra)
                            record.category = text(category)
                            record.thread_name = text(thread)
                            record.call_stack = text(stack)
                            return body(&record)
                        }
                    }
                }
            }
        }
    }

    /// A record of the message and call site, the other strings absent.
    @inline(__always)
    private static func record(
        level: ParraLogLevel, timestamp: Double, message: UnsafeBufferPointer<UInt8>, fileID: StaticString,
        function: StaticString, line: UInt, column: UInt
    ) -> parra_log_record {
        let none = parra_string(data: nil, length: 0)
        return parra_log_record(
            struct_size: UInt32(MemoryLayout<parra_log_record>.size), level: level.rawValue, timestamp: timestamp,
            message: text(message), extra_json: none, file_id: text(fileID), function: text(function),
            line: UInt32(truncatingIfNeeded: line), column: UInt32(truncatingIfNeeded: column), category: none,
            thread_name: none, call_stack: none)
    }

    /// `string`'s UTF-8 in place when it is stored contiguously (native strings are), else a copy.
    @inline(__always)
    private static func withBytes<R>(_ string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }

    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> parra_string {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return parra_string(data: nil, length: 0) }
        return parra_string(data: UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), length: bytes.count)
    }

    private static func text(_ string: StaticString) -> parra_string {
        parra_string(
            data: UnsafeRawPointer(string.utf8Start).assumingMemoryBound(to: CChar.self),
            length: string.utf8CodeUnitCount)
    }

    /// The plain line used without a logger module: `2024-02-24T20:47:51.530Z INFO [File:function:42] message`.
    private func printPlain(_ entry: Entry) {
        StandardError.write(PlainLogLine.format(entry) + "\n")
    }

    /// The current thread's name, or "main" for the main thread.
    package static func currentThreadName() -> String { currentThreadNameIfAny() ?? "thread" }

    /// The calling thread's kernel id (`gettid`).
    package static func currentThreadID() -> Int { Int(parra_log_route_thread_id()) }

    /// The calling thread's name: "main", or its pthread name (Foundation's `Thread.name` lands
    /// there, cut to 15 bytes, when a thread names itself); nil when it has none.
    package static func currentThreadNameIfAny() -> String? {
        if MainThread.isCurrent { return "main" }
        var buffer = [CChar](repeating: 0, count: 64)
        guard parra_log_route_thread_name(&buffer, buffer.count) else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
