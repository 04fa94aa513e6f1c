import Foundation

/// A request a module sends to the Parra API through the host.
public struct APIRequest: Sendable, Hashable {
    /// HTTP method.
    public let method: String
    /// Path relative to the API base URL; may carry a query.
    public let path: String
    /// JSON body, if any.
    public let body: Data?
    /// Seconds, or nil for the service's default.
    public let timeout: TimeInterval?

    /// A request.
    public init(method: String, path: String, body: Data? = nil, timeout: TimeInterval? = nil) {
        self.method = method
        self.path = path
        self.body = body
        self.timeout = timeout
    }
}

/// An HTTP response, whatever its status.
public struct APIResponse: Sendable, Hashable {
    /// The HTTP status code.
    public let status: Int
    /// The body.
    public let body: Data

    /// A response.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Why no HTTP response arrived.
public struct APIServiceError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// The host's client for the Parra API, shared by every module so that each gets the same
/// headers, retries and timeouts.
public protocol ParraAPIService: Sendable {
    /// Sends `request` and calls `completion` exactly once, on any thread but the main one.
    func send(_ request: APIRequest, completion: @escaping @Sendable (Result<APIResponse, APIServiceError>) -> Void)
}
