import CParraPlugin
import Glibc
@_exported import ParraShared  // `ModuleHost.LogLevel` is its `ParraLogLevel`
import ParraSync

/// The host's services, as a Swift module sees them. Thread rules are the C header's:
/// logging, options, storage, requests, timers and clocks from any thread; `observe`,
/// `present` and `emit` from the main thread only.
/// Sendable by hand: `observers` and `timers` are behind `lock`; the host's `table` keeps its own thread rules.
public final class ModuleHost: @unchecked Sendable {
    /// A log's severity, trace to fatal: Parra's one level type, `ParraLogLevel`, whose raw
    /// values are the C header's `PARRA_LOG_LEVEL_*`; `LogLevel(parsing:)` reads a level's name.
    public typealias LogLevel = ParraLogLevel

    /// What a presentation shows.
    public enum PresentationKind {
        /// `modal`: full-screen content the user dismisses; `toast`: a notice that goes away by
        /// itself after its `duration`; `launchScreen`: the launch screen, over the app's windows
        /// until the launch completes, replacing one already showing. The C header's
        /// `PARRA_PRESENTATION_*`.
        case modal, toast, launchScreen
    }

    /// A launch state (`set_launch_state`).
    public enum LaunchState {
        /// In a launch's usual order, the C header's `PARRA_LAUNCH_STATE_*`: `initial`, the launch
        /// screen shows and the tasks run; `transitioning`, they finished and the launch screen
        /// fades out; `complete`, it is gone and the app usable; `failed`, a task failed, and the
        /// launch screen says why and offers a retry (back to `initial`).
        case initial, transitioning, complete, failed
    }

    /// A launch task only the host can do (`run_launch_step`).
    public enum LaunchStep {
        /// The auth check; its result is `{"state": ..., "userId": ...}`.
        case authCheck
        /// The app's launch prerequisite; its result is `{"ran": bool}`.
        case prerequisite
        /// (1.2) The app-info, the server's or the host's cached one: `{"source": "network" |
        /// "cache" | "none", "appInfo": {...}, "fetchedAt": seconds, "reason": "..."}`.
        case appInfo

        var cValue: parra_launch_step {
            switch self {
            case .authCheck: PARRA_LAUNCH_STEP_AUTH_CHECK
            case .prerequisite: PARRA_LAUNCH_STEP_PREREQUISITE
            case .appInfo: PARRA_LAUNCH_STEP_APP_INFO
            }
        }
    }

    let table: UnsafePointer<parra_host>
    let lock = Lock()
    /// Option observers: they live until shutdown.
    var observers: [Unmanaged<CallbackBox>] = []
    /// Timer callbacks by timer id, released when a one-shot timer fires or any is cancelled.
    private var timers: [UInt64: Unmanaged<CallbackBox>] = [:]

    init(_ table: UnsafePointer<parra_host>) { self.table = table }

    /// Writes a diagnostic line attributed to this module.
    public func log(_ level: LogLevel, _ message: String) {
        var message = message
        message.withUTF8 { bytes in
            table.pointee.log(table, level.rawValue, parra_string(data: cChars(bytes.baseAddress), length: bytes.count))
        }
    }

    /// A bool option's value.
    public func bool(_ key: String) throws -> Bool { try value(key, PARRA_OPTION_TYPE_BOOL).boolean }
    /// An integer option's value.
    public func integer(_ key: String) throws -> Int64 { try value(key, PARRA_OPTION_TYPE_INTEGER).integer }
    /// A double option's value.
    public func double(_ key: String) throws -> Double { try value(key, PARRA_OPTION_TYPE_DOUBLE).number }
    /// A string option's value.
    public func string(_ key: String) throws -> String { String(try value(key, PARRA_OPTION_TYPE_STRING).string) }
    /// A list or object option's value, as compact JSON.
    public func json(_ key: String) throws -> String {
        var out = try value(key, nil)
        guard out.type == PARRA_OPTION_TYPE_LIST || out.type == PARRA_OPTION_TYPE_OBJECT else {
            throw ModuleError("option '\(key)' is not a list or object")
        }
        return String(withUnsafeMutablePointer(to: &out) { $0.pointee.string })
    }

