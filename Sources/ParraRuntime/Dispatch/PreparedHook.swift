import CFFI
import CParraPlugin

/// One hook ready to call: its libffi call descriptor, prepared once from the signature, the
/// function, and a stable slot holding the module data passed as the first argument.
final class PreparedHook {
    let moduleID: String
    let order: Int32
    let index: Int
    let function: parra_function
    let cif: UnsafeMutablePointer<ffi_cif>
    /// Holds the module data; its address is the first entry of the argument array.
    let moduleDataSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>

    init(
        moduleID: String, declaration: HookDeclaration, moduleData: UnsafeMutableRawPointer?
    ) throws(ModuleRefusal) {
        self.moduleID = moduleID
        self.order = declaration.order
        self.index = declaration.index
        self.function = declaration.function
        let signature = declaration.signature
        argumentTypes = .allocate(capacity: signature.argumentTypes.count)
        for (position, type) in signature.argumentTypes.enumerated() {
            argumentTypes[position] = type.ffiType
        }
        cif = .allocate(capacity: 1)
        moduleDataSlot = .allocate(capacity: 1)
        moduleDataSlot.initialize(to: moduleData)
        let status = parra_ffi_prep_cif(
            cif, UInt32(signature.argumentTypes.count), signature.returnType.ffiType, argumentTypes)
        guard status == FFI_OK else {
            throw ModuleRefusal(
                phase: .configure,
                reason: "libffi could not prepare a call for hook '\(declaration.pointID)' (\(signature))")
        }
    }

    deinit {
        argumentTypes.deallocate()
        cif.deallocate()
        moduleDataSlot.deallocate()
    }
}
