#define _GNU_SOURCE
#include "parra_logger_support.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

size_t parra_logger_thread_name(char *buffer, size_t capacity) {
    if (buffer == NULL || capacity == 0) {
        return 0;
    }
    if ((pid_t)syscall(SYS_gettid) == getpid()) {
        strncpy(buffer, "main", capacity - 1);
        buffer[capacity - 1] = '\0';
        return strlen(buffer);
    }
    if (pthread_getname_np(pthread_self(), buffer, capacity) != 0) {
        buffer[0] = '\0';
    }
    return strlen(buffer);
}

bool parra_logger_is_terminal(int fd) { return isatty(fd) == 1; }

/* The executable's own path, from the kernel's link; empty when it cannot be read. */
static char executable_path[4096];

static void resolve_executable_path(void) {
    ssize_t length = readlink("/proc/self/exe", executable_path, sizeof executable_path - 1);
    executable_path[length > 0 ? length : 0] = '\0';
}

const char *parra_logger_image_path(void) {
    Dl_info image;
    if (dladdr((const void *)&parra_logger_image_path, &image) == 0) {
        return NULL;
    }
    if (image.dli_fname != NULL && image.dli_fname[0] == '/') {
        return image.dli_fname;
    }
    /* Linked into the executable, dladdr names it as argv[0] (a bare or relative name): the
     * kernel's link names the file itself. Read once; the text lives as long as the process. */
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, resolve_executable_path);
    return executable_path[0] == '/' ? executable_path : NULL;
}
