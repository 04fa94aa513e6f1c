import Foundation
import ParraRuntime
import ParraShared
import ParraTestSupport

#if canImport(Glibc)
    import Glibc
#endif

let dispatchRepetitions = 151
let targetSampleMilliseconds = 1.0
let loadRepetitions = 31
let loadWarmups = 4
let launchRepetitions = 15
let instructionRuns = 3
let apiRepetitions = 21
let apiRequestsPerSample = 20
let launchWarmups = 1
let loggerRepetitions = 31
let loggerCallsPerSample = 20_000
let ffiRatioBudget = 1.3
let commandRatioBudget = 1.3
let filteredBudgetNanoseconds = 2.0
let consoleRatioBudget = 2.0
let twoThreadsScalingBudget = 0.9
let firstFrameOverEmptyBudgetMilliseconds = 10.0
let memoryOverEmptyBudgetMegabytes = 10.0
let consoleLinesPerSecondBudget = 2_000_000.0
let enqueueBudgetNanoseconds = 200.0
let loadOverNoneBudgetMilliseconds = 3.0
let load100RatioBudget = 1.5
let onDemandOverNoneBudgetMilliseconds = 1.0
let inputToHandlerBudgetMicroseconds = 1000.0
let busToDelegateBudgetMicroseconds = 2000.0

