/*
 * abi_probe.c: a library that only mentions every type and function-pointer table of
 * parra_plugin.h, so that its debug info describes their layouts. The ABI test compiles it with
 * -g, dumps that with libabigail's abidw and compares the dump with each committed baseline
 * using abidiff: a released layout may never change.
 *
 * One function per release that added types: parra_abi_probe holds the types of 1.0 to 1.4
 * (baseline parra_plugin.abi), parra_abi_probe_1_5 those 1.5 added (parra_plugin-1.5.abi), and so
 * on (1.6 added none; parra_plugin-1.6.abi is 1.5's again under its name). A new
 * minor adds its own function and baseline, so no released baseline is ever rewritten.
 */
#include <parra_plugin.h>

__attribute__((visibility("default"))) void parra_abi_probe(
    parra_module_descriptor *descriptor, parra_host *host, parra_error *error, parra_string *string,
    parra_value *value, parra_option_decl *option, parra_hook_decl *hook,
    parra_extension_point_decl *point, parra_command_decl *command, parra_command_completion *completion,
    parra_log_record *record, parra_api_request *request, parra_presentation *presentation,
    parra_launch_extension *launch, parra_presentation_action *action,
    parra_presentation_extension *presentations, parra_app_events_extension *app_events);

void parra_abi_probe(
    parra_module_descriptor *descriptor, parra_host *host, parra_error *error, parra_string *string,
    parra_value *value, parra_option_decl *option, parra_hook_decl *hook,
    parra_extension_point_decl *point, parra_command_decl *command, parra_command_completion *completion,
    parra_log_record *record, parra_api_request *request, parra_presentation *presentation,
    parra_launch_extension *launch, parra_presentation_action *action,
    parra_presentation_extension *presentations, parra_app_events_extension *app_events) {
    (void)descriptor, (void)host, (void)error, (void)string, (void)value, (void)option, (void)hook;
    (void)point, (void)command, (void)completion, (void)record, (void)request, (void)presentation;
    (void)launch, (void)action, (void)presentations, (void)app_events;
    /* The header's macros compile against the types they test. */
    (void)(PARRA_HOST_HAS(host, get_extension) && PARRA_DESCRIPTOR_HAS(descriptor, commands));
}

/* 1.5: the JSON reader extension. */
__attribute__((visibility("default"))) void parra_abi_probe_1_5(parra_json_extension *json);

void parra_abi_probe_1_5(parra_json_extension *json) { (void)json; }

/* 1.7: the remote notifications extension. */
__attribute__((visibility("default"))) void parra_abi_probe_1_7(parra_remote_notifications_extension *remote);

void parra_abi_probe_1_7(parra_remote_notifications_extension *remote) { (void)remote; }

/* 1.8: module traits. */
__attribute__((visibility("default"))) void parra_abi_probe_1_8(parra_module_traits *traits);

void parra_abi_probe_1_8(parra_module_traits *traits) { (void)traits; }

/* 1.9: the log sink extension. */
__attribute__((visibility("default"))) void parra_abi_probe_1_9(parra_log_sink_extension *log_sink);

void parra_abi_probe_1_9(parra_log_sink_extension *log_sink) { (void)log_sink; }
