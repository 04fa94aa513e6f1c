/*
 * parra/host_fwd.h: the name of the host table, declared alone.
 *
 * parra/host.h defines struct parra_host. The launch extension (parra/ext/launch.h) takes a
 * host and also defines the launch types that the table's ABI 1.1 launch fields use, so
 * host.h includes it and it cannot include host.h: both include this instead.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_HOST_FWD_H
#define PARRA_HOST_FWD_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct parra_host parra_host;

#ifdef __cplusplus
}
#endif

#endif /* PARRA_HOST_FWD_H */
