import ParraAPI
import ParraRuntime
import ParraSync

/// The launch's first app-info, asked for as Parra starts, so that the request runs beside the
/// modules' opening, entries, init, configure and activate, not after them. The launch's first
/// app-info step takes its outcome, whether a module drives the launch or the host runs it; a
/// later step (a retried launch) fetches anew. What the task reports is held until the outcome
/// is taken, so the launch's report reads as it would had the step asked itself; an outcome
/// nothing takes still refreshed the cache.
/// Sendable by hand: every `var` is behind `lock`.
final class ParraFirstAppInfo: @unchecked Sendable {
    /// The cache file's bytes before the request: what the app had seen.
    let seen: [UInt8]?
    private let lock = Lock()
    private var outcome: ParraAppInfoTask.Outcome?
    private var heldLines: [String] = []
    private var report: (@Sendable (String) -> Void)?
    private var taker: (@Sendable (ParraAppInfoTask.Outcome) -> Void)?
    private var isTaken = false

    /// Starts the app-info task on `client` (nil: the task is skipped unless `cache` has one),
    /// keeping the answer in `cache`, stamped by `clock`.
    init(client: ParraAPIClient?, cache: ParraAppInfoCache, clock: HostClock) {
        seen = cache.contents()
        // The task reports and ends on background queues; `self` holds both until taken.
        ParraAppInfoTask(client: client, cache: cache, clock: clock) { [self] line in held(line) }.run {
            [self] outcome in finished(outcome)
        }
    }

    /// Takes the outcome, once: `report` gets the task's lines in order (those held at once),
    /// then `then` the outcome, now or when the task ends, on any thread. False when it was
    /// taken before: the caller runs a task of its own.
    func take(
        report: @escaping @Sendable (String) -> Void, then: @escaping @Sendable (ParraAppInfoTask.Outcome) -> Void
    ) -> Bool {
        let (first, ended): (Bool, ParraAppInfoTask.Outcome?) = lock.withLock {
            guard !isTaken else { return (false, nil) }
            isTaken = true
            // Under the lock, so that no line the task reports meanwhile goes before them.
            for line in heldLines { report(line) }
            heldLines = []
            self.report = report
            if outcome == nil { taker = then }
            return (true, outcome)
        }
        if let ended { then(ended) }
        return first
    }

    private func held(_ line: String) {
        lock.withLock {
            if let report { report(line) } else { heldLines.append(line) }
        }
    }

    private func finished(_ ended: ParraAppInfoTask.Outcome) {
        let taker: (@Sendable (ParraAppInfoTask.Outcome) -> Void)? = lock.withLock {
            guard let taker = self.taker else {
                outcome = ended
                return nil
            }
            self.taker = nil
            return taker
        }
        taker?(ended)
    }
}
