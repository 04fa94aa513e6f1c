/// One episode of a file the logger cannot write, from the first refused write (or open) until
/// a write succeeds again: what was refused and why, when to try again, and what was dropped
/// meanwhile. The retry waits double from `firstDelay` up to `maxDelay`, on the caller's clock.
struct DiskOutage {
    /// The file or folder that was refused.
    let path: String
    /// Why, in the C library's words ("No space left on device", "Read-only file system").
    let reason: String
    /// Items dropped because the memory hold was full.
    var dropped = 0
    /// The clock time (seconds) from which a retry is due.
    private(set) var nextRetry: Double
    private var delay = Self.firstDelay

    /// The first retry comes this long after the refusal.
    static let firstDelay = 0.1
    /// Retries never wait longer than this.
    static let maxDelay = 5.0

    /// An episode that begins at `now`.
    init(path: String, reason: String, now: Double) {
        self.path = path
        self.reason = reason
        nextRetry = now + Self.firstDelay
    }

    /// Whether a retry is due at `now`.
    func isRetryDue(at now: Double) -> Bool { now >= nextRetry }

    /// A retry at `now` was refused again: the next waits twice as long, up to `maxDelay`.
    mutating func retryFailed(at now: Double) {
        delay = min(delay * 2, Self.maxDelay)
        nextRetry = now + delay
    }
}
