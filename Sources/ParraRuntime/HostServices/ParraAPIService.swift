import Foundation

/// A request a module sends to the Parra API through the host.
package struct APIRequest: Sendable, Hashable {
    /// HTTP method.
    package let method: String
    /// Path relative to the API base URL; may carry a query.
    package let path: String
    /// JSON body, if any.
    package let body: Data?
    /// Seconds, or nil for the service's default.
    package let timeout: TimeInterval?

    /// A request.
    package init(method: String, path: String, body: Data? = nil, timeout: TimeInterval? = nil) {
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
    package let body: Data

    /// A response.
    package init(status: Int, body: Data) {
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
        guard path.contains("{tenantId}") || path.contains("{applicationId}") else { return path }
        guard let identity = appIdentity else { return nil }
        return path.replacingOccurrences(of: "{tenantId}", with: percentEncodedPathSegment(identity.tenantId))
            .replacingOccurrences(of: "{applicationId}", with: percentEncodedPathSegment(identity.applicationId))
    }
}

/// `text` percent-encoded for use as one URL path segment: each UTF-8 byte other than RFC 3986's
/// unreserved characters, its sub-delimiters but `;`, `:` and `@` (Foundation's
/// `.urlPathAllowed` less `/`) becomes `%XX`, the bytes `addingPercentEncoding` writes. Written out because
/// Foundation's version goes through `NSString`, three protocol conformance searches of every
/// loaded library on the launch's first request.
package func percentEncodedPathSegment(_ text: String) -> String {
    guard !text.utf8.allSatisfy(isPathSegmentByte) else { return text }
    let hexDigits = Array("0123456789ABCDEF".utf8)
    var encoded: [UInt8] = []
    encoded.reserveCapacity(text.utf8.count * 3)
    for byte in text.utf8 {
        if isPathSegmentByte(byte) {
            encoded.append(byte)
        } else {
            encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
        }
    }
    return String(decoding: encoded, as: UTF8.self)
}

/// Whether `byte` stands for itself in a path segment: `A-Z a-z 0-9 - . _ ~ ! $ & ' ( ) * + , = : @`.
private func isPathSegmentByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"):
        return true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
        UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
        UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "="),
        UInt8(ascii: ":"), UInt8(ascii: "@"):
        return true
    default:
        return false
    }
}
