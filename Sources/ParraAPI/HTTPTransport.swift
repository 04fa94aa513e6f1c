import FoundationEssentials

/// Sends requests to an HTTP(S) server with libcurl, in `libparra-http.so`
/// (`HTTPTransportLibrary`), loaded when the first transport is made.
///
/// Each exchange is bounded by the request's timeout as a whole, not only between packets.
/// Bodies are cut off at `maxBodyBytes` as they arrive, however they are framed (a length,
/// chunks, or until the connection closes): a declared `Content-Length` over the cap fails
/// before any of the body is read, and a body that grows past it ends the transfer at once. A
/// connection that closes before the declared length is a `truncatedBody`. Redirects to another
/// origin are not followed; within the origin, every one but a 303 keeps the method and body.
/// When the library cannot be loaded, every request fails with a network error that says why.
/// Sendable by hand: its fields are `let`s, and the library's transport it owns may be used from any thread.
package final class HTTPTransport: ParraAPITransport, @unchecked Sendable {
    /// The base every request path is resolved against; ends with `/`.
    package let baseURL: URL
    /// The largest body accepted, in bytes.
    package let maxBodyBytes: Int
    /// The library's transport, or why there is none.
    private let made: Result<(library: HTTPTransportLibrary, transport: UnsafeMutableRawPointer), ParraAPIError.Kind>

    /// A transport for the server at `baseURL`.
    package init(baseURL: URL, maxBodyBytes: Int = ParraAPIClient.defaultMaxBodyBytes) {
        self.baseURL = baseURL.absoluteString.hasSuffix("/") ? baseURL : URL(string: baseURL.absoluteString + "/")!
        self.maxBodyBytes = maxBodyBytes
        let base = self.baseURL.absoluteString
        made = HTTPTransportLibrary.shared.flatMap { library in
            guard let transport = library.create(base, maxBodyBytes) else {
                return .failure(.invalidRequest(reason: "\(base) is not an http or https URL"))
            }
            return .success((library, transport))
        }
    }

    deinit {
        if case .success(let made) = made { made.library.release(made.transport) }
    }

    package func perform(
        _ request: ParraAPIOutgoingRequest,
        completion: @escaping @Sendable (Result<ParraAPIRawResponse, ParraAPIError.Kind>) -> Void
    ) {
        let (library, transport): (HTTPTransportLibrary, UnsafeMutableRawPointer)
        switch made {
        case .success(let made): (library, transport) = made
        case .failure(let why): return completion(.failure(why))
        }
        var headers: [UInt8] = []
        for (name, value) in request.headers { headers += Array(name.utf8) + [0] + Array(value.utf8) + [0] }
        let context = Unmanaged.passRetained(PendingExchange(completion)).toOpaque()
        let body = request.body ?? []
        headers.withUnsafeBufferPointer { headers in
            body.withUnsafeBytes { body in
                library.perform(
                    transport, request.method, request.path, headers.baseAddress, headers.count,
                    body.baseAddress?.assumingMemoryBound(to: UInt8.self), body.count, request.body != nil,
                    request.timeout, context, completeExchange)
            }
        }
    }

    /// Ends what is running and fails every later request.
    package func invalidate() {
        if case .success(let made) = made { made.library.invalidate(made.transport) }
    }
}

/// A request's completion while the library has it.
private final class PendingExchange {
    let completion: @Sendable (Result<ParraAPIRawResponse, ParraAPIError.Kind>) -> Void
    init(_ completion: @escaping @Sendable (Result<ParraAPIRawResponse, ParraAPIError.Kind>) -> Void) {
        self.completion = completion
    }
}

/// What the library calls when an exchange ends: turns its C values back into the client's.
private let completeExchange: HTTPTransportLibrary.Completion = {
    context, code, status, headers, headersLength, body, bodyLength, first, second, seconds in
    let exchange = Unmanaged<PendingExchange>.fromOpaque(context!).takeRetainedValue()
    let bytes = body.map { Array(UnsafeBufferPointer(start: $0, count: bodyLength)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    switch code {
    case 0:
        var fields: [String: String] = [:]
        if let headers {
            let parts = UnsafeBufferPointer(start: headers, count: headersLength).split(
                separator: 0, omittingEmptySubsequences: false)
            var index = 0
            // A header that came more than once is one field, its values joined as HTTP allows.
            while index + 1 < parts.count {
                let name = String(decoding: parts[index], as: UTF8.self)
                let value = String(decoding: parts[index + 1], as: UTF8.self)
                fields[name] = fields[name].map { "\($0), \(value)" } ?? value
                index += 2
            }
        }
        exchange.completion(.success(ParraAPIRawResponse(status: status, headers: fields, body: bytes)))
    case 1: exchange.completion(.failure(.timedOut(seconds: seconds)))
    case 2: exchange.completion(.failure(.network(message: text)))
    case 3: exchange.completion(.failure(.truncatedBody(declared: first, received: second)))
    case 4: exchange.completion(.failure(.bodyTooLarge(limit: first)))
    default: exchange.completion(.failure(.invalidRequest(reason: text)))
    }
}
