import Dispatch
import FoundationEssentials
import ParraPluginKit
import ParraSync

/// Uploads the spool's events to `POST tenants/{tenantId}/sessions` in chunks of at most 250,
/// one session per chunk, on a queue of its own. A chunk is acknowledged (and so leaves the
/// disk) only after a 2xx, or after a 4xx that no retry can fix, which is counted and
/// reported. After a 408, 429, 5xx or a network failure (which the host has already retried)
/// the chunk stays and the next attempt waits, doubling from half a second up to the upload
/// interval.
/// Sendable by hand: `counters` is behind `lock`, the upload state is `queue`'s, and only the lifecycle sets `timer`.
final class SessionUploader: @unchecked Sendable {
    /// Sends one request body (with a timeout in seconds, 0 for the host's) and calls back with
    /// the HTTP status, or with the reason no response came; throws when the request cannot
    /// even be made.
    typealias Send = (
        _ body: [UInt8], _ timeout: Double, _ completion: @escaping @Sendable (Result<Int, SendFailure>) -> Void
    )
        throws -> Void

    /// Why a send got no HTTP status.
    struct SendFailure: Error {
        let message: String
    }

    /// What the uploader has counted.
    struct Counters: Equatable {
        /// Chunks the server accepted, and the events in them.
        var acceptedChunks = 0
        var acceptedEvents = 0
        /// Events dropped because the server refused their chunk with a 4xx no retry fixes.
        var rejectedEvents = 0
        /// Attempts that failed and will be retried.
        var failedAttempts = 0
    }

    private let spool: SessionSpool
    private let send: Send
    private let report: @Sendable (String) -> Void
    private let interval: Double
    private let queue = DispatchQueue(label: "ParraLogger upload")
    private let lock = Lock()
    private var counters = Counters()
    private var backoff: Double = 0
    private var retryScheduled = false
    private var unavailable: String?
    private var timer: DispatchSourceTimer?

    /// The most events one request carries.
    static let chunkSize = 250
    /// The most bytes of events one request carries (the host refuses bodies over 10 MiB).
    static let chunkBytes = 4 * 1024 * 1024
    /// How long the uploader waits for the host's answer to one request when no deadline
    /// bounds it: a safety net only, since the host answers every request once, after its own
    /// timeout and retries.
    private static let answerTimeout = 120.0

    init(
        spool: SessionSpool, interval: Double, send: @escaping Send, report: @escaping @Sendable (String) -> Void
    ) {
        self.spool = spool
        self.interval = interval
        self.send = send
        self.report = report
    }

