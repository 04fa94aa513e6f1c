import Foundation
import Parra
import ParraRuntime

enum BenchRuntime {
    /// Settings for a runtime that searches only `paths`: no standard locations, an empty
    /// environment (so no config file or environment layer), storage under `storage`, a log
    /// that drops every record, and the default (unused) presentation surface.
    static func settings(paths: [String], storage: URL) -> ModuleRuntime.Settings {
        let environment: [String: String] = [:]
        var settings = ModuleRuntime.Settings(
            bundleID: "parra-bench", environment: environment,
            searchPath: ModuleSearchPath(explicitPaths: paths, environment: environment, standardLocations: false))
        settings.storageDirectory = storage.path
        settings.log = HostLog(minimumLevel: .info) { _ in }
        return settings
    }
}

/// Start-up times, in milliseconds: every sample, in repetition order (sample `i` of each
/// kind ran in the same repetition).
struct LoadFigures {
    var samples4: [Double]
    var samples0: [Double]
    var repetitions: Int
    var warmups: Int

    /// Medians over the repetitions.
    var modules4Milliseconds: Double { median(samples4) }
    var modules0Milliseconds: Double { median(samples0) }
    /// The difference of the medians.
    var overNoneMilliseconds: Double { modules4Milliseconds - modules0Milliseconds }
    /// The median of the per-repetition ratios, as for dispatch.
    var pairedRatio: Double { median(zip(samples4, samples0).map { $0 / $1 }) }
}

enum LoadBench {
    static let moduleCount = 4

    /// Copies the `baseModules` (4 files with distinct ids and option keys) into one folder
    /// per start under `work`, with distinct names, so every timed start dlopens files the
    /// process has never opened (dlopen of a loaded file, even by another path to the same
    /// inode, only bumps a reference count). Then times, alternately, a runtime that starts
    /// with no modules and one that loads, configures and activates 4 fresh copies. A start
    /// during which the thread was preempted is retaken (with fresh copies), as for dispatch;
    /// the copies include one spare set per repetition for that.
    static func run(baseModules: [URL], work: URL, storage: URL, repetitions: Int, warmups: Int) throws -> LoadFigures {
        precondition(baseModules.count == moduleCount)
        let fileManager = FileManager.default
        let images = try baseModules.map { try Data(contentsOf: $0) }
        var sets: [[String]] = []
        for set in 0..<(2 * (warmups + repetitions)) {
            let folder = work.appendingPathComponent("load-\(set)", isDirectory: true)
            try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
            try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            var paths: [String] = []
            for (index, image) in images.enumerated() {
                let copy = folder.appendingPathComponent("bench_m\(index)_s\(set).so")
                // A real copy (a new inode), not a link.
                try image.write(to: copy)
                try fileManager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path)
                paths.append(copy.path)
            }
            sets.append(paths)
        }
        var nextSet = 0
        /// Retakes a preempted start up to 3 times, each time with the next unused set, always
        /// leaving one set for each start still to come.
        func startFour(startsAfterThis: Int) throws -> Double {
            var attempt = 1
            while true {
                let (milliseconds, preempted) = try timeStart(paths: sets[nextSet], storage: storage)
                nextSet += 1
                if !preempted { return milliseconds }
                if attempt == 4 || sets.count - nextSet <= startsAfterThis {
                    disturbedSamples += 1
                    return milliseconds
                }
                retakenSamples += 1
                attempt += 1
            }
        }
        func startNone() throws -> Double {
            var attempt = 1
            while true {
                let (milliseconds, preempted) = try timeStart(paths: [], storage: storage)
                if !preempted { return milliseconds }
                if attempt == 4 {
                    disturbedSamples += 1
                    return milliseconds
                }
                retakenSamples += 1
                attempt += 1
            }
        }

        var samples4: [Double] = []
        var samples0: [Double] = []
        for repetition in 0..<(warmups + repetitions) {
            // Alternate which runs first, so drift or a neighbour's burst hits both alike.
            let none: Double
            let four: Double
            let startsAfterThis = warmups + repetitions - repetition - 1
            if repetition % 2 == 0 {
                none = try startNone()
                four = try startFour(startsAfterThis: startsAfterThis)
            } else {
                four = try startFour(startsAfterThis: startsAfterThis)
                none = try startNone()
            }
            if repetition >= warmups {
                samples4.append(four)
                samples0.append(none)
            }
        }
        return LoadFigures(samples4: samples4, samples0: samples0, repetitions: repetitions, warmups: warmups)
    }

    /// Milliseconds from creating a runtime to `start()` returning with every module in
    /// `paths` active, and whether the thread was preempted meanwhile; the settings are built
    /// before the clock starts, `stop()` runs after it stops.
    private static func timeStart(paths: [String], storage: URL) throws -> (Double, Bool) {
        let settings = BenchRuntime.settings(paths: paths, storage: storage)
        let switches = involuntaryContextSwitches()
        let start = monotonicNanoseconds()
        let runtime = ModuleRuntime(settings: settings)
        let report = runtime.start()
        let end = monotonicNanoseconds()
        let preempted = involuntaryContextSwitches() != switches
        guard report.refused.isEmpty, report.loaded.count == paths.count,
            runtime.usableModules.allSatisfy({ $0.state == .active })
        else {
            throw BenchError(
                "a start did not activate all \(paths.count) modules:\n" + report.lines.joined(separator: "\n"))
        }
        consume(UInt64(report.records.count))
        runtime.stop()
        return (Double(end - start) / 1_000_000, preempted)
    }
}