let usage = """
    usage: parra-bench [--json] [--help]

    Measures the Parra host's hook dispatch, module start-up and the sample app's launch, each
    beside a baseline measured in the same run, and compares them with their budgets. Takes a
    few seconds.

    Figures (timed with clock_gettime(CLOCK_MONOTONIC)):
      dispatch.ffi_ns             one dispatch of application.didFinishLaunching, bool(ptr,str),
                                  through the host's PointTable.invoke with one hook, per call
      dispatch.bare_ffi_call_ns   baseline: a bare ffi_call of the same hook, its own ffi_cif
                                  prepared once with the same types (CFFI shim), per call
      dispatch.direct_call_ns     reference: the hook's C function pointer called directly
      command.call_ns             the same function as an immediate command, bool(ptr,str),
                                  through the host's prepared call (PreparedCommand.invoke, what
                                  every command call comes down to), per call; its baseline is
                                  dispatch.bare_ffi_call_ns, measured beside it
      command.call_by_id_ns       the command by id, as Parra.command does it: lookup, checks and
                                  marshalling of a Swift string argument, then the prepared call
      load.modules4_ms            ModuleRuntime init + start() loading, configuring and
                                  activating 4 bench modules (fresh file copies every time)
      load.modules0_ms            baseline: the same with no modules
      load.modules4_over_none_ms  load.modules4_ms - load.modules0_ms
      load.modules100_over_none_ms  the same start with 100 tiny modules (one bool option, an
                                  init, no hook; fresh copies each time) over one with none
      load.bare_dlopen100_ms      baseline: dlopen, dlsym of the entry and its call for 100
                                  other fresh copies, in this process: the loader's floor;
                                  load.modules100_over_none_ms_ratio is the start over it
      load.on_demand_modules100_over_none_ms  the same start with 100 tiny modules that can
                                  wait (the same files each time, so the registry describes
                                  them), none needed, over one with none beside it (the
                                  median of the paired differences)
      launch.to_first_frame_ms    spawn of the release-built ParraDemoApp (beside this
                                  executable) to the first `== window ` line on its stdout,
                                  in a new home each time: an install's first launch
      launch.empty_process_ms     baseline: spawn to exit of parra-empty, a Swift program that
                                  only exits (beside this executable too)
      launch.to_first_frame_over_empty_ms  to_first_frame_ms - empty_process_ms
      launch.foundation_process_ms  reference: spawn to exit of parra-empty-foundation,
                                  parra-empty linking FoundationEssentials (as `import Parra`
                                  does: it needs no corelibs Foundation), run
                                  after each pair; what it takes over empty_process_ms is
                                  FoundationEssentials' share of the figure above
      launch.repeat_to_first_frame_ms  the same, in one home kept from launch to launch (the
                                  registry, token, app-info and records of the launches before
                                  it there, as on most launches), run after each pair;
                                  launch.repeat_to_first_frame_ms_ratio is it over
                                  empty_process_ms (the median of the paired ratios)
      launch.without_modules_first_frame_ms  reference: the same sample from a folder of its
                                  own, where it finds no module, to its first frame, run after
                                  each pair; launch.without_modules_first_frame_ms_ratio is it
                                  over empty_process_ms (the median of the paired ratios): what
                                  the host and the sample take of the first frame's ratio
                                  before any module is loaded
      launch.to_first_frame_instructions_m  millions of instructions ParraDemoApp runs, on every
                                  thread, from exec to its first window being drawn (valgrind's
                                  callgrind, stripped copies of the executables and modules);
                                  a count that hardly moves between runs, where the milliseconds
                                  above move with the machine. Needs valgrind and objcopy
      launch.foundation_process_instructions_m  baseline: parra-empty-foundation's whole run;
                                  launch.to_first_frame_instructions_m_ratio is the first frame's
                                  over it, launch.to_first_frame_over_foundation_instructions_m
                                  the difference: what the runtime, its modules and the sample run
      launch.empty_process_instructions_m  reference: parra-empty's whole run
      memory.sample_session_peak_mb  ParraDemoApp's peak resident memory over its whole scripted
                                  session, in MiB (ru_maxrss, through peak_rss: see Memory)
      memory.empty_process_peak_mb   baseline: parra-empty's peak resident memory
      memory.foundation_process_peak_mb  reference: parra-empty-foundation's peak resident
                                  memory, FoundationEssentials' share of
                                  sample_session_over_empty_mb
      memory.sample_session_over_empty_mb  sample_session_peak_mb - empty_process_peak_mb: what
                                  the runtime, its modules and the sample add
      memory.sample_repeat_session_peak_mb  the same session run a second time in the first's
                                  HOME (the cached token and app-info, the records, the logger's
                                  spool present, as on most launches)
      memory.sample_repeat_session_over_empty_mb  sample_repeat_session_peak_mb -
                                  empty_process_peak_mb
      launch.tasks_local_ms       the launch screen module's launch tasks (app-info, auth check,
                                  session start, dismissal) against Sample/LocalBackend, from
                                  the launch state initial to complete, in this process;
                                  launch.tasks_local_ms_ratio is it over to_first_frame_ms
      whatsNew.check_local_ms     What's New's check against Sample/LocalBackend through the module's
                                  commands (app-info with the release's notes completed, then the
                                  release list), in this process; whatsNew.check_local_ms_ratio
                                  is it over launch.to_first_frame_ms
      push.local_delivery_us      from a `parra push send` exchange starting to the app delegate's
                                  willPresent running with the push, in an app run of this process
                                  with libParraPush.so
      push.socket_exchange_us     baseline: the same exchange with a bare echo listener on a Unix
                                  socket; push.local_delivery_us_ratio is delivery over it
      push.bus_to_delegate_us     from a UnifiedPush distributor (Tests/Fixtures/DBus/fake_desktop.c
                                  on a private dbus-daemon) being told to send a message to the
                                  app delegate's willPresent running with it, in an app run of
                                  this process with libParraPush.so registered with it
      push.bus_round_trip_us      baseline: a line the distributor answers after one D-Bus round
                                  trip to the bus daemon; push.bus_to_delegate_us_ratio is the
                                  delivery over it
      push.webpush_decrypt_us     one decrypt of a Web Push message (RFC 8291, a 200-byte payload)
                                  with the app's keys through libparra-webpush.so, as every
                                  distributor message before its delivery above
      push.ecdh_us                baseline: the P-256 ECDH no decrypt can do without, with the
                                  same libcrypto; push.webpush_decrypt_us_ratio is decrypt over it
      events.input_to_handler_us  from a command line (`b`, `f`) typed on a pseudo-terminal to
                                  the release-built ParraDemoApp, whose input and output it is,
                                  printing that it handled the event (`event: didEnterBackground`)
      events.terminal_echo_us     baseline: the same line through a pseudo-terminal to /bin/cat
                                  and back; events.input_to_handler_us_ratio is the app over it
      api.request_overhead_us     what ParraAPIClient.send adds to one small JSON GET to a
                                  loopback server: client_request_us - raw_urlsession_us
      api.raw_urlsession_us       baseline: the same request (same headers) with a bare URLSession
                                  data task; api.client_request_us_ratio is client over raw
      logger.filtered_ns          ParraLogger.debug with an interpolated message and extras while
                                  the level is info: nothing is evaluated, per call
      logger.gate_ns              baseline: ParraLogger.isEnabled(.debug) alone
      logger.console_line_ns      ParraLogger.info("Hello, world") with the default format,
                                  through libParraLogger.so (release, beside this executable)
                                  into a file, per line
      logger.fwrite_same_bytes_ns baseline: fwrite of the same line's bytes to a FILE * on a file
      logger.console_lines_per_s  1e9 / console_line_ns
      logger.production_enqueue_ns  the same call in production: the record queued for the
                                  session spool's writer (which runs on the other core)
      logger.locked_copy_ns       baseline: the line's bytes copied into a buffer under a mutex
      logger.host_record_ns       ParraLogger.info("Hello, world") delivered to a C module whose log
                                  sink only counts records: the host's share of a line
      logger.direct_sink_ns       baseline: that sink called directly with a record built once
      logger.one_thread_lines_per_s   one thread logging \(LoggerBench.threadLines) lines to the file
      logger.two_threads_lines_per_s  two threads logging \(LoggerBench.threadLines) lines each at once
      logger.fwrite_one_thread_lines_per_s, logger.fwrite_two_threads_lines_per_s  baselines: the
                                  same with fwrite of the line's bytes to one FILE *, each sample
                                  beside the logger's
      logger.two_threads_scaling_vs_fwrite  how the logger scales from one thread to two over how
                                  fwrite does on the same machine, the median over the pairs
    Ratios: dispatch.ffi_ns_ratio is ffi_ns over bare_ffi_call_ns, command.call_ns_ratio and
    command.call_by_id_ns_ratio are the command's over bare_ffi_call_ns, dispatch.bare_ffi_call_ns_ratio
    bare_ffi_call_ns over direct_call_ns, load.modules4_ms_ratio modules4_ms over modules0_ms,
    launch.to_first_frame_ms_ratio to_first_frame_ms over empty_process_ms,
    memory.sample_session_peak_mb_ratio sample_session_peak_mb over empty_process_peak_mb,
    logger.two_threads_lines_per_s_ratio two_threads_lines_per_s over one_thread_lines_per_s.

    Budgets:
      dispatch.ffi_ns_ratio       <= \(ffiRatioBudget)
      command.call_ns_ratio       <= \(commandRatioBudget)
      logger.filtered_ns          <= \(filteredBudgetNanoseconds) ns
      logger.console_line_ns_ratio  <= \(consoleRatioBudget) (over fwrite_same_bytes_ns)
      logger.console_lines_per_s  >= \(Int(consoleLinesPerSecondBudget))
      logger.production_enqueue_ns  <= \(enqueueBudgetNanoseconds) ns
      logger.two_threads_scaling_vs_fwrite  >= \(twoThreadsScalingBudget)
      load.modules4_over_none_ms  <= \(Int(loadOverNoneBudgetMilliseconds)) ms
      load.modules100_over_none_ms_ratio  <= \(load100RatioBudget) (over bare_dlopen100_ms)
      load.on_demand_modules100_over_none_ms  <= \(number(onDemandOverNoneBudgetMilliseconds, 1)) ms
      events.input_to_handler_us  <= \(Int(inputToHandlerBudgetMicroseconds)) us
      push.bus_to_delegate_us     <= \(Int(busToDelegateBudgetMicroseconds)) us
      launch.to_first_frame_over_empty_ms  <= \(Int(firstFrameOverEmptyBudgetMilliseconds)) ms
      memory.sample_session_over_empty_mb  <= \(Int(memoryOverEmptyBudgetMegabytes)) MiB
      memory.sample_repeat_session_over_empty_mb  <= \(Int(memoryOverEmptyBudgetMegabytes)) MiB

    The hook: the bench writes a minimal C module (one bool option, init and configure, one
    didFinishLaunching hook that counts the call in its module data and returns true) into a
    temporary folder and compiles it with $CC, else clang, cc or gcc from PATH, with
    CFixtureBuilder's flags; its id and option key are set with -D.

    Dispatch: the module is loaded by a ModuleRuntime of its own; the host figure calls the
    PointTable that HookDispatcher.table(for:) returns, the baselines call the same function
    with the same module data. After a warm-up come \(dispatchRepetitions) repetitions; in each, the three
    variants run one timed loop of N calls apiece, in rotating order (N sized so the host loop
    takes ~\(Int(targetSampleMilliseconds)) ms). A figure is the MEDIAN over its samples, each sample the mean of N
    calls. A ratio is the MEDIAN over repetitions of the figure's sample divided by the
    baseline's sample from the same repetition: on a shared machine a neighbour's burst or a
    slower core hits both samples of a pair alike, so paired ratios are far steadier than a
    ratio of medians (which is printed too, with every figure's spread). Every result is
    summed and checked, and the module's own call count must match the calls made.

    Preemption: a sample during which the thread was preempted (its involuntary context
    switch count, getrusage(RUSAGE_THREAD), moved) measured the neighbour, not the code; it is
    retaken, up to 10 times for dispatch and 4 for a start, and the counts are printed.

    Load: \(loadWarmups) warm-up and \(loadRepetitions) measured repetitions, 0 and 4 modules alternately; every
    4-module start opens its own fresh copies of the 4 files (distinct names and inodes, ids
    distinct within a runtime), with a log that drops every record and an empty environment.
    A figure is the MEDIAN over the repetitions (each sample is one start), the ratio the
    median of paired ratios as above, load.modules4_over_none_ms the difference of the medians.

    Launch: the executables are taken from the folder of this one (/proc/self/exe), so build
    them with `swift build -c release` into the same build folder; a missing one is named and
    its figures are skipped (the rest of the bench still runs). Each launch is posix_spawn'd
    with stdin /dev/null, stdout a pipe read as it arrives (poll), stderr a file, and this
    process's environment without PARRA_PLUGIN_PATH and with HOME and XDG_DATA_HOME set to a
    fresh empty folder; the clock starts just before posix_spawn. ParraDemoApp's figure ends
    when the first line starting with `== window ` has arrived (it then plays its scripted
    session to the end, untimed), parra-empty's when it exits (its pidfd polls readable).
    The terminal platform flushes stdout after drawing a window, so on a pipe as on a terminal
    that line arrives when the first window is drawn, before the scenes become active.
    Every child is waited for and reaped; one still running after \(Int(LaunchBench.timeoutSeconds)) s is killed (SIGKILL),
    reaped and reported, and ends the bench, as does a non-zero exit status or no window line.
    \(launchWarmups) warm-up and \(launchRepetitions) measured repetitions, the two alternately; medians, paired ratio
    and difference as for load. No preemption retakes here: a launch spans several threads and
    processes, so its children's involuntary context switches are printed instead.

    Memory: \(LaunchBench.memoryRepetitions) more runs of each, untimed, alternately, as for launch; medians,
    paired ratio and difference. A child's ru_maxrss would start from the bench's own peak
    (exec records the spawning address space's peak, and posix_spawn shares the bench's), so
    each runs under peak_rss, a small C program compiled like the bench module: it forks, the
    child execs the program, and it reports the program's ru_maxrss (wait4) when it ends. The
    repeat session's home is made by one untimed, unmeasured session first.

    Launch tasks: libParraLaunchScreen.so beside this executable, alone, in an app run on the
    scripted platform (no terminal, so no fade) with PARRA_API_BASE_URL=local:Sample/LocalBackend
    and fresh storage each time (a first launch: a new anonymous token, app-info fetched and
    cached); the times are the launch state changes the host recorded with a monotonic clock.
    \(launchWarmups) warm-up and \(launchRepetitions) measured repetitions; the median, and its ratio to the median
    to_first_frame_ms (which includes these tasks in the sample's process).

    Logger: \(loggerRepetitions) repetitions after a warm-up, the variants in rotating order, each
    sample \(loggerCallsPerSample) calls from one thread (retaken when preempted); medians and paired
    ratios as for dispatch. Throughput: \(LoggerBench.throughputPairs) samples of each, one and two
    threads, in back-to-back pairs; the ratio is the median of the pairs' ratios, so a burst of
    load on the other core costs a few pairs, not the figure. The console file and
    the fwrite baseline's file are emptied before every sample, so the figures measure the writers
    and not how fast the machine provides fresh page cache (on these VMs, about 150 MB/s once a
    hundred or so megabytes of new pages have been written).

    Options:
      --json   print one JSON object: the figures, <figure>_ratio entries, a "budgets"
               object and, when figures were skipped, a "skipped" object (figure to reason),
               and nothing else on standard output
      --help   print this text
    """