    /// Calls `body` on the main thread after `key` changes, until shutdown. Main thread only.
    public func observe(_ key: String, _ body: @escaping (String) -> Void) throws {
        let box = Unmanaged.passRetained(CallbackBox(text: body))
        do {
            try check("observe_option") { error in
                table.pointee.observe_option(
                    table, key,
                    { user, key in
                        Unmanaged<CallbackBox>.fromOpaque(user!).takeUnretainedValue().text?(
                            key.map { String(cString: $0) } ?? "")
                    }, box.toOpaque(), error)
            }
        } catch {
            box.release()
            throw error
        }
        lock.withLock { observers.append(box) }
    }

    /// The stored bytes for `key`, or nil when none are stored.
    public func stored(_ key: String) throws -> [UInt8]? {
        var received: [UInt8]?
        var error = Self.makeError()
        let status = withUnsafeMutablePointer(to: &received) { target in
            table.pointee.storage_get(
                table, key,
                { user, bytes, length in
                    user!.assumingMemoryBound(to: [UInt8]?.self).pointee =
                        bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
                }, target, &error)
        }
        if status == PARRA_STATUS_NOT_FOUND { return nil }
        try Self.throwIfFailed(status, &error, "storage_get")
        return received
    }

    /// Stores `bytes` for `key`, durably, replacing any old value.
    public func store(_ bytes: [UInt8], forKey key: String) throws {
        try check("storage_set") { error in
            bytes.withUnsafeBytes { table.pointee.storage_set(table, key, $0.baseAddress, $0.count, error) }
        }
    }

    /// Removes the stored value for `key`.
    public func removeStored(_ key: String) throws {
        try check("storage_remove") { error in table.pointee.storage_remove(table, key, error) }
    }

    /// Runs `body` on the main thread after `delay` seconds, then every `repeatEvery` seconds
    /// if that is positive. Returns the timer's id.
    @discardableResult
    public func schedule(after delay: Double, repeatEvery: Double = 0, _ body: @escaping () -> Void) throws -> UInt64 {
        let callback = CallbackBox(plain: body)
        callback.host = self
        callback.repeats = repeatEvery > 0
        let box = Unmanaged.passRetained(callback)
        var id: UInt64 = 0
        do {
            // Registered under the lock so that a timer firing at once finds its box.
            try lock.withLock {
                try check("schedule") { error in
                    table.pointee.schedule(
                        table, delay, repeatEvery,
                        { user, id in
                            let box = Unmanaged<CallbackBox>.fromOpaque(user!).takeUnretainedValue()
                            box.plain?()
                            if !box.repeats { box.host?.releaseTimer(id) }
                        }, box.toOpaque(), &id, error)
                }
                timers[id] = box
            }
        } catch {
            box.release()
            throw error
        }
        return id
    }

    /// Cancels a timer; false when it had already finished.
    @discardableResult
    public func cancelTimer(_ id: UInt64) -> Bool {
        let cancelled = table.pointee.cancel_timer(table, id) == PARRA_STATUS_OK
        releaseTimer(id)
        return cancelled
    }

    /// Frees a timer's callback once it can no longer run.
    fileprivate func releaseTimer(_ id: UInt64) {
        lock.withLock { timers.removeValue(forKey: id) }?.release()
    }

    /// Shows something on the platform's surface; `dismissed(byUser)` runs once when it goes
    /// away. Main thread only.
    public func present(
        _ kind: PresentationKind, title: String, body: String = "", duration: Double = 0,
        dismissed: ((Bool) -> Void)? = nil
    ) throws {
        // Released by the dismissal, which the host makes at most once (none after shutdown).
        let box = dismissed.map { Unmanaged.passRetained(CallbackBox(flag: $0)) }
        do {
            try present(kind, title: title, body: body, duration: duration, box: box)
        } catch {
            box?.release()
            throw error
        }
    }

    private func present(
        _ kind: PresentationKind, title: String, body: String, duration: Double, box: Unmanaged<CallbackBox>?
    ) throws {
        try check("present") { error in
            withPresentation(kind, title: title, body: body, duration: duration, box: box) {
                table.pointee.present(table, $0, error)
            }
        }
    }

