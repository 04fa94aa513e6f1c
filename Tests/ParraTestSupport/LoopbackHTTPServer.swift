import Foundation

/// A small HTTP/1.1 server on 127.0.0.1 for tests, able to inject faults.
///
/// It binds the loopback address only (never 0.0.0.0) on a port the kernel picks, and serves
/// every connection on a thread of its own. Requests are parsed as HTTP/1.1 (Content-Length and
/// chunked bodies, keep-alive, `Connection: close`, `Expect: 100-continue`); a request larger than
/// 16 MiB is answered 413 and its connection closed.
///
/// Tests should call `stop()` when done (deinit does it too, but a handler that captures the
/// server keeps it alive). Every blocking wait inside the server is bounded: `stop()` shuts every
/// socket down, which wakes the accept thread and every connection, including silent ones and
/// ones sleeping in `.delay`.
package final class LoopbackHTTPServer: @unchecked Sendable {
    /// One request as received.
    package struct Request: Sendable, Hashable {
        /// The method as sent, e.g. "GET".
        package let method: String
        /// The request target with its query, e.g. "/v1/tenants/t/app-info?version_token=x".
        package let path: String
        /// The header fields, names lowercased; repeated fields are joined with ", ".
        package let headers: [String: String]
        /// The body (a chunked body is decoded).
        package let body: Data

        /// A request; header names are lowercased (repeated ones joined with ", ").
        package init(method: String, path: String, headers: [String: String] = [:], body: Data = Data()) {
            self.method = method
            self.path = path
            self.headers = Dictionary(
                headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { "\($0), \($1)" })
            self.body = body
        }

        /// The value of header `name`, whatever its case.
        package func header(_ name: String) -> String? {
            headers[name.lowercased()]
        }
    }

    /// What the server does with a request.
    package indirect enum Response: Sendable {
        /// An answer with a Content-Length body. `Content-Length`, `Connection` and
        /// `Transfer-Encoding` in `headers` are replaced by the server's own, except that
        /// `Connection: close` is honoured (the connection closes after this answer).
        case respond(status: Int, headers: [String: String] = [:], body: Data = Data())
        /// An answer with `Content-Type: application/json` and `text` as its body.
        case json(status: Int, _ text: String)
        /// Waits (until `stop()` at the latest), then does `then`.
        case delay(TimeInterval, then: Response)
        /// Reads the request and never answers; the connection stays open until the client
        /// hangs up or the server stops.
        case silent
        /// Closes the socket without answering.
        case dropConnection
        /// Sends headers announcing `declaredLength` body bytes, then `body` (meant to be
        /// shorter), then closes the connection.
        case truncatedBody(status: Int, declaredLength: Int, body: Data)
        /// Sends a body of up to `total` bytes, `chunk` at a time, with no length: chunked, or
        /// else ended by closing the connection; stops early when the client hangs up.
        /// `streamedBodyBytes` counts what was sent.
        case stream(status: Int, chunk: Data, total: Int, chunked: Bool)
    }

    /// Why the server could not start.
    package struct StartError: Error, CustomStringConvertible {
        package let description: String

        package init(_ description: String) {
            self.description = description
        }
    }

    private let core: LoopbackHTTPCore

    /// Binds 127.0.0.1 on a free port (port 0) and starts serving; `handler` is called for each
    /// request on a server thread.
    package init(handler: @escaping @Sendable (Request) -> Response) throws {
        core = try LoopbackHTTPCore(handler: handler)
        core.start()
    }

    /// Convenience: answers from a script, one response per request in order, repeating the
    /// last. An empty script answers 500 to everything.
    package convenience init(script: [Response]) throws {
        let script = LoopbackHTTPScript(script)
        try self.init(handler: { _ in script.next() })
    }

    deinit {
        core.stop()
    }

    /// The port the server listens on.
    package var port: UInt16 { core.port }

    /// "http://127.0.0.1:<port>/v1/"
    package var baseURL: URL {
        URL(string: "http://127.0.0.1:\(port)/v1/")!
    }

    /// Every request received so far, in arrival order (thread-safe). A request is recorded
    /// once fully read, before its handler runs.
    package var requests: [Request] { core.receivedRequests }

    /// How many body bytes `.stream` answers have sent so far (thread-safe).
    package var streamedBodyBytes: Int { core.streamedBodyBytes }

    /// How many TCP connections the server has accepted so far (to check keep-alive reuse).
    package var connectionCount: Int { core.acceptedConnections }

    /// Stops accepting, closes every open connection (including silent ones), joins its
    /// threads (waiting at most a few seconds for a handler that does not return). Idempotent;
    /// also done in deinit. Called from a handler, it does not wait for the server's threads.
    package func stop() {
        core.stop()
    }
}

/// The responses of `init(script:)`, handed out in order.
final class LoopbackHTTPScript: @unchecked Sendable {
    private let lock = NSLock()
    private let responses: [LoopbackHTTPServer.Response]
    private var nextIndex = 0

    init(_ responses: [LoopbackHTTPServer.Response]) {
        self.responses = responses
    }

    func next() -> LoopbackHTTPServer.Response {
        lock.withLock {
            guard !responses.isEmpty else {
                return .respond(status: 500, body: Data("LoopbackHTTPServer: empty script".utf8))
            }
            let response = responses[min(nextIndex, responses.count - 1)]
            nextIndex += 1
            return response
        }
    }
}
