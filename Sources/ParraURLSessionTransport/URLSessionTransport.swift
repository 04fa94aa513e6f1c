import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests to an HTTP(S) server with URLSession: the Parra API client's transport for
/// a remote backend, in a shared object of its own (see `TransportLibrary.swift`).
///
/// Each exchange is bounded by the request's timeout as a whole (a watchdog cancels it), not
/// only between packets. Bodies are streamed and cut off at `maxBodyBytes`: a declared
/// `Content-Length` over the cap fails before any of the body is read. A connection that closes
/// before the declared length is a `truncatedBody`. Redirects to another origin are not followed;
/// within the origin, every one but a 303 keeps the method and body.
/// Sendable by hand: `exchanges` and each exchange's state are behind `lock`, and `session` is set in `init`.
final class URLSessionTransport: NSObject, @unchecked Sendable {
    /// The base every request path is resolved against; ends with `/`.
    let baseURL: URL
    /// The largest body accepted, in bytes.
    let maxBodyBytes: Int

    private final class Exchange {
        let request: TransportRequest
        let completion: @Sendable (Result<TransportResponse, TransportFailure>) -> Void
        var response: HTTPURLResponse?
        var body = Data()
        var failure: TransportFailure?
        var finished = false
        weak var task: URLSessionTask?
        /// When the whole exchange, redirects included, must be over.
        let deadline: DispatchTime
        /// How many more redirects this exchange may follow.
        let redirectsLeft: Int
        /// A same-origin redirect the transport follows itself, to keep the method and body
        /// (URLSession would send the body nowhere).
        var followTo: URL?