/// Set while the arguments are read, before any measurement; only read after.
nonisolated(unsafe) var json = false
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--json": json = true
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        FileHandle.standardError.write(Data("parra-bench: unknown argument '\(argument)'\n\n\(usage)\n".utf8))
        exit(64)
    }
}

func progress(_ line: String) {
    if !json { print(line) }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("parra-bench: \(message)\n".utf8))
    exit(1)
}

let work: URL
do {
    work = try CFixtureBuilder.makeTemporaryDirectory()
} catch {
    fail("cannot make a temporary folder: \(error)")
}
let runStart = monotonicNanoseconds()

let dispatch: DispatchFigures
let load: LoadFigures
let load100: Load100Figures
let launch: LaunchFigures
let instructions: InstructionFigures?
let instructionsSkipped: String?
let launchTasks: LaunchTasksFigures?
let launchTasksSkipped: String?
let whatsNew: WhatsNewFigures?
let whatsNewSkipped: String?
let push: PushFigures?
let pushSkipped: String?
let pushBus: PushBusFigures?
let pushBusSkipped: String?
let webPush: WebPushFigures?
let webPushSkipped: String?
let events: EventFigures?
let eventsSkipped: String?
let api: APIFigures
let logger: LoggerFigures
do {
    defer { try? FileManager.default.removeItem(at: work) }
    let storage = work.appendingPathComponent("storage", isDirectory: true)
    let modules = work.appendingPathComponent("modules", isDirectory: true)
    try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: modules.path)

    progress("parra-bench: compiling the bench modules")
    let dispatchID = "com.parra.bench.dispatch"
    let dispatchModule = try BenchModule.build(
        "bench_dispatch.so", id: dispatchID, keyPrefix: "benchdispatch", in: modules)
    var loadModules: [URL] = []
    for index in 0..<LoadBench.moduleCount {
        loadModules.append(
            try BenchModule.build(
                "bench_m\(index).so", id: "com.parra.bench.m\(index)", keyPrefix: "benchm\(index)", in: modules))
    }

    progress("parra-bench: measuring dispatch")
    dispatch = try DispatchBench.run(
        moduleFile: dispatchModule, moduleID: dispatchID, storage: storage, repetitions: dispatchRepetitions,
        targetSampleMilliseconds: targetSampleMilliseconds)
    progress("parra-bench: measuring start-up")
    load = try LoadBench.run(
        baseModules: loadModules, work: work, storage: storage, repetitions: loadRepetitions, warmups: loadWarmups)
    progress("parra-bench: measuring start-up with 100 tiny modules")
    load100 = try Load100Bench.run(work: work, repetitions: launchRepetitions, warmups: launchWarmups)
    progress("parra-bench: measuring launch")
    let peakRunner = try PeakMemory.buildRunner(in: modules)
    launch = try LaunchBench.run(
        work: work, peakRunner: peakRunner, repetitions: launchRepetitions, warmups: launchWarmups)
    progress("parra-bench: counting the launch's instructions")
    (instructions, instructionsSkipped) = InstructionsBench.run(work: work, runs: instructionRuns)
    progress("parra-bench: measuring the launch tasks")
    (launchTasks, launchTasksSkipped) = try LaunchTasksBench.run(
        work: work, repetitions: launchRepetitions, warmups: launchWarmups)
    progress("parra-bench: measuring What's New's check")
    (whatsNew, whatsNewSkipped) = try WhatsNewBench.run(
        work: work, repetitions: launchRepetitions, warmups: launchWarmups)
    progress("parra-bench: measuring parra push send's delivery")
    (push, pushSkipped) = try PushBench.run(work: work, repetitions: launchRepetitions, warmups: launchWarmups)
    progress("parra-bench: measuring a distributor's push over D-Bus")
    (pushBus, pushBusSkipped) = try PushBusBench.run(
        work: work, repetitions: launchRepetitions, warmups: launchWarmups)
    progress("parra-bench: measuring Web Push decryption")
    (webPush, webPushSkipped) = WebPushBench.run(repetitions: launchRepetitions)
    progress("parra-bench: measuring terminal input")
    (events, eventsSkipped) = try EventsBench.run(
        work: work, repetitions: launchRepetitions, warmups: launchWarmups)
    progress("parra-bench: measuring API requests")
    api = try APIBench.run(repetitions: apiRepetitions, requestsPerSample: apiRequestsPerSample)
    progress("parra-bench: measuring the logger")
    logger = try LoggerBench.run(
        work: work, storage: storage, repetitions: loggerRepetitions, callsPerSample: loggerCallsPerSample)
    // With --json standard output holds only the JSON (which names them under "skipped"); the
    // table's notes name them otherwise.
    if json {
        let measured = [
            "launch.to_first_frame_ms", "launch.empty_process_ms", "launch.foundation_process_ms",
            LaunchBench.withoutModulesFigure,
        ]
        for (figure, reason) in launch.skipped where measured.contains(figure) {
            FileHandle.standardError.write(Data("parra-bench: skipping \(figure): \(reason)\n".utf8))
        }
        if let launchTasksSkipped {
            FileHandle.standardError.write(
                Data("parra-bench: skipping launch.tasks_local_ms: \(launchTasksSkipped)\n".utf8))
        }
        if let instructionsSkipped {
            FileHandle.standardError.write(
                Data("parra-bench: skipping launch.to_first_frame_instructions_m: \(instructionsSkipped)\n".utf8))
        }
        if let whatsNewSkipped {
            FileHandle.standardError.write(
                Data("parra-bench: skipping whatsNew.check_local_ms: \(whatsNewSkipped)\n".utf8))
        }
        if let pushSkipped {
            FileHandle.standardError.write(Data("parra-bench: skipping push.local_delivery_us: \(pushSkipped)\n".utf8))
        }
        if let pushBusSkipped {
            FileHandle.standardError.write(
                Data("parra-bench: skipping push.bus_to_delegate_us: \(pushBusSkipped)\n".utf8))
        }
        if let webPushSkipped {
            FileHandle.standardError.write(
                Data("parra-bench: skipping push.webpush_decrypt_us: \(webPushSkipped)\n".utf8))
        }
        if let eventsSkipped {
            FileHandle.standardError.write(
                Data("parra-bench: skipping events.input_to_handler_us: \(eventsSkipped)\n".utf8))
        }
    }
} catch {
    fail("\(error)")
}
let runSeconds = Double(monotonicNanoseconds() - runStart) / 1e9

