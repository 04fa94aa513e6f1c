import Foundation

/// One request as the API client hands it over: all headers set, path relative to the base.
struct TransportRequest: Sendable {
    /// HTTP method, upper case.
    var method: String
    /// Path relative to the base URL, with its query.
    var path: String
    /// Every header.
    var headers: [String: String]
    /// The body, if any.
    var body: Data?
    /// Seconds the whole exchange may take.
    var timeout: TimeInterval
}
