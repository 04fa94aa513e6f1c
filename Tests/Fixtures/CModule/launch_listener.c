/*
 * launch_listener.c: a C module for the launch screen's tests. It hooks the launch screen
 * module's extension points and application.openURL, and logs each call through the host,
 * so a test reads the order of the calls from the log.
 *
 * Defines: LISTENER_ID (the module id, default "com.example.listener") and LISTENER_ORDER
 * (the order of its launch hooks, default 0); with LISTENER_CLAIMS_LAUNCH it also tries, from
 * a didFinishLaunching hook after the launch screen's, to drive the launch itself and logs
 * what the host answered, and logs whether the app facts name the bundle.
 */
#include <stdio.h>
#include <string.h>

#include "parra_plugin.h"

#ifndef LISTENER_ID
#define LISTENER_ID "com.example.listener"
#endif
#ifndef LISTENER_ORDER
#define LISTENER_ORDER 0
#endif

static const parra_host *listener_host;

static void say(const char *what, const char *text) {
    char line[512];
    snprintf(line, sizeof line, "%s order=%d %s", what, LISTENER_ORDER, text);
    parra_string message = {line, strlen(line)};
    listener_host->log(listener_host, PARRA_LOG_LEVEL_INFO, message);
}

static void on_did_complete(void *data, const char *app_info_json) {
    (void)data;
    say("didComplete", app_info_json);
}

static void on_session_did_start(void *data, const char *user_id) {
    (void)data;
    say("sessionDidStart", user_id);
}

static bool on_open_url(void *data, const char *url, const char *options_json) {
    (void)data;
    (void)options_json;
    say("openURL", url);
    return true;
}

#ifdef LISTENER_CLAIMS_LAUNCH
static void on_step_done(void *user_data, parra_status status, parra_string result, parra_string message) {
    (void)user_data;
    (void)status;
    (void)result;
    (void)message;
    say("step done", "(never expected)");
}

static bool on_did_finish_launching(void *data, const char *options_json) {
    (void)data;
    (void)options_json;
    char line[PARRA_ERROR_MESSAGE_CAPACITY + 64];
    parra_error error = {sizeof(parra_error), {0}};
    parra_string none = {NULL, 0};
    parra_status status = listener_host->set_launch_state(listener_host, PARRA_LAUNCH_STATE_INITIAL, none, &error);
    snprintf(line, sizeof line, "set_launch_state status=%d %s", status, error.message);
    say("claim", line);
    error.message[0] = '\0';
    status = listener_host->run_launch_step(listener_host, PARRA_LAUNCH_STEP_AUTH_CHECK, on_step_done, NULL, &error);
    snprintf(line, sizeof line, "run_launch_step status=%d %s", status, error.message);
    say("claim", line);
    const char *facts = listener_host->app_facts_json(listener_host);
    say("facts", strstr(facts, "\"bundle\"") != NULL ? "has bundle" : facts);
    return true;
}
#endif

static void on_notification_response(void *data, const char *response_json) {
    (void)data;
    say("notificationResponse", response_json);
}

static parra_status listener_init(const parra_host *host, void **out_module_data, parra_error *error) {
    (void)error;
    listener_host = host;
    *out_module_data = NULL;
    return PARRA_STATUS_OK;
}

static const parra_hook_decl listener_hooks[] = {
    {sizeof(parra_hook_decl), "com.parra.launchScreen.didComplete", "void(ptr,str)",
     (parra_function)on_did_complete, LISTENER_ORDER},
    {sizeof(parra_hook_decl), "com.parra.launchScreen.sessionDidStart", "void(ptr,str)",
     (parra_function)on_session_did_start, LISTENER_ORDER},
    {sizeof(parra_hook_decl), PARRA_POINT_APPLICATION_OPEN_URL, PARRA_SIGNATURE_APPLICATION_OPEN_URL,
     (parra_function)on_open_url, 0},
    {sizeof(parra_hook_decl), PARRA_POINT_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE,
     PARRA_SIGNATURE_APPLICATION_DID_RECEIVE_NOTIFICATION_RESPONSE, (parra_function)on_notification_response, 0},
#ifdef LISTENER_CLAIMS_LAUNCH
    {sizeof(parra_hook_decl), PARRA_POINT_APPLICATION_DID_FINISH_LAUNCHING,
     PARRA_SIGNATURE_APPLICATION_DID_FINISH_LAUNCHING, (parra_function)on_did_finish_launching, 10},
#endif
};

static const parra_module_descriptor listener_descriptor = {
    .struct_size = sizeof(parra_module_descriptor),
    .abi_major = PARRA_ABI_VERSION_MAJOR,
    .abi_minor = PARRA_ABI_VERSION_MINOR,
    .id = LISTENER_ID,
    .name = "LaunchListener",
    .version = "1.0.0",
    .description = "Logs the launch screen's extension points",
    .license = "MIT",
    .hooks = listener_hooks,
    .hook_count = sizeof listener_hooks / sizeof listener_hooks[0],
    .init = listener_init,
};

const parra_module_descriptor *parra_module_entry(void) { return &listener_descriptor; }
