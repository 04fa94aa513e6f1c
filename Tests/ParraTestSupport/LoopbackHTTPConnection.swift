import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One accepted connection: reads HTTP/1.1 requests and answers them until either side closes.
/// Runs on its own thread; the caller closes the socket afterwards.
struct LoopbackHTTPConnection {
    typealias Request = LoopbackHTTPServer.Request
    typealias Response = LoopbackHTTPServer.Response

    let fd: Int32
    let core: LoopbackHTTPCore

    /// Received bytes; those before `start` are consumed.
    private var buffer: [UInt8] = []
    private var start = 0
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

    init(fd: Int32, core: LoopbackHTTPCore) {
        self.fd = fd
        self.core = core
    }

    private enum Outcome {
        case request(Request, keepAlive: Bool)
        /// The client hung up, the server stopped, or the socket failed.
        case closed
        /// Answer `status` and close.
        case refuse(status: Int, message: String)
    }

    private enum Line {
        case line([UInt8])
        case closed
        case tooLong
    }

    mutating func run() {
        while true {
            switch readRequest() {
            case .closed:
                return
            case .refuse(let status, let message):
                let head = Self.head(
                    status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
                    contentLength: message.utf8.count, close: true)
                if sendAll(head + Data(message.utf8)) { closeGracefully() }
                return
            case .request(let request, let keepAlive):
                core.record(request)
                let response = core.handler(request)
                guard answer(response, to: request, keepAlive: keepAlive) else { return }
            }
        }
    }

    // MARK: Answering

