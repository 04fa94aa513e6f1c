#define _GNU_SOURCE
#include "sibling_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

void parra_push_sibling_path(const char *name, char *path, size_t size) {
    Dl_info self;
    path[0] = 0;
    if (!dladdr((void *)&parra_push_sibling_path, &self) || !self.dli_fname) return;
    const char *slash = strrchr(self.dli_fname, '/');
    int folder = slash ? (int)(slash - self.dli_fname) : 1;
    snprintf(path, size, "%.*s/%s", folder, slash ? self.dli_fname : ".", name);
}

void *parra_push_sibling_open(const char *path, const char *name, char *problem, size_t size) {
    if (!path) {
        snprintf(problem, size, "cannot find the folder of ParraPush's code to load %s", name);
        return NULL;
    }
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) snprintf(problem, size, "cannot load %s: %s", path, dlerror());
    return handle;
}
