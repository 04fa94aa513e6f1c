// Compile-time checks of the ABI's layout promises, made once when the package builds.
#include "parra_plugin.h"

// Every crossing struct starts with its size, so either side can read it before anything else.
_Static_assert(offsetof(parra_error, struct_size) == 0, "parra_error starts with struct_size");
_Static_assert(offsetof(parra_value, struct_size) == 0, "parra_value starts with struct_size");
_Static_assert(offsetof(parra_option_decl, struct_size) == 0, "option decl starts with its size");
_Static_assert(offsetof(parra_hook_decl, struct_size) == 0, "hook decl starts with its size");
_Static_assert(
    offsetof(parra_extension_point_decl, struct_size) == 0, "extension decl starts with its size");
_Static_assert(offsetof(parra_api_request, struct_size) == 0, "request starts with its size");
_Static_assert(offsetof(parra_presentation, struct_size) == 0, "presentation starts with its size");
_Static_assert(offsetof(parra_host, struct_size) == 0, "host table starts with its size");
_Static_assert(offsetof(parra_module_descriptor, struct_size) == 0, "descriptor starts with its size");
// The host passes C bool through libffi as an unsigned 8-bit integer.
_Static_assert(sizeof(bool) == 1, "bool is one byte");
// ABI 1.3 appended schema_json to the option declaration; the released part keeps its layout.
_Static_assert(PARRA_OPTION_DECL_SIZE_1_0 == 56, "the ABI 1.0 option declaration is 56 bytes");
