import FoundationEssentials
import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// When and how long the client waits before sending a request again.
///
/// A request is retried after a network error, a timeout, a truncated body, 408, 429 or any
/// 5xx, up to `maxAttempts` sends in all; any other 4xx is final. The wait before retry `n`
/// (1 for the first) is "full jitter" exponential backoff: a uniform random fraction of
/// `min(maxDelay, baseDelay * 2^(n-1))`. When the response carries `Retry-After` (seconds or
/// an HTTP-date) that wait is used instead; one longer than `maxRetryAfter` ends the retries.
package struct ParraAPIRetryPolicy: Sendable, Hashable {
    /// Sends in all, the first included; 1 means no retry.
    package var maxAttempts: Int
    /// The backoff ceiling before the first retry, in seconds.
    package var baseDelay: TimeInterval
    /// The largest backoff ceiling, in seconds.
    package var maxDelay: TimeInterval
    /// The longest `Retry-After` the client waits out, in seconds.
    package var maxRetryAfter: TimeInterval

    /// A policy; the defaults are 3 attempts, 0.5 s base, 30 s ceiling, 60 s `Retry-After` cap.
    package init(
        maxAttempts: Int = 3, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 30,
        maxRetryAfter: TimeInterval = 60
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.maxRetryAfter = max(0, maxRetryAfter)
    }

    /// No retries.
    package static let none = ParraAPIRetryPolicy(maxAttempts: 1)

    /// The backoff ceiling before retry `retry` (1-based): `min(maxDelay, baseDelay * 2^(retry-1))`.
    package func ceiling(beforeRetry retry: Int) -> TimeInterval {
        let exponent = Double(max(0, retry - 1))
        return min(maxDelay, baseDelay * pow(2, min(exponent, 62)))
    }

    /// The full-jitter wait before retry `retry` for a `random` number in `0..<1`.
    package func backoff(beforeRetry retry: Int, random: Double) -> TimeInterval {
        ceiling(beforeRetry: retry) * min(max(random, 0), 1)
    }

    /// Whether a response with `status` may be retried: 408, 429 and 5xx.
    package static func isRetryable(status: Int) -> Bool {
        status == 408 || status == 429 || (500...599).contains(status)
    }

    /// Seconds to wait that a `Retry-After` value asks for: a whole number of seconds, or an
    /// HTTP-date (IMF-fixdate, RFC 850 or asctime) relative to `now`; a date in the past
    /// gives 0. Nil when the value is neither.
    package static func retryAfterSeconds(_ value: String, now: Date) -> TimeInterval? {
        let text = value.trimmingSpaces()
        if !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            return Double(text)
        }
        return HTTPDate.parse(text, now: now).map { max(0, $0.timeIntervalSince(now)) }
    }
}