// MARK: - Report

let ffiNanoseconds = dispatch.nanoseconds(.host)
let bareNanoseconds = dispatch.nanoseconds(.bareFFI)
let directNanoseconds = dispatch.nanoseconds(.direct)
let ffiRatio = dispatch.pairedRatio(.host, over: .bareFFI)
let commandNanoseconds = dispatch.nanoseconds(.command)
let commandRatio = dispatch.pairedRatio(.command, over: .bareFFI)
let commandByIDNanoseconds = dispatch.nanoseconds(.commandByID)
let commandByIDRatio = dispatch.pairedRatio(.commandByID, over: .bareFFI)
let commandWithin = commandRatio <= commandRatioBudget
let bareRatio = dispatch.pairedRatio(.bareFFI, over: .direct)
let loadRatio = load.pairedRatio
let launchTasksRatio = launchTasks.flatMap { tasks in
    launch.hasFirstFrame ? tasks.milliseconds / launch.firstFrameMilliseconds : nil
}
var skippedFigures = launch.skipped
if let instructionsSkipped { skippedFigures.append(("launch.to_first_frame_instructions_m", instructionsSkipped)) }
if let launchTasksSkipped { skippedFigures.append(("launch.tasks_local_ms", launchTasksSkipped)) }
if let whatsNewSkipped { skippedFigures.append(("whatsNew.check_local_ms", whatsNewSkipped)) }
if let pushSkipped { skippedFigures.append(("push.local_delivery_us", pushSkipped)) }
if let pushBusSkipped { skippedFigures.append(("push.bus_to_delegate_us", pushBusSkipped)) }
if let webPushSkipped { skippedFigures.append(("push.webpush_decrypt_us", webPushSkipped)) }
if let eventsSkipped { skippedFigures.append(("events.input_to_handler_us", eventsSkipped)) }
let whatsNewRatio = whatsNew.flatMap { check in
    launch.hasFirstFrame ? check.milliseconds / launch.firstFrameMilliseconds : nil
}
let ffiWithin = ffiRatio <= ffiRatioBudget
let loadWithin = load.overNoneMilliseconds <= loadOverNoneBudgetMilliseconds
let filteredNanoseconds = logger.nanoseconds(.filtered)
let consoleNanoseconds = logger.nanoseconds(.consoleLine)
let consoleRatio = logger.pairedRatio(.consoleLine, over: .fwriteSameBytes)
let consoleLinesPerSecond = 1e9 / consoleNanoseconds
let enqueueNanoseconds = logger.nanoseconds(.productionEnqueue)
let loggerEntries: [(String, Double)] = [
    ("logger.filtered_ns", filteredNanoseconds),
    ("logger.gate_ns", logger.nanoseconds(.gate)),
    ("logger.filtered_ns_ratio", logger.pairedRatio(.filtered, over: .gate)),
    ("logger.filtered_evaluations", Double(logger.filteredEvaluations)),
    ("logger.console_line_ns", consoleNanoseconds),
    ("logger.fwrite_same_bytes_ns", logger.nanoseconds(.fwriteSameBytes)),
    ("logger.console_line_ns_ratio", consoleRatio),
    ("logger.console_lines_per_s", consoleLinesPerSecond),
    ("logger.production_enqueue_ns", enqueueNanoseconds),
    ("logger.locked_copy_ns", logger.nanoseconds(.lockedCopy)),
    ("logger.production_enqueue_ns_ratio", logger.pairedRatio(.productionEnqueue, over: .lockedCopy)),
    ("logger.host_record_ns", logger.nanoseconds(.hostRecord)),
    ("logger.direct_sink_ns", logger.nanoseconds(.directSink)),
    ("logger.host_record_ns_ratio", logger.pairedRatio(.hostRecord, over: .directSink)),
    ("logger.one_thread_lines_per_s", median(logger.oneThreadLinesPerSecond)),
    ("logger.two_threads_lines_per_s", median(logger.twoThreadsLinesPerSecond)),
    ("logger.two_threads_lines_per_s_ratio", logger.twoThreadsRatio),
    ("logger.fwrite_one_thread_lines_per_s", median(logger.fwriteOneThreadLinesPerSecond)),
    ("logger.fwrite_two_threads_lines_per_s", median(logger.fwriteTwoThreadsLinesPerSecond)),
    ("logger.fwrite_two_threads_lines_per_s_ratio", logger.fwriteTwoThreadsRatio),
    ("logger.two_threads_scaling_vs_fwrite", logger.twoThreadsScalingVersusFwrite),
]

func number(_ value: Double, _ digits: Int = 3) -> String { String(format: "%.\(digits)f", value) }

