/*
 * parra/module.h: what a module is to the host: the entry symbol it exports, the descriptor
 * the entry returns, and the lifecycle the host drives it through. Start here; the
 * descriptor's fields point to the other headers.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_MODULE_H
#define PARRA_MODULE_H

#include <stddef.h>
#include <stdint.h>

#include "commands.h"
#include "hooks.h"
#include "host.h"
#include "log.h"
#include "options.h"
#include "status.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The one symbol every module exports, whatever its file is called. */
#define PARRA_MODULE_ENTRY_SYMBOL "parra_module_entry"

/** Marks a function the module exports: the entry symbol. The prototype of parra_module_entry
 *  below carries it, so a file that includes this header exports its entry even when built with
 *  -fvisibility=hidden; a module whose entry is hidden is refused, and the host says so. */
#define PARRA_EXPORT __attribute__((visibility("default")))

/* ----------------------------------------------------------------------------------------
 * The module descriptor and lifecycle
 *
 * The host drives each module through
 *   discovered -> descriptor read -> validated -> initialized -> configured -> active
 *   -> deactivated -> shut down
 * and calls nothing out of order. A module refused at any step is never called again, except
 * that a module whose init succeeded always gets shutdown: after a failed configure or
 * activate the host calls shutdown without deactivate. After a failed init the host ignores
 * `*out_module_data` and calls nothing more; the module frees what it made. Modules are
 * initialized, configured and activated one phase at a time, in load order; a module that can
 * wait (ABI 1.8, "Module traits" below) is instead started alone when it is first needed.
 * Modules stay loaded until the process exits: the host never dlcloses them.
 * ------------------------------------------------------------------------------------- */

/** What a module declares about itself. Owned by the module; must stay valid and unchanged
 *  until the process exits. */
typedef struct parra_module_descriptor {
    /** Set by the module to sizeof(parra_module_descriptor); at least
     *  PARRA_MODULE_DESCRIPTOR_SIZE_1_0. */
    uint32_t struct_size;
    /** PARRA_ABI_VERSION_MAJOR and _MINOR as the module was compiled with. */
    uint16_t abi_major;
    uint16_t abi_minor;

    /** Reverse-DNS id, `[A-Za-z0-9._-]`, unique among loaded modules, e.g. "com.parra.logger".
     *  It may not start with "application." or "scene." (the canonical points). Required. */
    const char *id;
    /** Human-readable name, e.g. "ParraLogger". Required. */
    const char *name;
    /** The module's own version, e.g. "1.2.0". Required. */
    const char *version;
    /** One line; may be NULL. */
    const char *description;
    /** SPDX identifier; may be NULL. */
    const char *license;

    /** The option keys the module owns (parra/options.h): `option_count` declarations, stepped
     *  through by each one's struct_size. May be NULL when the count is 0. */
    const parra_option_decl *options;
    size_t option_count;
    /** The functions the module wants called at points (parra/hooks.h): `hook_count`
     *  declarations, stepped through by each one's struct_size. May be NULL when the count is 0. */
    const parra_hook_decl *hooks;
    size_t hook_count;
    /** The points the module offers other modules (parra/hooks.h): `extension_point_count`
     *  declarations, stepped through by each one's struct_size. May be NULL when the count is 0. */
    const parra_extension_point_decl *extension_points;
    size_t extension_point_count;

    /** Main thread, once, first. Creates the module's state and writes it to
     *  `out_module_data` (which is passed to every other function and hook). `host` stays
     *  valid until shutdown returns. Options may be read from here on. May be NULL: then the
     *  module data every function, hook and command receives is NULL (keep what you need, such
     *  as the host table, in your own statics). */
    parra_status (*init)(const parra_host *host, void **out_module_data, parra_error *error);
    /** Main thread, once, after every module's init. Reads and checks options; a value the
     *  module rejects is an error naming the key. May be NULL. */
    parra_status (*configure)(void *module_data, parra_error *error);
    /** Main thread, once, after every module's configure. Starts work (threads, timers). From
     *  the first module's activate on, the hooks of every configured module may be called, and
     *  the module may emit its extension points. May be NULL. */
    parra_status (*activate)(void *module_data, parra_error *error);
    /** Main thread, once, when the app terminates. Stop work, flush. No hook of any module is
     *  called once the first deactivate begins; every module is deactivated before any is shut
     *  down. May be NULL. */
    void (*deactivate)(void *module_data);
    /** Main thread, once, last. Frees the module's state; no host service may be used after
     *  it returns. May be NULL. */
    void (*shutdown)(void *module_data);

    /* Added in ABI 1.1: read only when struct_size covers them. */

    /** NULL, or where the host hands app log records (see parra_log_sink_fn). */
    parra_log_sink_fn log_sink;
    /** NULL, or how the host asks the module to flush the records it has had
     *  (see parra_log_flush_fn). Ignored without log_sink. */
    parra_log_flush_fn log_flush;

    /* Added in ABI 1.2: read only when struct_size covers them. */

    /** The commands the module offers (see "Commands" in parra/commands.h). */
    const parra_command_decl *commands;
    /** How many declarations `commands` holds, stepped through by each one's struct_size;
     *  `commands` may be NULL when it is 0. */
    size_t command_count;
} parra_module_descriptor;

/** The size of parra_module_descriptor in ABI 1.0: the least struct_size the host accepts. */
#define PARRA_MODULE_DESCRIPTOR_SIZE_1_0 offsetof(parra_module_descriptor, log_sink)
/** The size of parra_module_descriptor in ABI 1.1. */
#define PARRA_MODULE_DESCRIPTOR_SIZE_1_1 offsetof(parra_module_descriptor, commands)

