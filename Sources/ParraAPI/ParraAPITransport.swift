import FoundationEssentials
import ParraRuntime

/// One request as it leaves the client: all headers set, path checked.
package struct ParraAPIOutgoingRequest: Sendable, Hashable {
    /// HTTP method, upper case.
    package var method: String
    /// Path relative to the API base, with its query; never starts with `/`.
    package var path: String
    /// Every header, the PARRA-* ones included.
    package var headers: [String: String]
    /// The body, if any.
    package var body: [UInt8]?
    /// Seconds the whole exchange may take.
    package var timeout: TimeInterval

    /// A request.
    package init(method: String, path: String, headers: [String: String], body: [UInt8]?, timeout: TimeInterval) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// `METHOD path`, as errors name it.
    package var endpoint: String { "\(method) \(path)" }

    /// The path without its query.
    package var pathWithoutQuery: String { String(path.prefix { $0 != "?" }) }

    /// The query's `name=value` items, in order, percent-decoded as `URLComponents.queryItems`
    /// decodes them (`+` stays `+`); an item without `=` has no value. Read by hand: the
    /// local backend reads a query at launch, and `URLComponents` is Foundation's URL parser.
    package var queryItems: [(name: String, value: String?)] {
        guard let mark = path.firstIndex(of: "?"), path.index(after: mark) < path.endIndex else { return [] }
        return path[path.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (percentDecoded(item) ?? String(item), nil) }
            let name = item[..<equals]
            let value = item[item.index(after: equals)...]
            return (percentDecoded(name) ?? String(name), percentDecoded(value) ?? String(value))
        }
    }
}

/// A complete HTTP response, whatever its status.
package struct ParraAPIRawResponse: Sendable, Hashable {
    /// The status code.
    package var status: Int
    /// Headers, names lower-cased.
    package var headers: [String: String]
    /// The body, never larger than the transport's cap.
    package var body: [UInt8]

    /// A response; header names are lower-cased.
    package init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The header `name` (any case).
    package func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The media type of `Content-Type`, lower-cased, without parameters or the spaces and
    /// tabs around it (HTTP's optional white space). Trimmed byte by byte: Foundation's
    /// `trimmingCharacters(in:)` goes through `NSString`, three conformance searches of every
    /// loaded library on the launch's first answer.
    package var mediaType: String? {
        header("content-type").map { value in
            func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            var type = value.utf8.prefix { $0 != UInt8(ascii: ";") }
            while let first = type.first, isSpace(first) { type = type.dropFirst() }
            while let last = type.last, isSpace(last) { type = type.dropLast() }
            return String(Substring(type)).lowercased()
        }
    }

    /// Whether `Content-Type` says JSON (`application/json` or `application/*+json`).
    package var isJSON: Bool {
        guard let mediaType else { return false }
        return mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
    }
}

/// Moves one request to a backend and back, once: no retries, no auth. Calls `completion`
/// exactly once, within the request's timeout.
package protocol ParraAPITransport: Sendable {
    /// Sends `request`.
    func perform(
        _ request: ParraAPIOutgoingRequest,
        completion: @escaping @Sendable (Result<ParraAPIRawResponse, ParraAPIError.Kind>) -> Void)
    /// Releases what the transport holds (connections); later calls may fail.
    func invalidate()
}