if json {
    let entries: [(String, Double)] =
        [
            ("dispatch.ffi_ns", ffiNanoseconds),
            ("dispatch.bare_ffi_call_ns", bareNanoseconds),
            ("dispatch.direct_call_ns", directNanoseconds),
            ("dispatch.ffi_ns_ratio", ffiRatio),
            ("dispatch.bare_ffi_call_ns_ratio", bareRatio),
            ("command.call_ns", commandNanoseconds),
            ("command.call_ns_ratio", commandRatio),
            ("command.call_by_id_ns", commandByIDNanoseconds),
            ("command.call_by_id_ns_ratio", commandByIDRatio),
            ("load.modules4_ms", load.modules4Milliseconds),
            ("load.modules0_ms", load.modules0Milliseconds),
            ("load.modules4_over_none_ms", load.overNoneMilliseconds),
            ("load.modules4_ms_ratio", loadRatio),
            ("load.modules100_over_none_ms", load100.modules100OverNoneMilliseconds),
            ("load.bare_dlopen100_ms", load100.bareMilliseconds),
            ("load.modules100_over_none_ms_ratio", load100.pairedRatio),
            ("load.on_demand_modules100_over_none_ms", load100.onDemandOverNoneMilliseconds),
            ("api.request_overhead_us", api.overheadMicroseconds),
            ("api.client_request_us", api.clientMicroseconds),
            ("api.raw_urlsession_us", api.rawMicroseconds),
            ("api.client_request_us_ratio", api.pairedRatio),
        ] + loggerEntries
    var launchEntries: [(String, Double)] = []
    if launch.hasFirstFrame { launchEntries.append(("launch.to_first_frame_ms", launch.firstFrameMilliseconds)) }
    if launch.hasEmpty { launchEntries.append(("launch.empty_process_ms", launch.emptyMilliseconds)) }
    if launch.hasFoundation {
        launchEntries.append(("launch.foundation_process_ms", launch.foundationMilliseconds))
    }
    if launch.hasBoth {
        launchEntries.append(("launch.to_first_frame_over_empty_ms", launch.overEmptyMilliseconds))
        launchEntries.append(("launch.to_first_frame_ms_ratio", launch.pairedRatio))
    }
    if launch.hasRepeat {
        launchEntries.append(("launch.repeat_to_first_frame_ms", launch.repeatFirstFrameMilliseconds))
        launchEntries.append(("launch.repeat_to_first_frame_ms_ratio", launch.repeatPairedRatio))
    }
    if launch.hasWithoutModules {
        launchEntries.append((LaunchBench.withoutModulesFigure, launch.withoutModulesMilliseconds))
        launchEntries.append((LaunchBench.withoutModulesFigure + "_ratio", launch.withoutModulesPairedRatio))
    }
    if launch.hasFirstFrame {
        launchEntries.append(("memory.sample_session_peak_mb", launch.sessionPeakMegabytes))
    }
    if launch.hasEmpty { launchEntries.append(("memory.empty_process_peak_mb", launch.emptyPeakMegabytes)) }
    if launch.hasFoundation {
        launchEntries.append(("memory.foundation_process_peak_mb", launch.foundationPeakMegabytes))
    }
    if launch.hasBoth {
        launchEntries.append(("memory.sample_session_over_empty_mb", launch.peakOverEmptyMegabytes))
        launchEntries.append(("memory.sample_session_peak_mb_ratio", launch.peakPairedRatio))
    }
    if launch.hasFirstFrame {
        launchEntries.append(("memory.sample_repeat_session_peak_mb", launch.repeatSessionPeakMegabytes))
    }
    if launch.hasBoth {
        launchEntries.append(("memory.sample_repeat_session_over_empty_mb", launch.repeatPeakOverEmptyMegabytes))
    }
    if let instructions {
        launchEntries += [
            ("launch.to_first_frame_instructions_m", instructions.firstFrame),
            ("launch.foundation_process_instructions_m", instructions.foundationProcess),
            ("launch.empty_process_instructions_m", instructions.emptyProcess),
            ("launch.to_first_frame_instructions_m_ratio", instructions.ratio),
            ("launch.to_first_frame_over_foundation_instructions_m", instructions.overFoundation),
        ]
    }
    if let launchTasks { launchEntries.append(("launch.tasks_local_ms", launchTasks.milliseconds)) }
    if let launchTasksRatio { launchEntries.append(("launch.tasks_local_ms_ratio", launchTasksRatio)) }
    if let whatsNew { launchEntries.append(("whatsNew.check_local_ms", whatsNew.milliseconds)) }
    if let whatsNewRatio { launchEntries.append(("whatsNew.check_local_ms_ratio", whatsNewRatio)) }
    if let push {
        launchEntries += [
            ("push.local_delivery_us", push.deliveryMicroseconds),
            ("push.socket_exchange_us", push.exchangeMicroseconds),
            ("push.local_delivery_us_ratio", push.pairedRatio),
        ]
    }
    if let pushBus {
        launchEntries += [
            ("push.bus_to_delegate_us", pushBus.deliveryMicroseconds),
            ("push.bus_round_trip_us", pushBus.roundTripMicroseconds),
            ("push.bus_to_delegate_us_ratio", pushBus.pairedRatio),
        ]
    }
    if let webPush {
        launchEntries += [
            ("push.webpush_decrypt_us", webPush.decryptMicroseconds),
            ("push.ecdh_us", webPush.ecdhMicroseconds),
            ("push.webpush_decrypt_us_ratio", webPush.pairedRatio),
        ]
    }
    if let events {
        launchEntries += [
            ("events.input_to_handler_us", events.handlerMicroseconds),
            ("events.terminal_echo_us", events.echoMicroseconds),
            ("events.input_to_handler_us_ratio", events.pairedRatio),
        ]
    }
    let budgets: [(String, Double)] = [
        ("dispatch.ffi_ns_ratio", ffiRatioBudget),
        ("command.call_ns_ratio", commandRatioBudget),
        ("load.modules4_over_none_ms", loadOverNoneBudgetMilliseconds),
        ("load.modules100_over_none_ms_ratio", load100RatioBudget),
        ("load.on_demand_modules100_over_none_ms", onDemandOverNoneBudgetMilliseconds),
        ("events.input_to_handler_us", inputToHandlerBudgetMicroseconds),
        ("push.bus_to_delegate_us", busToDelegateBudgetMicroseconds),
        ("logger.filtered_ns", filteredBudgetNanoseconds),
        ("logger.console_line_ns_ratio", consoleRatioBudget),
        ("logger.console_lines_per_s", consoleLinesPerSecondBudget),
        ("logger.production_enqueue_ns", enqueueBudgetNanoseconds),
        ("logger.two_threads_scaling_vs_fwrite", twoThreadsScalingBudget),
        ("launch.to_first_frame_over_empty_ms", firstFrameOverEmptyBudgetMilliseconds),
        ("memory.sample_session_over_empty_mb", memoryOverEmptyBudgetMegabytes),
        ("memory.sample_repeat_session_over_empty_mb", memoryOverEmptyBudgetMegabytes),
    ]
    func members(_ pairs: [(String, Double)], indent: String) -> String {
        pairs.map { "\(indent)\"\($0.0)\": \(number($0.1, 4))" }.joined(separator: ",\n")
    }
    var skipped = ""
    if !skippedFigures.isEmpty {
        let lines = skippedFigures.map { "    \(JSONStringLiteral.quoted($0.0)): \(JSONStringLiteral.quoted($0.1))" }
            .joined(separator: ",\n")
        skipped = ",\n  \"skipped\": {\n\(lines)\n  }"
    }
    print(
        "{\n\(members(entries + launchEntries, indent: "  ")),\n  \"budgets\": {\n\(members(budgets, indent: "    "))\n  }"
            + skipped + "\n}")
    exit(0)
}

