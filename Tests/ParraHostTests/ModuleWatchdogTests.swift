import Foundation
import Testing

@testable import ParraRuntime

@Suite("The module watchdog")
struct ModuleWatchdogTests {
    /// What the watchdog reported, and a signal for each report.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [String] = []
        let reported = DispatchSemaphore(value: 0)

        func record(_ path: String, _ phase: String) {
            lock.withLock { calls.append("\(path) \(phase)") }
            reported.signal()
        }

        var all: [String] { lock.withLock { calls } }
    }

    @Test("whether a tracer is attached is the TracerPid of /proc/self/status")
    func tracedIsTracerPid() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("TracerPid:") })
        let tracer = line.dropFirst("TracerPid:".count).trimmingCharacters(in: .whitespaces)
        #expect(ModuleWatchdog.isTraced() == (tracer != "0"))
    }

    @Test(
        "the TracerPid line is read whatever its spacing; a missing line means no tracer",
        arguments: [
            ("Name:\tapp\nTracerPid:\t0\nUid:\t0\n", false), ("Name:\tapp\nTracerPid:\t4242\nUid:\t0\n", true),
            ("Name: app\nTracerPid:   7\n", true), ("Name: app\nUid: 0\n", false), ("TracerPid:\t9\n", false),
            ("Name: app\nTracerPid:", false),
        ])
    func tracerLine(status: String, traced: Bool) {
        #expect(ModuleWatchdog.tracerAttached(status: Array(status.utf8)[...]) == traced)
    }

    @Test("a call that runs past the limit is reported with its file and phase; a returned call is not")
    func reportsTheHungCall() {
        let reports = Reports()
        let watchdog = ModuleWatchdog(limit: 0.05, enabled: true) { reports.record($0, $1) }
        watchdog.arm("/returned.so", "init")
        watchdog.disarm()
        watchdog.arm("/stuck.so", "activate")
        #expect(reports.reported.wait(timeout: .now() + 30) == .success)
        #expect(reports.all == ["/stuck.so activate"])
    }

    @Test("a disabled watchdog (a debugger is attached) reports nothing and costs nothing")
    func disabled() {
        let reports = Reports()
        let watchdog = ModuleWatchdog(limit: 0, enabled: false) { reports.record($0, $1) }
        watchdog.arm("/stuck.so", "init")
        #expect(reports.all.isEmpty)
    }
}
