import CFFI
import CParraPlugin

/// A libffi call descriptor prepared once from a signature, for a hook or a command: the
/// `ffi_cif`, the argument types it points into, and a stable slot holding the module data
/// passed as the first argument.
final class CallDescriptor {
    let cif: UnsafeMutablePointer<ffi_cif>
    /// Holds the module data; its address is the first entry of the argument array.
    let moduleDataSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

    /// Prepares `signature`; nil when libffi cannot.
    init?(_ signature: HookSignature, moduleData: UnsafeMutableRawPointer?) {
        argumentTypes = .allocate(capacity: signature.argumentTypes.count)
        for (position, type) in signature.argumentTypes.enumerated() {
            argumentTypes[position] = type.ffiType
        }
        cif = .allocate(capacity: 1)
        moduleDataSlot = .allocate(capacity: 1)
        moduleDataSlot.initialize(to: moduleData)
        let status = parra_ffi_prep_cif(
            cif, UInt32(signature.argumentTypes.count), signature.returnType.ffiType, argumentTypes)
        guard status == FFI_OK else { return nil }
    }

    deinit {
        argumentTypes.deallocate()
        cif.deallocate()
        moduleDataSlot.deallocate()
    }
}