        init(
            request: TransportRequest, deadline: DispatchTime, redirectsLeft: Int,
            completion: @escaping @Sendable (Result<TransportResponse, TransportFailure>) -> Void
        ) {
            self.request = request
            self.deadline = deadline
            self.redirectsLeft = redirectsLeft
            self.completion = completion
        }
    }

    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]
    private var session: URLSession!
    private let watchdogQueue = DispatchQueue(label: "io.parra.api.watchdog")

    /// A transport for the server at `baseURL`.
    init(baseURL: URL, maxBodyBytes: Int) {
        self.baseURL = baseURL.absoluteString.hasSuffix("/") ? baseURL : URL(string: baseURL.absoluteString + "/")!
        self.maxBodyBytes = maxBodyBytes
        super.init()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let queue = OperationQueue()
        queue.name = "io.parra.api.urlsession"
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    }

    func perform(
        _ request: TransportRequest,
        completion: @escaping @Sendable (Result<TransportResponse, TransportFailure>) -> Void
    ) {
        guard let url = URL(string: request.path, relativeTo: baseURL)?.absoluteURL else {
            completion(.failure(.invalidRequest(reason: "'\(request.path)' does not make a URL under \(baseURL)")))
            return
        }
        start(
            request, at: url, deadline: .now() + request.timeout, redirectsLeft: Self.maximumRedirects,
            completion: completion)
    }

    /// The most redirects one exchange follows.
    private static let maximumRedirects = 10

    /// Sends `request` to `url`, finishing by `deadline` at the latest.
    private func start(
        _ request: TransportRequest, at url: URL, deadline: DispatchTime, redirectsLeft: Int,
        completion: @escaping @Sendable (Result<TransportResponse, TransportFailure>) -> Void
    ) {
        var urlRequest = URLRequest(
            url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: max(0.001, request.timeout))
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let exchange = Exchange(
            request: request, deadline: deadline, redirectsLeft: redirectsLeft, completion: completion)
        let task = session.dataTask(with: urlRequest)
        exchange.task = task
        let id = task.taskIdentifier
        lock.withLock { exchanges[id] = exchange }
        watchdogQueue.asyncAfter(deadline: deadline) { [weak self] in
            self?.finish(id, failure: .timedOut(seconds: request.timeout))
        }
        task.resume()
    }

    /// Cancels what is running and lets the session go. (Not done in `deinit`: the session
    /// releases its delegate on its own queue, where invalidating again would deadlock.)
    func invalidate() {
        session.invalidateAndCancel()
    }

    /// Completes exchange `id` once, with `failure` or with what was received.
    private func finish(_ id: Int, failure: TransportFailure? = nil) {
        let taken: (Exchange, TransportFailure?, HTTPURLResponse?, Data)? = lock.withLock {
            guard let exchange = exchanges[id], !exchange.finished else { return nil }
            exchange.finished = true
            exchanges[id] = nil
            return (exchange, failure ?? exchange.failure, exchange.response, exchange.body)
        }
        guard let (exchange, failure, response, body) = taken else { return }
        if let failure {
            exchange.task?.cancel()
            exchange.completion(.failure(failure))
            return
        }
        guard let response else {
            exchange.completion(.failure(.network(message: "the server closed the connection without a response")))
            return
        }
        if let target = exchange.followTo {
            guard exchange.redirectsLeft > 0 else {
                exchange.completion(
                    .failure(.network(message: "more than \(Self.maximumRedirects) redirects within the API")))
                return
            }
            guard DispatchTime.now() < exchange.deadline else {
                exchange.completion(.failure(.timedOut(seconds: exchange.request.timeout)))
                return
            }
            start(
                exchange.request, at: target, deadline: exchange.deadline, redirectsLeft: exchange.redirectsLeft - 1,
                completion: exchange.completion)
            return
        }
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            headers[String(describing: key).lowercased()] = String(describing: value)
        }
        if let declared = headers["content-length"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            declared > body.count, exchange.request.method != "HEAD", response.statusCode != 204,
            response.statusCode != 304
        {
            exchange.completion(.failure(.truncatedBody(declared: declared, received: body.count)))
            return
        }
        exchange.completion(.success(TransportResponse(status: response.statusCode, headers: headers, body: body)))
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? {
        lock.withLock { exchanges[task.taskIdentifier] }
    }

    fileprivate func received(_ response: URLResponse, for task: URLSessionTask) -> Bool {
        guard let exchange = exchange(task) else { return false }
        guard let http = response as? HTTPURLResponse else {
            lock.withLock { exchange.failure = .network(message: "the answer is not an HTTP response") }
            return false
        }
        let declared = http.expectedContentLength
        lock.withLock {
            exchange.response = http
            if declared > Int64(maxBodyBytes) { exchange.failure = .bodyTooLarge(limit: maxBodyBytes) }
        }
        return declared <= Int64(maxBodyBytes)
    }

    fileprivate func received(_ data: Data, for task: URLSessionTask) {
        guard let exchange = exchange(task) else { return }
        let over: Bool = lock.withLock {
            guard exchange.failure == nil else { return true }
            if exchange.body.count + data.count > maxBodyBytes {
                exchange.failure = .bodyTooLarge(limit: maxBodyBytes)
                return true
            }
            exchange.body.append(data)
            return false
        }
        if over { finish(task.taskIdentifier) }
    }

    fileprivate func completed(_ task: URLSessionTask, error: Error?) {
        guard let error else {
            finish(task.taskIdentifier)
            return
        }
        let exchange = exchange(task)
        if let failure = exchange.flatMap({ item in lock.withLock { item.failure } }) {
            finish(task.taskIdentifier, failure: failure)
            return
        }
        let timeout = exchange?.request.timeout ?? 0
        let received = exchange.map { item in lock.withLock { item.body.count } } ?? 0
        let declared = exchange.flatMap { item in lock.withLock { item.response?.expectedContentLength } } ?? -1
        finish(
            task.taskIdentifier, failure: Self.kind(of: error, timeout: timeout, received: received, declared: declared)
        )
    }

    /// The error kind for a URLSession failure.
    static func kind(of error: Error, timeout: TimeInterval, received: Int, declared: Int64) -> TransportFailure {
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain {
            switch nsError.code {
            case NSURLErrorTimedOut: return .timedOut(seconds: timeout)
            case NSURLErrorNetworkConnectionLost where declared > Int64(received):
                return .truncatedBody(declared: Int(declared), received: received)
            default: break
            }
        }
        if declared > Int64(received), received > 0 {
            return .truncatedBody(declared: Int(declared), received: received)
        }
        return .network(message: nsError.localizedDescription + " (\(nsError.domain) \(nsError.code))")
    }
}

extension URLSessionTransport: URLSessionDataDelegate {
    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if received(response, for: dataTask) {
            completionHandler(.allow)
        } else {
            completionHandler(.cancel)
            finish(dataTask.taskIdentifier)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        received(data, for: dataTask)
    }

    /// Redirects are followed only within the base URL's scheme, host and port, so the
    /// bearer token never goes to another server; otherwise the 3xx itself is the answer.
    /// A followed redirect keeps the method and body, except a 303 ("see other"), which HTTP
    /// turns into a GET: a 301 or 302 must not turn the auth POST into a GET.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let target = request.url
        let sameOrigin =
            target?.scheme?.lowercased() == baseURL.scheme?.lowercased()
            && target?.host?.lowercased() == baseURL.host?.lowercased() && target?.port == baseURL.port
        guard sameOrigin, let target else { return completionHandler(nil) }
        guard response.statusCode != 303, let exchange = exchange(task), exchange.request.method != "GET",
            exchange.request.method != "HEAD"
        else { return completionHandler(request) }
        // The 3xx comes back as the answer, and `finish` sends the request again to `target`.
        lock.withLock { exchange.followTo = target }
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        completed(task, error: error)
    }
}