    /// Calls `body` with a C presentation pointing into the arguments; the box, when given,
    /// gets the dismissal (and releases itself then) and any action.
    private func withPresentation<Result>(
        _ kind: PresentationKind, title: String, body: String, duration: Double, box: Unmanaged<CallbackBox>?,
        _ call: (UnsafePointer<parra_presentation>) -> Result
    ) -> Result {
        title.withCString { titlePointer in
            body.withCString { bodyPointer in
                var presentation = parra_presentation()
                presentation.struct_size = UInt32(MemoryLayout<parra_presentation>.size)
                switch kind {
                case .modal: presentation.kind = PARRA_PRESENTATION_MODAL
                case .toast: presentation.kind = PARRA_PRESENTATION_TOAST
                case .launchScreen: presentation.kind = PARRA_PRESENTATION_LAUNCH_SCREEN
                }
                presentation.title = parra_string(data: titlePointer, length: strlen(titlePointer))
                presentation.body = parra_string(data: bodyPointer, length: strlen(bodyPointer))
                presentation.duration_seconds = duration
                if let box {
                    presentation.on_dismiss = { user, byUser in
                        let box = Unmanaged<CallbackBox>.fromOpaque(user!)
                        box.takeUnretainedValue().flag?(byUser)
                        box.release()
                    }
                    presentation.user_data = box.toOpaque()
                }
                return call(&presentation)
            }
        }
    }

    /// Shows a modal or a toast listing `actions` (a key the user types, what it does);
    /// `onAction(key)` runs on the main thread when the user takes one, and `dismissed(byUser)`
    /// once when it goes away. Returns its id, for `dismissPresentation`. Main thread only;
    /// needs the presentation extension (`PARRA_EXT_PRESENTATION`).
    @discardableResult
    public func present(
        _ kind: PresentationKind, title: String, body: String = "", duration: Double = 0,
        actions: [(key: String, label: String)], onAction: @escaping (String) -> Void,
        dismissed: @escaping (Bool) -> Void = { _ in }
    ) throws -> UInt64 {
        let desk = try presentationExtension()
        let callbacks = CallbackBox(flag: dismissed)
        callbacks.text = onAction
        let box = Unmanaged.passRetained(callbacks)
        let keys = actions.map { strdup($0.key)! }
        let labels = actions.map { strdup($0.label)! }
        defer {
            for pointer in keys + labels { free(pointer) }
        }
        let declared = zip(keys, labels).map { key, label in
            parra_presentation_action(
                struct_size: UInt32(MemoryLayout<parra_presentation_action>.size), key: key, label: label)
        }
        var id: UInt64 = 0
        do {
            try check("present") { error in
                withPresentation(kind, title: title, body: body, duration: duration, box: box) { presentation in
                    declared.withUnsafeBufferPointer { list in
                        desk.pointee.present(
                            table, presentation, list.baseAddress, list.count,
                            { user, key in
                                let box = Unmanaged<CallbackBox>.fromOpaque(user!)
                                box.takeUnretainedValue().text?(key.map { String(cString: $0) } ?? "")
                            }, &id, error)
                    }
                }
            }
        } catch {
            box.release()
            throw error
        }
        return id
    }

    /// Takes one of this module's presentations away; its dismissal runs with `byUser`.
    /// Main thread only.
    public func dismissPresentation(_ id: UInt64, byUser: Bool = false) throws {
        let desk = try presentationExtension()
        try check("dismiss") { desk.pointee.dismiss(table, id, byUser, $0) }
    }

    /// Asks an unattended session to wait, at most `seconds`, until `releaseSession` is called
    /// with the id this returns: what the module is about to show then shows before the session
    /// plays on. Nil when the host offers no such hold. Any thread.
    public func holdSession(for seconds: Double) throws -> UInt64? {
        guard let desk = try? presentationExtension() else { return nil }
        var hold: UInt64 = 0
        try check("hold_session") { desk.pointee.hold_session(table, seconds, &hold, $0) }
        return hold
    }

    /// Ends a hold `holdSession` made. Any thread.
    public func releaseSession(_ hold: UInt64) {
        (try? presentationExtension())?.pointee.release_session(table, hold)
    }

    /// Emits one of this module's extension points whose signature is `void(ptr)`.
    public func emit(_ pointID: String) throws {
        try check("emit") { error in table.pointee.emit(table, pointID, nil, nil, error) }
    }

