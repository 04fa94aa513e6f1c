import Foundation
import Parra
import ParraRuntime
import ParraTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `load.modules100_over_none_ms` against `load.bare_dlopen100_ms`: what the host spends to
/// start with 100 tiny modules (one bool option, an init, no hook) over starting with none,
/// beside the loader's own floor for the same files: `dlopen`, `dlsym` of the entry and the
/// entry's call, one file after another, in this process.
///
/// Beside them, `load.on_demand_modules100_over_none_ms`: the same start with 100 tiny modules
/// that can wait (`PARRA_MODULE_CAN_WAIT`), none of them needed, over one with none. These are
/// the same 100 files at every start, so after the first (a warm-up) the registry describes them
/// and no file is opened. Its baseline is a start with none taken right beside it, alternately
/// before and after, and the figure is the median of the paired differences: the eager starts
/// and bare loads of the same repetition leave the caches cold in ways a start far from it does
/// not see.
struct Load100Figures {
    var samples100: [Double]
    var samples0: [Double]
    var bare: [Double]
    var onDemand: [Double]
    var onDemandNone: [Double]
    var repetitions: Int
    var warmups: Int

    /// Medians over the repetitions, in milliseconds.
    var modules100OverNoneMilliseconds: Double { median(samples100) - median(samples0) }
    var onDemandOverNoneMilliseconds: Double { median(zip(onDemand, onDemandNone).map { $0 - $1 }) }
    var bareMilliseconds: Double { median(bare) }
    /// The median of the per-repetition ratios of the host's share over the loader's floor.
    var pairedRatio: Double { median(zip(zip(samples100, samples0), bare).map { ($0.0 - $0.1) / $1 }) }
}

enum Load100Bench {
    static let moduleCount = 100

    /// The tiny module: one build, copied under 100 names a repetition. Its id and option key
    /// come from its file name (found with `dladdr`), so the copies are distinct modules.
    static let source = #"""
        /* tiny_module.c: parra-bench's tiny module (generated): one bool option, an init; with
           TINY_CAN_WAIT, traits that say it can wait. */
        #define _GNU_SOURCE
        #include <parra_plugin.h>

        #include <dlfcn.h>
        #include <stdio.h>
        #include <string.h>

        static char tiny_id[128];
        static char tiny_key[128];
        static parra_option_decl tiny_options[1];
        static parra_module_descriptor tiny_descriptor;

        #ifdef TINY_CAN_WAIT
        static const parra_module_traits tiny_traits = {sizeof tiny_traits, PARRA_MODULE_CAN_WAIT};

        PARRA_EXPORT const parra_module_traits *parra_module_get_traits(void) { return &tiny_traits; }
        #endif

        static parra_status tiny_init(const parra_host *host, void **out_module_data, parra_error *error) {
            (void)host;
            (void)error;
            *out_module_data = NULL;
            return PARRA_STATUS_OK;
        }

