/*
 * launch_driver.c: a C module that drives the app's launch with the launch services of
 * ABI 1.1 (parra_host.set_launch_state and run_launch_step), as a module built against the
 * 1.1 header does. The tests build it against Tests/Fixtures/ReleasedHeaders/1.1.
 *
 * From its didFinishLaunching hook it sets INITIAL and runs the auth check; when the check is
 * done it sets TRANSITIONING, then COMPLETE. Each call logs "<call> status=<n>" through the
 * host, and the auth check's result is logged as "auth <json>".
 */
#include <stdio.h>
#include <string.h>

#include "parra_plugin.h"

static const parra_host *driver_host;

static void say(const char *what, parra_status status) {
    char line[256];
    int length = snprintf(line, sizeof line, "%s status=%d", what, status);
    parra_string message = {line, (size_t)length};
    driver_host->log(driver_host, PARRA_LOG_LEVEL_INFO, message);
}

static void set_state(parra_launch_state state, const char *name) {
    parra_error error = {.struct_size = sizeof error};
    parra_string none = {NULL, 0};
    say(name, driver_host->set_launch_state(driver_host, state, none, &error));
}

/* parra_launch_step_done_fn: the auth check finished; the launch completes. */
static void on_auth_checked(void *user_data, parra_status status, parra_string result, parra_string message) {
    (void)user_data;
    (void)message;
    char line[256];
    int length = snprintf(line, sizeof line, "auth %.*s", (int)result.length, result.data == NULL ? "" : result.data);
    parra_string text = {line, (size_t)length};
    driver_host->log(driver_host, PARRA_LOG_LEVEL_INFO, text);
    say("auth done", status);
    set_state(PARRA_LAUNCH_STATE_TRANSITIONING, "transitioning");
    set_state(PARRA_LAUNCH_STATE_COMPLETE, "complete");
}

static bool on_did_finish_launching(void *data, const char *options_json) {
    (void)data;
    (void)options_json;
    set_state(PARRA_LAUNCH_STATE_INITIAL, "initial");
    parra_error error = {.struct_size = sizeof error};
    say("auth check", driver_host->run_launch_step(driver_host, PARRA_LAUNCH_STEP_AUTH_CHECK, on_auth_checked,
                                                   NULL, &error));
    return true;
}

static parra_status driver_init(const parra_host *host, void **out_module_data, parra_error *error) {
    (void)error;
    driver_host = host;
    *out_module_data = NULL;
    return PARRA_STATUS_OK;
}

static const parra_hook_decl driver_hooks[] = {
    {.struct_size = sizeof(parra_hook_decl), .point_id = PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING,
     .signature = PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING, .function = (parra_function)on_did_finish_launching},
};

static const parra_module_descriptor driver_descriptor = {
    .struct_size = sizeof(parra_module_descriptor),
    .abi_major = PARRA_ABI_VERSION_MAJOR,
    .abi_minor = PARRA_ABI_VERSION_MINOR,
    .id = "com.example.driver",
    .name = "LaunchDriver",
    .version = "1.1.0",
    .hooks = driver_hooks,
    .hook_count = 1,
    .init = driver_init,
};

__attribute__((visibility("default"))) const parra_module_descriptor *parra_module_entry(void);
__attribute__((visibility("default"))) const parra_module_descriptor *parra_module_entry(void) {
    return &driver_descriptor;
}
