/*
 * parra/options.h: the option keys a module declares in its descriptor, and the rules their
 * values follow. The host reads them when it reads the descriptor; the module reads the
 * values with parra_host.get_option (parra/host.h).
 *
 * Part of the Parra module ABI. parra_plugin.h includes every header and states the
 * conventions they share: [main-thread] and [thread-safe], struct_size and growth, who
 * owns strings, errors, limits.
 */
#ifndef PARRA_OPTIONS_H
#define PARRA_OPTIONS_H

#include <stddef.h>
#include <stdint.h>

#include "values.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * An option key the module owns. The host builds one option store from every loaded module's
 * declarations and the app's layers (module default < JSON config file < ParraConfiguration in
 * code < environment), checking each value against `type`, then `allowed_values`, then (1.3)
 * `schema_json`. A value that fails is refused at its layer with a one-line reason naming the
 * key path and the rule, and the key keeps its lower layers; the module only ever reads values
 * that passed. The same check runs in `parra config validate` and at run time, so both print
 * the same words. Read by the host on the main thread when it reads the descriptor (no module
 * code runs for it); owned by the module, like the descriptor.
 */
typedef struct parra_option_decl {
    /** Set by the module to sizeof(parra_option_decl); at least PARRA_OPTION_DECL_SIZE_1_0. The
     *  host steps to the next declaration by it. */
    uint32_t struct_size;
    /** Dotted key, `[A-Za-z0-9_]` segments joined by `.`, e.g. "chat.historyLimit". Its
     *  first segment names the feature ("chat"). Owned by one module only. */
    const char *key;
    /** PARRA_OPTION_TYPE_*: the type every value of the key has; another number refuses the
     *  module. */
    parra_option_type type;
    /** The default as JSON text of `type`, e.g. "\"info\"", "true", "[]". Required. */
    const char *default_json;
    /** One line of documentation, shown by `parra config schema`. */
    const char *doc;
    /** NULL, or an environment variable that overrides every other layer, e.g.
     *  "CHAT_HISTORY_LIMIT". Its text is read as the type: a string as is, a bool as
     *  true/false/1/0/yes/no, numbers in decimal, lists and objects as JSON. */
    const char *environment_variable;
    /** NULL, or a NULL-terminated list of the only values a STRING option accepts. A value is
     *  matched after trimming whitespace and ignoring case, and the option then holds the
     *  spelling declared here ("  Debug " becomes "debug"). */
    const char *const *allowed_values;

    /* Added in ABI 1.3: read only when struct_size covers it. */

    /** NULL, or the rules a value must follow beyond its type, as JSON text in the subset of
     *  JSON Schema (draft 2020-12 words) described under "Option schemas" below, e.g.
     *  "{\"minimum\":0,\"maximum\":10}". A schema the host cannot read, or that the option's own
     *  default breaks, refuses the module at load with a reason naming the key and the rule.
     *  Declare here every value `configure` would reject, so that `parra config validate`
     *  catches it without running the module. */
    const char *schema_json;
} parra_option_decl;

/** The size of parra_option_decl in ABI 1.0 to 1.2: the least struct_size the host accepts. */
#define PARRA_OPTION_DECL_SIZE_1_0 offsetof(parra_option_decl, schema_json)

/*
 * Option schemas (ABI 1.3)
 *
 * `schema_json` is a JSON object, a schema, made of these JSON Schema keywords and no others
 * (an unknown keyword refuses the module, so a typo cannot switch a rule off). Each applies to
 * the value it describes; nested values get nested schemas through `items`, `properties`,
 * `oneOf`, `anyOf` and `then`. The top-level value is checked after `type` and
 * `allowed_values`, with an INTEGER given to a DOUBLE option already a double.
 *
 *   type                 "boolean", "integer", "number", "string", "array" or "object". At the
 *                        top level it must agree with the option's type. "integer" accepts a
 *                        number without a fraction; "number" accepts any number.
 *   enum                 a non-empty array of values; the value must equal one (exactly: no
 *                        trimming or case folding, unlike allowed_values).
 *   const                one value the value must equal.
 *   minimum, maximum     numbers; a number must be >= minimum and <= maximum.
 *   exclusiveMinimum,
 *   exclusiveMaximum     numbers; a number must be > exclusiveMinimum and < exclusiveMaximum.
 *   minLength, maxLength non-negative integers; a string's length in Unicode scalars.
 *   pattern              a regular expression (Swift Regex syntax, which takes ICU's and PCRE's
 *                        common forms, matched scalar by scalar) that must match somewhere in a
 *                        string: anchor it with ^...$ for a whole match ($ is the very end, not
 *                        before a final line break). A schema with lookbehind, \K, branch reset or
 *                        relative back-references is refused when it is read.
 *   format               (1.6) the name of a kind of string the value must be, one of the
 *                        PARRA_SCHEMA_FORMAT_* below; another name refuses the module. The host
 *                        checks it where it has the means (`parra config validate` does), and
 *                        the module still checks what it reads. A host before 1.6 refuses the
 *                        keyword, so a module that uses it declares abi_minor 6 or later.
 *   items                a schema every element of an array must follow.
 *   properties           an object of schemas, one per member name, for the members present.
 *   required             an array of member names an object must have.
 *   additionalProperties true (the default) or false: with false, an object may have only the
 *                        members `properties` names.
 *   oneOf + discriminator
 *                        a tagged union: `"discriminator": {"propertyName": "kind"}` and `oneOf`, an
 *                        array of schemas, each with `properties.kind.const` a distinct string. The
 *                        object must have a string `kind` naming one branch, and must follow that
 *                        branch. oneOf without a discriminator is refused.
 *   anyOf                a non-empty array of schemas; the value must follow at least one.
 *   if + then            schemas; when the value follows `if` (checked silently) it must follow
 *                        `then`. One without the other is refused; `else` is not supported.
 *   description          text for people; not checked.
 *
 * Keywords that do not apply to a value's JSON type are ignored for it (`minimum` on a string),
 * as in JSON Schema; `type` is what refuses a value of another type. A value that breaks the
 * schema is refused with the first rule it breaks, in the order listed above, e.g.
 *   logger.consoleFormatOptions[2].kind: "zzz" is not one of "message", "timestamp", ...
 *   launchScreen.fadeDuration: -3.0 is less than the minimum 0
 * The host reads every schema once, when it reads the descriptor.
 */

/** (1.6) `format`: a time zone identifier Foundation's TimeZone(identifier:) knows, such as
 *  "Europe/Paris", "UTC" or "GMT+05:30" (not "Mars/Olympus", nor "GMT+99"). */
#define PARRA_SCHEMA_FORMAT_TIME_ZONE "time-zone"

#ifdef __cplusplus
}
#endif

#endif /* PARRA_OPTIONS_H */
