/*
 * hidden_entry.c: a module whose entry symbol is defined but not exported, as happens when a
 * module built with -fvisibility=hidden does not include parra_plugin.h (whose prototype
 * exports it). The host must refuse it and say why.
 */
__attribute__((visibility("hidden"))) const void *parra_module_entry(void);
__attribute__((visibility("hidden"))) const void *parra_module_entry(void) { return 0; }

/* Something exported, so the file is an ordinary shared object. */
__attribute__((visibility("default"))) int hidden_entry_fixture_version(void);
__attribute__((visibility("default"))) int hidden_entry_fixture_version(void) { return 1; }
