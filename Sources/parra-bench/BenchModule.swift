import Foundation
import ParraTestSupport

/// The bench's own feature module, written out as C text at run time and compiled with the
/// same compiler discovery and flags as `CFixtureBuilder` (which only compiles its own
/// fixture source, so the bench carries a small compile step of its own).
///
/// The default fixture's hooks log through the host, which would dominate a dispatch figure;
/// this module's `application.didFinishLaunching` hook only counts the call in its module
/// data and returns true.
enum BenchModule {
    /// The module's C source. `BENCH_ID` (a string literal) and `BENCH_KEY_PREFIX` (a string
    /// literal, the first segment of its one option key) are set with -D.
    static let source = #"""
        /* bench_module.c: a minimal Parra feature module for parra-bench (generated). */
        #include <parra_plugin.h>

        #include <stdint.h>

        #ifndef BENCH_ID
        #error "define BENCH_ID as a string literal, e.g. -DBENCH_ID=\"com.parra.bench.m0\""
        #endif
        #ifndef BENCH_KEY_PREFIX
        #error "define BENCH_KEY_PREFIX as a string literal, e.g. -DBENCH_KEY_PREFIX=\"benchm0\""
        #endif

        #define BENCH_EXPORT __attribute__((visibility("default")))
        #define BENCH_ENABLED_KEY BENCH_KEY_PREFIX ".enabled"

        typedef struct bench_state {
            const parra_host *host;
            uint64_t calls;
            bool enabled;
        } bench_state;

        static bench_state state;

        static parra_status bench_init(const parra_host *host, void **out_module_data, parra_error *error) {
            (void)error;
            state.host = host;
            state.calls = 0;
            state.enabled = false;
            *out_module_data = &state;
            return PARRA_STATUS_OK;
        }

        static parra_status bench_configure(void *module_data, parra_error *error) {
            bench_state *s = module_data;
            parra_value value;
            memset(&value, 0, sizeof value);
            value.struct_size = sizeof value;
            parra_status status = s->host->get_option(s->host, BENCH_ENABLED_KEY, &value, error);
            if (status != PARRA_STATUS_OK) {
                return status;
            }
            if (value.type != PARRA_OPTION_TYPE_BOOL) {
                parra_error_set(error, BENCH_ENABLED_KEY " is not a bool");
                return PARRA_STATUS_WRONG_TYPE;
            }
            s->enabled = value.boolean;
            return PARRA_STATUS_OK;
        }

        /* The measured hook (and command): trivial work, returns true. */
        static bool bench_did_finish_launching(void *module_data, const char *launch_options_json) {
            (void)launch_options_json;
            ((bench_state *)module_data)->calls += 1;
            return true;
        }

        static const parra_option_decl bench_options[] = {
            {
                .struct_size = sizeof(parra_option_decl),
                .key = BENCH_ENABLED_KEY,
                .type = PARRA_OPTION_TYPE_BOOL,
                .default_json = "true",
                .doc = "Whether the bench module is enabled.",
                .environment_variable = NULL,
                .allowed_values = NULL,
            },
        };

        static const parra_hook_decl bench_hooks[] = {
            {
                .struct_size = sizeof(parra_hook_decl),
                .point_id = PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING,
                .signature = PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING,
                .function = (parra_function)bench_did_finish_launching,
                .order = 0,
            },
        };

        /* The measured command: the hook's function, offered as "<id>.launch", immediate. */
        static const parra_command_decl bench_commands[] = {
            {
                .struct_size = sizeof(parra_command_decl),
                .command_id = BENCH_ID ".launch",
                .signature = "bool(ptr,str)",
                .doc = "Counts the call and returns true.",
                .thread = PARRA_COMMAND_THREAD_ANY,
                .completes_later = false,
                .function = (parra_function)bench_did_finish_launching,
            },
        };
        static const parra_module_descriptor bench_descriptor = {
            .struct_size = sizeof(parra_module_descriptor),
            .abi_major = PARRA_ABI_VERSION_MAJOR,
            .abi_minor = PARRA_ABI_VERSION_MINOR,
            .id = BENCH_ID,
            .name = "ParraBenchModule",
            .version = "1.0.0",
            .description = "Minimal module measured by parra-bench.",
            .license = "MIT",
            .options = bench_options,
            .option_count = sizeof bench_options / sizeof bench_options[0],
            .hooks = bench_hooks,
            .hook_count = sizeof bench_hooks / sizeof bench_hooks[0],
            .extension_points = NULL,
            .extension_point_count = 0,
            .init = bench_init,
            .configure = bench_configure,
            .activate = NULL,
            .deactivate = NULL,
            .shutdown = NULL,
            .commands = bench_commands,
            .command_count = sizeof bench_commands / sizeof bench_commands[0],
        };

        BENCH_EXPORT const parra_module_descriptor *parra_module_entry(void) {
            return &bench_descriptor;
        }

        /* For the bench's baselines: the module data init hands the host, and the call count. */
        BENCH_EXPORT void *bench_module_data(void) {
            return &state;
        }

        BENCH_EXPORT uint64_t bench_call_count(void) {
            return state.calls;
        }
        """#

    /// Writes the source into `directory` once and compiles it into `directory/fileName`
    /// with `id` and `keyPrefix`, as the test fixtures are compiled.
    static func build(_ fileName: String, id: String, keyPrefix: String, in directory: URL) throws -> URL {
        let sourceFile = directory.appendingPathComponent("bench_module.c")
        if !FileManager.default.fileExists(atPath: sourceFile.path) {
            try source.write(to: sourceFile, atomically: true, encoding: .utf8)
        }
        return try CFixtureBuilder.build(
            fileName, defines: ["BENCH_ID=\"\(id)\"", "BENCH_KEY_PREFIX=\"\(keyPrefix)\""], in: directory,
            source: sourceFile)
    }
}

/// A failure that ends the bench.
struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
