import CFFI
import CParraPlugin

/// One command ready to call: its libffi call descriptor, prepared once from the signature,
/// the function, and a stable slot holding the offering module's data.
package final class PreparedCommand {
    /// The module that offers it.
    package let moduleID: String
    /// What the module declared.
    package let declaration: CommandDeclaration
    private let cif: UnsafeMutablePointer<ffi_cif>
    /// Holds the module data; its address is the first entry of the argument array.
    private let moduleDataSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
    private let resultMask: UInt64

    init(moduleID: String, declaration: CommandDeclaration, moduleData: UnsafeMutableRawPointer?) throws(ModuleRefusal)
    {
        self.moduleID = moduleID
        self.declaration = declaration
        let signature = declaration.signature
        argumentTypes = .allocate(capacity: signature.argumentTypes.count)
        for (position, type) in signature.argumentTypes.enumerated() {
            argumentTypes[position] = type.ffiType
        }
        cif = .allocate(capacity: 1)
        moduleDataSlot = .allocate(capacity: 1)
        moduleDataSlot.initialize(to: moduleData)
        switch signature.returnType {
        case .bool: resultMask = 0xFF
        case .i32, .u32: resultMask = 0xFFFF_FFFF
        default: resultMask = .max
        }
        let status = parra_ffi_prep_cif(
            cif, UInt32(signature.argumentTypes.count), signature.returnType.ffiType, argumentTypes)
        guard status == FFI_OK else {
            throw ModuleRefusal(
                phase: .activate,
                reason: "libffi could not prepare a call for command '\(declaration.id)' (\(signature))")
        }
    }

    deinit {
        argumentTypes.deallocate()
        cif.deallocate()
        moduleDataSlot.deallocate()
    }

    /// The command's id.
    package var id: String { declaration.id }

    /// Calls the function and returns its raw result (bool: 0 or 1; integers zero-extended
    /// from their width; f64: the bits). `arguments` has one slot per argument of the
    /// signature; slot 0 is set to the module data, the rest point at the values. The hot
    /// path: no allocation, no lookup, one prepared `ffi_call`.
    @inline(__always)
    package func invoke(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UInt64 {
        arguments[0] = UnsafeMutableRawPointer(moduleDataSlot)
        var raw: UInt64 = 0
        ffi_call(cif, declaration.function, &raw, arguments)
        return raw & resultMask
    }
}
