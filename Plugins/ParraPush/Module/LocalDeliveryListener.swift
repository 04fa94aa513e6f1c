import CParraPushSupport
import FoundationEssentials
import ParraFileSystem
import ParraPluginKit
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// `parra push send`'s other end: a Unix socket at
/// `$XDG_RUNTIME_DIR/parra/<bundle id>/push.sock` (folder 0700, socket 0600) that takes one
/// payload per connection from a process of the app's own user (checked with SO_PEERCRED) and
/// answers one line, `ok: ...` or `error: ...`. One thread of its own waits on the socket and
/// on every sender at once (poll), each sender within its own deadline: one that trickles its
/// payload holds up nobody but itself, and no sender waits for a thread to be handed to.
/// Sendable by hand: `stopped` is behind `lock`; the rest are `let`s, only the listening thread
/// touches the senders, and `receive` hops to the main thread itself.
final class LocalDeliveryListener: @unchecked Sendable {
    /// What the listener does with what a sender sent: the answer's text after `ok: `, or why not
    /// (after `error: `).
    typealias Receive = ([UInt8]) -> Result<String, PushPayload.Refusal>

    /// The socket's path for `bundleID` under `runtimeDirectory`.
    static func socketPath(runtimeDirectory: String, bundleID: String) -> String {
        "\(runtimeDirectory)/parra/\(bundleID)/push.sock"
    }

    /// Whether a peer of `peerUID` may deliver to an app run by `ownUID`: only the same user.
    static func admits(peerUID: uid_t, ownUID: uid_t) -> String? {
        peerUID == ownUID ? nil : "refused: the sender runs as uid \(peerUID), not as the app's user (uid \(ownUID))"
    }

    /// The most a connection may send before it is cut off: a payload over 4 KiB is refused
    /// with its size, so a little more is read to tell.
    static let readLimit = 64 * 1024
    /// How long a sender has to send its whole payload and end its side: a payload is a few
    /// kilobytes from the same machine.
    static let payloadDeadlineSeconds = 2
    /// The most senders read at once; one more is turned away at once with the reason.
    static let maximumSenders = 8

    let path: String
    private let descriptor: Int32
    private let receive: Receive
    private let lock = Lock()
    private var stopped = false

    /// Listens at `path`, or throws why it cannot (another app already listens there, the
    /// folder cannot be made, ...).
    init(path: String, receive: @escaping Receive) throws {
        self.path = path
        self.receive = receive
        let folder = parentPath(of: path)
        try PrivateFolder.create(folder)
        chmod(folder, 0o700)
        if Self.someoneListens(at: path) {
            throw LocalDeliveryError("another process already takes pushes at \(path)")
        }
        unlink(path)
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw LocalDeliveryError("socket: \(String(cString: strerror(errno)))") }
        // No umask: it is the process's, and the folder (0700) already keeps others out until
        // the socket is 0600.
        var address = try Self.address(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, chmod(path, 0o600) == 0, listen(descriptor, 8) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw LocalDeliveryError("cannot listen at \(path): \(reason)")
        }
        detachThread { [self] in serveSenders() }
    }

    /// Stops listening and removes the socket.
    func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
        unlink(path)
    }

    /// A sender being read: its connection, what it sent so far, and when its time is up.
    private struct Sender {
        let descriptor: Int32
        var bytes: [UInt8] = []
        let deadline: Double
    }

    /// Waits on the socket and the senders until the listener stops: takes new senders, reads
    /// what arrives, answers each sender that ended its side, and turns away those past their
    /// deadline.
    private func serveSenders() {
        var senders: [Sender] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var ready = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            ready += senders.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN), revents: 0) }
            let nearest = senders.map(\.deadline).min().map { max(0, $0 - Self.monotonicSeconds()) }
            let polled = poll(&ready, nfds_t(ready.count), nearest.map { Int32(($0 * 1000).rounded(.up)) } ?? -1)
            if polled < 0 {
                if errno == EINTR { continue }
                break
            }
            // Past the senders already taken: reading them first answers one whose payload came
            // in time even when the poll woke late.
            for index in senders.indices.reversed() where ready[index + 1].revents != 0 {
                let count = read(senders[index].descriptor, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count > 0 {
                    // Past the limit the rest is read and dropped, so the sender gets the
                    // refusal rather than a reset.
                    if senders[index].bytes.count <= Self.readLimit { senders[index].bytes += buffer[..<count] }
                    continue
                }
                let sender = senders.remove(at: index)
                switch receive(sender.bytes) {
                case .success(let text): reply(sender.descriptor, "ok: \(text)")
                case .failure(let refusal): reply(sender.descriptor, "error: \(refusal)")
                }
                close(sender.descriptor)
            }
            let now = Self.monotonicSeconds()
            senders.removeAll { sender in
                guard sender.deadline <= now else { return false }
                reply(
                    sender.descriptor,
                    "error: the payload did not arrive within \(Self.payloadDeadlineSeconds) s; send it whole, then end the connection"
                )
                close(sender.descriptor)
                return true
            }
            if ready[0].revents & Int16(POLLIN) != 0 {
                let client = accept(descriptor, nil, nil)
                if client >= 0, let sender = admit(client, besides: senders.count) { senders.append(sender) }
            }
            if ready[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 || lock.withLock({ stopped }) { break }
        }
        for sender in senders { close(sender.descriptor) }
        close(descriptor)
    }

    /// The sender on `client`, or nil when it is turned away (answered and closed): another
    /// user, or one too many while `reading` others are being read.
    private func admit(_ client: Int32, besides reading: Int) -> Sender? {
        var peerUID: uid_t = 0
        let refusal: String? =
            parra_push_peer_uid(client, &peerUID) != 0
            ? "cannot read the sender's credentials"
            : Self.admits(peerUID: peerUID, ownUID: getuid())
                ?? (reading >= Self.maximumSenders ? "\(Self.maximumSenders) senders are being read; try again" : nil)
        if let refusal {
            reply(client, "error: \(refusal)")
            close(client)
            return nil
        }
        return Sender(descriptor: client, deadline: Self.monotonicSeconds() + Double(Self.payloadDeadlineSeconds))
    }

    private func reply(_ client: Int32, _ line: String) {
        let data = Array((line + "\n").utf8)
        // A sender that went away must not end the app with SIGPIPE.
        _ = data.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Seconds on the monotonic clock, for the senders' deadlines.
    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    private static func someoneListens(at path: String) -> Bool {
        guard let address = try? address(path) else { return false }
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        var copy = address
        return withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(probe, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    private static func address(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw LocalDeliveryError("the socket path \(path) is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return address
    }
}

/// Why local delivery cannot listen.
struct LocalDeliveryError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
