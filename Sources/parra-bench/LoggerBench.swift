import CParraPlugin
import Foundation
import Parra
import ParraFileSystem
import ParraRuntime
import ParraTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The logger's figures, in nanoseconds per call (lines per second for throughput): every
/// sample in repetition order, so figure and baseline samples of one repetition pair up.
struct LoggerFigures: PairedFigures {
    enum Variant: CaseIterable {
        /// `ParraLogger.debug` with an interpolated message and extras, below the info level.
        case filtered
        /// Baseline: the host's gate alone (`ParraLogger.isEnabled(.debug)`), the floor of any
        /// filtered call.
        case gate
        /// `ParraLogger.info` with the default format, written by the module to a file.
        case consoleLine
        /// Baseline: `fwrite` of the very bytes that line produced, to a `FILE *` on a file.
        case fwriteSameBytes
        /// `ParraLogger.info` in production: the record copied into the session spool's queue.
        case productionEnqueue
        /// Baseline: copying the same line's bytes into a buffer under a pthread mutex, the
        /// least any locked in-memory queue does.
        case lockedCopy
        /// `ParraLogger.info` delivered to a C module's empty log sink: the host's share.
        case hostRecord
        /// Baseline: that sink called directly with a record built once.
        case directSink
    }

    var samples: [Variant: [Double]]
    var callsPerSample: Int
    var repetitions: Int
    /// Lines per second from one thread and from two at once (each sample: both threads
    /// logging `threadLines` lines each to the same file), sample `i` of each taken back to back.
    var oneThreadLinesPerSecond: [Double]
    var twoThreadsLinesPerSecond: [Double]
    /// Baseline: the same, with `fwrite` of the line's bytes to one `FILE *` on a file, sample
    /// `i` taken beside the logger's sample `i`: how two threads scale on this machine.
    var fwriteOneThreadLinesPerSecond: [Double]
    var fwriteTwoThreadsLinesPerSecond: [Double]
    /// Times a filtered call's message or extras were evaluated (must be 0).
    var filteredEvaluations: Int

    var twoThreadsRatio: Double { median(zip(twoThreadsLinesPerSecond, oneThreadLinesPerSecond).map { $0 / $1 }) }
    /// `fwrite`'s two-thread rate over its one-thread rate.
    var fwriteTwoThreadsRatio: Double {
        median(zip(fwriteTwoThreadsLinesPerSecond, fwriteOneThreadLinesPerSecond).map { $0 / $1 })
    }
    /// How the logger scales from one thread to two, over how `fwrite` does, pair by pair.
    var twoThreadsScalingVersusFwrite: Double {
        median(
            (0..<oneThreadLinesPerSecond.count).map { index in
                (twoThreadsLinesPerSecond[index] / oneThreadLinesPerSecond[index])
                    / (fwriteTwoThreadsLinesPerSecond[index] / fwriteOneThreadLinesPerSecond[index])
            })
    }
}

enum LoggerBench {
    static let threadLines = 200_000
    /// One- and two-thread throughput samples, taken in pairs: enough that the median pair
    /// stands clear of the bursts these 2-core VMs' other core sees (about 15 ms a pair).
    static let throughputPairs = 21

