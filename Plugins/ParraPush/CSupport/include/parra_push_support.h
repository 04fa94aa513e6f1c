/* The bits of C ParraPush needs that Swift's Glibc module does not show. */
#ifndef PARRA_PUSH_SUPPORT_H
#define PARRA_PUSH_SUPPORT_H

#include <sys/types.h>

/** Writes the user id of the process at the other end of the Unix socket `fd` (SO_PEERCRED)
 *  to `out_uid`; returns 0, or -1 with errno set. */
int parra_push_peer_uid(int fd, uid_t *out_uid);

#endif
