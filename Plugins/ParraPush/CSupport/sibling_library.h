/* The libraries ParraPush opens itself on first use (its D-Bus code, its Web Push encryption)
 * live beside its own shared object (or the executable that links this code): finding and
 * opening one, for the loaders. Internal to CParraPushSupport. */
#ifndef PARRA_PUSH_SIBLING_LIBRARY_H
#define PARRA_PUSH_SIBLING_LIBRARY_H

#include <stddef.h>

/** Writes the path of `name` in the folder of this code's own shared object (or executable) to
 *  `path` (`size` bytes); an empty string when that folder cannot be found. Any thread. */
void parra_push_sibling_path(const char *name, char *path, size_t size);

/** dlopen's `path` (RTLD_NOW, RTLD_LOCAL), as parra_push_sibling_path gave it for `name` (NULL
 *  when it found none); NULL with why in `problem` (`size` bytes) when it cannot. */
void *parra_push_sibling_open(const char *path, const char *name, char *problem, size_t size);

#endif
