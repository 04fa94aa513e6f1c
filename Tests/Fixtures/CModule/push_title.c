/*
 * push_title.c: a C module that keeps the title of each push shown in the foreground, read from
 * willPresentNotification's payload ("aps.alert.title") through the host's JSON reader
 * (PARRA_EXT_JSON). It stores the last title under the storage key "title" and logs
 * "title: <title>", or "no title: <why>".
 */
#include <stdio.h>

#include "parra_plugin.h"

static const parra_host *title_host;
static const parra_json_extension *json;

static void say(const char *text) {
    title_host->log(title_host, PARRA_LOG_LEVEL_INFO, (parra_string){text, strlen(text)});
}

static uint32_t on_will_present(void *data, const char *notification_json) {
    (void)data;
    char line[PARRA_ERROR_MESSAGE_CAPACITY + 16];
    parra_error error = {sizeof(parra_error), {0}};
    parra_json_document *document = json->parse(notification_json, strlen(notification_json), &error);
    if (document == NULL) {
        snprintf(line, sizeof line, "no title: %s", error.message);
        say(line);
        return 0;
    }
    parra_string title;
    if (json->get_string(json->get(json->root(document), "aps.alert.title"), &title)) {
        title_host->storage_set(title_host, "title", title.data, title.length, NULL);
        snprintf(line, sizeof line, "title: %.*s", (int)title.length, title.data);
    } else {
        snprintf(line, sizeof line, "no title: aps.alert.title is not a string");
    }
    say(line);
    json->free_document(document);
    return 0;
}

static parra_status title_init(const parra_host *host, void **out_module_data, parra_error *error) {
    title_host = host;
    *out_module_data = NULL;
    json = PARRA_HOST_HAS(host, get_extension) ? host->get_extension(host, PARRA_EXT_JSON) : NULL;
    if (json == NULL) {
        parra_error_set(error, "the host offers no " PARRA_EXT_JSON);
        return PARRA_STATUS_UNSUPPORTED;
    }
    return PARRA_STATUS_OK;
}

static const parra_hook_decl title_hooks[] = {
    {sizeof(parra_hook_decl), PARRA_POINT_APPLICATION_WILL_PRESENT_NOTIFICATION,
     PARRA_SIGNATURE_APPLICATION_WILL_PRESENT_NOTIFICATION, (parra_function)on_will_present, 0},
};

static const parra_module_descriptor title_descriptor = {
    .struct_size = sizeof(parra_module_descriptor),
    .abi_major = PARRA_ABI_VERSION_MAJOR,
    .abi_minor = PARRA_ABI_VERSION_MINOR,
    .id = "com.example.pushtitle",
    .name = "PushTitle",
    .version = "1.0.0",
    .description = "Keeps the title of each push shown in the foreground",
    .license = "MIT",
    .hooks = title_hooks,
    .hook_count = sizeof title_hooks / sizeof title_hooks[0],
    .init = title_init,
};

const parra_module_descriptor *parra_module_entry(void) { return &title_descriptor; }
