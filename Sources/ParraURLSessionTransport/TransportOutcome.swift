import Foundation

/// A complete HTTP response, whatever its status.
struct TransportResponse: Sendable {
    /// The status code.
    var status: Int
    /// Headers, names lower-cased.
    var headers: [String: String]
    /// The body, never larger than the transport's cap.
    var body: Data
}

/// Why an exchange produced no response: the API client's error kinds a transport can give,
/// each with the number the C interface passes for it (`code`).
enum TransportFailure: Error, Sendable {
    /// Nothing arrived within the request's timeout.
    case timedOut(seconds: Double)
    /// The connection failed.
    case network(message: String)
    /// The connection closed before the declared length.
    case truncatedBody(declared: Int, received: Int)
    /// The body is larger than the cap.
    case bodyTooLarge(limit: Int)
    /// The request cannot be sent.
    case invalidRequest(reason: String)

    /// The failure's number in `parra_urlsession_perform`'s completion (0 is success).
    var code: Int32 {
        switch self {
        case .timedOut: 1
        case .network: 2
        case .truncatedBody: 3
        case .bodyTooLarge: 4
        case .invalidRequest: 5
        }
    }
}