/** True when a `const parra_module_descriptor *` is large enough to hold `field` (for a host
 *  reading a module of an older minor; a module setting its own fields need not test). */
#define PARRA_DESCRIPTOR_HAS(descriptor, field) \
    ((descriptor)->struct_size >= offsetof(parra_module_descriptor, field) + sizeof((descriptor)->field))

/**
 * The entry symbol, exported by every module as `parra_module_entry`. Called once, on the main
 * thread, after dlopen: the host opens every module file first, then calls their entries in the
 * same order. It must not call into the host (it gets no host table) and should do nothing but
 * return the descriptor; NULL means the module cannot run here.
 *
 * In an app run the host keeps what each module declared in a cache in the app's storage
 * folder (see "Module traits" below), with a digest of the descriptor's fields as given. At a
 * later launch that opens the file unchanged, a descriptor with the same digest is not read
 * again: the declarations come from the cache, the functions from the descriptor. So the entry
 * must return the same descriptor for the same file; one that differs is read anew.
 */
typedef const parra_module_descriptor *(*parra_module_entry_fn)(void);

/** The entry symbol's prototype (since 1.2): a C module defines it with exactly this signature,
 *  e.g.
 *      PARRA_EXPORT const parra_module_descriptor *parra_module_entry(void) { return &my_descriptor; }
 *  A module written before 1.2 that declared it otherwise (say, without `const`) must change its
 *  declaration to this one to compile against this header; its built .so is unaffected. */
PARRA_EXPORT const parra_module_descriptor *parra_module_entry(void);

/* ----------------------------------------------------------------------------------------
 * Module traits (ABI 1.8): a module that can wait until it is first needed
 *
 * A module may export a second function beside its entry, `parra_module_get_traits`, to say
 * how the host is to run it. A module without it (every module built before 1.8) is run as
 * above: opened at every launch, and initialized, configured and activated with the others.
 *
 * The host's registry keeps what each module declared (options with their schemas, hooks,
 * extension points, commands) in a cache in the app's storage folder, keyed by the file's
 * identity (device, inode, size, modification and change times). A rebuilt, replaced,
 * re-owned or re-moded file is read again, and so is every file after the host itself changes.
 *
 * A module whose traits carry PARRA_MODULE_CAN_WAIT is, in an app run:
 *   - Described from the registry. At a launch where the file passes the trust rules and its
 *     identity is unchanged, its options are resolved and checked from the cache without
 *     opening the file.
 *   - Started when first needed, not at launch. Its file is opened (if the cache spared that),
 *     its descriptor compared with the cached one, and its init, configure and
 *     activate called back to back, on the main thread, at the first of:
 *       * a point it hooks is about to be dispatched (an override point by the host, or an
 *         extension point emitted by the module offering it): the hooks then include its own;
 *       * one of its commands is called (a call from another thread waits for the main
 *         thread to start it, 5 s at most);
 *       * a module that hooks one of its extension points has been activated (that module
 *         asks for the point).
 *     This may happen inside another module's activate or hook, or inside the app's own
 *     callback that dispatched the point. Its hooks may be called from its activate on, as any
 *     module's; its commands once its activate has returned. Until it is started none of its
 *     functions is called: a module never needed gets no call at all, not even shutdown.
 *   - Stopped as any other, once started: the host deactivates, then shuts down, every module
 *     in the reverse of the order their init ran in; a module started when first needed comes
 *     after every module initialized before it.
 * A module that takes app logs (log_sink) is always started at launch: records may come from
 * the first line. The entry and parra_module_get_traits may run at any launch the cache does
 * not cover, so they must return the same descriptor and traits for the same file; a module
 * whose descriptor differs from what the registry holds for its file is refused when it is
 * started, and read anew at the next launch. `parra config validate` and `parra plugins` open
 * every module, waiting or not.
 * ------------------------------------------------------------------------------------- */

/** The symbol of the traits function (ABI 1.8); optional. */
#define PARRA_MODULE_TRAITS_SYMBOL "parra_module_get_traits"

/** parra_module_traits.flags: the module can wait until it is first needed (above). */
#define PARRA_MODULE_CAN_WAIT ((uint32_t)1 << 0)

/** What a module says about how it is run (ABI 1.8). Owned by the module; must stay valid and
 *  unchanged until the process exits. */
typedef struct parra_module_traits {
    /** Set by the module to sizeof(parra_module_traits); the host reads only what it covers. */
    uint32_t struct_size;
    /** PARRA_MODULE_* flags; bits the host does not know are ignored. */
    uint32_t flags;
} parra_module_traits;

/**
 * The traits function, exported as `parra_module_get_traits` (ABI 1.8), optional. Called once,
 * on the main thread, right after the entry, with the same rules: no call into the host; it
 * returns the traits, or NULL for none (the module is run as one without traits).
 */
typedef const parra_module_traits *(*parra_module_traits_fn)(void);

/** The traits function's prototype: a C module that can wait defines it, e.g.
 *      static const parra_module_traits traits = {sizeof traits, PARRA_MODULE_CAN_WAIT};
 *      PARRA_EXPORT const parra_module_traits *parra_module_get_traits(void) { return &traits; } */
PARRA_EXPORT const parra_module_traits *parra_module_get_traits(void);

#ifdef __cplusplus
}
#endif

#endif /* PARRA_MODULE_H */
