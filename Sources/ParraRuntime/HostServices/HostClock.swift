import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The clocks modules read through the host, injectable so tests control time.
package protocol HostClock: Sendable {
    /// Seconds since the Unix epoch.
    var wallSeconds: Double { get }
    /// Nanoseconds from an arbitrary fixed origin, never going backwards.
    var monotonicNanoseconds: UInt64 { get }
}

/// The system's clocks.
package struct SystemClock: HostClock {
    /// The system clock.
    package init() {}

    package var wallSeconds: Double { LogRouter.wallClockSeconds() }

    package var monotonicNanoseconds: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
