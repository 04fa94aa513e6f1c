import Foundation
import FoundationNetworking
import ParraTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("LoopbackHTTPServer: a fault-injecting HTTP server on 127.0.0.1")
struct LoopbackHTTPServerTests {
    /// The shortest client timeout that works on Linux: swift-corelibs-foundation arms its
    /// timeout timer with `Int(timeoutInterval) * 1000` ms, so 0.5 s becomes 0 ms and the task
    /// fails with `.timedOut` before the request is even sent.
    static let shortClientTimeout: TimeInterval = 1

    // MARK: Round trips

    @Test("GET: the client gets the answer, the server records method, path with query and headers")
    func getRoundTrip() async throws {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, #"{"ok":true}"#) }
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        var request = URLRequest(url: URL(string: "tenants/t/app-info?version_token=x", relativeTo: server.baseURL)!)
        request.setValue("Bearer abc", forHTTPHeaderField: "Authorization")
        request.setValue("yes", forHTTPHeaderField: "X-Parra-Test")
        let (data, response) = try await client.fetch(request).get()

        #expect(response.statusCode == 200)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)

        let received = server.requests
        try #require(received.count == 1)
        #expect(received[0].method == "GET")
        #expect(received[0].path == "/v1/tenants/t/app-info?version_token=x")
        #expect(received[0].header("authorization") == "Bearer abc")
        #expect(received[0].header("X-PARRA-TEST") == "yes")
        #expect(received[0].headers["x-parra-test"] == "yes")
        #expect(received[0].headers.keys.allSatisfy { $0 == $0.lowercased() })
        #expect(received[0].header("host") == "127.0.0.1:\(server.port)")
        #expect(received[0].body.isEmpty)
        #expect(server.baseURL.absoluteString == "http://127.0.0.1:\(server.port)/v1/")
    }

