import CParraPlugin
import FoundationEssentials
import ParraShared

/// The C functions of the host-services table. Each finds the calling module's context from
/// the table it was given, checks its thread rule, and forwards to the runtime.
enum HostServiceTable {
    static func make() -> parra_host {
        var host = parra_host()
        host.struct_size = UInt32(MemoryLayout<parra_host>.size)
        host.abi_major = UInt16(PARRA_ABI_VERSION_MAJOR)
        host.abi_minor = UInt16(PARRA_ABI_VERSION_MINOR)
        host.log = log
        host.get_option = getOption
        host.observe_option = observeOption
        host.storage_get = storageGet
        host.storage_set = storageSet
        host.storage_remove = storageRemove
        host.api_request = apiRequest
        host.schedule = schedule
        host.cancel_timer = cancelTimer
        host.present = present
        host.emit = emit
        host.wall_clock_seconds = { host in ModuleHostContext.live(host)?.1.clock.wallSeconds ?? 0 }
        host.monotonic_nanoseconds = { host in
            ModuleHostContext.live(host)?.1.clock.monotonicNanoseconds ?? 0
        }
        host.set_log_threshold = setLogThreshold
        host.storage_directory = { host in
            guard let (context, _) = ModuleHostContext.live(host) else { return nil }
            return context.storageDirectoryPath
        }
        host.app_environment = { host in
            let environment = ModuleHostContext.from(host)?.runtime?.appEnvironment ?? .production
            return UnsafeRawPointer(environment.staticName.utf8Start).assumingMemoryBound(to: CChar.self)
        }
        host.app_facts_json = { host in
            ModuleHostContext.from(host)?.runtime?.appRun?.factsJSON ?? HostServiceTable.noFacts
        }
        host.run_launch_step = runLaunchStep
        host.set_launch_state = setLaunchState
        host.get_extension = getExtension
        host.call_command = callCommand
        return host
    }

    /// PARRA_EXT_LAUNCH: the launch services, for the process.
    /// Written once, when first read; the host and modules only read it after.
    nonisolated(unsafe) private static let launchExtension: UnsafeMutablePointer<parra_launch_extension> = {
        let pointer = UnsafeMutablePointer<parra_launch_extension>.allocate(capacity: 1)
        pointer.initialize(
            to: parra_launch_extension(
                struct_size: UInt32(MemoryLayout<parra_launch_extension>.size), run_launch_step: runLaunchStep,
                set_launch_state: setLaunchState))
        return pointer
    }()

    private static let getExtension:
        @convention(c) (UnsafePointer<parra_host>?, UnsafePointer<CChar>?) -> UnsafeRawPointer? = {
            host, extensionID in
            guard let (_, runtime) = ModuleHostContext.live(host), let extensionID else { return nil }
            switch String(cString: extensionID) {
            case PARRA_EXT_LAUNCH: return runtime.appRun == nil ? nil : UnsafeRawPointer(launchExtension)
            case PARRA_EXT_PRESENTATION: return UnsafeRawPointer(presentationExtension)
            case PARRA_EXT_APP_EVENTS: return runtime.appEvents == nil ? nil : UnsafeRawPointer(appEventsExtension)
            case PARRA_EXT_REMOTE_NOTIFICATIONS:
                return runtime.appEvents == nil ? nil : UnsafeRawPointer(remoteNotificationsExtension)
            case PARRA_EXT_JSON: return UnsafeRawPointer(JSONReaderExtension.table)
            case PARRA_EXT_LOG_SINK: return UnsafeRawPointer(logSinkExtension)
            default: return nil
            }
        }