    /// Starts uploading every `interval` seconds, and once now.
    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: interval)
        timer.setEventHandler { [weak self] in self?.uploadWaiting(until: nil) }
        timer.resume()
        self.timer = timer
    }

    /// Uploads what is waiting now, off the caller's thread.
    func trigger() {
        queue.async { [weak self] in self?.uploadWaiting(until: nil) }
    }

    /// Stops the timer, then uploads what it can before `timeout` seconds pass (after an
    /// upload already running, if any), and returns whether nothing was left. Blocks the
    /// caller for at most about `timeout` seconds.
    @discardableResult
    func finish(timeout: Double) -> Bool {
        timer?.cancel()
        timer = nil
        let deadline = Date.wallClockNow.addingTimeInterval(timeout)
        let done = DispatchSemaphore(value: 0)
        let emptied = ResultBox()
        queue.async { [self] in
            emptied.set(.success(uploadWaiting(until: deadline) ? 1 : 0))
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout + 0.5) == .success else { return false }
        return (try? emptied.value?.get()) == 1
    }

    /// What has been counted so far.
    var counts: Counters { lock.withLock { counters } }

    /// On the queue: sends chunks until none is left, one fails, or the deadline passes.
    /// Returns whether nothing was left.
    @discardableResult
    private func uploadWaiting(until deadline: Date?) -> Bool {
        if deadline == nil, retryScheduled || unavailable != nil { return false }
        while let chunk = spool.nextChunk(maxEvents: Self.chunkSize, maxBytes: Self.chunkBytes) {
            if chunk.events.isEmpty {
                spool.acknowledge(chunk)
                continue
            }
            let remaining = deadline?.timeIntervalSince(.wallClockNow)
            if let remaining, remaining <= 0 { return false }
            switch upload(chunk, timeout: remaining) {
            case .accepted:
                spool.acknowledge(chunk)
                backoff = 0
                lock.withLock {
                    counters.acceptedChunks += 1
                    counters.acceptedEvents += chunk.events.count
                }
            case .rejected(let status):
                spool.acknowledge(chunk)
                lock.withLock { counters.rejectedEvents += chunk.events.count }
                report(
                    "the server refused a session upload of \(chunk.events.count) event(s) with HTTP \(status), which no retry can fix; they were dropped"
                )
            case .retryLater(let reason):
                lock.withLock { counters.failedAttempts += 1 }
                if deadline == nil { scheduleRetry(reason) }
                return false
            case .unavailable(let reason):
                if unavailable == nil { report("session upload is unavailable (\(reason)); events stay on disk") }
                unavailable = reason
                return false
            }
        }
        return true
    }

    private enum Outcome {
        case accepted
        case rejected(Int)
        case retryLater(String)
        case unavailable(String)
    }

    /// Sends one chunk and waits for the answer: within `timeout` seconds when given, else
    /// with the host's own request timeout.
    private func upload(_ chunk: SessionSpool.Chunk, timeout: Double?) -> Outcome {
        let body = Self.body(for: chunk)
        let answered = DispatchSemaphore(value: 0)
        let result = ResultBox()
        do {
            try send(body, timeout ?? 0) { outcome in
                result.set(outcome)
                answered.signal()
            }
        } catch {
            return .unavailable("\(error)")
        }
        let wait = timeout ?? Self.answerTimeout
        guard answered.wait(timeout: .now() + wait) == .success, let outcome = result.value else {
            return .retryLater("no answer within \(wait) s")
        }
        switch outcome {
        case .success(let status) where (200..<300).contains(status): return .accepted
        case .success(let status) where (400..<500).contains(status) && status != 408 && status != 429:
            return .rejected(status)
        case .success(let status): return .retryLater("HTTP \(status)")
        case .failure(let failure): return .retryLater(failure.message)
        }
    }

    private func scheduleRetry(_ reason: String) {
        backoff = backoff == 0 ? min(0.5, interval) : min(backoff * 2, max(interval, 0.5))
        retryScheduled = true
        queue.asyncAfter(deadline: .now() + backoff) { [weak self] in
            guard let self else { return }
            retryScheduled = false
            uploadWaiting(until: nil)
        }
    }

    /// `{"session_id":…,"events":[…],"user_properties":{},"started_at":…,"ended_at":null}`.
    static func body(for chunk: SessionSpool.Chunk) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(chunk.events.reduce(64) { $0 + $1.count + 1 })
        body += Array(#"{"session_id":""#.utf8)
        body += Array(chunk.sessionID.utf8)
        body += Array(#"","events":["#.utf8)
        for (index, event) in chunk.events.enumerated() {
            if index > 0 { body.append(0x2C) }
            body += event
        }
        body += Array(#"],"user_properties":{},"started_at":""#.utf8)
        body += Array(chunk.sessionStartedAt.utf8)
        body += Array(#"","ended_at":null}"#.utf8)
        return body
    }
}

/// A result handed from the host's worker thread to the waiting uploader.
/// Sendable by hand: `stored` is behind `lock`.
private final class ResultBox: @unchecked Sendable {
    private let lock = Lock()
    private var stored: Result<Int, SessionUploader.SendFailure>?

    func set(_ value: Result<Int, SessionUploader.SendFailure>) { lock.withLock { stored = value } }
    var value: Result<Int, SessionUploader.SendFailure>? { lock.withLock { stored } }
}