    @Test("POST: the body and its headers reach the server, the answer's body the client")
    func postRoundTrip() async throws {
        let server = try LoopbackHTTPServer { request in
            .respond(status: 201, headers: ["X-Echo-Length": "\(request.body.count)"], body: request.body)
        }
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        let payload = Data(#"{"name":"parra","values":[1,2,3]}"#.utf8)
        var request = URLRequest(url: server.baseURL.appendingPathComponent("sessions"))
        request.httpMethod = "POST"
        request.httpBody = payload
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (data, response) = try await client.fetch(request).get()

        #expect(response.statusCode == 201)
        #expect(response.value(forHTTPHeaderField: "X-Echo-Length") == "\(payload.count)")
        #expect(data == payload)
        let received = server.requests
        try #require(received.count == 1)
        #expect(received[0].method == "POST")
        #expect(received[0].path == "/v1/sessions")
        #expect(received[0].body == payload)
        #expect(received[0].header("Content-Type") == "application/json")
        #expect(received[0].header("content-length") == "\(payload.count)")
    }

    @Test("a 3 MiB POST from URLSession (which sends Expect: 100-continue) arrives whole")
    func largePost() async throws {
        let server = try LoopbackHTTPServer { request in .respond(status: 200, body: Data("\(request.body.count)".utf8))
        }
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        let payload = Data((0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        var request = URLRequest(url: server.baseURL.appendingPathComponent("upload"))
        request.httpMethod = "POST"
        request.httpBody = payload
        let (data, response) = try await client.fetch(request).get()
        #expect(response.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "\(payload.count)")
        #expect(server.requests.first?.body == payload)
    }

    @Test("stop() called from a handler does not deadlock")
    func stopFromHandler() throws {
        let box = ServerBox()
        let server = try LoopbackHTTPServer { _ in
            box.server?.stop()
            return .respond(status: 200)
        }
        box.server = server
        defer {
            server.stop()
            box.server = nil
        }
        let socket = try RawSocket(port: server.port)
        defer { socket.close() }
        try socket.send("GET /v1/stop HTTP/1.1\r\nHost: x\r\n\r\n")
        // The answer may or may not make it out; the connection must end either way.
        _ = try? socket.readToEnd()
        #expect(server.requests.count == 1)
    }

    @Test("a script answers in order and repeats its last response")
    func scriptOrder() async throws {
        let server = try LoopbackHTTPServer(script: [
            .respond(status: 201), .respond(status: 202, body: Data("two".utf8)), .json(status: 203, "[]"),
        ])
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        var statuses: [Int] = []
        for index in 0..<5 {
            let (_, response) = try await client.fetch(
                URLRequest(url: server.baseURL.appendingPathComponent("n\(index)"))
            )
            .get()
            statuses.append(response.statusCode)
        }
        #expect(statuses == [201, 202, 203, 203, 203])
        #expect(server.requests.map(\.path) == (0..<5).map { "/v1/n\($0)" })
    }

    @Test("500 and 429 with Retry-After reach the client as answers, not errors")
    func errorStatuses() async throws {
        let server = try LoopbackHTTPServer(script: [
            .respond(status: 500, body: Data("boom".utf8)),
            .respond(status: 429, headers: ["Retry-After": "7"], body: Data("slow down".utf8)),
        ])
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        let (body500, response500) = try await client.fetch(URLRequest(url: server.baseURL)).get()
        #expect(response500.statusCode == 500)
        #expect(String(decoding: body500, as: UTF8.self) == "boom")

        let (body429, response429) = try await client.fetch(URLRequest(url: server.baseURL)).get()
        #expect(response429.statusCode == 429)
        #expect(response429.value(forHTTPHeaderField: "Retry-After") == "7")
        #expect(String(decoding: body429, as: UTF8.self) == "slow down")
    }

    // MARK: Faults

    @Test("delay past the client's timeout gives a timeout error")
    func delayTimesOut() async throws {
        let server = try LoopbackHTTPServer(script: [.delay(30, then: .respond(status: 200))])
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        var request = URLRequest(url: server.baseURL.appendingPathComponent("slow"))
        request.timeoutInterval = Self.shortClientTimeout
        let result = await client.fetch(request)
        #expect((result.error as? URLError)?.code == .timedOut, "\(result)")
        try await eventually("the server received the request") { server.requests.map(\.path) == ["/v1/slow"] }
    }

    @Test("a short delay still answers")
    func shortDelayAnswers() async throws {
        let server = try LoopbackHTTPServer(script: [.delay(0.05, then: .json(status: 200, "{}"))])
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        let (data, response) = try await client.fetch(URLRequest(url: server.baseURL)).get()
        #expect(response.statusCode == 200)
        #expect(data == Data("{}".utf8))
    }

    @Test("silent: the request is read, never answered, and the client times out")
    func silentTimesOut() async throws {
        let server = try LoopbackHTTPServer(script: [.silent])
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        var request = URLRequest(url: server.baseURL.appendingPathComponent("void"))
        request.timeoutInterval = Self.shortClientTimeout
        let result = await client.fetch(request)
        #expect((result.error as? URLError)?.code == .timedOut, "\(result)")
        try await eventually("the server received the request") { server.requests.map(\.path) == ["/v1/void"] }
    }

    @Test("dropConnection gives a network error")
    func dropConnectionFails() async throws {
        let server = try LoopbackHTTPServer(script: [.dropConnection])
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        var request = URLRequest(url: server.baseURL.appendingPathComponent("gone"))
        request.timeoutInterval = 10
        let result = await client.fetch(request)
        let error = try #require(result.error as? URLError, "\(result)")
        #expect(error.code != .timedOut)
        #expect(server.requests.first?.path == "/v1/gone")
    }

    @Test("truncatedBody gives an error or fewer bytes than announced")
    func truncatedBodyFails() async throws {
        let server = try LoopbackHTTPServer(script: [
            .truncatedBody(status: 200, declaredLength: 100, body: Data("0123456789".utf8))
        ])
        defer { server.stop() }
        let client = Client()
        defer { client.close() }

        var request = URLRequest(url: server.baseURL)
        request.timeoutInterval = 10
        switch await client.fetch(request) {
        case .failure(let error):
            #expect(error is URLError, "\(error)")
            #expect((error as? URLError)?.code != .timedOut)
        case .success(let (data, _)):
            #expect(data.count < 100)
        }
    }

    @Test("stop() with a silent connection open returns, and the waiting client sees the connection close")
    func stopWithSilentConnection() async throws {
        let server = try LoopbackHTTPServer(script: [.silent])
        // A raw socket, not URLSession: the test is about the server, and a URLSession task
        // may not reach it in time on a loaded machine.
        let socket = try RawSocket(port: server.port)
        defer { socket.close() }
        try socket.send("GET /hang HTTP/1.1\r\nHost: x\r\n\r\n")

        // Wait (bounded) until the server has read the request.
        try await eventually("the server received the request") { server.requests.count == 1 }

        let stopped = DispatchSemaphore(value: 0)
        Thread {
            server.stop()
            server.stop()  // idempotent
            stopped.signal()
        }.start()
        #expect(await wait(for: stopped, upTo: 20), "stop() did not return")
        #expect(try socket.readToEnd().isEmpty, "stop() should close the silent connection")
    }

    // MARK: Raw HTTP/1.1

    @Test("two requests on one connection (keep-alive), then Connection: close closes it")
    func keepAlive() throws {
        let server = try LoopbackHTTPServer { request in
            .respond(status: 200, body: Data("answer to \(request.path)".utf8))
        }
        defer { server.stop() }
        let socket = try RawSocket(port: server.port)
        defer { socket.close() }

        try socket.send("GET /v1/one HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let first = try socket.readResponse()
        #expect(first.status == 200)
        #expect(first.headers["connection"] == "keep-alive")
        #expect(first.body == Data("answer to /v1/one".utf8))

        try socket.send("POST /v1/two HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 3\r\n\r\nabc")
        let second = try socket.readResponse()
        #expect(second.body == Data("answer to /v1/two".utf8))

        try socket.send("GET /v1/three HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let third = try socket.readResponse()
        #expect(third.headers["connection"] == "close")
        #expect(third.body == Data("answer to /v1/three".utf8))
        #expect(try socket.readToEnd().isEmpty, "the server should close after Connection: close")

        #expect(server.requests.map(\.path) == ["/v1/one", "/v1/two", "/v1/three"])
        #expect(server.requests[1].body == Data("abc".utf8))
        #expect(server.connectionCount == 1)
    }

    @Test("pipelined requests are answered in order")
    func pipelined() throws {
        let server = try LoopbackHTTPServer { request in .respond(status: 200, body: Data(request.path.utf8)) }
        defer { server.stop() }
        let socket = try RawSocket(port: server.port)
        defer { socket.close() }

        try socket.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try socket.readResponse().body == Data("/a".utf8))
        #expect(try socket.readResponse().body == Data("/b".utf8))
    }

    @Test("a chunked request body is decoded")
    func chunkedBody() throws {
        let server = try LoopbackHTTPServer(script: [.respond(status: 204)])
        defer { server.stop() }
        let socket = try RawSocket(port: server.port)
        defer { socket.close() }

        try socket.send(
            "PUT /v1/blob HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\nX-Trailer: t\r\n\r\n")
        let response = try socket.readResponse()
        #expect(response.status == 204)
        #expect(server.requests.first?.body == Data("hello, world".utf8))
        #expect(server.requests.first?.method == "PUT")
    }

    @Test("a request over 16 MiB is answered 413 and closed")
    func tooLarge() throws {
        let server = try LoopbackHTTPServer(script: [.respond(status: 200)])
        defer { server.stop() }
        let socket = try RawSocket(port: server.port)
        defer { socket.close() }

        try socket.send("POST /v1/big HTTP/1.1\r\nHost: x\r\nContent-Length: \(17 * 1024 * 1024)\r\n\r\n")
        let response = try socket.readResponse()
        #expect(response.status == 413)
        #expect(response.headers["connection"] == "close")
        #expect(try socket.readToEnd().isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test("Expect: 100-continue gets an interim answer before the body is sent")
    func expectContinue() throws {
        let server = try LoopbackHTTPServer { request in .respond(status: 200, body: request.body) }
        defer { server.stop() }
        let socket = try RawSocket(port: server.port)
        defer { socket.close() }

        try socket.send("POST /v1/up HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
        let interim = try socket.readResponse()
        #expect(interim.status == 100)
        try socket.send("data")
        let final = try socket.readResponse()
        #expect(final.status == 200)
        #expect(final.body == Data("data".utf8))
    }

    @Test("a malformed request line is answered 400")
    func malformed() throws {
        let server = try LoopbackHTTPServer(script: [.respond(status: 200)])
        defer { server.stop() }
        let socket = try RawSocket(port: server.port)
        defer { socket.close() }

        try socket.send("NONSENSE\r\n\r\n")
        #expect(try socket.readResponse().status == 400)
        #expect(server.requests.isEmpty)
    }

    @Test("a server dropped without stop() stops in deinit")
    func deinitStops() throws {
        var server: LoopbackHTTPServer? = try LoopbackHTTPServer(script: [.silent])
        let socket = try RawSocket(port: server!.port)
        defer { socket.close() }
        try socket.send("GET /v1/x HTTP/1.1\r\nHost: x\r\n\r\n")
        // Make sure the request was read before dropping the server.
        try #require(waitUntil { !server!.requests.isEmpty })
        try #require(server!.requests.count == 1)
        server = nil
        #expect(try socket.readToEnd().isEmpty, "deinit should close the silent connection")
    }
}

// MARK: Helpers

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Polls `condition` every 10 ms for at most `seconds`; fails the test if it never holds.
private func eventually(
    _ what: String, upTo seconds: TimeInterval = 20, _ condition: () -> Bool
) async throws {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while !condition() {
        guard Date() < deadline else {
            Issue.record("timed out waiting: \(what)")
            throw CancellationError()
        }
        try await Task.sleep(nanoseconds: 10_000_000)
    }
}

/// Waits for `semaphore` off the cooperative pool; false if it was not signalled in time.
private func wait(for semaphore: DispatchSemaphore, upTo seconds: TimeInterval) async -> Bool {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: semaphore.wait(timeout: .now() + seconds) == .success)
        }
    }
}

/// Lets a handler reach its own server.
private final class ServerBox: @unchecked Sendable {
    var server: LoopbackHTTPServer?
}

/// A URLSession of its own for one test.
private final class Client: @unchecked Sendable {
    let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        session = URLSession(configuration: configuration)
    }

    func fetch(_ request: URLRequest) async -> Result<(Data, HTTPURLResponse), Error> {
        await withCheckedContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(returning: .failure(error))
                } else if let response = response as? HTTPURLResponse {
                    continuation.resume(returning: .success((data ?? Data(), response)))
                } else {
                    continuation.resume(returning: .failure(URLError(.badServerResponse)))
                }
            }.resume()
        }
    }

    func close() {
        session.invalidateAndCancel()
    }
}

