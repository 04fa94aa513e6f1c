import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

extension Date {
    /// Now, read from `clock_gettime(CLOCK_REALTIME)`: what `Date()` reads, without calling
    /// into FoundationEssentials, whose date code a launch would otherwise page in for its
    /// deadlines and timestamps alone.
    package static var wallClockNow: Date {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Date(timeIntervalSince1970: Double(now.tv_sec) + Double(now.tv_nsec) / 1_000_000_000)
    }
}
