/// The files `parra new module NAME --c` writes: a complete module in C (an option, a hook and
/// a command), the one-line build and a test that builds it and loads it with `parra`.
/// `{{NAME}}`, `{{ID}}`, `{{PREFIX}}`, `{{INCLUDE}}` and `{{PARRA_TOOL}}` are filled in by
/// ``ModuleScaffold``. The README and the DocC article show `module` filled in for `Greeter`,
/// and a test keeps them equal.
enum CModuleTemplate {
    /// `NAME.c`: the module.
    static let module = #"""
        /* {{NAME}}.c: a Parra feature module in C. Build: sh build.sh; check: sh test.sh */
        #include <parra_plugin.h>
        #include <stdio.h>

        static const parra_host *host;

        static parra_status init(const parra_host *h, void **out_module_data, parra_error *error) {
            (void)error;
            host = h;
            *out_module_data = NULL; /* hooks and commands get NULL: the state is in statics */
            return PARRA_STATUS_OK;
        }

        /* application.didFinishLaunching: greets with the option's value. */
        static bool did_finish_launching(void *data, const char *launch_options_json) {
            (void)data, (void)launch_options_json;
            parra_value value = {.struct_size = sizeof value};
            parra_error error = {.struct_size = sizeof error};
            if (host->get_option(host, "{{PREFIX}}.greeting", &value, &error) == PARRA_STATUS_OK) {
                int shown = value.string.length < 160 ? (int)value.string.length : 160; /* fits line */
                char line[256];
                int length = snprintf(line, sizeof line, "%.*s from {{NAME}}", shown, value.string.data);
                if (length > 0) host->log(host, PARRA_LOG_LEVEL_INFO, (parra_string){line, (size_t)length});
            }
            return true;
        }

        /* {{ID}}.twice: an immediate command the app calls with parra.command(...). */
        static int64_t twice(void *data, int64_t number) { (void)data; return 2 * number; }

        static const parra_option_decl options[] = {
            {.struct_size = sizeof(parra_option_decl), .key = "{{PREFIX}}.greeting", .type = PARRA_OPTION_TYPE_STRING,
             .default_json = "\"Hello\"", .doc = "What {{NAME}} says at launch"},
        };
        static const parra_hook_decl hooks[] = {
            {.struct_size = sizeof(parra_hook_decl), .point_id = PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING,
             .signature = PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING, .function = (parra_function)did_finish_launching},
        };
        static const parra_command_decl commands[] = {
            {.struct_size = sizeof(parra_command_decl), .command_id = "{{ID}}.twice",
             .signature = "i64(ptr,i64)", .doc = "Doubles a number", .thread = PARRA_COMMAND_THREAD_ANY,
             .function = (parra_function)twice},
        };
        static const parra_module_descriptor descriptor = {
            .struct_size = sizeof(parra_module_descriptor), .abi_major = PARRA_ABI_VERSION_MAJOR,
            .abi_minor = PARRA_ABI_VERSION_MINOR, .id = "{{ID}}", .name = "{{NAME}}", .version = "0.1.0",
            .options = options, .option_count = 1, .hooks = hooks, .hook_count = 1,
            .commands = commands, .command_count = 1, .init = init,
        };

        PARRA_EXPORT const parra_module_descriptor *parra_module_entry(void) { return &descriptor; }

        """#

    /// `build.sh`: the one compiler line.
    static let build = #"""
        #!/bin/sh
        # Builds lib{{NAME}}.so against the Parra C ABI header.
        set -eu
        cd "$(dirname "$0")"
        cc -std=c11 -Wall -Wextra -shared -fPIC -I '{{INCLUDE}}' -o lib{{NAME}}.so {{NAME}}.c

        """#

    /// `test.sh`: builds the module and loads it with `parra plugins inspect`.
    static let test = #"""
        #!/bin/sh
        # Builds the module and checks that the host loads it: `parra plugins inspect` exits 0 and
        # names its option and command. PARRA names the parra tool (default: the one that wrote this).
        set -eu
        cd "$(dirname "$0")"
        sh build.sh
        report=$("${PARRA:-{{PARRA_TOOL}}}" plugins inspect ./lib{{NAME}}.so)
        echo "$report"
        echo "$report" | grep -qF '{{PREFIX}}.greeting'
        echo "$report" | grep -qF '{{ID}}.twice'
        echo "ok: lib{{NAME}}.so loads"

        """#
}
