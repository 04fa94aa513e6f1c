import Foundation
import ParraRuntime
import Testing

/// The wall clock app log records are stamped with, against CLOCK_REALTIME.
@Suite("Log record wall clock")
struct WallClockTests {
    private static func realtime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func monotonic() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    @Test("every reading lies within a millisecond (the finest a line prints) of CLOCK_REALTIME read around it")
    func agreesWithRealtime() {
        // Long enough for the counter's scale to be measured and its epoch refreshed (64 ms)
        // several times over, and for at least 1001 readings however few a loaded machine allows
        // in that time: the loop runs until both hold, so the count is not a speed test.
        let end = Self.monotonic() + 0.3
        var readings = 0
        var outside: [(Double, Double, Double)] = []
        while Self.monotonic() < end || readings <= 1000 {
            let before = Self.realtime()
            let reading = LogRouter.wallClockSeconds()
            let after = Self.realtime()
            if reading < before - 0.001 || reading > after + 0.001 { outside.append((before, reading, after)) }
            readings += 1
        }
        #expect(outside.isEmpty, "\(outside.count) of \(readings) readings outside: \(outside.prefix(3))")
    }
}
