import CParraPlugin
import Foundation

/// The host side of one module's services table: who the module is, its storage and timers.
/// `table.host_data` points at this object, which the runtime keeps alive until the process
/// ends.
final class ModuleHostContext: @unchecked Sendable {
    let moduleID: String
    unowned let runtime: ModuleRuntime
    let storage: ModuleStorage
    let table: UnsafeMutablePointer<parra_host>
    private let lock = NSLock()
    private var timers: [UInt64: DispatchSourceTimer] = [:]
    private var nextTimerID: UInt64 = 1
    private var closed = false

    init(moduleID: String, runtime: ModuleRuntime, storage: ModuleStorage) {
        self.moduleID = moduleID
        self.runtime = runtime
        self.storage = storage
        table = .allocate(capacity: 1)
        table.initialize(to: HostServiceTable.make())
        table.pointee.host_data = Unmanaged.passUnretained(self).toOpaque()
    }

    /// The context behind a table a module passed back.
    static func from(_ host: UnsafePointer<parra_host>?) -> ModuleHostContext? {
        guard let data = host?.pointee.host_data else { return nil }
        return Unmanaged<ModuleHostContext>.fromOpaque(data).takeUnretainedValue()
    }

    /// Starts a timer on the host's main queue; nil after shutdown.
    func schedule(delay: Double, repeatEvery: Double, fire: @escaping (UInt64) -> Void) -> UInt64? {
        lock.withLock {
            guard !closed else { return nil }
            let id = nextTimerID
            nextTimerID += 1
            let source = DispatchSource.makeTimerSource(queue: runtime.mainQueue)
            let interval: DispatchTimeInterval = repeatEvery > 0 ? .nanoseconds(Int(repeatEvery * 1e9)) : .never
            source.schedule(deadline: .now() + delay, repeating: interval)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let live = self.lock.withLock { () -> Bool in
                    guard self.timers[id] != nil else { return false }
                    if repeatEvery <= 0 { self.timers.removeValue(forKey: id)?.cancel() }
                    return true
                }
                if live { fire(id) }
            }
            timers[id] = source
            source.resume()
            return id
        }
    }

    /// Cancels a timer; false for an unknown or finished one.
    func cancelTimer(_ id: UInt64) -> Bool {
        lock.withLock {
            guard let source = timers.removeValue(forKey: id) else { return false }
            source.cancel()
            return true
        }
    }

    /// Cancels every timer and refuses new ones: the module has shut down.
    func close() {
        lock.withLock {
            closed = true
            for timer in timers.values { timer.cancel() }
            timers = [:]
        }
    }

    var isClosed: Bool { lock.withLock { closed } }
}
