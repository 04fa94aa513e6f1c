#if canImport(Glibc)
    import Glibc
#endif

/// CLOCK_MONOTONIC in nanoseconds.
@inline(__always)
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
}

/// Everything measured flows in here, so the optimizer cannot drop the work; the total is
/// printed as the run's checksum.
nonisolated(unsafe) var benchSink: UInt64 = 0

@inline(never)
func consume(_ value: UInt64) {
    benchSink &+= value
}

/// The median of `samples` (the mean of the middle two for an even count).
func median(_ samples: [Double]) -> Double {
    precondition(!samples.isEmpty)
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Times the calling thread was preempted so far (involuntary context switches).
func involuntaryContextSwitches() -> Int {
    var usage = rusage()
    // RUSAGE_THREAD (1) is behind _GNU_SOURCE, which the Glibc module does not import.
    getrusage(__rusage_who_t(1), &usage)
    return usage.ru_nivcsw
}

/// Samples retaken because the thread was preempted while they ran, and samples kept although
/// every attempt was preempted.
nonisolated(unsafe) var retakenSamples = 0
nonisolated(unsafe) var disturbedSamples = 0

/// Runs `body` (which times itself with CLOCK_MONOTONIC) until one run completes without the
/// thread being preempted, at most `attempts` times, and returns that run's result (or the
/// last one). On a shared machine a preempted sample measures the neighbour, not the code.
func undisturbed<T>(attempts: Int = 10, _ body: () throws -> T) rethrows -> T {
    var attempt = 1
    while true {
        let before = involuntaryContextSwitches()
        let result = try body()
        if involuntaryContextSwitches() == before { return result }
        if attempt == attempts {
            disturbedSamples += 1
            return result
        }
        retakenSamples += 1
        attempt += 1
    }
}

/// Per-call figures of several variants measured in the same repetitions: sample `i` of every
/// variant ran in repetition `i`, close together in time.
protocol PairedFigures {
    associatedtype Variant: Hashable
    var samples: [Variant: [Double]] { get }
}

extension PairedFigures {
    /// The median of a variant's samples.
    func nanoseconds(_ variant: Variant) -> Double { median(samples[variant]!) }

    /// Each repetition's sample of `variant` over the same repetition's sample of `baseline`.
    func pairedRatios(_ variant: Variant, over baseline: Variant) -> [Double] {
        zip(samples[variant]!, samples[baseline]!).map { $0 / $1 }
    }

    /// The median of `pairedRatios(_:over:)`: on a busy machine far steadier than a ratio of
    /// medians, since a neighbour's burst or a slower core slows both samples of a pair alike.
    func pairedRatio(_ variant: Variant, over baseline: Variant) -> Double {
        median(pairedRatios(variant, over: baseline))
    }
}
