#define _GNU_SOURCE
#include "parra_push_support.h"

#include <sys/socket.h>

int parra_push_peer_uid(int fd, uid_t *out_uid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) {
        return -1;
    }
    *out_uid = credentials.uid;
    return 0;
}
