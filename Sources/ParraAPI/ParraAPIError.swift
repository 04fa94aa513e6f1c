import FoundationEssentials
import ParraRuntime

/// Why a Parra API call did not give the caller what it asked for. Says which endpoint, what
/// went wrong (status and a short body excerpt when a response came), and after how many
/// attempts the client gave up.
package struct ParraAPIError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    package enum Kind: Error, Sendable, Hashable {
        /// No complete response within the per-request timeout, in seconds.
        case timedOut(seconds: Double)
        /// The connection failed or was dropped before a response arrived.
        case network(message: String)
        /// The server closed the connection before sending the `Content-Length` it declared.
        case truncatedBody(declared: Int, received: Int)
        /// The body is larger than the client accepts (`limit` bytes).
        case bodyTooLarge(limit: Int)
        /// The server answered with a status the endpoint treats as failure.
        case status(code: Int, excerpt: String)
        /// A redirect the transport did not follow: to another origin (the token stays with
        /// the API's). `location` is the header's value, shortened and on one line.
        case redirectNotFollowed(code: Int, location: String)
        /// A JSON endpoint answered with another content type (nil: none given).
        case wrongContentType(found: String?, status: Int, excerpt: String)
        /// The body is not the JSON the endpoint expects.
        case malformedJSON(detail: String, status: Int, excerpt: String)
        /// The request could not be built (bad path, body that does not encode).
        case invalidRequest(reason: String)
        /// The offline local backend could not answer (a file it needs is unreadable).
        case localBackend(reason: String)
        /// No token could be obtained from the tenant's issuer.
        case authentication(reason: String)
    }

    /// `METHOD path`, e.g. `GET tenants/t/applications/a/app-info`.
    package let endpoint: String
    /// What went wrong.
    package let kind: Kind
    /// How many times the request was sent (0 when it never left).
    package let attempts: Int

    /// An error.
    package init(endpoint: String, kind: Kind, attempts: Int) {
        self.endpoint = endpoint
        self.kind = kind
        self.attempts = attempts
    }

    /// The HTTP status, when a response arrived.
    package var status: Int? {
        switch kind {
        case .status(let code, _), .redirectNotFollowed(let code, _): code
        case .wrongContentType(_, let status, _), .malformedJSON(_, let status, _): status
        default: nil
        }
    }

    /// Whether a later attempt might succeed (network faults, 408, 429, 5xx).
    package var isTransient: Bool {
        switch kind {
        case .timedOut, .network, .truncatedBody: true
        case .status(let code, _): ParraAPIRetryPolicy.isRetryable(status: code)
        default: false
        }
    }

    package var description: String {
        let after = attempts > 1 ? " (after \(attempts) attempts)" : ""
        return "\(endpoint): \(kindDescription)\(after)"
    }

    private var kindDescription: String {
        switch kind {
        case .timedOut(let seconds): "no response within \(Self.seconds(seconds))"
        case .network(let message): "network error: \(message)"
        case .truncatedBody(let declared, let received):
            "the connection closed after \(received) of the \(declared) bytes the response declared"
        case .bodyTooLarge(let limit): "the response body is larger than the \(limit) bytes the client accepts"
        case .status(let code, let excerpt): "HTTP \(code)\(Self.quote(excerpt))"
        case .redirectNotFollowed(let code, let location):
            "HTTP \(code) redirect to \(location) not followed: the client follows redirects only within the API's own scheme, host and port, so its token never leaves them"
        case .wrongContentType(let found, let status, let excerpt):
            "HTTP \(status) with content type \(found.map { "'\($0)'" } ?? "(none)") where JSON was expected\(Self.quote(excerpt))"
        case .malformedJSON(let detail, let status, let excerpt):
            "HTTP \(status) with a body that is not the expected JSON (\(detail))\(Self.quote(excerpt))"
        case .invalidRequest(let reason): "invalid request: \(reason)"
        case .localBackend(let reason): "local backend: \(reason)"
        case .authentication(let reason): "authentication failed: \(reason)"
        }
    }

    /// The longest body excerpt an error carries, in characters.
    package static let excerptLength = 200

    /// The first `excerptLength` characters of `body` as text, on one line; invalid UTF-8 is
    /// replaced, binary shown as a byte count.
    package static func excerpt(_ body: [UInt8]) -> String {
        if body.isEmpty { return "" }
        let prefix = body.prefix(excerptLength * 4)
        let text = String(decoding: prefix, as: UTF8.self)
        let printable = text.unicodeScalars.filter { $0 == "\u{FFFD}" || $0.value < 0x20 && $0 != "\n" && $0 != "\t" }
        if printable.count > text.unicodeScalars.count / 4 { return "<\(body.count) bytes of binary>" }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(scalar == "\n" || scalar == "\r" || scalar == "\t" ? " " : scalar)
        }
        let line = String(scalars).trimmingSpaces()
        if line.count > excerptLength || body.count > prefix.count { return String(line.prefix(excerptLength)) + "..." }
        return line
    }

    private static func quote(_ excerpt: String) -> String { excerpt.isEmpty ? "" : ": \(excerpt)" }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(cFormat: "%.2f s", value)
    }

    /// The error as the host-service boundary reports it.
    package var serviceError: APIServiceError { APIServiceError(description) }
}