struct Row {
    var name, value, baseline, ratio, budget, within: String
}
var rows = [
    Row(
        name: "dispatch.ffi_ns", value: number(ffiNanoseconds, 2) + " ns",
        baseline: "bare_ffi_call " + number(bareNanoseconds, 2) + " ns", ratio: number(ffiRatio, 3),
        budget: "ratio <= \(ffiRatioBudget)", within: ffiWithin ? "yes" : "NO"),
    Row(
        name: "dispatch.bare_ffi_call_ns", value: number(bareNanoseconds, 2) + " ns",
        baseline: "direct_call " + number(directNanoseconds, 2) + " ns", ratio: number(bareRatio, 3),
        budget: "-", within: "-"),
    Row(
        name: "dispatch.direct_call_ns", value: number(directNanoseconds, 2) + " ns", baseline: "-",
        ratio: "-", budget: "-", within: "-"),
    Row(
        name: "command.call_ns", value: number(commandNanoseconds, 2) + " ns",
        baseline: "bare_ffi_call " + number(bareNanoseconds, 2) + " ns", ratio: number(commandRatio, 3),
        budget: "ratio <= \(commandRatioBudget)", within: commandWithin ? "yes" : "NO"),
    Row(
        name: "command.call_by_id_ns", value: number(commandByIDNanoseconds, 2) + " ns",
        baseline: "bare_ffi_call " + number(bareNanoseconds, 2) + " ns", ratio: number(commandByIDRatio, 3),
        budget: "-", within: "-"),
    Row(
        name: "load.modules4_ms", value: number(load.modules4Milliseconds) + " ms",
        baseline: "modules0 " + number(load.modules0Milliseconds) + " ms", ratio: number(loadRatio, 3), budget: "-",
        within: "-"),
    Row(
        name: "load.modules4_over_none_ms", value: number(load.overNoneMilliseconds) + " ms",
        baseline: "modules0 " + number(load.modules0Milliseconds) + " ms", ratio: "-",
        budget: "<= \(number(loadOverNoneBudgetMilliseconds, 1)) ms", within: loadWithin ? "yes" : "NO"),
    Row(
        name: "load.modules100_over_none_ms", value: number(load100.modules100OverNoneMilliseconds) + " ms",
        baseline: "bare_dlopen100 " + number(load100.bareMilliseconds) + " ms", ratio: number(load100.pairedRatio, 3),
        budget: "ratio <= \(load100RatioBudget)", within: load100.pairedRatio <= load100RatioBudget ? "yes" : "NO"),
    Row(
        name: "load.on_demand_modules100_over_none_ms", value: number(load100.onDemandOverNoneMilliseconds) + " ms",
        baseline: "modules0 " + number(median(load100.onDemandNone)) + " ms", ratio: "-",
        budget: "<= \(number(onDemandOverNoneBudgetMilliseconds, 1)) ms",
        within: load100.onDemandOverNoneMilliseconds <= onDemandOverNoneBudgetMilliseconds ? "yes" : "NO"),
]
rows.append(
    Row(
        name: "api.request_overhead_us", value: number(api.overheadMicroseconds, 1) + " us",
        baseline: "raw_urlsession " + number(api.rawMicroseconds, 1) + " us",
        ratio: number(api.pairedRatio, 3), budget: "-", within: "-"))
rows.append(
    Row(
        name: "api.raw_urlsession_us", value: number(api.rawMicroseconds, 1) + " us", baseline: "-", ratio: "-",
        budget: "-", within: "-"))
func within(_ ok: Bool) -> String { ok ? "yes" : "NO" }
rows += [
    Row(
        name: "logger.filtered_ns", value: number(filteredNanoseconds, 2) + " ns",
        baseline: "gate " + number(logger.nanoseconds(.gate), 2) + " ns",
        ratio: number(logger.pairedRatio(.filtered, over: .gate), 3),
        budget: "<= \(number(filteredBudgetNanoseconds, 1)) ns",
        within: within(filteredNanoseconds <= filteredBudgetNanoseconds && logger.filteredEvaluations == 0)),
    Row(
        name: "logger.console_line_ns", value: number(consoleNanoseconds, 1) + " ns",
        baseline: "fwrite_same_bytes " + number(logger.nanoseconds(.fwriteSameBytes), 1) + " ns",
        ratio: number(consoleRatio, 3), budget: "ratio <= \(number(consoleRatioBudget, 1))",
        within: within(consoleRatio <= consoleRatioBudget)),
    Row(
        name: "logger.console_lines_per_s", value: number(consoleLinesPerSecond / 1e6, 2) + " M/s", baseline: "-",
        ratio: "-", budget: ">= \(number(consoleLinesPerSecondBudget / 1e6, 0)) M/s",
        within: within(consoleLinesPerSecond >= consoleLinesPerSecondBudget)),
    Row(
        name: "logger.production_enqueue_ns", value: number(enqueueNanoseconds, 1) + " ns",
        baseline: "locked_copy " + number(logger.nanoseconds(.lockedCopy), 1) + " ns",
        ratio: number(logger.pairedRatio(.productionEnqueue, over: .lockedCopy), 3),
        budget: "<= \(number(enqueueBudgetNanoseconds, 0)) ns",
        within: within(enqueueNanoseconds <= enqueueBudgetNanoseconds)),
    Row(
        name: "logger.host_record_ns", value: number(logger.nanoseconds(.hostRecord), 1) + " ns",
        baseline: "direct_sink " + number(logger.nanoseconds(.directSink), 1) + " ns",
        ratio: number(logger.pairedRatio(.hostRecord, over: .directSink), 3), budget: "-", within: "-"),
    Row(
        name: "logger.two_threads_lines_per_s",
        value: number(median(logger.twoThreadsLinesPerSecond) / 1e6, 2) + " M/s",
        baseline: "one_thread " + number(median(logger.oneThreadLinesPerSecond) / 1e6, 2) + " M/s",
        ratio: number(logger.twoThreadsRatio, 3), budget: "-", within: "-"),
    Row(
        name: "logger.two_threads_scaling_vs_fwrite", value: number(logger.twoThreadsScalingVersusFwrite, 3),
        baseline: "fwrite two/one " + number(logger.fwriteTwoThreadsRatio, 3), ratio: "-",
        budget: ">= \(number(twoThreadsScalingBudget, 1))",
        within: within(logger.twoThreadsScalingVersusFwrite >= twoThreadsScalingBudget)),
]
let skippedValue = "skipped"
/// A launch beside the empty process: its milliseconds and its paired ratio, each nil when not
/// measured.
func launchRow(_ name: String, milliseconds: Double?, ratio: Double?) -> Row {
    Row(
        name: name, value: milliseconds.map { number($0) + " ms" } ?? skippedValue,
        baseline: launch.hasEmpty ? "empty_process " + number(launch.emptyMilliseconds) + " ms" : "-",
        ratio: ratio.map { number($0, 3) } ?? "-", budget: "-", within: "-")
}
rows.append(
    launchRow(
        "launch.to_first_frame_ms", milliseconds: launch.hasFirstFrame ? launch.firstFrameMilliseconds : nil,
        ratio: launch.hasBoth ? launch.pairedRatio : nil))