/// A plain TCP client for what URLSession does not let a test control.
private final class RawSocket {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Response {
        let status: Int
        let headers: [String: String]
        let body: Data
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        // Every read is bounded.
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw Failure(description: "connect failed: errno \(errno)")
        }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Reads one response (status line, headers, Content-Length body).
    func readResponse() throws -> Response {
        var headerEnd: Int?
        while headerEnd == nil {
            headerEnd = Self.find([13, 10, 13, 10], in: buffer)
            if headerEnd == nil { guard try receive() else { throw Failure(description: "closed before headers") } }
        }
        let head = String(decoding: buffer[..<headerEnd!], as: UTF8.self)
        buffer.removeFirst(headerEnd! + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(head)")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        while buffer.count < length {
            guard try receive() else { throw Failure(description: "closed inside the body") }
        }
        let body = Data(buffer[..<length])
        buffer.removeFirst(length)
        return Response(status: status, headers: headers, body: body)
    }

    /// Everything until the server closes the connection.
    func readToEnd() throws -> Data {
        while try receive() {}
        defer { buffer.removeAll() }
        return Data(buffer)
    }

    /// False at end of stream; throws on error (including the receive timeout).
    private func receive() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer += chunk[..<count]
                return true
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            if errno == ECONNRESET { return false }
            throw Failure(description: "recv failed: errno \(errno)")
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where Array(haystack[index..<(index + needle.count)]) == needle
        {
            return index
        }
        return nil
    }

    func close() {
        guard !closed else { return }
        closed = true
        Glibc.close(fd)
    }
}