        PARRA_EXPORT const parra_module_descriptor *parra_module_entry(void) {
            Dl_info self;
            if (!dladdr((void *)parra_module_entry, &self) || self.dli_fname == NULL) return NULL;
            const char *name = strrchr(self.dli_fname, '/');
            name = name ? name + 1 : self.dli_fname;
            char token[64];
            size_t length = 0;
            for (; *name && *name != '.' && length + 1 < sizeof token; name++) {
                if ((*name >= 'a' && *name <= 'z') || (*name >= '0' && *name <= '9')) token[length++] = *name;
            }
            token[length] = '\0';
            snprintf(tiny_id, sizeof tiny_id, "com.parra.bench.%s", token);
            snprintf(tiny_key, sizeof tiny_key, "%s.enabled", token);
            tiny_options[0] = (parra_option_decl){
                .struct_size = sizeof(parra_option_decl),
                .key = tiny_key,
                .type = PARRA_OPTION_TYPE_BOOL,
                .default_json = "true",
                .doc = "Nothing.",
            };
            tiny_descriptor = (parra_module_descriptor){
                .struct_size = sizeof(parra_module_descriptor),
                .abi_major = PARRA_ABI_VERSION_MAJOR,
                .abi_minor = PARRA_ABI_VERSION_MINOR,
                .id = tiny_id,
                .name = "Tiny",
                .version = "1.0.0",
                .description = "parra-bench's tiny module.",
                .license = "MIT",
                .options = tiny_options,
                .option_count = 1,
                .init = tiny_init,
            };
            return &tiny_descriptor;
        }
        """#

    /// Builds the tiny module in `directory`, copies it into fresh folders (three sets a
    /// repetition: the host's start, the bare loads, a spare), and times alternately a runtime
    /// started with none, one started with 100 fresh copies, and the bare loads of 100 others;
    /// then, in each repetition too, a runtime started with the 100 copies of the module that
    /// can wait, with a registry of its own.
    static func run(work: URL, repetitions: Int, warmups: Int) throws -> Load100Figures {
        let sourceFile = work.appendingPathComponent("tiny_module.c")
        try source.write(to: sourceFile, atomically: true, encoding: .utf8)
        let built = try CFixtureBuilder.build("tiny_module.so", in: work, source: sourceFile)
        let image = try Data(contentsOf: built)
        let waiting = try Data(
            contentsOf: try CFixtureBuilder.build(
                "tiny_waiting_module.so", defines: ["TINY_CAN_WAIT"], in: work, source: sourceFile))
        let storage = work.appendingPathComponent("load100-storage", isDirectory: true)
        let onDemandStorage = work.appendingPathComponent("load100-on-demand-storage", isDirectory: true)
        var nextSet = 0
        func freshSet(of image: Data = image) throws -> [String] {
            defer { nextSet += 1 }
            let folder = work.appendingPathComponent("load100-\(nextSet)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
            return try (0..<moduleCount).map { index in
                let copy = folder.appendingPathComponent("tiny\(index)s\(nextSet).so")
                try image.write(to: copy)
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: copy.path)
                return copy.path
            }
        }
        var figures = Load100Figures(
            samples100: [], samples0: [], bare: [], onDemand: [], onDemandNone: [], repetitions: repetitions,
            warmups: warmups)
        let onDemandSet = try freshSet(of: waiting)
        for repetition in 0..<(warmups + repetitions) {
            let hosted = try freshSet()
            let loaded = try freshSet()
            // Alternately first, as every load leaves its objects in the process: the later
            // of the two meets a longer list of them.
            let none = try timeStart(paths: [], storage: storage)
            let hundred: Double
            let bare: Double
            if repetition % 2 == 0 {
                hundred = try timeStart(paths: hosted, storage: storage)
                bare = try timeBareLoads(paths: loaded)
            } else {
                bare = try timeBareLoads(paths: loaded)
                hundred = try timeStart(paths: hosted, storage: storage)
            }
            let onDemand: Double
            let onDemandNone: Double
            if repetition % 2 == 0 {
                onDemandNone = try timeStart(paths: [], storage: storage)
                onDemand = try timeStart(paths: onDemandSet, storage: onDemandStorage)
            } else {
                onDemand = try timeStart(paths: onDemandSet, storage: onDemandStorage)
                onDemandNone = try timeStart(paths: [], storage: storage)
            }
            if repetition >= warmups {
                figures.samples0.append(none)
                figures.samples100.append(hundred)
                figures.bare.append(bare)
                figures.onDemand.append(onDemand)
                figures.onDemandNone.append(onDemandNone)
            }
        }
        return figures
    }

    /// Milliseconds from creating a runtime to `start()` returning with every module in
    /// `paths` active.
    private static func timeStart(paths: [String], storage: URL) throws -> Double {
        let settings = BenchRuntime.settings(paths: paths, storage: storage)
        let start = monotonicNanoseconds()
        let runtime = ModuleRuntime(settings: settings)
        let report = runtime.start()
        let end = monotonicNanoseconds()
        guard report.refused.isEmpty, report.loaded.count == paths.count else {
            throw BenchError(
                "a start did not load all \(paths.count) tiny modules:\n"
                    + report.lines.prefix(5).joined(separator: "\n"))
        }
        runtime.stop()
        return Double(end - start) / 1_000_000
    }

    /// Milliseconds to `dlopen` each file, find its entry and call it: the loader's floor. The
    /// files are closed again after the clock stops (a C module can be unloaded; the host
    /// keeps its modules, as Swift ones cannot be).
    private static func timeBareLoads(paths: [String]) throws -> Double {
        typealias Entry = @convention(c) () -> UnsafeRawPointer?
        var handles: [UnsafeMutableRawPointer] = []
        defer { for handle in handles { dlclose(handle) } }
        let start = monotonicNanoseconds()
        for path in paths {
            guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
                throw BenchError("the bare load of \(path) failed: \(dlerror().map { String(cString: $0) } ?? "?")")
            }
            handles.append(handle)
            guard let symbol = dlsym(handle, "parra_module_entry"), unsafeBitCast(symbol, to: Entry.self)() != nil
            else {
                throw BenchError("\(path) has no working entry")
            }
        }
        return Double(monotonicNanoseconds() - start) / 1_000_000
    }
}
