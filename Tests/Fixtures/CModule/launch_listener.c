/*
 * launch_listener.c: a C module for the launch screen's tests. It hooks the launch screen
 * module's extension points and application.openURL, and logs each call through the host,
 * so a test reads the order of the calls from the log.
 *
 * Defines: LISTENER_ID (the module id, default "com.example.listener") and LISTENER_ORDER
 * (the order of its launch hooks, default 0).
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
