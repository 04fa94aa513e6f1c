/*
 * parra/commands.h: the commands a module offers in its descriptor, which the app and other
 * modules call (parra_host.call_command, parra/host.h), and how one that completes later
 * answers.
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_COMMANDS_H
#define PARRA_COMMANDS_H

#include <stdbool.h>
#include <stdint.h>

#include "hooks.h"
#include "status.h"
#include "values.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ----------------------------------------------------------------------------------------
 * Commands (ABI 1.2): calls the app, or another module, makes into a module
 *
 * Hooks carry the app's lifecycle to modules; commands carry the app's calls to one module
 * (What's New's "fetch the latest release", push's "request permission"). A module declares
 * each command in its descriptor; the host prepares one libffi call descriptor per command
 * and calls it for the app (`Parra` in Swift) and for other modules (parra_host.call_command).
 *
 * A command is one of two kinds:
 * - Immediate (`completes_later` false): its result is the function's return value, of any
 *   type of the grammar; it may not take the trailing completion.
 * - Completing later (`completes_later` true): the signature is `void(ptr, ..., ptr)`; the
 *   host passes a parra_command_completion as the last argument, and the module calls its
 *   `complete` exactly once, from any thread, now or later, with a JSON result or an error.
 *
 * Threads: PARRA_COMMAND_THREAD_MAIN commands are called only on the main thread. The host
 * calls an immediate one only when the caller is on the main thread (otherwise the call is
 * WRONG_THREAD), and moves a call of a completing-later one made on another thread to the main
 * thread. PARRA_COMMAND_THREAD_ANY commands are called on the caller's thread, possibly on
 * several threads at once; the module does its own locking.
 *
 * Commands are called from the end of the activation of all modules until the host begins to
 * stop them; before the first deactivate the host waits (up to ten seconds) for calls in
 * progress to return, and a module that still has one then is deactivated but not shut down.
 * A completion the module has not answered by the end of its deactivate is answered by the
 * host with PARRA_STATUS_WRONG_STATE ("the module stopped").
 * ------------------------------------------------------------------------------------- */

/** Which thread a command runs on. */
typedef int32_t parra_command_thread;
/** The main thread only. */
#define PARRA_COMMAND_THREAD_MAIN 0
/** The caller's thread, any thread. */
#define PARRA_COMMAND_THREAD_ANY 1

typedef struct parra_command_completion parra_command_completion;

/**
 * The answer channel of a command that completes later, made by the host for one call and
 * passed as the command's last argument. Owned by the host, which frees it when the module's
 * `complete` returns: call `complete` exactly once and do not touch the struct after. If the
 * module has not answered by the end of its deactivate, the host answers for it and keeps the
 * struct until the module's shutdown returns, so an answer during deactivate is still safe
 * (and ignored). The module must not write to it.
 */
struct parra_command_completion {
    /** Set by the host to the size of the struct it made. */
    uint32_t struct_size;
    /** The id of the command being answered, NUL-terminated, owned by the host. Lets one
     *  function serve several commands. */
    const char *command_id;
    /** [thread-safe] Answers the call, exactly once: `status` PARRA_STATUS_OK with
     *  `result_json` (any JSON value: an object, `true`, `null`, ...), or another status with
     *  `error_message` saying why (one line; the app sees it as the error's description). Both
     *  strings are the caller's and may be freed when it returns. OK with a result that is
     *  not JSON reaches the caller as PARRA_STATUS_FAILED, saying so. */
    void (*complete)(
        const parra_command_completion *completion, parra_status status, parra_string result_json,
        parra_string error_message);
    /** Host-private. */
    void *host_data;
};

/** A command the module offers. */
typedef struct parra_command_decl {
    /** Set by the module to sizeof(parra_command_decl); the host steps to the next command
     *  by it. */
    uint32_t struct_size;
    /** The module's id, a dot, and a name of `[A-Za-z0-9_]`, e.g.
     *  "com.parra.whatsNew.fetchLatestRelease". Unique among loaded modules. */
    const char *command_id;
    /** The C signature of `function` in the grammar of parra/hooks.h; the first argument is
     *  `ptr` (the module data). A command that completes later returns void and takes one more
     *  `ptr` last: the parra_command_completion. */
    const char *signature;
    /** One line of documentation, shown by `parra plugins inspect`. Required. */
    const char *doc;
    /** PARRA_COMMAND_THREAD_MAIN or PARRA_COMMAND_THREAD_ANY. */
    parra_command_thread thread;
    /** Whether the result comes later through the completion (see above). */
    bool completes_later;
    /** The function, called through libffi with `signature`. */
    parra_function function;
} parra_command_decl;

/**
 * The answer to a command another module called with parra_host.call_command, for a command
 * that completes later. Called exactly once, on the main thread, never from inside
 * call_command. `result_json` and `error_message` are owned by the host and valid only during
 * the call; `error_message` is {NULL, 0} when `status` is OK. Not called once the calling
 * module has shut down.
 */
typedef void (*parra_command_done_fn)(
    void *user_data, parra_status status, parra_string result_json, parra_string error_message);

#ifdef __cplusplus
}
#endif

#endif /* PARRA_COMMANDS_H */
