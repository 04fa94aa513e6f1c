/*
 * constructor_marker.c: a shared object whose constructor creates the file MARKER_PATH (a string
 * literal, given with -D): the proof, or not, that something loaded it. It defines nothing else,
 * so whoever loads it finds none of the functions it looks for.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <unistd.h>

__attribute__((constructor)) static void leave_marker(void) {
    int descriptor = open(MARKER_PATH, O_CREAT | O_WRONLY | O_CLOEXEC, 0600);
    if (descriptor >= 0) close(descriptor);
}
