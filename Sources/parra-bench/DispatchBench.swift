import CFFI
import CParraPlugin
import Foundation
import Parra
import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// The C type of the bench module's `application.didFinishLaunching` hook.
typealias LaunchHook = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Bool

/// Per-call times of one dispatch, in nanoseconds: every sample of every variant, in
/// repetition order (sample `i` of each variant ran in the same repetition, close in time).
struct DispatchFigures: PairedFigures {
    enum Variant: CaseIterable {
        /// Through the host's `PointTable.invoke`, one hook.
        case host
        /// A bare `ffi_call` with a cif of the same types, prepared once.
        case bareFFI
        /// The hook's C function pointer called directly.
        case direct
        /// The same function as a command, through the host's prepared call
        /// (`PreparedCommand.invoke`, what every command call comes down to).
        case command
        /// The command by id as the app's `Parra.command` calls it: lookup, checks and
        /// marshalling of a Swift argument, then the prepared call.
        case commandByID
    }

    var samples: [Variant: [Double]]
    var callsPerSample: Int
    var repetitions: Int

}

enum DispatchBench {
    /// Loads `moduleFile` (one bench module with id `moduleID`) into a runtime of its own and
    /// times the three ways of calling its hook, interleaved, `repetitions` times after a
    /// warm-up. Each sample is one timed loop of N calls, N sized so the host's loop takes
    /// about `targetSampleMilliseconds` (short samples, many of them: on a busy machine more of
    /// them run undisturbed, and each pair of variants runs close together in time).
    static func run(
        moduleFile: URL, moduleID: String, storage: URL, repetitions: Int, targetSampleMilliseconds: Double
    ) throws -> DispatchFigures {
        let runtime = ModuleRuntime(settings: BenchRuntime.settings(paths: [moduleFile.path], storage: storage))
        let report = runtime.start()
        guard report.refused.isEmpty, report.loaded.map(\.moduleID) == [moduleID] else {
            throw BenchError("the dispatch bench module did not load:\n" + report.lines.joined(separator: "\n"))
        }
        defer { runtime.stop() }
        let pointID = OverridePoint.applicationDidFinishLaunching.id
        guard let table = runtime.dispatcher.table(for: pointID), table.moduleIDs == [moduleID] else {
            throw BenchError("no dispatch table with exactly one hook (\(moduleID)) at \(pointID)")
        }

        // The very function and module data the host registered: the runtime already opened
        // this file, so RTLD_NOLOAD hands back its handle.
        let loadedFile = runtime.modules.first?.file ?? moduleFile.path
        guard let handle = dlopen(loadedFile, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD) else {
            throw BenchError(
                "dlopen(RTLD_NOLOAD) of \(loadedFile) failed: \(dlerror().map { String(cString: $0) } ?? "?")")
        }
        defer { dlclose(handle) }  // drops only the reference taken here
        let entry = unsafeBitCast(try symbol(handle, PARRA_MODULE_ENTRY_SYMBOL), to: parra_module_entry_fn.self)
        let moduleDataFunction = unsafeBitCast(
            try symbol(handle, "bench_module_data"), to: (@convention(c) () -> UnsafeMutableRawPointer?).self)
        let callCount = unsafeBitCast(try symbol(handle, "bench_call_count"), to: (@convention(c) () -> UInt64).self)
        guard let descriptor = entry(), descriptor.pointee.hook_count == 1,
            let function = descriptor.pointee.hooks[0].function
        else {
            throw BenchError("the bench module's descriptor has no hook function")
        }
        let direct = unsafeBitCast(function, to: LaunchHook.self)
        let commandID = moduleID + ".launch"
        guard let command = runtime.command(commandID) else {
            throw BenchError("the bench module offers no command \(commandID)")
        }
        let moduleData = moduleDataFunction()

        // Argument storage shared by every variant: the launch options string, and the module
        // data cell the bare call's avalue[0] points at (the host uses its own slot).
        let launchOptions = strdup("{}")!
        let stringCell = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: 1)
        stringCell.initialize(to: UnsafePointer(launchOptions))
        let dataCell = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        dataCell.initialize(to: moduleData)
        let hostSlots = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 2)
        hostSlots[0] = nil  // invoke overwrites it with each hook's module data slot
        hostSlots[1] = UnsafeMutableRawPointer(stringCell)
        let commandSlots = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 2)
        commandSlots[0] = nil  // invoke sets it to the module data slot
        commandSlots[1] = UnsafeMutableRawPointer(stringCell)
        let bareValues = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 2)
        bareValues[0] = UnsafeMutableRawPointer(dataCell)
        bareValues[1] = UnsafeMutableRawPointer(stringCell)
        // bool(ptr,str), typed as the host types it: bool is uint8, ptr and str are pointers.
        let argumentTypes = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: 2)
        argumentTypes[0] = parra_ffi_type_pointer()
        argumentTypes[1] = parra_ffi_type_pointer()
        let cif = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
        defer {
            cif.deallocate()
            argumentTypes.deallocate()
            bareValues.deallocate()
            hostSlots.deallocate()
            commandSlots.deallocate()
            dataCell.deallocate()
            stringCell.deallocate()
            free(launchOptions)
        }
        guard parra_ffi_prep_cif(cif, 2, parra_ffi_type_uint8(), argumentTypes) == FFI_OK else {
            throw BenchError("ffi_prep_cif failed for bool(ptr,str)")
        }

        var callsMade: UInt64 = callCount()
        /// One timed loop; returns nanoseconds per call. Every hook returns true, so each
        /// loop's sum must equal its call count.
        func sample(_ variant: DispatchFigures.Variant, _ calls: Int) throws -> Double {
            let start = monotonicNanoseconds()
            let sum: UInt64
            switch variant {
            case .host: sum = hostLoop(table, hostSlots, calls)
            case .bareFFI: sum = bareLoop(cif, function, bareValues, calls)
            case .direct: sum = directLoop(direct, moduleData, UnsafePointer(launchOptions), calls)
            case .command: sum = commandLoop(command, commandSlots, calls)
            case .commandByID: sum = try commandByIDLoop(runtime, commandID, calls)
            }
            let end = monotonicNanoseconds()
            consume(sum)
            callsMade &+= UInt64(calls)
            guard sum == UInt64(calls) else {
                throw BenchError("\(variant): \(calls) calls returned \(sum) trues")
            }
            return Double(end - start) / Double(calls)
        }

        // Warm up every path (caches, branch predictors, lazy binding, CPU frequency), then
        // size the samples from the host's per-call time.
        for _ in 0..<3 {
            for variant in DispatchFigures.Variant.allCases { _ = try sample(variant, 200_000) }
        }
        let probe = try (0..<3).map { _ in try sample(.host, 100_000) }.min()!
        let calls = min(10_000_000, max(10_000, Int(targetSampleMilliseconds * 1_000_000 / max(probe, 0.1))))

        var samples: [DispatchFigures.Variant: [Double]] = [:]
        let variants = DispatchFigures.Variant.allCases
        for repetition in 0..<repetitions {
            // Rotate the order so no variant always runs first (or right after another).
            for offset in 0..<variants.count {
                let variant = variants[(repetition + offset) % variants.count]
                samples[variant, default: []].append(try undisturbed { try sample(variant, calls) })
            }
        }
        // The module counted every call: proof the work was really done.
        guard callCount() == callsMade else {
            throw BenchError("the module counted \(callCount()) calls, the bench made \(callsMade)")
        }
        withExtendedLifetime(runtime) {}
        return DispatchFigures(samples: samples, callsPerSample: calls, repetitions: repetitions)
    }

    private static func symbol(_ handle: UnsafeMutableRawPointer, _ name: String) throws -> UnsafeMutableRawPointer {
        guard let address = dlsym(handle, name) else { throw BenchError("the bench module exports no \(name)") }
        return address
    }

    @inline(never)
    static func hostLoop(_ table: PointTable, _ slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ calls: Int)
        -> UInt64
    {
        var sum: UInt64 = 0
        for _ in 0..<calls {
            sum &+= table.invoke(slots)
        }
        return sum
    }

    @inline(never)
    static func commandLoop(
        _ command: PreparedCommand, _ slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ calls: Int
    ) -> UInt64 {
        var sum: UInt64 = 0
        for _ in 0..<calls {
            sum &+= command.invoke(slots)
        }
        return sum
    }

    @inline(never)
    static func commandByIDLoop(_ runtime: ModuleRuntime, _ id: String, _ calls: Int) throws -> UInt64 {
        var sum: UInt64 = 0
        let arguments: [HookArgument] = [.string("{}")]
        for _ in 0..<calls {
            if try runtime.callCommand(id, arguments) == .bool(true) { sum &+= 1 }
        }
        return sum
    }

    @inline(never)
    static func bareLoop(
        _ cif: UnsafeMutablePointer<ffi_cif>, _ function: parra_function,
        _ values: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ calls: Int
    ) -> UInt64 {
        var sum: UInt64 = 0
        // As the host does: libffi widens the uint8 result into a full ffi_arg.
        var raw: UInt64 = 0
        for _ in 0..<calls {
            raw = 0
            ffi_call(cif, function, &raw, values)
            sum &+= raw & 0xFF
        }
        return sum
    }

    @inline(never)
    static func directLoop(
        _ function: LaunchHook, _ moduleData: UnsafeMutableRawPointer?, _ launchOptions: UnsafePointer<CChar>,
        _ calls: Int
    ) -> UInt64 {
        var sum: UInt64 = 0
        for _ in 0..<calls {
            sum &+= function(moduleData, launchOptions) ? 1 : 0
        }
        return sum
    }
}
