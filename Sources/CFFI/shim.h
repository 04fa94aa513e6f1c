// libffi, plus accessors for the parts Swift cannot reach directly: the addresses of the
// built-in `ffi_type` globals and the platform's default ABI.
#include <ffi.h>

static inline ffi_type *parra_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *parra_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *parra_ffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *parra_ffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *parra_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *parra_ffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *parra_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *parra_ffi_type_pointer(void) { return &ffi_type_pointer; }

/// Prepares `cif` for a function with the platform's default calling convention.
static inline ffi_status parra_ffi_prep_cif(
    ffi_cif *cif, unsigned int argument_count, ffi_type *return_type, ffi_type **argument_types) {
    return ffi_prep_cif(cif, FFI_DEFAULT_ABI, argument_count, return_type, argument_types);
}