    private static let callCommand:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            UnsafeMutableRawPointer?, parra_command_done_fn?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, commandID, arguments, result, done, userData, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard let commandID else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "call_command needs command_id")
            }
            let id = String(cString: commandID)
            let command: PreparedCommand
            do throws(CommandCallError) {
                command = try runtime.commandForCall(id, from: context.moduleID)
            } catch let refusal {
                return fail(error, refusal.status, refusal.description)
            }
            let declaration = command.declaration
            let types = Array(declaration.callerArgumentTypes)
            let argumentCount = types.count
            guard argumentCount == 0 || arguments != nil else {
                return fail(
                    error, PARRA_STATUS_INVALID_ARGUMENT, "\(id) takes \(argumentCount) arguments but arguments is NULL"
                )
            }
            for index in 0..<argumentCount {
                guard let value = arguments![index] else {
                    return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "\(id): arguments[\(index)] is NULL")
                }
                if types[index] == .str, value.load(as: UnsafePointer<CChar>?.self) == nil {
                    return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "\(id): argument \(index + 1) (str) is NULL")
                }
            }
            guard declaration.completesLater == (done != nil) else {
                return fail(
                    error, PARRA_STATUS_INVALID_ARGUMENT,
                    declaration.completesLater
                        ? "\(id) completes later: pass done" : "\(id) returns at once: pass no done")
            }
            guard let done else {
                do throws(CommandCallError) {
                    try runtime.checkThread(of: command)
                    let raw = try runtime.whileAdmitted(command) {
                        withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: argumentCount + 1) {
                            slots in
                            for index in 0..<argumentCount { slots[index + 1] = arguments![index] }
                            return command.invoke(slots.baseAddress!)
                        }
                    }
                    if let result { store(raw, of: declaration.signature.returnType, into: result) }
                    return PARRA_STATUS_OK
                } catch let refusal {
                    return fail(error, refusal.status, refusal.description)
                }
            }
            guard result == nil else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "\(id) completes later: pass no result; done gets it")
            }
            // The values the caller's arguments point at are theirs only for this call, and the
            // command may run later on the main thread: the host copies them (a ptr argument is
            // copied as the pointer; what it points at must outlive the call).
            let copied = (0..<argumentCount).map { index in HookArgument(copying: arguments![index]!, as: types[index])
            }
            let user = UInt(bitPattern: userData)
            let queue = runtime.mainQueue
            runtime.startLater(
                command,
                answer: { outcome in
                    queue.async {
                        // After shutdown the caller's user_data is gone: the answer is dropped.
                        guard !context.isClosed else { return }
                        context.callingBack("call_command done") {
                            answer(
                                done, UnsafeMutableRawPointer(bitPattern: user), outcome.status,
                                (try? outcome.get()) ?? "", outcome.failureDescription)
                        }
                    }
                },
                call: { completion in
                    _ = HookDispatcher.withMarshalled(
                        copied + [.pointer(UnsafeRawPointer(completion))],
                        types: Array(declaration.signature.argumentTypes.dropFirst())
                    ) { command.invoke($0) }
                })
            return PARRA_STATUS_OK
        }

    /// Writes a command's raw result into the caller's storage of its return type.
    private static func store(_ raw: UInt64, of type: HookSignature.ValueType, into result: UnsafeMutableRawPointer) {
        switch type {
        case .bool: result.storeBytes(of: raw != 0, as: Bool.self)
        case .i32, .u32: result.storeBytes(of: UInt32(truncatingIfNeeded: raw), as: UInt32.self)
        case .i64, .u64, .f64, .ptr, .str: result.storeBytes(of: raw, as: UInt64.self)
        case .void: break
        }
    }

    /// `app_facts_json` outside an app run.
    /// Never written after it is made.
    nonisolated(unsafe) private static let noFacts = UnsafePointer(strdup("{}")!)

    /// Writes `message` into the caller's error, if it is there and large enough, and returns
    /// `status`.
    static func fail(
        _ error: UnsafeMutablePointer<parra_error>?, _ status: parra_status, _ message: String
    ) -> parra_status {
        if let error, error.pointee.struct_size >= MemoryLayout<parra_error>.size {
            parra_error_set(error, message)
        }
        return status
    }

    /// Whether a struct the module passed is at least its ABI 1.0 size.
    private static func fits<T>(_ pointer: UnsafePointer<T>, _: T.Type) -> Bool {
        UnsafeRawPointer(pointer).load(as: UInt32.self) >= MemoryLayout<T>.size
    }

    /// The most bytes one stored value or one request body may have.
    static let maximumStoredBytes = 16 << 20
    static let maximumRequestBodyBytes = 10 << 20
    /// The longest delay or repeat interval a timer may have: a year.
    static let maximumTimerSeconds = 366.0 * 24 * 3600
    /// The shortest repeat interval, so a timer cannot spin the main queue.
    static let minimumRepeatSeconds = 0.001
    /// How deeply emits may nest (a hook emitting another point, whose hook emits...).
    static let maximumEmitDepth = 16

    /// The error for a call whose table is unusable: NULL, or its module has shut down (or its
    /// runtime has gone).
    static func closed(_ host: UnsafePointer<parra_host>?, _ error: UnsafeMutablePointer<parra_error>?)
        -> parra_status
    {
        guard let context = ModuleHostContext.from(host) else {
            return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "host is NULL")
        }
        return fail(
            error, PARRA_STATUS_WRONG_STATE, "module \(context.moduleID) has shut down; host services are closed")
    }

    static func text(_ string: parra_string) -> String {
        guard let data = string.data, string.length > 0 else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: data, count: string.length), as: UTF8.self)
    }

    private static let log: @convention(c) (UnsafePointer<parra_host>?, parra_log_level, parra_string) -> Void = {
        host, level, message in
        guard let (context, runtime) = ModuleHostContext.live(host) else { return }
        let level = ParraLogLevel(rawValue: min(max(level, 0), 5))!
        runtime.log.log(level, text(message), moduleID: context.moduleID)
    }

    private static let getOption:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafePointer<CChar>?, UnsafeMutablePointer<parra_value>?,
            UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, key, out, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard let key, let out else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "get_option needs host, key and out_value")
            }
            guard fits(out, parra_value.self) else {
                return fail(
                    error, PARRA_STATUS_INVALID_ARGUMENT,
                    "out_value's struct_size is smaller than parra_value: set out_value->struct_size = sizeof(parra_value) before the call"
                )
            }
            let name = String(cString: key)
            guard runtime.options.fill(&out.pointee, forKey: name) else {
                return fail(error, PARRA_STATUS_NOT_FOUND, "no loaded module declares option '\(name)'")
            }
            return PARRA_STATUS_OK
        }

    private static let observeOption:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafePointer<CChar>?, parra_option_changed_fn?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, key, callback, userData, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard let key, let callback else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "observe_option needs host, key and callback")
            }
            guard runtime.isOnMainThread else {
                return fail(error, PARRA_STATUS_WRONG_THREAD, "observe_option is main-thread only")
            }
            let name = String(cString: key)
            let registered = runtime.options.observe(name) { [weak context] changed in
                guard let context, !context.isClosed else { return }
                context.callingBack("option observer") { changed.withCString { callback(userData, $0) } }
            }
            return registered
                ? PARRA_STATUS_OK
                : fail(error, PARRA_STATUS_NOT_FOUND, "no loaded module declares option '\(name)'")
        }

    /// The caller's context and a checked storage key; on failure `status` says why.
    private static func storageKey(
        _ host: UnsafePointer<parra_host>?, _ key: UnsafePointer<CChar>?, _ error: UnsafeMutablePointer<parra_error>?,
        _ status: inout parra_status
    ) -> (ModuleHostContext, String)? {
        guard let (context, _) = ModuleHostContext.live(host) else {
            status = closed(host, error)
            return nil
        }
        guard let key else {
            status = fail(error, PARRA_STATUS_INVALID_ARGUMENT, "storage needs a key")
            return nil
        }
        let name = String(cString: key)
        guard ModuleStorage.isValidKey(name) else {
            status = fail(
                error, PARRA_STATUS_INVALID_ARGUMENT,
                "storage key '\(name)' must be 1-128 bytes of [A-Za-z0-9._-], not starting with '.'")
            return nil
        }
        return (context, name)
    }

    private static let storageGet:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafePointer<CChar>?, parra_bytes_fn?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, key, receive, userData, error in
            var status = PARRA_STATUS_OK
            guard let (context, name) = storageKey(host, key, error, &status) else { return status }
            guard let receive else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "storage_get needs a receive callback")
            }
            do {
                guard let data = try context.storage.read(name) else {
                    return fail(error, PARRA_STATUS_NOT_FOUND, "nothing stored for '\(name)'")
                }
                data.withUnsafeBytes { receive(userData, $0.baseAddress, $0.count) }
                return PARRA_STATUS_OK
            } catch let failure {
                return fail(error, PARRA_STATUS_IO, "cannot read '\(name)': \(failure)")
            }
        }

    private static let storageSet:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafePointer<CChar>?, UnsafeRawPointer?, Int,
            UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, key, bytes, length, error in
            var status = PARRA_STATUS_OK
            guard let (context, name) = storageKey(host, key, error, &status) else { return status }
            guard length >= 0, length <= maximumStoredBytes else {
                return fail(
                    error, PARRA_STATUS_INVALID_ARGUMENT,
                    "storage_set length \(UInt(bitPattern: length)) is more than \(maximumStoredBytes) bytes")
            }
            guard bytes != nil || length == 0 else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "storage_set got NULL bytes with length \(length)")
            }
            let data = bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []
            do {
                try context.storage.write(data, forKey: name)
                return PARRA_STATUS_OK
            } catch let failure {
                return fail(error, PARRA_STATUS_IO, "cannot store '\(name)': \(failure)")
            }
        }

    private static let storageRemove:
        @convention(c) (UnsafePointer<parra_host>?, UnsafePointer<CChar>?, UnsafeMutablePointer<parra_error>?) ->
            parra_status = { host, key, error in
                var status = PARRA_STATUS_OK
                guard let (context, name) = storageKey(host, key, error, &status) else { return status }
                do {
                    try context.storage.remove(name)
                    return PARRA_STATUS_OK
                } catch let failure {
                    return fail(error, PARRA_STATUS_IO, "cannot remove '\(name)': \(failure)")
                }
            }

    private static let setLogThreshold: @convention(c) (UnsafePointer<parra_host>?, parra_log_level) -> parra_status = {
        host, level in
        guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, nil) }
        guard (PARRA_LOG_LEVEL_TRACE...PARRA_LOG_LEVEL_OFF).contains(level) else {
            return PARRA_STATUS_INVALID_ARGUMENT
        }
        guard runtime.module(withID: context.moduleID)?.declaration.takesAppLogs == true else {
            return PARRA_STATUS_UNSUPPORTED
        }
        context.logThreshold = level
        LogRouter.shared.sinkSettingsChanged()
        return PARRA_STATUS_OK
    }

    private static let apiRequest:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafePointer<parra_api_request>?, parra_api_response_fn?,
            UnsafeMutableRawPointer?, UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, request, callback, userData, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard let request, let callback,
                let method = request.pointee.method, let path = request.pointee.path
            else {
                return fail(
                    error, PARRA_STATUS_INVALID_ARGUMENT,
                    "api_request needs host, request with method and path, and callback")
            }
            guard let service = runtime.apiService else {
                return fail(error, PARRA_STATUS_UNSUPPORTED, "this host has no Parra API service configured")
            }
            guard fits(request, parra_api_request.self) else {
                return fail(
                    error, PARRA_STATUS_INVALID_ARGUMENT,
                    "the request's struct_size is smaller than parra_api_request: set it to sizeof(parra_api_request)")
            }
            let body = request.pointee.body
            guard body.length >= 0, body.length <= maximumRequestBodyBytes else {
                return fail(
                    error, PARRA_STATUS_INVALID_ARGUMENT,
                    "the request body's length \(UInt(bitPattern: body.length)) is more than \(maximumRequestBodyBytes) bytes"
                )
            }
            guard let filledPath = service.fillingPlaceholders(String(cString: path)) else {
                return fail(
                    error, PARRA_STATUS_UNSUPPORTED,
                    "the path has {tenantId} or {applicationId} but this host's API service has no app identity")
            }
            let apiRequest = APIRequest(
                method: String(cString: method), path: filledPath,
                body: body.data.map { Array(UnsafeRawBufferPointer(start: $0, count: body.length)) },
                timeout: request.pointee.timeout_seconds > 0 ? request.pointee.timeout_seconds : nil)
            let user = UInt(bitPattern: userData)
            service.send(apiRequest) { [weak context] result in
                // A module that has shut down (or failed init) has freed what user_data points
                // at: its completion is dropped.
                guard let context, !context.isClosed else { return }
                let userData = UnsafeMutableRawPointer(bitPattern: user)
                context.callingBack("api_request response") {
                    switch result {
                    case .success(let response):
                        response.body.withUnsafeBytes { bytes in
                            let body = parra_string(
                                data: bytes.baseAddress?.assumingMemoryBound(to: CChar.self), length: bytes.count)
                            callback(
                                userData, PARRA_STATUS_OK, Int32(response.status), body,
                                parra_string(data: nil, length: 0))
                        }
                    case .failure(let failure):
                        var message = failure.description
                        message.withUTF8 { bytes in
                            let text = parra_string(
                                data: UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self),
                                length: bytes.count)
                            callback(userData, PARRA_STATUS_NETWORK, 0, parra_string(data: nil, length: 0), text)
                        }
                    }
                }
            }
            return PARRA_STATUS_OK
        }

    private static let schedule:
        @convention(c) (
            UnsafePointer<parra_host>?, Double, Double, parra_timer_fn?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, delay, repeatEvery, callback, userData, outID, error in
            guard let (context, _) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard let callback else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "schedule needs a callback")
            }
            guard (0...maximumTimerSeconds).contains(delay),
                repeatEvery == 0 || (minimumRepeatSeconds...maximumTimerSeconds).contains(repeatEvery)
            else {
                return fail(
                    error, PARRA_STATUS_INVALID_ARGUMENT,
                    "schedule needs 0 <= delay_seconds <= \(Int(maximumTimerSeconds)) and repeat_seconds 0 or between "
                        + "\(minimumRepeatSeconds) and \(Int(maximumTimerSeconds)) (got \(delay), \(repeatEvery))")
            }
            let user = UInt(bitPattern: userData)
            guard
                let id = context.schedule(
                    delay: delay, repeatEvery: repeatEvery,
                    fire: { id in
                        callback(UnsafeMutableRawPointer(bitPattern: user), id)
                    })
            else {
                return fail(error, PARRA_STATUS_WRONG_STATE, "the module has shut down")
            }
            outID?.pointee = id
            return PARRA_STATUS_OK
        }

    private static let cancelTimer: @convention(c) (UnsafePointer<parra_host>?, UInt64) -> parra_status = { host, id in
        guard let (context, _) = ModuleHostContext.live(host) else { return closed(host, nil) }
        return context.cancelTimer(id) ? PARRA_STATUS_OK : PARRA_STATUS_NOT_FOUND
    }

    private static let present:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafePointer<parra_presentation>?, UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, presentation, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            switch checkedPresentation(presentation, runtime: runtime, moduleID: context.moduleID, actions: []) {
            case .failure(let refusal): return fail(error, refusal.status, refusal.message)
            case .success(let (shown, onDismiss)):
                runtime.presentationSurface.present(shown) { [weak context] byUser in
                    // After shutdown the module's user_data is gone: the dismissal is dropped.
                    guard let context, !context.isClosed else { return }
                    context.callingBack("presentation dismissed") { onDismiss(byUser) }
                }
                return PARRA_STATUS_OK
            }
        }

    /// Why a presentation was refused.
    private struct PresentationRefusal: Error {
        let status: parra_status
        let message: String
    }

    /// `presentation` checked and read, with the call of its on_dismiss; a refusal names the rule.
    private static func checkedPresentation(
        _ presentation: UnsafePointer<parra_presentation>?, runtime: ModuleRuntime, moduleID: String,
        actions: [Presentation.Action]
    ) -> Result<(Presentation, (Bool) -> Void), PresentationRefusal> {
        guard let presentation, fits(presentation, parra_presentation.self) else {
            return .failure(
                PresentationRefusal(
                    status: PARRA_STATUS_INVALID_ARGUMENT,
                    message:
                        "present needs a parra_presentation of at least its 1.0 size: set struct_size to sizeof(parra_presentation)"
                ))
        }
        guard runtime.isOnMainThread else {
            return .failure(
                PresentationRefusal(status: PARRA_STATUS_WRONG_THREAD, message: "present is main-thread only"))
        }
        let p = presentation.pointee
        let kind: Presentation.Kind
        switch p.kind {
        case PARRA_PRESENTATION_MODAL: kind = .modal
        case PARRA_PRESENTATION_TOAST: kind = .toast
        case PARRA_PRESENTATION_LAUNCH_SCREEN: kind = .launchScreen
        default:
            return .failure(
                PresentationRefusal(
                    status: PARRA_STATUS_INVALID_ARGUMENT, message: "unknown presentation kind \(p.kind)"))
        }
        guard kind != .toast || (p.duration_seconds.isFinite && p.duration_seconds > 0) else {
            return .failure(
                PresentationRefusal(
                    status: PARRA_STATUS_INVALID_ARGUMENT, message: "a toast needs a duration_seconds > 0"))
        }
        let onDismiss = p.on_dismiss
        let user = UInt(bitPattern: p.user_data)
        let shown = Presentation(
            kind: kind, title: text(p.title), body: text(p.body), duration: kind == .toast ? p.duration_seconds : 0,
            moduleID: moduleID, actions: actions)
        return .success((shown, { byUser in onDismiss?(UnsafeMutableRawPointer(bitPattern: user), byUser) }))
    }

    /// PARRA_EXT_PRESENTATION, for the process.
    /// Written once, when first read; the host and modules only read it after.
    nonisolated(unsafe) private static let presentationExtension: UnsafeMutablePointer<parra_presentation_extension> = {
        let pointer = UnsafeMutablePointer<parra_presentation_extension>.allocate(capacity: 1)
        pointer.initialize(
            to: parra_presentation_extension(
                struct_size: UInt32(MemoryLayout<parra_presentation_extension>.size), present: presentWithActions,
                dismiss: dismissPresentation, hold_session: holdSession, release_session: releaseSession))
        return pointer
    }()

    /// The most actions one presentation may list.
    static let maximumActions = 8

    private static let presentWithActions:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafePointer<parra_presentation>?, UnsafePointer<parra_presentation_action>?,
            Int, parra_presentation_action_fn?, UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, presentation, actions, actionCount, onAction, outID, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard (0...maximumActions).contains(actionCount), actionCount == 0 || actions != nil else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "a presentation lists 0 to \(maximumActions) actions")
            }
            var listed: [Presentation.Action] = []
            for index in 0..<actionCount {
                let action = actions![index]
                guard action.struct_size >= MemoryLayout<parra_presentation_action>.size, let key = action.key,
                    let label = action.label
                else {
                    return fail(
                        error, PARRA_STATUS_INVALID_ARGUMENT, "action \(index) needs struct_size, key and label")
                }
                let word = String(cString: key)
                guard !word.isEmpty, word.count <= 16,
                    word.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) }),
                    !listed.contains(where: { $0.key == word })
                else {
                    return fail(
                        error, PARRA_STATUS_INVALID_ARGUMENT,
                        "action key '\(word)' is not a distinct short word of [a-z0-9]")
                }
                listed.append(Presentation.Action(key: word, label: String(cString: label)))
            }
            switch checkedPresentation(presentation, runtime: runtime, moduleID: context.moduleID, actions: listed) {
            case .failure(let refusal): return fail(error, refusal.status, refusal.message)
            case .success(let (shown, onDismiss)):
                guard shown.kind != .launchScreen else {
                    return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "the launch screen is shown with core present")
                }
                let user = UInt(bitPattern: presentation!.pointee.user_data)
                let desk = runtime.presentations
                // Every way it goes away ends in the desk, which runs the dismissal once.
                let id = desk.add(
                    moduleID: context.moduleID, keys: listed.map(\.key),
                    onAction: { [weak context] key in
                        guard let context, !context.isClosed else { return }
                        context.callingBack("presentation action") {
                            key.withCString { onAction?(UnsafeMutableRawPointer(bitPattern: user), $0) }
                        }
                    },
                    dismiss: { [weak context] byUser in
                        guard let context, !context.isClosed else { return }
                        context.callingBack("presentation dismissed") { onDismiss(byUser) }
                    })
                let dismissed: (Bool) -> Void = { byUser in desk.finish(id, byUser: byUser) }
                runtime.presentationSurface.present(shown, dismissed: dismissed)
                outID?.pointee = id
                return PARRA_STATUS_OK
            }
        }

    private static let dismissPresentation:
        @convention(c) (UnsafePointer<parra_host>?, UInt64, Bool, UnsafeMutablePointer<parra_error>?) -> parra_status =
            {
                host, id, byUser, error in
                guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
                guard runtime.isOnMainThread else {
                    return fail(error, PARRA_STATUS_WRONG_THREAD, "dismiss is main-thread only")
                }
                guard runtime.presentations.dismiss(id, of: context.moduleID, byUser: byUser) else {
                    return fail(
                        error, PARRA_STATUS_NOT_FOUND, "presentation \(id) of \(context.moduleID) is not showing")
                }
                return PARRA_STATUS_OK
            }

    private static let holdSession:
        @convention(c) (
            UnsafePointer<parra_host>?, Double, UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<parra_error>?
        )
            -> parra_status = { host, seconds, outHold, error in
                guard let (_, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
                guard seconds.isFinite, (0...60).contains(seconds) else {
                    return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "a hold lasts 0 to 60 seconds, not \(seconds)")
                }
                let hold = runtime.presentations.hold(for: seconds)
                outHold?.pointee = hold
                return PARRA_STATUS_OK
            }

    private static let releaseSession: @convention(c) (UnsafePointer<parra_host>?, UInt64) -> Void = { host, hold in
        guard let (_, runtime) = ModuleHostContext.live(host) else { return }
        runtime.presentations.release(hold)
        // A session waiting on the hold sleeps in the main thread's run loop: main-queue work
        // wakes it to look again.
        runtime.mainQueue.async {}
    }

    private static let emit:
        @convention(c) (
            UnsafePointer<parra_host>?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            UnsafeMutableRawPointer?, UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, pointID, arguments, result, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard let pointID else {
                return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "emit needs host and point_id")
            }
            guard runtime.isOnMainThread else {
                return fail(error, PARRA_STATUS_WRONG_THREAD, "emit is main-thread only")
            }
            let id = String(cString: pointID)
            guard runtime.mayEmit(context.moduleID) else {
                return fail(
                    error, PARRA_STATUS_WRONG_STATE,
                    "module \(context.moduleID) may emit only from its activate on, until its deactivate")
            }
            guard !runtime.emitting.contains(id), runtime.emitDepth < maximumEmitDepth else {
                return fail(
                    error, PARRA_STATUS_WRONG_STATE,
                    runtime.emitting.contains(id)
                        ? "'\(id)' is already being dispatched; a hook may not emit it again"
                        : "emits are nested more than \(maximumEmitDepth) deep")
            }
            guard let point = runtime.dispatcher.point(for: id),
                point.offeringModuleID == context.moduleID
            else {
                return fail(
                    error, PARRA_STATUS_NOT_FOUND, "module \(context.moduleID) offers no extension point '\(id)'")
            }
            let argumentCount = point.signature.argumentTypes.count - 1
            guard argumentCount == 0 || arguments != nil else {
                return fail(
                    error, PARRA_STATUS_INVALID_ARGUMENT,
                    "'\(id)' takes \(argumentCount) arguments but arguments is NULL")
            }
            let combined = withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: argumentCount + 1)
            {
                slots in
                for index in 0..<argumentCount { slots[index + 1] = arguments![index] }
                runtime.emitting.insert(id)
                runtime.emitDepth += 1
                defer {
                    runtime.emitDepth -= 1
                    runtime.emitting.remove(id)
                }
                let table = runtime.dispatcher.tableStartingWaiters(for: id)
                return table?.invoke(slots.baseAddress!) ?? point.combine.identity
            }
            if let result {
                switch point.signature.returnType {
                case .bool: result.storeBytes(of: combined != 0, as: Bool.self)
                case .i32, .u32: result.storeBytes(of: UInt32(truncatingIfNeeded: combined), as: UInt32.self)
                case .i64, .u64: result.storeBytes(of: combined, as: UInt64.self)
                default: break
                }
            }
            return PARRA_STATUS_OK
        }

    private static let runLaunchStep:
        @convention(c) (
            UnsafePointer<parra_host>?, parra_launch_step, parra_launch_step_done_fn?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, step, done, userData, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard let done else { return fail(error, PARRA_STATUS_INVALID_ARGUMENT, "run_launch_step needs done") }
            guard runtime.isOnMainThread else {
                return fail(error, PARRA_STATUS_WRONG_THREAD, "run_launch_step is main-thread only")
            }
            guard let coordinator = runtime.appRun else {
                return fail(error, PARRA_STATUS_UNSUPPORTED, "there is no app launch outside an app run")
            }
            let user = UInt(bitPattern: userData)
            let refusal = coordinator.runLaunchStep(step, from: context.moduleID) {
                [weak context] status, json, message in
                // After shutdown the module's user_data is gone: the completion is dropped.
                guard let context, !context.isClosed else { return }
                context.callingBack("run_launch_step done") {
                    answer(done, UnsafeMutableRawPointer(bitPattern: user), status, json, message ?? "")
                }
            }
            guard let (status, message) = refusal else { return PARRA_STATUS_OK }
            return fail(error, status, message)
        }

    private static let setLaunchState:
        @convention(c) (
            UnsafePointer<parra_host>?, parra_launch_state, parra_string, UnsafeMutablePointer<parra_error>?
        ) -> parra_status = { host, state, detail, error in
            guard let (context, runtime) = ModuleHostContext.live(host) else { return closed(host, error) }
            guard runtime.isOnMainThread else {
                return fail(error, PARRA_STATUS_WRONG_THREAD, "set_launch_state is main-thread only")
            }
            guard let coordinator = runtime.appRun else {
                return fail(error, PARRA_STATUS_UNSUPPORTED, "there is no app launch outside an app run")
            }
            guard
                let (status, message) = coordinator.setLaunchState(state, detail: text(detail), from: context.moduleID)
            else {
                return PARRA_STATUS_OK
            }
            return fail(error, status, message)
        }

    /// Calls a module's `done` (a command's or a launch step's: the same C signature) with
    /// `status`, the result JSON and the error message (none when empty), lent for the call.
    private static func answer(
        _ done: @convention(c) (UnsafeMutableRawPointer?, parra_status, parra_string, parra_string) -> Void,
        _ userData: UnsafeMutableRawPointer?, _ status: parra_status, _ json: String, _ message: String
    ) {
        var json = json
        var message = message
        json.withUTF8 { jsonBytes in
            message.withUTF8 { messageBytes in
                done(
                    userData, status, parra_string(data: chars(jsonBytes), length: jsonBytes.count),
                    parra_string(data: messageBytes.isEmpty ? nil : chars(messageBytes), length: messageBytes.count))
            }
        }
    }

    private static func chars(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar>? {
        UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
    }
}