    /// Emits one of this module's extension points whose signature is `void(ptr,str)`.
    public func emit(_ pointID: String, _ text: String) throws {
        try check("emit") { error in
            text.withCString { pointer in
                var argument: UnsafePointer<CChar>? = pointer
                return withUnsafeMutablePointer(to: &argument) { slot in
                    var arguments: UnsafeMutableRawPointer? = UnsafeMutableRawPointer(slot)
                    return table.pointee.emit(table, pointID, &arguments, nil, error)
                }
            }
        }
    }

    /// Sends a request to the Parra API; `completion` gets the HTTP status and body, or the
    /// reason no response arrived, once, on a host worker thread.
    public func request(
        _ method: String, _ path: String, body: [UInt8]? = nil, timeout: Double = 0,
        completion: @escaping (Result<(status: Int, body: [UInt8]), ModuleError>) -> Void
    ) throws {
        let box = Unmanaged.passRetained(CallbackBox(response: completion))
        do {
            try check("api_request") { error in
                (body ?? []).withUnsafeBytes { bodyBytes in
                    var request = parra_api_request()
                    request.struct_size = UInt32(MemoryLayout<parra_api_request>.size)
                    return method.withCString { methodPointer in
                        path.withCString { pathPointer in
                            request.method = methodPointer
                            request.path = pathPointer
                            request.body = parra_string(
                                data: body == nil ? nil : cChars(bodyBytes.baseAddress), length: bodyBytes.count)
                            request.timeout_seconds = timeout
                            return table.pointee.api_request(
                                table, &request,
                                { user, status, http, body, message in
                                    let box = Unmanaged<CallbackBox>.fromOpaque(user!)
                                    let completion = box.takeUnretainedValue().response
                                    box.release()
                                    if status == PARRA_STATUS_OK {
                                        let bytes =
                                            body.data.map {
                                                Array(UnsafeRawBufferPointer(start: $0, count: body.length))
                                            } ?? []
                                        completion?(.success((Int(http), bytes)))
                                    } else {
                                        completion?(.failure(ModuleError(String(message))))
                                    }
                                }, box.toOpaque(), error)
                        }
                    }
                }
            }
        } catch {
            box.release()
            throw error
        }
    }

    /// Sets the lowest level of app log record this module's log sink receives (nil: none at
    /// all). Fails on a host older than ABI 1.1 or for a module without a log sink.
    public func setLogThreshold(_ level: LogLevel?) throws {
        guard covers(\.set_log_threshold), let set = table.pointee.set_log_threshold else {
            throw ModuleError(
                "this host (ABI \(table.pointee.abi_major).\(table.pointee.abi_minor)) has no app log records")
        }
        let status = set(table, level?.rawValue ?? PARRA_LOG_LEVEL_OFF)
        guard status == PARRA_STATUS_OK else { throw ModuleError("set_log_threshold failed with status \(status)") }
    }

    /// A directory private to this module for files of its own (journals, databases), created
    /// by the host and kept across runs; nil on a host older than ABI 1.1 or when it cannot be made.
    public var storageDirectory: String? {
        guard covers(\.storage_directory), let path = table.pointee.storage_directory?(table) else { return nil }
        return String(cString: path)
    }

    /// The app's environment as the API sees it: "debug", "beta" or "production" (a host
    /// older than ABI 1.1 says "production").
    public var appEnvironment: String {
        guard covers(\.app_environment), let name = table.pointee.app_environment?(table) else { return "production" }
        return String(cString: name)
    }

    /// Facts about the running app as a JSON object (bundle, theme, display); "{}" outside an
    /// app run or on a host older than ABI 1.1.
    public var appFactsJSON: String {
        guard covers(\.app_facts_json), let json = table.pointee.app_facts_json?(table) else { return "{}" }
        return String(cString: json)
    }

