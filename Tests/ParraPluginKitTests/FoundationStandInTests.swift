import Foundation
import ParraFileSystem
import ParraPluginKit
import ParraSync
import Testing

/// ParraPluginKit's stand-ins for what modules took from corelibs Foundation, checked against
/// Foundation itself.
@Suite("Foundation stand-ins")
struct FoundationStandInTests {
    @Test("parentPath(of:) is NSString.deletingLastPathComponent")
    func parentPaths() {
        for path in [
            "/a//b/c/", "/a", "/", "", "a/b", "/run/user/1000//parra/x/push.sock", "./x/y", "/a/b//", "x//y/z",
        ] {
            #expect(parentPath(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
    }

    @Test("parentPath(of:) makes runs of / one and keeps a root, whatever the components' bytes")
    func parentPathEdges() {
        // Stated, not compared: corelibs Foundation answers "" for "//" and traps on some of these.
        let expected = [
            "//": "/", "//a": "/", "//a//b": "/a", "a/": "", "/a/": "/", "a///": "", "é/ü/ö": "é/ü", "/ü//": "/",
        ]
        for (path, parent) in expected { #expect(parentPath(of: path) == parent, "\(path)") }
    }

    @Test("a lock keeps four threads' counting whole; a recursive lock is taken again by its holder")
    func locks() {
        let lock = Lock()
        let counter = Counter()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            detachThread {
                for _ in 0..<10_000 { lock.withLock { counter.value += 1 } }
                done.signal()
            }
        }
        for _ in 0..<4 { done.wait() }
        #expect(counter.value == 40_000)
        let recursive = Lock(recursive: true)
        #expect(recursive.withLock { recursive.withLock { 1 } } == 1)
    }

    @Test("a condition's timed wait is false when the time comes first, true when signalled")
    func condition() {
        let condition = Condition()
        let counter = Counter()
        condition.lock()
        let deadline = Date(timeIntervalSinceNow: 0.05)
        #expect(!condition.wait(until: deadline))
        // Not a duration: the wait's deadline is on CLOCK_REALTIME, the clock Date() reads, so when
        // it gives up that clock has reached the deadline, however slow the machine. Sooner would
        // be a deadline read in the wrong epoch or unit.
        #expect(Date() >= deadline)
        detachThread {
            condition.withLock {
                counter.value = 1
                condition.signal()
            }
        }
        while counter.value == 0 { #expect(condition.wait(until: Date(timeIntervalSinceNow: 10))) }
        condition.unlock()
    }

    @Test("wallClockNow reads the clock Date() reads: the epoch and units agree, the order holds")
    func wallClock() {
        let before = Date()
        let now = Date.wallClockNow
        let after = Date()
        // Both read CLOCK_REALTIME; a step of the clock between the reads is the only way apart.
        #expect(now >= before && now <= after || abs(now.timeIntervalSince(before)) < 60)
        #expect(now.timeIntervalSince1970 > 1_700_000_000)
    }
}

/// A count shared between the test's threads, under a lock.
private final class Counter: @unchecked Sendable {
    var value = 0
}