rows.append(
    Row(
        name: "launch.empty_process_ms",
        value: launch.hasEmpty ? number(launch.emptyMilliseconds) + " ms" : skippedValue, baseline: "-",
        ratio: "-", budget: "-", within: "-"))
rows.append(
    Row(
        name: "launch.foundation_process_ms",
        value: launch.hasFoundation ? number(launch.foundationMilliseconds) + " ms" : skippedValue,
        baseline: launch.hasEmpty ? "empty_process " + number(launch.emptyMilliseconds) + " ms" : "-",
        ratio: "-", budget: "-", within: "-"))
rows.append(
    launchRow(
        "launch.repeat_to_first_frame_ms",
        milliseconds: launch.hasRepeat ? launch.repeatFirstFrameMilliseconds : nil,
        ratio: launch.hasRepeat ? launch.repeatPairedRatio : nil))
rows.append(
    launchRow(
        LaunchBench.withoutModulesFigure,
        milliseconds: launch.hasWithoutModules ? launch.withoutModulesMilliseconds : nil,
        ratio: launch.hasWithoutModules ? launch.withoutModulesPairedRatio : nil))
rows.append(
    Row(
        name: "launch.to_first_frame_over_empty_ms",
        value: launch.hasBoth ? number(launch.overEmptyMilliseconds) + " ms" : skippedValue,
        baseline: launch.hasEmpty ? "empty_process " + number(launch.emptyMilliseconds) + " ms" : "-",
        ratio: "-", budget: "<= \(number(firstFrameOverEmptyBudgetMilliseconds, 0)) ms",
        within: launch.hasBoth ? within(launch.overEmptyMilliseconds <= firstFrameOverEmptyBudgetMilliseconds) : "-"))
rows.append(
    Row(
        name: "memory.sample_session_peak_mb",
        value: launch.hasFirstFrame ? number(launch.sessionPeakMegabytes, 1) + " MiB" : skippedValue,
        baseline: launch.hasEmpty ? "empty_process_peak " + number(launch.emptyPeakMegabytes, 1) + " MiB" : "-",
        ratio: launch.hasBoth ? number(launch.peakPairedRatio, 3) : "-", budget: "-", within: "-"))
rows.append(
    Row(
        name: "memory.foundation_process_peak_mb",
        value: launch.hasFoundation ? number(launch.foundationPeakMegabytes, 1) + " MiB" : skippedValue,
        baseline: launch.hasEmpty ? "empty_process_peak " + number(launch.emptyPeakMegabytes, 1) + " MiB" : "-",
        ratio: "-", budget: "-", within: "-"))
rows.append(
    Row(
        name: "memory.sample_session_over_empty_mb",
        value: launch.hasBoth ? number(launch.peakOverEmptyMegabytes, 1) + " MiB" : skippedValue,
        baseline: launch.hasEmpty ? "empty_process_peak " + number(launch.emptyPeakMegabytes, 1) + " MiB" : "-",
        ratio: "-", budget: "<= \(number(memoryOverEmptyBudgetMegabytes, 0)) MiB",
        within: launch.hasBoth ? within(launch.peakOverEmptyMegabytes <= memoryOverEmptyBudgetMegabytes) : "-"))
rows.append(
    Row(
        name: "memory.sample_repeat_session_over_empty_mb",
        value: launch.hasBoth ? number(launch.repeatPeakOverEmptyMegabytes, 1) + " MiB" : skippedValue,
        baseline: launch.hasEmpty ? "empty_process_peak " + number(launch.emptyPeakMegabytes, 1) + " MiB" : "-",
        ratio: "-", budget: "<= \(number(memoryOverEmptyBudgetMegabytes, 0)) MiB",
        within: launch.hasBoth
            ? within(launch.repeatPeakOverEmptyMegabytes <= memoryOverEmptyBudgetMegabytes) : "-"))
rows.append(
    Row(
        name: "launch.to_first_frame_instructions_m",
        value: instructions.map { number($0.firstFrame, 2) + " M" } ?? skippedValue,
        baseline: instructions.map { "foundation_process " + number($0.foundationProcess, 2) + " M" } ?? "-",
        ratio: instructions.map { number($0.ratio, 3) } ?? "-", budget: "-", within: "-"))
rows.append(
    Row(
        name: "launch.to_first_frame_over_foundation_instructions_m",
        value: instructions.map { number($0.overFoundation, 2) + " M" } ?? skippedValue,
        baseline: instructions.map { "empty_process " + number($0.emptyProcess, 2) + " M" } ?? "-",
        ratio: "-", budget: "-", within: "-"))
rows.append(
    Row(
        name: "launch.tasks_local_ms",
        value: launchTasks.map { number($0.milliseconds) + " ms" } ?? skippedValue,
        baseline: launch.hasFirstFrame ? "to_first_frame " + number(launch.firstFrameMilliseconds) + " ms" : "-",
        ratio: launchTasksRatio.map { number($0, 3) } ?? "-", budget: "-", within: "-"))
rows.append(
    Row(
        name: "whatsNew.check_local_ms",
        value: whatsNew.map { number($0.milliseconds) + " ms" } ?? skippedValue,
        baseline: launch.hasFirstFrame ? "to_first_frame " + number(launch.firstFrameMilliseconds) + " ms" : "-",
        ratio: whatsNewRatio.map { number($0, 3) } ?? "-", budget: "-", within: "-"))
rows.append(
    Row(
        name: "push.local_delivery_us",
        value: push.map { number($0.deliveryMicroseconds) + " us" } ?? skippedValue,
        baseline: push.map { "socket_exchange " + number($0.exchangeMicroseconds) + " us" } ?? "-",
        ratio: push.map { number($0.pairedRatio, 3) } ?? "-", budget: "-", within: "-"))
rows.append(
    Row(
        name: "push.bus_to_delegate_us",
        value: pushBus.map { number($0.deliveryMicroseconds, 1) + " us" } ?? skippedValue,
        baseline: pushBus.map { "bus_round_trip " + number($0.roundTripMicroseconds, 1) + " us" } ?? "-",
        ratio: pushBus.map { number($0.pairedRatio, 3) } ?? "-",
        budget: "<= \(Int(busToDelegateBudgetMicroseconds)) us",
        within: pushBus.map { $0.deliveryMicroseconds <= busToDelegateBudgetMicroseconds ? "yes" : "NO" } ?? "-"))
rows.append(
    Row(
        name: "push.webpush_decrypt_us",
        value: webPush.map { number($0.decryptMicroseconds, 1) + " us" } ?? skippedValue,
        baseline: webPush.map { "ecdh " + number($0.ecdhMicroseconds, 1) + " us" } ?? "-",
        ratio: webPush.map { number($0.pairedRatio, 3) } ?? "-", budget: "-", within: "-"))
rows.append(
    Row(
        name: "events.input_to_handler_us",
        value: events.map { number($0.handlerMicroseconds, 1) + " us" } ?? skippedValue,
        baseline: events.map { "terminal_echo " + number($0.echoMicroseconds, 1) + " us" } ?? "-",
        ratio: events.map { number($0.pairedRatio, 3) } ?? "-",
        budget: "<= \(Int(inputToHandlerBudgetMicroseconds)) us",
        within: events.map { $0.handlerMicroseconds <= inputToHandlerBudgetMicroseconds ? "yes" : "NO" } ?? "-"))
