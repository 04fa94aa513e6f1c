import Foundation

@testable import ParraLogger

/// A disk for the logger's writes that a test can fill: while full, writes are refused with an
/// errno (ENOSPC unless told), optionally after some bytes were written for real, as a disk
/// that fills mid-write does. Otherwise the real system calls run.
final class FakeDisk: @unchecked Sendable {
    private let lock = NSLock()
    private var refusal: Int32 = 0
    private var allowance = 0
    private var refusedWrites = 0

    /// Refuses writes with `error` from now on, after `bytes` more bytes are written.
    func fill(_ error: Int32 = ENOSPC, after bytes: Int = 0) {
        lock.withLock {
            refusal = error
            allowance = bytes
        }
    }

    /// Takes writes again.
    func free() { lock.withLock { refusal = 0 } }

    /// Writes refused so far.
    var refused: Int { lock.withLock { refusedWrites } }

    /// The calls the logger writes through.
    var files: FileWriting {
        FileWriting(
            write: { [self] descriptor, bytes, count in
                let decision = lock.withLock { () -> (allowed: Int, error: Int32)? in
                    guard refusal != 0 else { return nil }
                    let allowed = min(allowance, count)
                    allowance -= allowed
                    if allowed == 0 { refusedWrites += 1 }
                    return (allowed, refusal)
                }
                guard let decision else { return FileWriting.system.write(descriptor, bytes, count) }
                if decision.allowed > 0 { return FileWriting.system.write(descriptor, bytes, decision.allowed) }
                return -Int(decision.error)
            }, sync: FileWriting.system.sync)
    }
}

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var seconds = 1000.0

    /// Moves the clock on.
    func advance(_ by: Double) { lock.withLock { seconds += by } }

    /// The clock, as the logger reads it.
    var read: @Sendable () -> Double { { [self] in lock.withLock { seconds } } }
}
