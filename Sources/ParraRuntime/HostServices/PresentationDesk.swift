import FoundationEssentials
import ParraSync

/// The presentations modules show with actions (`PARRA_EXT_PRESENTATION`), which the user
/// takes by key, and the holds modules put on an unattended session so that what they are
/// about to show shows before it plays on.
/// Sendable by hand: its tables are behind `lock`; the callbacks it keeps run outside it, on the main thread.
package final class PresentationDesk: @unchecked Sendable {
    private struct Shown {
        let moduleID: String
        let keys: [String]
        let onAction: (String) -> Void
        let dismiss: (Bool) -> Void
    }

    private let lock = Lock()
    private var shown: [UInt64: Shown] = [:]
    private var nextID: UInt64 = 1
    private var holds: [UInt64: Date] = [:]

    init() {}

    /// Records a presentation of `moduleID` offering `keys`; `dismiss(byUser)` takes it away.
    /// Returns its id.
    func add(
        moduleID: String, keys: [String], onAction: @escaping (String) -> Void, dismiss: @escaping (Bool) -> Void
    ) -> UInt64 {
        lock.withLock {
            defer { nextID += 1 }
            shown[nextID] = Shown(moduleID: moduleID, keys: keys, onAction: onAction, dismiss: dismiss)
            return nextID
        }
    }

    /// Presentation `id` went away (its toast timed out, the platform replaced it): its
    /// dismissal runs, once whichever way it goes.
    func finish(_ id: UInt64, byUser: Bool) {
        lock.withLock { shown.removeValue(forKey: id) }?.dismiss(byUser)
    }

    /// Takes presentation `id` of `moduleID` away; false when it is not showing.
    func dismiss(_ id: UInt64, of moduleID: String, byUser: Bool) -> Bool {
        let entry = lock.withLock { () -> Shown? in
            guard let entry = shown[id], entry.moduleID == moduleID else { return nil }
            shown[id] = nil
            return entry
        }
        entry?.dismiss(byUser)
        return entry != nil
    }

    /// Forgets the presentations of a module that shut down (their callbacks may not run).
    func forget(moduleID: String) {
        lock.withLock { shown = shown.filter { $0.value.moduleID != moduleID } }
    }

    /// The user typed `key`: the newest presentation offering it takes the action. Main
    /// thread. False when no presentation showing offers the key.
    package func press(_ key: String) -> Bool {
        let action = lock.withLock {
            shown.keys.sorted(by: >).lazy.compactMap { self.shown[$0] }.first { $0.keys.contains(key) }
        }
        action?.onAction(key)
        return action != nil
    }

    /// The keys the presentations showing offer, newest first.
    package var offeredKeys: [String] {
        lock.withLock { shown.keys.sorted(by: >).flatMap { shown[$0]!.keys } }
    }

    /// Starts a hold of at most `seconds`; returns its id.
    func hold(for seconds: Double) -> UInt64 {
        lock.withLock {
            defer { nextID += 1 }
            holds[nextID] = Date.wallClockNow.addingTimeInterval(seconds)
            return nextID
        }
    }

    /// Ends hold `id`.
    func release(_ id: UInt64) { lock.withLock { _ = holds.removeValue(forKey: id) } }

    /// Until when the holds in force now last (expired ones end by themselves); nil when none
    /// is.
    package var heldUntil: Date? {
        lock.withLock {
            let now = Date.wallClockNow
            holds = holds.filter { $0.value > now }
            return holds.values.max()
        }
    }
}