    /// Starts a launch step; `completion` gets its result JSON, or why it failed, once, on the
    /// main thread. Main thread only. Uses the launch extension (`PARRA_EXT_LAUNCH`), or on a
    /// 1.1 host the table's own launch services.
    public func runLaunchStep(_ step: LaunchStep, completion: @escaping (Result<String, ModuleError>) -> Void) throws {
        guard let run = launchServices?.runStep else {
            throw ModuleError(
                "this host (ABI \(table.pointee.abi_major).\(table.pointee.abi_minor)) has no launch steps here")
        }
        let box = Unmanaged.passRetained(CallbackBox(launchDone: completion))
        do {
            try check("run_launch_step") { error in
                run(
                    table, step.cValue,
                    Self.answered, box.toOpaque(), error)
            }
        } catch {
            box.release()
            throw error
        }
    }

    /// Tells the host the launch state; `detail` says why (the failure). Main thread only.
    public func setLaunchState(_ state: LaunchState, detail: String = "") throws {
        guard let set = launchServices?.setState else {
            throw ModuleError(
                "this host (ABI \(table.pointee.abi_major).\(table.pointee.abi_minor)) has no launch state here")
        }
        let value: parra_launch_state =
            switch state {
            case .initial: PARRA_LAUNCH_STATE_INITIAL
            case .transitioning: PARRA_LAUNCH_STATE_TRANSITIONING
            case .complete: PARRA_LAUNCH_STATE_COMPLETE
            case .failed: PARRA_LAUNCH_STATE_FAILED
            }
        try check("set_launch_state") { error in
            withParraString(detail) { set(table, value, $0, error) }
        }
    }

    /// Calls another module's command of the `Command.json` shape (`void(ptr,str,ptr)`) with
    /// `argument`; `completion` gets its JSON result, or why it failed, once, on the main
    /// thread. Any thread; throws (and `completion` never runs) when the host refuses the call.
    public func callCommand(
        _ id: String, argument: String, completion: @escaping (Result<String, ModuleError>) -> Void
    ) throws {
        guard covers(\.call_command), let call = table.pointee.call_command else {
            throw ModuleError("this host (ABI \(table.pointee.abi_major).\(table.pointee.abi_minor)) has no commands")
        }
        let box = Unmanaged.passRetained(CallbackBox(launchDone: completion))
        do {
            try check("call_command") { error in
                argument.withCString { text in
                    var value: UnsafePointer<CChar>? = text
                    return withUnsafeMutablePointer(to: &value) { valuePointer in
                        var arguments: [UnsafeMutableRawPointer?] = [UnsafeMutableRawPointer(valuePointer)]
                        return call(
                            table, id, &arguments, nil,
                            Self.answered, box.toOpaque(), error)
                    }
                }
            }
        } catch {
            box.release()
            throw error
        }
    }

    /// The presentation extension, or why there is none.
    private func presentationExtension() throws -> UnsafePointer<parra_presentation_extension> {
        guard let raw = self.extension(PARRA_EXT_PRESENTATION) else {
            throw ModuleError("this host offers no presentation extension (\(PARRA_EXT_PRESENTATION))")
        }
        return raw.assumingMemoryBound(to: parra_presentation_extension.self)
    }

    /// Delivers a launch step's or a called command's answer to the box's closure, then frees
    /// the box (the host answers once).
    private static let answered:
        @convention(c) (UnsafeMutableRawPointer?, parra_status, parra_string, parra_string)
            -> Void = { user, status, json, message in
                let box = Unmanaged<CallbackBox>.fromOpaque(user!)
                let completion = box.takeUnretainedValue().launchDone
                box.release()
                completion?(
                    status == PARRA_STATUS_OK
                        ? .success(String(json)) : .failure(ModuleError(String(message), status: status)))
            }

    /// The host extension `id` (`PARRA_EXT_*`), as the host hands it out, or nil when the host
    /// does not offer it now (or predates ABI 1.2). Cast it to the extension's struct.
    public func `extension`(_ id: String) -> UnsafeRawPointer? {
        guard covers(\.get_extension), let get = table.pointee.get_extension else { return nil }
        return get(table, id)
    }

