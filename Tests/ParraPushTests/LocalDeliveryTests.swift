import Foundation
import ParraSync
import ParraTestSupport
import Testing

@testable import ParraPush

#if canImport(Glibc)
    import Glibc
#endif

@Suite("parra push send's socket")
struct LocalDeliveryTests {
    /// A connection to the socket at `path`.
    private func connectTo(_ path: String) throws -> Int32 {
        let client = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(connected == 0)
        return client
    }

    /// The line the listener answers on `client`, waiting at most `seconds`.
    private func answer(_ client: Int32, within seconds: Int32) -> String {
        var ready = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, seconds * 1000) == 1 else { return "(no answer)" }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(client, &buffer, buffer.count)
        return String(decoding: buffer[..<max(0, count)], as: UTF8.self)
    }

    @Test("a sender that trickles its payload holds up nobody, and is cut off at its own deadline")
    func tricklingSender() throws {
        let path = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("push.sock").path
        let received = Lock()
        nonisolated(unsafe) var payloads: [String] = []
        let listener = try LocalDeliveryListener(path: path) { bytes in
            received.withLock { payloads.append(String(decoding: bytes, as: UTF8.self)) }
            return .success("delivered")
        }
        defer { listener.stop() }
        // One byte every 0.3 s, never ending its side: the old listener waited for it as long
        // as it kept sending, and every sender after it waited too.
        let slow = try connectTo(path)
        defer { close(slow) }
        // Paced by waiting, 0.3 s at most, for the test to end, which stops the trickle at once.
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            repeat {
                _ = send(slow, "{", 1, Int32(MSG_NOSIGNAL))
            } while done.wait(timeout: .now() + 0.3) == .timedOut
        }
        defer { done.signal() }
        let fast = try connectTo(path)
        defer { close(fast) }
        let payload = #"{"aps":{"alert":"hi"}}"#
        #expect(send(fast, payload, payload.utf8.count, Int32(MSG_NOSIGNAL)) == payload.utf8.count)
        shutdown(fast, Int32(SHUT_WR))
        #expect(answer(fast, within: 10) == "ok: delivered\n")
        #expect(received.withLock { payloads } == [payload])
        #expect(
            answer(slow, within: 10)
                == "error: the payload did not arrive within \(LocalDeliveryListener.payloadDeadlineSeconds) s; send it whole, then end the connection\n"
        )
    }
}
