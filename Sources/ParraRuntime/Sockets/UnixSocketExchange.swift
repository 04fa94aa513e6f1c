import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// One request and its answer on a local (Unix) stream socket, as `parra push send` speaks
/// to a running app's push listener: connect, send the request, end the sending side, read
/// the answer to its end.
package enum UnixSocketExchange {
    /// Why an exchange failed.
    package enum Failure: Error, CustomStringConvertible {
        /// A system call failed: its name and the system's reason.
        case system(String)
        /// The path does not fit in a socket address.
        case pathTooLong(String)
        /// Nothing listens at the path (refused, or no such file): the system's reason.
        case nothingListens(String)
        /// The peer stopped reading before the whole request was sent, and answered nothing.
        case stoppedReading

        package var description: String {
            switch self {
            case .system(let reason), .nothingListens(let reason): reason
            case .pathTooLong(let path): "the socket path \(path) is too long"
            case .stoppedReading: "the peer stopped reading"
            }
        }
    }

    /// Sends `request` on the socket at `path` and returns everything the peer answered
    /// before closing (possibly empty).
    package static func exchange(_ request: Data, at path: String) -> Result<[UInt8], Failure> {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return .failure(.system("socket: \(String(cString: strerror(errno)))")) }
        defer { close(descriptor) }
        var address = UnixSocketAddress(path)
        guard address.fits else { return .failure(.pathTooLong(path)) }
        guard address.connect(descriptor) == 0 else {
            return .failure(.nothingListens(String(cString: strerror(errno))))
        }
        let sent = request.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let count = write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        shutdown(descriptor, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            answer += buffer[..<count]
        }
        if answer.isEmpty && !sent { return .failure(.stoppedReading) }
        return .success(answer)
    }
}

/// A Unix socket address for `connect` and `bind`.
package struct UnixSocketAddress {
    private var storage = sockaddr_un()
    /// Whether the path fitted (with its terminating zero) in `sun_path`.
    package let fits: Bool

    /// The address of the socket file at `path`.
    package init(_ path: String) {
        storage.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        fits = bytes.count < MemoryLayout.size(ofValue: storage.sun_path)
        withUnsafeMutableBytes(of: &storage.sun_path) { raw in
            let kept = bytes.prefix(raw.count - 1)
            raw.copyBytes(from: kept)
            raw[kept.count] = 0
        }
    }

    /// Connects `descriptor` to the address; 0 or -1 with `errno`, as `connect`.
    package mutating func connect(_ descriptor: Int32) -> Int32 {
        withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Binds `descriptor` to the address; 0 or -1 with `errno`, as `bind`.
    package mutating func bind(_ descriptor: Int32) -> Int32 {
        withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