    /// The launch services: the launch extension's, else (a 1.1 host) the table's own.
    private var launchServices:
        (
            runStep:
                @convention(c) (
                    UnsafePointer<parra_host>?, parra_launch_step, parra_launch_step_done_fn?, UnsafeMutableRawPointer?,
                    UnsafeMutablePointer<parra_error>?
                ) -> parra_status,
            setState:
                @convention(c) (
                    UnsafePointer<parra_host>?, parra_launch_state, parra_string, UnsafeMutablePointer<parra_error>?
                ) -> parra_status
        )?
    {
        if covers(\.get_extension) {
            guard let raw = self.extension(PARRA_EXT_LAUNCH) else { return nil }
            let launch = raw.assumingMemoryBound(to: parra_launch_extension.self)
            guard let run = launch.pointee.run_launch_step, let set = launch.pointee.set_launch_state else {
                return nil
            }
            return (run, set)
        }
        guard covers(\.set_launch_state), let run = table.pointee.run_launch_step,
            let set = table.pointee.set_launch_state
        else { return nil }
        return (run, set)
    }

    /// Whether the host's table is large enough to hold the field at `field`.
    private func covers<Field>(_ field: KeyPath<parra_host, Field>) -> Bool {
        guard let offset = MemoryLayout<parra_host>.offset(of: field) else { return false }
        return Int(table.pointee.struct_size) >= offset + MemoryLayout<Field>.size
    }

    /// Seconds since the Unix epoch, from the host's clock.
    public var wallClockSeconds: Double { table.pointee.wall_clock_seconds(table) }

    /// Monotonic nanoseconds, from the host's clock.
    public var monotonicNanoseconds: UInt64 { table.pointee.monotonic_nanoseconds(table) }

    /// Frees the callback boxes; called at shutdown, when no callback can run any more.
    func releaseCallbacks() {
        lock.withLock {
            for box in observers { box.release() }
            for box in timers.values { box.release() }
            observers = []
            timers = [:]
        }
    }

    // MARK: - Plumbing

    private func value(_ key: String, _ type: parra_option_type?) throws -> parra_value {
        var out = parra_value()
        out.struct_size = UInt32(MemoryLayout<parra_value>.size)
        var error = Self.makeError()
        let status = table.pointee.get_option(table, key, &out, &error)
        try Self.throwIfFailed(status, &error, "get_option")
        if let type, out.type != type {
            throw ModuleError("option '\(key)' has type \(out.type), not \(type)")
        }
        return out
    }

    func check(_ what: String, _ body: (UnsafeMutablePointer<parra_error>) -> parra_status) throws {
        var error = Self.makeError()
        let status = withUnsafeMutablePointer(to: &error) { body($0) }
        try Self.throwIfFailed(status, &error, what)
    }

    private static func makeError() -> parra_error {
        var error = parra_error()
        error.struct_size = UInt32(MemoryLayout<parra_error>.size)
        return error
    }

    private static func throwIfFailed(_ status: parra_status, _ error: inout parra_error, _ what: String) throws {
        guard status != PARRA_STATUS_OK else { return }
        let message = withUnsafeBytes(of: &error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        throw ModuleError(message.isEmpty ? "\(what) failed with status \(status)" : message, status: status)
    }

}

private func cChars(_ pointer: UnsafePointer<UInt8>?) -> UnsafePointer<CChar>? {
    pointer.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }
}

private func cChars(_ pointer: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
    pointer?.assumingMemoryBound(to: CChar.self)
}

/// A Swift closure kept alive while C holds a pointer to it.
final class CallbackBox {
    var plain: (() -> Void)?
    var text: ((String) -> Void)?
    var flag: ((Bool) -> Void)?
    /// A notification's presentation options.
    var bits: ((UInt32) -> Void)?
    var response: ((Result<(status: Int, body: [UInt8]), ModuleError>) -> Void)?
    /// A launch step's or a called command's answer.
    var launchDone: ((Result<String, ModuleError>) -> Void)?
    /// For timers: the host to tell when a one-shot timer's box may go.
    weak var host: ModuleHost?
    /// For timers: whether it fires more than once.
    var repeats = false

    init(plain: @escaping () -> Void) { self.plain = plain }
    init(text: @escaping (String) -> Void) { self.text = text }
    init(flag: @escaping (Bool) -> Void) { self.flag = flag }
    init(bits: @escaping (UInt32) -> Void) { self.bits = bits }
    init(response: @escaping (Result<(status: Int, body: [UInt8]), ModuleError>) -> Void) { self.response = response }
    init(launchDone: @escaping (Result<String, ModuleError>) -> Void) { self.launchDone = launchDone }
}
