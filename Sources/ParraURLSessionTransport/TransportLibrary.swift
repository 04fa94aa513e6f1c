import Foundation

/// What `parra_urlsession_perform` calls once, from any thread, with: the context it was
/// given; 0 for a response, else the failure's `TransportFailure.code`; the status; the headers
/// as `name NUL value NUL` pairs and their length; the body (for a failure, its text) and its
/// length; a failure's two counts (declared and received, or the limit); its seconds. The
/// bytes are lent for the call only.
public typealias ParraURLSessionCompletion =
    @convention(c) (
        UnsafeMutableRawPointer?, Int32, Int, UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int, Int, Int, Double
    ) -> Void

/// Makes a transport for the server at `baseURL` (a NUL-terminated URL ending with `/`) that
/// accepts bodies up to `maxBodyBytes`; NULL when the URL does not parse. The caller owns it.
@_cdecl("parra_urlsession_create")
public func parraURLSessionCreate(_ baseURL: UnsafePointer<CChar>, _ maxBodyBytes: Int) -> UnsafeMutableRawPointer? {
    guard let url = URL(string: String(cString: baseURL)) else { return nil }
    return Unmanaged.passRetained(URLSessionTransport(baseURL: url, maxBodyBytes: maxBodyBytes)).toOpaque()
}

/// Sends one request (`method`, `path` relative to the base, headers as `name NUL value NUL`
/// pairs, the body when `hasBody`, the whole exchange within `timeout` seconds) and calls
/// `completion` with `context` exactly once.
@_cdecl("parra_urlsession_perform")
public func parraURLSessionPerform(
    _ transport: UnsafeMutableRawPointer, _ method: UnsafePointer<CChar>, _ path: UnsafePointer<CChar>,
    _ headers: UnsafePointer<UInt8>?, _ headersLength: Int, _ body: UnsafePointer<UInt8>?, _ bodyLength: Int,
    _ hasBody: Bool, _ timeout: Double, _ context: UnsafeMutableRawPointer?,
    _ completion: ParraURLSessionCompletion
) {
    var fields: [String: String] = [:]
    if let headers {
        let parts = UnsafeBufferPointer(start: headers, count: headersLength).split(
            separator: 0, omittingEmptySubsequences: false)
        var index = 0
        while index + 1 < parts.count {
            fields[String(decoding: parts[index], as: UTF8.self)] = String(decoding: parts[index + 1], as: UTF8.self)
            index += 2
        }
    }
    let request = TransportRequest(
        method: String(cString: method), path: String(cString: path), headers: fields,
        body: hasBody ? (body.map { Data(bytes: $0, count: bodyLength) } ?? Data()) : nil, timeout: timeout)
    let owner = UInt(bitPattern: context)
    Unmanaged<URLSessionTransport>.fromOpaque(transport).takeUnretainedValue().perform(request) { outcome in
        let context = UnsafeMutableRawPointer(bitPattern: owner)
        switch outcome {
        case .success(let response):
            var headerBytes: [UInt8] = []
            for (name, value) in response.headers {
                headerBytes += Array(name.utf8) + [0] + Array(value.utf8) + [0]
            }
            headerBytes.withUnsafeBufferPointer { headers in
                response.body.withUnsafeBytes { body in
                    completion(
                        context, 0, response.status, headers.baseAddress, headers.count,
                        body.baseAddress?.assumingMemoryBound(to: UInt8.self), body.count, 0, 0, 0)
                }
            }
        case .failure(let failure):
            var text = ""
            var counts = (0, 0)
            var seconds = 0.0
            switch failure {
            case .timedOut(let limit): seconds = limit
            case .network(let message): text = message
            case .truncatedBody(let declared, let received): counts = (declared, received)
            case .bodyTooLarge(let limit): counts = (limit, 0)
            case .invalidRequest(let reason): text = reason
            }
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                completion(
                    context, failure.code, 0, nil, 0, bytes.baseAddress, bytes.count, counts.0, counts.1, seconds)
            }
        }
    }
}

/// Cancels what `transport` is sending and lets its session go; later requests fail.
@_cdecl("parra_urlsession_invalidate")
public func parraURLSessionInvalidate(_ transport: UnsafeMutableRawPointer) {
    Unmanaged<URLSessionTransport>.fromOpaque(transport).takeUnretainedValue().invalidate()
}

/// Lets go of a transport `parra_urlsession_create` made.
@_cdecl("parra_urlsession_release")
public func parraURLSessionRelease(_ transport: UnsafeMutableRawPointer) {
    Unmanaged<URLSessionTransport>.fromOpaque(transport).release()
}
