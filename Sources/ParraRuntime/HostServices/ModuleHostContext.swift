import CParraPlugin
import Dispatch
import FoundationEssentials
import ParraFileSystem
import ParraSync

/// The host side of one module's services table: who the module is, its storage and timers.
/// `table.host_data` points at this object. Contexts and their tables are kept until the
/// process ends, like the modules themselves, so a module that calls the host after its
/// shutdown (or after its runtime is gone) gets an error instead of touching freed memory.
/// Sendable by hand: its mutable state is behind `lock`; `runtime` (weak) and the C `table` it owns are set in `init`.
final class ModuleHostContext: @unchecked Sendable {
    let moduleID: String
    private(set) weak var runtime: ModuleRuntime?
    let storage: ModuleStorage
    let table: UnsafeMutablePointer<parra_host>
    private let lock = Lock()
    private var timers: [UInt64: DispatchSourceTimer] = [:]
    private var nextTimerID: UInt64 = 1
    private var closed = false
    private var threshold = PARRA_LOG_LEVEL_INFO
    /// The module's private directory for files, created on first ask; NUL-terminated and kept
    /// for the process, like the table.
    private var directoryPath: UnsafeMutablePointer<CChar>?
    /// Whether the host said why the directory cannot be created.
    private var reportedFolderRefusal = false

    /// Where the module's private files go (`storage_directory`), apart from its key-value
    /// storage so that no key can name it.
    let filesFolder: String

    init(moduleID: String, runtime: ModuleRuntime, storage: ModuleStorage, filesFolder: String) {
        self.moduleID = moduleID
        self.runtime = runtime
        self.storage = storage
        self.filesFolder = filesFolder
        table = .allocate(capacity: 1)
        table.initialize(to: HostServiceTable.make())
        table.pointee.host_data = Unmanaged.passRetained(self).toOpaque()
    }

    /// The context and its runtime, when the module may still use host services: nil once the
    /// module has shut down or its runtime has gone.
    static func live(_ host: UnsafePointer<parra_host>?) -> (ModuleHostContext, ModuleRuntime)? {
        guard let context = from(host), !context.isClosed, let runtime = context.runtime else { return nil }
        return (context, runtime)
    }

    /// The context behind a table a module passed back.
    static func from(_ host: UnsafePointer<parra_host>?) -> ModuleHostContext? {
        guard let data = host?.pointee.host_data else { return nil }
        return Unmanaged<ModuleHostContext>.fromOpaque(data).takeUnretainedValue()
    }

    /// Starts a timer on the host's main queue; nil after shutdown.
    func schedule(delay: Double, repeatEvery: Double, fire: @escaping (UInt64) -> Void) -> UInt64? {
        lock.withLock {
            let id = nextTimerID
            nextTimerID += 1
            guard !closed, let queue = runtime?.mainQueue else { return nil }
            let source = DispatchSource.makeTimerSource(queue: queue)
            // The host checked both against its limits, so they fit in nanoseconds.
            let interval: DispatchTimeInterval = repeatEvery > 0 ? .nanoseconds(Int(repeatEvery * 1e9)) : .never
            source.schedule(deadline: .now() + .nanoseconds(Int(delay * 1e9)), repeating: interval)
            source.setEventHandler { [weak self] in
                guard let self else { return }
                let live = self.lock.withLock { () -> Bool in
                    guard !self.closed, self.timers[id] != nil else { return false }
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

    /// The lowest level of app log record the module's log sink wants.
    var logThreshold: parra_log_level {
        get { lock.withLock { threshold } }
        set { lock.withLock { threshold = newValue } }
    }

    /// The module's private directory, created if needed; nil when it cannot be created,
    /// which the host reports once, naming the folder and the cause (a module asking again
    /// gets another try).
    var storageDirectoryPath: UnsafePointer<CChar>? {
        let (path, refusal) = lock.withLock { () -> (UnsafePointer<CChar>?, String?) in
            if let directoryPath { return (UnsafePointer(directoryPath), nil) }
            do {
                try PrivateFolder.create(filesFolder)
            } catch {
                guard !reportedFolderRefusal else { return (nil, nil) }
                reportedFolderRefusal = true
                return (nil, FileManager.failureReason(error))
            }
            directoryPath = strdup(filesFolder)
            return (directoryPath.map { UnsafePointer($0) }, nil)
        }
        if let refusal {
            runtime?.log.log(
                .warn, "cannot create the module's folder \(filesFolder) (\(refusal))", moduleID: moduleID)
        }
        return path
    }
}
