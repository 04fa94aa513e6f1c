import FoundationEssentials

/// A request a module sends to the Parra API through the host.
package struct APIRequest: Sendable, Hashable {
    /// HTTP method.
    package let method: String
    /// Path relative to the API base URL; may carry a query.
    package let path: String
    /// JSON body, if any.
    package let body: [UInt8]?
    /// Seconds, or nil for the service's default.
    package let timeout: TimeInterval?

    /// A request.
    package init(method: String, path: String, body: [UInt8]? = nil, timeout: TimeInterval? = nil) {
        self.method = method
        self.path = path
        self.body = body
        self.timeout = timeout
    }
}

/// An HTTP response, whatever its status.
package struct APIResponse: Sendable, Hashable {
    /// The HTTP status code.
    package let status: Int
    /// The body.
    package let body: [UInt8]

    /// A response.
    package init(status: Int, body: [UInt8]) {
        self.status = status
        self.body = body
    }
}

/// Why no HTTP response arrived.
package struct APIServiceError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    package let description: String

    /// An error saying `description`.
    package init(_ description: String) { self.description = description }
}

/// The host's client for the Parra API, shared by every module so that each gets the same
/// headers, retries and timeouts.
package protocol ParraAPIService: Sendable {
    /// Sends `request` and calls `completion` exactly once, on any thread but the main one.
    func send(_ request: APIRequest, completion: @escaping @Sendable (Result<APIResponse, APIServiceError>) -> Void)
    /// The tenant and application requests are made for, which fill a module's "{tenantId}"
    /// and "{applicationId}" path placeholders; nil when the service has no app identity.
    var appIdentity: (tenantId: String, applicationId: String)? { get }
}

extension ParraAPIService {
    /// No app identity, unless the service says otherwise.
    package var appIdentity: (tenantId: String, applicationId: String)? { nil }

    /// `path` with its "{tenantId}" and "{applicationId}" placeholders filled in, each as one
    /// percent-encoded path segment; nil when it has placeholders and there is no identity.
    func fillingPlaceholders(_ path: String) -> String? {
        var lacksIdentity = false
        let filled = replacingPlaceholders(in: path) { name in
            guard name == "tenantId" || name == "applicationId" else { return nil }
            guard let identity = appIdentity else {
                lacksIdentity = true
                return nil
            }
            return percentEncodedPathSegment(name == "tenantId" ? identity.tenantId : identity.applicationId)
        }
        return lacksIdentity ? nil : filled
    }
}

/// `template` with each `{name}` that `value(name)` answers replaced by the answer; the others
/// stay as written. Scans the text itself: `String.replacing` and `contains` would bring in
/// `_StringProcessing`'s searchers, code a launch otherwise never touches.
private func replacingPlaceholders(in template: String, _ value: (Substring) -> String?) -> String {
    var filled = ""
    var rest = template[...]
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
        // Substrings appended as such: `+=` took the generic sequence path.
        filled.append(contentsOf: rest[..<open])
        if let replacement = value(rest[rest.index(after: open)..<close]) {
            filled += replacement
        } else {
            filled.append(contentsOf: rest[open...close])
        }
        rest = rest[rest.index(after: close)...]
    }
    filled.append(contentsOf: rest)
    return filled
}