    /// Runs the logger figures with the release-built `libParraLogger.so` beside this
    /// executable: a debug runtime writing to a file for the filtered, console and throughput
    /// figures, then a production runtime (no API service, so nothing is sent) for the enqueue.
    static func run(work: URL, storage: URL, repetitions: Int, callsPerSample: Int) throws -> LoggerFigures {
        let module = URL(fileURLWithPath: parentPath(of: ModuleSearchPath.currentExecutablePath()!))
            .appendingPathComponent("libParraLogger.so")
        guard FileManager.default.fileExists(atPath: module.path) else {
            throw BenchError("\(module.path) is missing: build it with `swift build -c release` first")
        }
        var samples: [LoggerFigures.Variant: [Double]] = [:]
        evaluations = 0

        // Debug: filtered calls and console lines.
        let consoleFile = work.appendingPathComponent("console.log")
        let debug = try start(
            module, storage: storage,
            options: ParraConfiguration(loggerOptions: ParraLoggerOptions(environment: .debug)).explicitOptionValues,
            console: consoleFile)
        ParraLogger.info("Hello, world")
        ParraLogger.flush()
        let line = try Data(contentsOf: consoleFile)
        guard line.last == 0x0A, line.count > 10 else { throw BenchError("the logger wrote no console line") }
        let baselineFile = work.appendingPathComponent("fwrite.log")
        guard let stream = fopen(baselineFile.path, "a") else { throw BenchError("cannot open \(baselineFile.path)") }
        defer { fclose(stream) }
        var mutex = pthread_mutex_t()
        pthread_mutex_init(&mutex, nil)
        let queue = UnsafeMutableRawPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { queue.deallocate() }
        var queued = 0

        let variants: [(LoggerFigures.Variant, () -> Void)] = [
            (
                .filtered,
                {
                    for index in 0..<callsPerSample {
                        ParraLogger.debug(
                            "value \(index) of \(countEvaluation())", ["index": index, "of": callsPerSample])
                    }
                }
            ),
            (.gate, { for _ in 0..<callsPerSample { if ParraLogger.isEnabled(.debug) { consume(1) } } }),
            (.consoleLine, { for _ in 0..<callsPerSample { ParraLogger.info("Hello, world") } }),
            (
                .fwriteSameBytes,
                {
                    line.withUnsafeBytes { bytes in
                        for _ in 0..<callsPerSample { fwrite(bytes.baseAddress, 1, bytes.count, stream) }
                    }
                }
            ),
            (
                .lockedCopy,
                {
                    line.withUnsafeBytes { bytes in
                        for _ in 0..<callsPerSample {
                            pthread_mutex_lock(&mutex)
                            if queued + bytes.count > 1 << 20 { queued = 0 }
                            (queue + queued).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
                            queued += bytes.count
                            pthread_mutex_unlock(&mutex)
                        }
                    }
                }
            ),
        ]
        // Both files are emptied before every sample: each sample then writes into page cache
        // the kernel recycles. Past a hundred or so megabytes of new pages, these VMs provide
        // more at about 150 MB/s, and the figures would measure that instead of the writers.
        let emptyFiles = {
            ParraLogger.flush()
            fflush(stream)
            _ = truncate(consoleFile.path, 0)
            _ = ftruncate(fileno(stream), 0)
        }
        for repetition in -1..<repetitions {
            for (variant, body) in variants.rotated(by: max(repetition, 0)) {
                emptyFiles()
                let nanoseconds = time(body)
                if repetition >= 0 { samples[variant, default: []].append(nanoseconds / Double(callsPerSample)) }
            }
        }
        // One- and two-thread samples in pairs taken back to back (which goes first
        // alternating), so each ratio compares rates measured under the same load from the
        // other processes on the machine, as the paired figures above do.
        var oneThread: [Double] = []
        var twoThreads: [Double] = []
        var fwriteOneThread: [Double] = []
        var fwriteTwoThreads: [Double] = []
        for pair in 0..<throughputPairs {
            let samples: [() -> Void] = [
                { oneThread.append(throughput(threads: 1)) },
                { twoThreads.append(throughput(threads: 2)) },
                { fwriteOneThread.append(fwriteThroughput(threads: 1, line: line, stream: stream)) },
                { fwriteTwoThreads.append(fwriteThroughput(threads: 2, line: line, stream: stream)) },
            ]
            for sample in pair % 2 == 0 ? samples : samples.reversed() {
                emptyFiles()
                sample()
            }
        }
        debug.stop()

        // Production: the enqueue, against the same figures' repetitions of lockedCopy above.
        let production = try start(
            module, storage: storage,
            options: ParraConfiguration(loggerOptions: ParraLoggerOptions(environment: .production))
                .explicitOptionValues,
            console: nil)
        for repetition in -1..<repetitions {
            let nanoseconds = time { for _ in 0..<callsPerSample { ParraLogger.info("Hello, world") } }
            if repetition >= 0 { samples[.productionEnqueue, default: []].append(nanoseconds / Double(callsPerSample)) }
            // Let the writer drain between samples, as an app's bursts would.
            ParraLogger.flush()
        }
        production.stop()
        consume(UInt64(queued))
        try measureHostShare(
            work: work, storage: storage, repetitions: repetitions, callsPerSample: callsPerSample, into: &samples)
        return LoggerFigures(
            samples: samples, callsPerSample: callsPerSample, repetitions: repetitions,
            oneThreadLinesPerSecond: oneThread, twoThreadsLinesPerSecond: twoThreads,
            fwriteOneThreadLinesPerSecond: fwriteOneThread, fwriteTwoThreadsLinesPerSecond: fwriteTwoThreads,
            filteredEvaluations: evaluations)
    }

