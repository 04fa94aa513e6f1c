import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The sockets and threads behind `LoopbackHTTPServer`. The threads hold this object, not the
/// server, so the server's deinit can still run (and stop them).
final class LoopbackHTTPCore: @unchecked Sendable {
    /// The largest request (header section plus body) served; beyond it the answer is 413.
    static let maxRequestBytes = 16 * 1024 * 1024
    /// The largest header section; beyond it the answer is 431.
    static let maxHeaderBytes = 64 * 1024
    /// How long one poll(2) waits before the stop flag is looked at again.
    static let pollMilliseconds: Int32 = 100
    /// How long `stop()` waits for the threads to finish.
    static let joinTimeout: TimeInterval = 5
    /// How long one send(2) may block on a client that does not read.
    static let sendTimeoutSeconds = 10

    let handler: @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response
    let port: UInt16
    private let listenFD: Int32

    /// Guards everything below; `stop()` broadcasts it to wake `.delay` waits.
    private let state = NSCondition()
    private var stopped = false
    private var listenClosed = false
    private var connectionFDs: Set<Int32> = []
    private var serverThreads: Set<pthread_t> = []
    private var received: [LoopbackHTTPServer.Request] = []
    private var accepted = 0
    private var streamed = 0
    /// Entered by every server thread while it runs.
    private let threads = DispatchGroup()

    init(handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw LoopbackHTTPServer.StartError("socket: \(Self.errorText())") }
        var yes: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)  // 127.0.0.1 only
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let text = Self.errorText()
            close(fd)
            throw LoopbackHTTPServer.StartError("bind 127.0.0.1:0: \(text)")
        }
        guard listen(fd, 128) == 0 else {
            let text = Self.errorText()
            close(fd)
            throw LoopbackHTTPServer.StartError("listen: \(text)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            let text = Self.errorText()
            close(fd)
            throw LoopbackHTTPServer.StartError("getsockname: \(text)")
        }
        listenFD = fd
        port = UInt16(bigEndian: actual.sin_port)
    }

    /// Starts the accept thread.
    func start() {
        threads.enter()
        let thread = Thread { [self] in
            registerCurrentThread()
            acceptLoop()
            state.withLock {
                close(listenFD)
                listenClosed = true
            }
            unregisterCurrentThread()
            threads.leave()
        }
        thread.name = "LoopbackHTTPServer.accept.\(port)"
        thread.start()
    }

    // MARK: State

    var isStopped: Bool { state.withLock { stopped } }

    var receivedRequests: [LoopbackHTTPServer.Request] { state.withLock { received } }

    var acceptedConnections: Int { state.withLock { accepted } }

    var streamedBodyBytes: Int { state.withLock { streamed } }

    func countStreamed(_ bytes: Int) {
        state.withLock { streamed += bytes }
    }

    func record(_ request: LoopbackHTTPServer.Request) {
        state.withLock { received.append(request) }
    }

    /// Sleeps `interval`, or until `stop()`; false when the server stopped.
    func sleep(_ interval: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: max(0, interval))
        state.lock()
        defer { state.unlock() }
        while !stopped && Date() < deadline {
            _ = state.wait(until: deadline)
        }
        return !stopped
    }

    func stop() {
        state.lock()
        if !stopped {
            stopped = true
            if !listenClosed { _ = shutdown(listenFD, Int32(SHUT_RDWR)) }
            for fd in connectionFDs { _ = shutdown(fd, Int32(SHUT_RDWR)) }
            state.broadcast()
        }
        let onServerThread = serverThreads.contains(pthread_self())
        state.unlock()
        // A handler calling stop() must not wait for its own thread.
        if !onServerThread {
            _ = threads.wait(timeout: .now() + Self.joinTimeout)
        }
    }

    private func registerCurrentThread() {
        state.withLock { _ = serverThreads.insert(pthread_self()) }
    }

    private func unregisterCurrentThread() {
        state.withLock { _ = serverThreads.remove(pthread_self()) }
    }

    // MARK: Threads

    private func acceptLoop() {
        while !isStopped {
            var poller = pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Self.pollMilliseconds)
            if ready == 0 { continue }
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            let client = accept(listenFD, nil, nil)
            if client < 0 {
                switch errno {
                case EINTR, EAGAIN, ECONNABORTED, EPROTO: continue
                default:
                    if isStopped { return }
                    usleep(10_000)  // e.g. EMFILE: back off instead of spinning
                    continue
                }
            }
            // Not inherited by processes the tests spawn (accept4 is not visible from Swift).
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            var timeout = timeval(tv_sec: Self.sendTimeoutSeconds, tv_usec: 0)
            _ = setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

            state.lock()
            if stopped {
                state.unlock()
                close(client)
                return
            }
            connectionFDs.insert(client)
            accepted += 1
            threads.enter()
            state.unlock()

            let thread = Thread { [self] in
                registerCurrentThread()
                var connection = LoopbackHTTPConnection(fd: client, core: self)
                connection.run()
                state.withLock {
                    connectionFDs.remove(client)
                    close(client)
                }
                unregisterCurrentThread()
                threads.leave()
            }
            thread.name = "LoopbackHTTPServer.connection.\(port)"
            thread.start()
        }
    }

    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
