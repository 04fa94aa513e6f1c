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

const char *parra_logger_image_path(void) {
    Dl_info image;
    if (dladdr((const void *)&parra_logger_image_path, &image) == 0) {
        return NULL;
    }
    return image.dli_fname;
}