let header = Row(
    name: "name", value: "value", baseline: "baseline", ratio: "ratio", budget: "budget", within: "within budget")
let columns: [KeyPath<Row, String>] = [\.name, \.value, \.baseline, \.ratio, \.budget, \.within]
let widths = columns.map { column in ([header] + rows).map { $0[keyPath: column].count }.max()! }
@MainActor func line(_ row: Row) -> String {
    zip(columns, widths).map { row[keyPath: $0.0].padding(toLength: $0.1, withPad: " ", startingAt: 0) }
        .joined(separator: "  ")
}
func spread(_ samples: [Double], _ digits: Int) -> String {
    "min \(number(samples.min()!, digits)), median \(number(median(samples), digits)), max \(number(samples.max()!, digits))"
}

print("")
print(line(header))
print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
for row in rows { print(line(row)) }
print("")
print("value and baseline: medians over repetitions; ratio: the median over repetitions of value sample /")
print("baseline sample from the same repetition (steadier than a ratio of medians on a busy machine)")
print(
    "dispatch: \(dispatch.repetitions) repetitions x \(dispatch.callsPerSample) calls per variant, after warm-up; ns per call:"
)
print("  host invoke  \(spread(dispatch.samples[.host]!, 2))")
print("  bare ffi     \(spread(dispatch.samples[.bareFFI]!, 2))")
print("  direct       \(spread(dispatch.samples[.direct]!, 2))")
print("  command      \(spread(dispatch.samples[.command]!, 2))")
print("  command id   \(spread(dispatch.samples[.commandByID]!, 2))")
print("  host / bare per repetition: \(spread(dispatch.pairedRatios(.host, over: .bareFFI), 3))")
print(
    "  ratio of the medians: host / bare \(number(ffiNanoseconds / bareNanoseconds, 3)), "
        + "host / direct \(number(ffiNanoseconds / directNanoseconds, 2))")
print(
    "logger: \(logger.repetitions) repetitions x \(logger.callsPerSample) calls per variant, after warm-up; "
        + "filtered calls that evaluated their message: \(logger.filteredEvaluations); ns per call:")
for (name, variant) in [
    ("filtered", LoggerFigures.Variant.filtered), ("gate", .gate), ("console line", .consoleLine),
    ("fwrite", .fwriteSameBytes), ("enqueue", .productionEnqueue), ("locked copy", .lockedCopy),
    ("host record", .hostRecord), ("direct sink", .directSink),
] {
    print("  \(name.padding(toLength: 13, withPad: " ", startingAt: 0))\(spread(logger.samples[variant]!, 2))")
}
print("load: \(load.repetitions) repetitions (+\(load.warmups) warm-up), fresh file copies each; ms per start:")
print("  4 modules    \(spread(load.samples4, 3))")
print("  0 modules    \(spread(load.samples0, 3))")
print(
    "load of 100 tiny modules: \(load100.repetitions) repetitions (+\(load100.warmups) warm-up), fresh copies each; ms: "
        + "100 modules \(spread(load100.samples100, 3)); none \(spread(load100.samples0, 3)); bare loads \(spread(load100.bare, 3)); "
        + "100 that wait \(spread(load100.onDemand, 3)); none beside them \(spread(load100.onDemandNone, 3))"
)
if launch.hasFirstFrame || launch.hasEmpty {
    print(
        "launch: \(launch.repetitions) repetitions (+\(launch.warmups) warm-up), alternately, each a fresh process "
            + "and HOME; ms:")
    func preemptions(_ counts: [Int]) -> String {
        "children preempted in \(counts.filter { $0 > 0 }.count) of \(counts.count), involuntary switches "
            + "median \(number(median(counts.map(Double.init)), 0)), max \(counts.max()!)"
    }
    if launch.hasFirstFrame {
        print("  to first frame  \(spread(launch.firstFrameSamples, 3))")
        print("                  \(preemptions(launch.firstFrameChildPreemptions)) (whole run)")
    }
    if launch.hasEmpty {
        print("  empty process   \(spread(launch.emptySamples, 3))")
        print("                  \(preemptions(launch.emptyChildPreemptions))")
    }
    if launch.hasFirstFrame {
        print("  session peak memory, MiB  \(spread(launch.sessionPeakSamples, 1))")
        print("  repeat session peak, MiB  \(spread(launch.repeatSessionPeakSamples, 1))")
    }
    if launch.hasEmpty { print("  empty peak memory, MiB    \(spread(launch.emptyPeakSamples, 1))") }
    if launch.hasRepeat {
        print("  repeat launch   \(spread(launch.repeatFirstFrameSamples, 3))")
    }
    if launch.hasWithoutModules {
        print("  sample without modules (reference)  \(spread(launch.withoutModulesSamples, 3))")
    }
    if launch.hasFoundation {
        print("  Foundation process (reference)  \(spread(launch.foundationSamples, 3))")
        print("  Foundation peak memory, MiB     \(spread(launch.foundationPeakSamples, 1))")
    }
    if launch.hasBoth {
        print(
            "  first frame / empty per repetition: \(spread(launch.pairedRatios, 3)); ratio of the medians "
                + number(launch.firstFrameMilliseconds / launch.emptyMilliseconds, 3))
    }
}
if let instructions {
    print(
        "launch instructions: \(instructions.runs) runs of each under callgrind, medians, millions: first frame "
            + "\(number(instructions.firstFrame, 2)), Foundation process \(number(instructions.foundationProcess, 2)), "
            + "empty process \(number(instructions.emptyProcess, 2))")
}
if let launchTasks {
    print(
        "launch tasks: \(launchTasks.repetitions) repetitions (+\(launchTasks.warmups) warm-up), in this process; ms: "
            + spread(launchTasks.samples, 3))
}
if let whatsNew {
    print(
        "What's New check: \(whatsNew.repetitions) repetitions (+\(whatsNew.warmups) warm-up), in this process; ms: "
            + spread(whatsNew.samples, 3))
}
if let push {
    print(
        "push delivery: \(push.repetitions) repetitions (+\(push.warmups) warm-up), in this process; us: "
            + spread(push.delivery, 1))
}
if let pushBus {
    print(
        "push over D-Bus: \(pushBus.repetitions) repetitions (+\(pushBus.warmups) warm-up), in this process; us: "
            + spread(pushBus.delivery, 1) + "; bus round trip: " + spread(pushBus.roundTrip, 1))
}
if let webPush {
    print(
        "Web Push decrypt: \(webPush.repetitions) samples of \(WebPushBench.operationsPerSample), in this process; us: "
            + spread(webPush.decrypt, 1) + "; ECDH: " + spread(webPush.ecdh, 1))
}
if let events {
    print(
        "terminal input: \(events.repetitions) repetitions (+\(events.warmups) warm-up), on pseudo-terminals; us: "
            + spread(events.handler, 1) + "; /bin/cat: " + spread(events.echo, 1))
}
for (figure, reason) in skippedFigures {
    print("skipped \(figure): \(reason)")
}
print(
    "samples retaken because the thread was preempted while they ran: \(retakenSamples); "
        + "kept although every attempt was preempted: \(disturbedSamples)")
print("checksum \(benchSink); run took \(number(runSeconds, 1)) s")