    /// Carries out `response`; true when the connection stays open for another request.
    private mutating func answer(_ response: Response, to request: Request, keepAlive: Bool) -> Bool {
        switch response {
        case .respond(let status, let headers, let body):
            let askedToClose = headers.contains {
                $0.key.lowercased() == "connection" && Self.tokens($0.value).contains("close")
            }
            let close = !keepAlive || askedToClose || core.isStopped
            let hasBody = !(100..<200).contains(status) && status != 204 && status != 304
            var bytes = Self.head(
                status: status, headers: headers, contentLength: hasBody ? body.count : nil, close: close)
            if hasBody && request.method.uppercased() != "HEAD" { bytes.append(body) }
            guard sendAll(bytes) else { return false }
            return !close
        case .json(let status, let text):
            return answer(
                .respond(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8)),
                to: request, keepAlive: keepAlive)
        case .delay(let interval, let then):
            guard core.sleep(interval) else { return false }
            return answer(then, to: request, keepAlive: keepAlive)
        case .silent:
            waitSilently()
            return false
        case .dropConnection:
            return false
        case .truncatedBody(let status, let declaredLength, let body):
            let head = Self.head(status: status, headers: [:], contentLength: declaredLength, close: true)
            _ = sendAll(head + body)
            _ = shutdown(fd, Int32(SHUT_WR))
            return false
        case .stream(let status, let chunk, let total, let chunked):
            var head = Self.head(status: status, headers: [:], contentLength: nil, close: true)
            if chunked {
                head.removeLast(2)
                head.append(Data("Transfer-Encoding: chunked\r\n\r\n".utf8))
            }
            guard sendAll(head) else { return false }
            let framed =
                chunked
                ? Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8) : chunk
            var sent = 0
            while sent < total, !core.isStopped, sendAll(framed) {
                sent += chunk.count
                core.countStreamed(chunk.count)
            }
            if chunked && sent >= total { _ = sendAll(Data("0\r\n\r\n".utf8)) }
            return false
        }
    }

    /// The status line and header section, ending with the empty line.
    private static func head(status: Int, headers: [String: String], contentLength: Int?, close: Bool) -> Data {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
        let replaced: Set<String> = ["content-length", "connection", "transfer-encoding"]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where !replaced.contains(name.lowercased()) {
            text += "\(name): \(value)\r\n"
        }
        if let contentLength { text += "Content-Length: \(contentLength)\r\n" }
        text += close ? "Connection: close\r\n" : "Connection: keep-alive\r\n"
        text += "\r\n"
        return Data(text.utf8)
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status \(status)"
        }
    }

    /// The comma-separated tokens of a header value, lowercased.
    private static func tokens(_ value: String) -> [String] {
        value.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    // MARK: Reading requests

    private mutating func readRequest() -> Outcome {
        let maxHeader = LoopbackHTTPCore.maxHeaderBytes
        var headerBytes = 0

        // The request line, skipping empty lines before it.
        var requestLine: [UInt8] = []
        while requestLine.isEmpty {
            switch readLine(limit: maxHeader - headerBytes) {
            case .closed: return .closed
            case .tooLong: return .refuse(status: 431, message: "request line too long")
            case .line(let line):
                requestLine = line
                headerBytes += line.count + 2
            }
            if headerBytes > maxHeader { return .refuse(status: 431, message: "header section too large") }
        }
        let parts = String(decoding: requestLine, as: UTF8.self).split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
            return .refuse(status: 400, message: "malformed request line")
        }
        let method = String(parts[0])
        let version = String(parts[2])
        var target = String(parts[1])
        if !target.hasPrefix("/"), let components = URLComponents(string: target), components.scheme != nil {
            // Absolute form ("http://host/path?query"): keep the origin form.
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            target = path + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        }

        // The header fields.
        var headers: [String: String] = [:]
        while true {
            let line: [UInt8]
            switch readLine(limit: maxHeader - headerBytes) {
            case .closed: return .closed
            case .tooLong: return .refuse(status: 431, message: "header section too large")
            case .line(let read): line = read
            }
            headerBytes += line.count + 2
            if headerBytes > maxHeader { return .refuse(status: 431, message: "header section too large") }
            if line.isEmpty { break }
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else {
                return .refuse(status: 400, message: "malformed header field")
            }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return .refuse(status: 400, message: "malformed header field") }
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }

        let connection = headers["connection"].map(Self.tokens) ?? []
        let keepAlive = version == "HTTP/1.0" ? connection.contains("keep-alive") : !connection.contains("close")
        let expectsContinue =
            version != "HTTP/1.0" && headers["expect"].map(Self.tokens)?.contains("100-continue") == true
        let budget = LoopbackHTTPCore.maxRequestBytes - headerBytes

        // The body.
        var body: [UInt8] = []
        if let encoding = headers["transfer-encoding"] {
            guard Self.tokens(encoding).last == "chunked" else {
                return .refuse(status: 501, message: "unsupported transfer-encoding \(encoding)")
            }
            if expectsContinue && !sendContinue() { return .closed }
            switch readChunkedBody(budget: budget) {
            case .success(let bytes): body = bytes
            case .failure(let failure): return failure.outcome
            }
        } else if let lengthText = headers["content-length"] {
            guard let length = Int(lengthText), length >= 0 else {
                return .refuse(status: 400, message: "bad content-length \(lengthText)")
            }
            guard length <= budget else {
                return .refuse(status: 413, message: "request larger than \(LoopbackHTTPCore.maxRequestBytes) bytes")
            }
            if length > 0 {
                if expectsContinue && !sendContinue() { return .closed }
                guard let bytes = readExactly(length) else { return .closed }
                body = bytes
            }
        }
        return .request(
            Request(method: method, path: target, headers: headers, body: Data(body)), keepAlive: keepAlive)
    }

    private struct BodyFailure: Error {
        let outcome: Outcome
    }

    private mutating func readChunkedBody(budget: Int) -> Result<[UInt8], BodyFailure> {
        let tooLarge = BodyFailure(
            outcome: .refuse(status: 413, message: "request larger than \(LoopbackHTTPCore.maxRequestBytes) bytes"))
        let malformed = BodyFailure(outcome: .refuse(status: 400, message: "malformed chunked body"))
        let closed = BodyFailure(outcome: .closed)
        var body: [UInt8] = []
        var used = 0
        while true {
            let sizeLine: [UInt8]
            switch readLine(limit: 1024) {
            case .closed: return .failure(closed)
            case .tooLong: return .failure(malformed)
            case .line(let line): sizeLine = line
            }
            used += sizeLine.count + 2
            let sizeText =
                String(decoding: sizeLine, as: UTF8.self)
                .split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else { return .failure(malformed) }
            if size == 0 { break }
            guard size <= budget - used else { return .failure(tooLarge) }
            guard let chunk = readExactly(size) else { return .failure(closed) }
            body += chunk
            used += size + 2
            switch readLine(limit: 2) {
            case .closed: return .failure(closed)
            case .tooLong: return .failure(malformed)
            case .line(let line): if !line.isEmpty { return .failure(malformed) }
            }
        }
        // Trailer fields, ignored, up to the empty line.
        while true {
            switch readLine(limit: LoopbackHTTPCore.maxHeaderBytes) {
            case .closed: return .failure(closed)
            case .tooLong: return .failure(tooLarge)
            case .line(let line):
                used += line.count + 2
                if used > budget { return .failure(tooLarge) }
                if line.isEmpty { return .success(body) }
            }
        }
    }

    private func sendContinue() -> Bool {
        sendAll(Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
    }

    // MARK: Sockets

    /// The next line without its CR LF (a bare LF ends a line too).
    private mutating func readLine(limit: Int) -> Line {
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                return .line(line)
            }
            scanned = buffer.count - start
            if scanned > limit { return .tooLong }
            guard fill() else { return .closed }
        }
    }

    private mutating func readExactly(_ count: Int) -> [UInt8]? {
        if buffer.count - start < count { buffer.reserveCapacity(start + count) }
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        return bytes
    }

    /// Receives more bytes into `buffer`; false on end of stream, error or stop. Each wait is a
    /// bounded poll, so a stop is noticed even if the shutdown(2) wake-up were missed.
    private mutating func fill() -> Bool {
        while true {
            if core.isStopped { return false }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, LoopbackHTTPCore.pollMilliseconds)
            if ready == 0 { continue }
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                if start > 0 && start * 2 >= buffer.count {
                    buffer.removeSubrange(0..<start)
                    start = 0
                }
                buffer.append(contentsOf: scratch[0..<count])
                return true
            }
            if count == 0 { return false }
            if errno == EINTR || errno == EAGAIN { continue }
            return false
        }
    }

    private func sendAll(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw -> Bool in
            guard var pointer = raw.baseAddress else { return true }
            var remaining = raw.count
            while remaining > 0 {
                // MSG_NOSIGNAL: a client that hung up gives EPIPE, not SIGPIPE.
                let sent = send(fd, pointer, remaining, Int32(MSG_NOSIGNAL))
                if sent > 0 {
                    pointer += sent
                    remaining -= sent
                } else if sent < 0 && errno == EINTR {
                    continue
                } else {
                    return false  // includes EAGAIN after SO_SNDTIMEO
                }
            }
            return true
        }
    }

    /// Reads and discards until the client hangs up or the server stops (for `.silent`).
    private mutating func waitSilently() {
        discardIncoming { _ in true }
    }

    /// After a refusal: stop sending, then read what the client still sends (at most 2 s or
    /// 32 MiB) so the kernel does not reset the connection before the client read the answer.
    private mutating func closeGracefully() {
        _ = shutdown(fd, Int32(SHUT_WR))
        let deadline = Date(timeIntervalSinceNow: 2)
        discardIncoming { drained in Date() < deadline && drained < 32 * 1024 * 1024 }
    }

    /// Reads and discards what the client sends while `keepGoing(bytes discarded so far)`
    /// holds, until the client hangs up, a read fails, or the server stops.
    private mutating func discardIncoming(while keepGoing: (Int) -> Bool) {
        var drained = 0
        while !core.isStopped && keepGoing(drained) {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, LoopbackHTTPCore.pollMilliseconds)
            if ready == 0 { continue }
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                drained += count
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                return
            }
        }
    }
}
