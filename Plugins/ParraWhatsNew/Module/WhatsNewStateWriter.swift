import Dispatch
import ParraSync

/// What's New's stored state, written on a queue of its own rather than on the main thread.
///
/// The host's storage is durable: `storage_set` syncs the file and its folder before it returns.
/// The first launch of an install remembers the installed version the moment the app's first
/// window becomes active, and that sync held the main thread 1.2-1.5 ms there, where the user's
/// first keys arrive. Here `store` returns at once; the write, and a warning naming the key when
/// it fails, happen on the queue, one after another in the order they were asked for. A read
/// sees a write still queued, so the module reads back what it stored. `drain` waits for the
/// queue: the module drains at deactivate and at shutdown, after which the host's services are
/// gone.
final class WhatsNewStateWriter: @unchecked Sendable {
    // Sendable by hand: `pending` is only reached under `lock`; `services` is used on the queue
    // only for `store` and `log`, which the host allows from any thread.
    private let services: WhatsNewServices
    private let queue = DispatchQueue(label: "com.parra.whatsNew.state")
    private let lock = Lock()
    /// The bytes of each key whose write is queued or under way: the newest asked for.
    private var pending: [String: [UInt8]] = [:]

    init(services: WhatsNewServices) { self.services = services }

    /// The bytes stored for `key`: the newest write asked for, else the host's storage.
    func stored(_ key: String) throws -> [UInt8]? {
        if let bytes = lock.withLock({ pending[key] }) { return bytes }
        return try services.stored(key)
    }

    /// Stores `bytes` for `key` on the queue.
    func store(_ bytes: [UInt8], forKey key: String) {
        lock.withLock { pending[key] = bytes }
        queue.async { [self] in
            do {
                try services.store(bytes, forKey: key)
            } catch {
                services.log(.warn, "What's New: cannot store \(key): \(error)")
            }
            // A newer write of the key keeps its bytes pending until it is done too.
            lock.withLock { if pending[key] == bytes { pending[key] = nil } }
        }
    }

    /// Waits until every write asked for so far is done.
    func drain() { queue.sync {} }
}
