import CParraPlugin

/// The C functions behind the typed hooks: each finds the module instance from its data
/// pointer and calls every handler in its slot, in declaration order, combining their results
/// by the point's rule (every handler always runs).
enum Trampolines {
    static func function(for slot: HookSlot) -> parra_function {
        // Points that share a C shape still need one function each, because the function is
        // all that tells them apart. A switch, not tables keyed by slot: a dictionary keyed by
        // this module's own enum searched every loaded library's conformances for its
        // Hashable when the first descriptor was made.
        switch slot {
        case .didFinishLaunching: cast(flag0)
        case .openURL: cast(twoTextsFlag0)
        case .didRegisterForRemoteNotifications: cast(bytes0)
        case .didFailToRegisterForRemoteNotifications:
            cast({ Trampolines.callText($0, .didFailToRegisterForRemoteNotifications, $1) } as TextFunction)
        case .willPresentNotification: cast(bits0)
        case .didReceiveNotificationResponse:
            cast({ Trampolines.callText($0, .didReceiveNotificationResponse, $1) } as TextFunction)
        case .didReceiveRemoteNotification:
            cast({ Trampolines.callText($0, .didReceiveRemoteNotification, $1) } as TextFunction)
        case .willTerminate: cast({ Trampolines.callPlain($0, .willTerminate) } as PlainFunction)
        case .didEnterBackground: cast({ Trampolines.callPlain($0, .didEnterBackground) } as PlainFunction)
        case .willEnterForeground: cast({ Trampolines.callPlain($0, .willEnterForeground) } as PlainFunction)
        case .configurationForConnecting:
            cast({ Trampolines.callTwoTexts($0, .configurationForConnecting, $1, $2) } as TwoTextsFunction)
        case .sceneWillConnect: cast({ Trampolines.callTwoTexts($0, .sceneWillConnect, $1, $2) } as TwoTextsFunction)
        case .sceneDidDisconnect: cast({ Trampolines.callText($0, .sceneDidDisconnect, $1) } as TextFunction)
        case .sceneDidBecomeActive: cast({ Trampolines.callText($0, .sceneDidBecomeActive, $1) } as TextFunction)
        case .sceneWillResignActive: cast({ Trampolines.callText($0, .sceneWillResignActive, $1) } as TextFunction)
        case .sceneWillEnterForeground:
            cast({ Trampolines.callText($0, .sceneWillEnterForeground, $1) } as TextFunction)
        case .sceneDidEnterBackground: cast({ Trampolines.callText($0, .sceneDidEnterBackground, $1) } as TextFunction)
        case .sceneOpenURLContexts:
            cast({ Trampolines.callTwoTexts($0, .sceneOpenURLContexts, $1, $2) } as TwoTextsFunction)
        }
    }

    private typealias Data = UnsafeMutableRawPointer?
    private typealias CText = UnsafePointer<CChar>?
    private typealias PlainFunction = @convention(c) (Data) -> Void
    private typealias TextFunction = @convention(c) (Data, CText) -> Void
    private typealias TwoTextsFunction = @convention(c) (Data, CText, CText) -> Void

    private static func cast<F>(_ function: F) -> parra_function {
        unsafeBitCast(function, to: parra_function.self)
    }

    private static func handlers(_ data: Data, _ slot: HookSlot) -> [HookHandler] {
        guard let data else { return [] }
        return Unmanaged<ModuleInstance>.fromOpaque(data).takeUnretainedValue().handlers[slot.rawValue]
    }

    private static func string(_ text: CText) -> String { text.map { String(cString: $0) } ?? "" }

    private static let flag0: @convention(c) (Data, CText) -> Bool = { data, a in
        var result = true
        for case .flag(let body) in handlers(data, .didFinishLaunching) where !body(string(a)) { result = false }
        return result
    }

    private static let twoTextsFlag0: @convention(c) (Data, CText, CText) -> Bool = { data, a, b in
        var handled = false
        for case .twoTextsFlag(let body) in handlers(data, .openURL) where body(string(a), string(b)) { handled = true }
        return handled
    }

    private static let bytes0: @convention(c) (Data, UnsafeRawPointer?, UInt64) -> Void = { data, token, length in
        let bytes = token.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? []
        for case .bytes(let body) in handlers(data, .didRegisterForRemoteNotifications) { body(bytes) }
    }

    private static let bits0: @convention(c) (Data, CText) -> UInt32 = { data, a in
        var bits: UInt32 = 0
        for case .bits(let body) in handlers(data, .willPresentNotification) { bits |= body(string(a)) }
        return bits
    }

    private static func callPlain(_ data: Data, _ slot: HookSlot) {
        for case .plain(let body) in handlers(data, slot) { body() }
    }

    private static func callText(_ data: Data, _ slot: HookSlot, _ a: CText) {
        for case .text(let body) in handlers(data, slot) { body(string(a)) }
    }

    private static func callTwoTexts(_ data: Data, _ slot: HookSlot, _ a: CText, _ b: CText) {
        for case .twoTexts(let body) in handlers(data, slot) { body(string(a), string(b)) }
    }
}
