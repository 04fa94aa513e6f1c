/*
 * parra/hooks.h: the hooks a module declares in its descriptor (functions the host calls at an
 * override point, parra/override_points.h, or at another module's extension point), the
 * extension points it offers, and the signature grammar that types both.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_HOOKS_H
#define PARRA_HOOKS_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Any function pointer; a hook's real type is given by its signature string. */
typedef void (*parra_function)(void);

/**
 * A function the module wants called at an override point or at another module's extension
 * point. Hooks run on the main thread, in ascending `order`, ties broken by module id and then
 * by position in the module's hook array.
 */
typedef struct parra_hook_decl {
    /** Set by the module to sizeof(parra_hook_decl); the host steps to the next hook by it. */
    uint32_t struct_size;
    /** A canonical point (PARRA_POINT_*) or an extension point offered by a loaded module. */
    const char *point_id;
    /** The C signature of `function` in the grammar below; must equal the point's. */
    const char *signature;
    /** Called with the module's data pointer (from init) first, then the point's arguments. */
    parra_function function;
    /** Lower runs earlier. Zero is the usual choice. */
    int32_t order;
} parra_hook_decl;

/**
 * How the results of several hooks at one point become one result.
 * NONE: void points. ALL: bool, true only if every hook returned true (true with no hooks).
 * ANY: bool, true if any hook returned true (false with no hooks). UNION: an integer type,
 * the bitwise OR of every hook's result (0 with no hooks). Every hook is always called.
 */
typedef int32_t parra_combine_rule;
#define PARRA_COMBINE_NONE 0
#define PARRA_COMBINE_ALL 1
#define PARRA_COMBINE_ANY 2
#define PARRA_COMBINE_UNION 3

/**
 * A point the module offers for other modules to hook, and emits with parra_host.emit.
 * Typed only by its signature string, so the host calls its hooks through libffi.
 */
typedef struct parra_extension_point_decl {
    /** Set by the module to sizeof(parra_extension_point_decl); the host steps to the next
     *  point by it. */
    uint32_t struct_size;
    /** Must start with the offering module's id and a dot, e.g.
     *  "com.parra.launchScreen.didComplete", and be offered by no other loaded module. */
    const char *point_id;
    /** Signature of the hooks, first argument `ptr` (the hooking module's data). */
    const char *signature;
    /** Must fit the signature's return type (NONE for void, ALL/ANY for bool,
     *  UNION for an integer type). */
    parra_combine_rule combine;
    /** One line of documentation. */
    const char *doc;
} parra_extension_point_decl;

/* ----------------------------------------------------------------------------------------
 * Signatures
 *
 * Grammar: RETURN "(" ARG ("," ARG)* ")", spaces ignored, where each type is one of
 *   void (return only), bool (C bool), i32, u32, i64, u64, f64, ptr (void *),
 *   str (const char *, NUL-terminated UTF-8, owned by the caller for the duration of the call).
 * The first argument of every hook is `ptr`: the module data the module's init returned.
 * ------------------------------------------------------------------------------------- */

#ifdef __cplusplus
}
#endif

#endif /* PARRA_HOOKS_H */
