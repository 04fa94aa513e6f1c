import CParraCallNote
import CParraPlugin
import Dispatch
import FoundationEssentials
import Glibc
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
    /// Guards the state below; timers wait on it for a callback that is running to finish.
    private let lock = Condition()
    private var timers: [UInt64: DispatchSourceTimer] = [:]
    /// The timer whose callback runs now, and on which thread.
    private var firing: (id: UInt64, thread: pthread_t)?
    private var nextTimerID: UInt64 = 1
    private var closed = false
    private var threshold = PARRA_LOG_LEVEL_INFO
    private var readsTimestamps = true
    /// The module's private directory for files, created on first ask; NUL-terminated and kept
    /// for the process, like the table.
    private var directoryPath: UnsafeMutablePointer<CChar>?
    /// Whether the host said why the directory cannot be created.
    private var reportedFolderRefusal = false

    /// Where the module's private files go (`storage_directory`), apart from its key-value
    /// storage so that no key can name it.
    let filesFolder: String
    /// Makes the call site (the quarantine's) of one kind of call into the module that the
    /// host makes later, by what it names; nil makes none.
    private let makeSite: ((String) -> UnsafePointer<parra_call_site>)?
    /// The call sites made so far, by what they name: one per kind, kept for the process.
    private var sites: [String: UnsafePointer<parra_call_site>] = [:]

    init(
        moduleID: String, runtime: ModuleRuntime, storage: ModuleStorage, filesFolder: String,
        makeSite: ((String) -> UnsafePointer<parra_call_site>)? = nil
    ) {
        self.moduleID = moduleID
        self.makeSite = makeSite
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
                    self.firing = (id, pthread_self())
                    return true
                }
                guard live else { return }
                self.callingBack("timer") { fire(id) }
                self.lock.withLock {
                    self.firing = nil
                    self.lock.broadcast()
                }
            }
            timers[id] = source
            source.resume()
            return id
        }
    }

    /// Runs `body`, a call into one of the module's callbacks (a timer, an answer, an
    /// observer), as a call site naming `what`: a crash, exit or hang inside it names and
    /// quarantines the module. Not while holding `lock`.
    func callingBack<T>(_ what: String, _ body: () -> T) -> T {
        let site = makeSite.map { make in
            lock.withLock {
                if let known = sites[what] { return known }
                let made = make(what)
                sites[what] = made
                return made
            }
        }
        let previous = parra_call_site_enter(site)
        defer { parra_call_site_leave(previous) }
        return body()
    }

    /// Cancels a timer; false for an unknown or finished one. When its callback is running on
    /// another thread, returns once it has finished, so the module may free what it gave it.
    func cancelTimer(_ id: UInt64) -> Bool {
        lock.withLock {
            let source = timers.removeValue(forKey: id)
            source?.cancel()
            waitWhileFiring { $0 == id }
            return source != nil
        }
    }

    /// Cancels every timer, returning once a callback running on another thread has finished:
    /// the module's shutdown, which may free what its timers use, comes after this.
    func cancelTimers() {
        lock.withLock {
            for timer in timers.values { timer.cancel() }
            timers = [:]
            waitWhileFiring { _ in true }
        }
    }

    /// Refuses new timers and cancels every one: the module has shut down.
    func close() {
        lock.withLock { closed = true }
        cancelTimers()
    }

    /// Holding the lock: waits while a timer `matching` runs its callback on another thread
    /// (one running on this thread is the caller's own: it finishes after the caller).
    private func waitWhileFiring(_ matching: (UInt64) -> Bool) {
        while let running = firing, matching(running.id), pthread_equal(running.thread, pthread_self()) == 0 {
            lock.wait()
        }
    }

    var isClosed: Bool { lock.withLock { closed } }

    /// The lowest level of app log record the module's log sink wants.
    var logThreshold: parra_log_level {
        get { lock.withLock { threshold } }
        set { lock.withLock { threshold = newValue } }
    }

    /// Whether the module's log sink reads a record's time (`PARRA_EXT_LOG_SINK`).
    var logReadsTimestamps: Bool {
        get { lock.withLock { readsTimestamps } }
        set { lock.withLock { readsTimestamps = newValue } }
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
