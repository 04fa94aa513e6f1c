import CFFI
import CParraCallNote
import CParraPlugin

/// One command ready to call: its libffi call descriptor, prepared once from the signature,
/// and the function. Sendable by hand: nothing in it changes once it is prepared, and
/// `ffi_call` on a prepared descriptor may run on any number of threads at once.
package final class PreparedCommand: @unchecked Sendable {
    /// The module that offers it.
    package let moduleID: String
    /// What the module declared.
    package let declaration: CommandDeclaration
    private let function: parra_function
    private let call: CallDescriptor
    private let resultMask: UInt64
    /// What a crash or exit inside the command names, and journals (the quarantine's); nil
    /// names nothing.
    private let site: UnsafePointer<parra_call_site>?

    init(
        moduleID: String, declaration: CommandDeclaration, function: parra_function,
        moduleData: UnsafeMutableRawPointer?, site: UnsafePointer<parra_call_site>? = nil
    ) throws(ModuleRefusal) {
        self.moduleID = moduleID
        self.site = site
        self.declaration = declaration
        self.function = function
        resultMask = declaration.signature.returnType.resultMask
        guard let call = CallDescriptor(declaration.signature, moduleData: moduleData) else {
            throw ModuleRefusal(
                phase: .activate,
                reason: "libffi could not prepare a call for command '\(declaration.id)' (\(declaration.signature))")
        }
        self.call = call
    }

    /// The command's id.
    package var id: String { declaration.id }

    /// Calls the function and returns its raw result (bool: 0 or 1; integers zero-extended
    /// from their width; f64: the bits). `arguments` has one slot per argument of the
    /// signature; slot 0 is set to the module data, the rest point at the values. The hot
    /// path: no allocation, no lookup, one prepared `ffi_call`.
    @inline(__always)
    package func invoke(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UInt64 {
        arguments[0] = UnsafeMutableRawPointer(call.moduleDataSlot)
        var raw: UInt64 = 0
        let previous = parra_call_site_enter(site)
        ffi_call(call.cif, function, &raw, arguments)
        parra_call_site_leave(previous)
        return raw & resultMask
    }
}
