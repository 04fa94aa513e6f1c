/*
 * parra/version.h: the version of the ABI.
 *
 * A module writes these into its descriptor (parra_module_descriptor.abi_major and abi_minor,
 * parra/module.h); the host compares them with its own when it reads the descriptor, and
 * writes its own into the table it hands the module (parra_host.abi_major and abi_minor,
 * parra/host.h).
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_VERSION_H
#define PARRA_VERSION_H

/** ABI major version. A module whose major differs from the host's is refused. */
#define PARRA_ABI_VERSION_MAJOR 1
/** ABI minor version. A module built for a newer minor than the host's is refused; an older
 *  minor is accepted and the fields it lacks read as zero. */
#define PARRA_ABI_VERSION_MINOR 9

#endif /* PARRA_VERSION_H */