    /// The host's share of a line: records delivered to a C module whose sink only counts
    /// them, beside calling that sink directly.
    private static func measureHostShare(
        work: URL, storage: URL, repetitions: Int, callsPerSample: Int,
        into samples: inout [LoggerFigures.Variant: [Double]]
    ) throws {
        let sinkModule = try CFixtureBuilder.build("bench_sink.so", defines: ["FIXTURE_LOG_SINK"], in: work)
        let runtime = try start(sinkModule, storage: storage, options: [:], console: nil)
        defer { runtime.stop() }
        guard let handle = dlopen(sinkModule.path, RTLD_NOW | RTLD_NOLOAD),
            let entry = dlsym(handle, PARRA_MODULE_ENTRY_SYMBOL),
            let sink = unsafeBitCast(entry, to: parra_module_entry_fn.self)()?.pointee.log_sink
        else { throw BenchError("the bench sink module has no log sink") }
        defer { dlclose(handle) }
        let message = "Hello, world"
        var record = parra_log_record()
        record.struct_size = UInt32(MemoryLayout<parra_log_record>.size)
        record.level = PARRA_LOG_LEVEL_INFO
        let direct: () -> Void = {
            message.utf8.withContiguousStorageIfAvailable { bytes in
                record.message = parra_string(
                    data: UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), length: bytes.count)
                // The fixture's sink does not read its module data.
                for _ in 0..<callsPerSample { sink(nil, &record) }
            }
        }
        let variants: [(LoggerFigures.Variant, () -> Void)] = [
            (.hostRecord, { for _ in 0..<callsPerSample { ParraLogger.info("Hello, world") } }),
            (.directSink, direct),
        ]
        for repetition in -1..<repetitions {
            for (variant, body) in variants.rotated(by: max(repetition, 0)) {
                let nanoseconds = time(body)
                if repetition >= 0 { samples[variant, default: []].append(nanoseconds / Double(callsPerSample)) }
            }
        }
    }

    /// Counts evaluations of a filtered call's message: there must be none.
    nonisolated(unsafe) private static var evaluations = 0

    private static func countEvaluation() -> Int {
        evaluations += 1
        return evaluations
    }

    private static func start(
        _ module: URL, storage: URL, options: [String: JSONValue], console: URL?
    ) throws -> ModuleRuntime {
        var settings = BenchRuntime.settings(paths: [module.path], storage: storage)
        settings.codeOptions = options
        if let console { settings.environment["PARRA_LOG_CONSOLE"] = console.path }
        let runtime = ModuleRuntime(settings: settings)
        let report = runtime.start()
        guard report.refused.isEmpty, report.loaded.count == 1 else {
            throw BenchError("the logger module did not load:\n" + report.lines.joined(separator: "\n"))
        }
        return runtime
    }

    /// Nanoseconds `body` took, retaken while the thread was preempted.
    private static func time(_ body: () -> Void) -> Double {
        undisturbed {
            let start = monotonicNanoseconds()
            body()
            return Double(monotonicNanoseconds() - start)
        }
    }

    /// Lines per second when `threads` threads each log `threadLines` lines at once.
    private static func throughput(threads: Int) -> Double {
        let start = monotonicNanoseconds()
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<threadLines { ParraLogger.info("Hello, world") }
        }
        ParraLogger.flush()
        return Double(threads * threadLines) / (Double(monotonicNanoseconds() - start) / 1e9)
    }

    /// Lines per second when `threads` threads each `fwrite` `line` `threadLines` times at once
    /// to `stream`, flushed at the end, as the logger's lines are.
    private static func fwriteThroughput(threads: Int, line: Data, stream: UnsafeMutablePointer<FILE>) -> Double {
        nonisolated(unsafe) let stream = stream  // a FILE * takes its own lock on each call
        let start = monotonicNanoseconds()
        line.withUnsafeBytes { bytes in
            nonisolated(unsafe) let bytes = bytes  // read only, and alive for the whole perform
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                for _ in 0..<threadLines { fwrite(bytes.baseAddress, 1, bytes.count, stream) }
            }
        }
        fflush(stream)
        return Double(threads * threadLines) / (Double(monotonicNanoseconds() - start) / 1e9)
    }
}

extension Array {
    /// The elements starting at `offset` (modulo the count), wrapping around.
    fileprivate func rotated(by offset: Int) -> [Element] {
        guard !isEmpty else { return self }
        let start = offset % count
        return Array(self[start...] + self[..<start])
    }
}
