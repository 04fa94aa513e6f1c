import CFFI
import CParraCallNote
import CParraPlugin

/// One hook ready to call: its libffi call descriptor, prepared once from the signature, and
/// the function.
final class PreparedHook {
    let moduleID: String
    let order: Int32
    let index: Int
    let function: parra_function
    let call: CallDescriptor
    /// What a crash or exit inside the hook names, and journals (the quarantine's); nil names
    /// nothing.
    let site: UnsafePointer<parra_call_site>?

    init(
        moduleID: String, declaration: HookDeclaration, function: parra_function,
        moduleData: UnsafeMutableRawPointer?, site: UnsafePointer<parra_call_site>? = nil
    ) throws(ModuleRefusal) {
        self.moduleID = moduleID
        self.site = site
        self.order = declaration.order
        self.index = declaration.index
        self.function = function
        guard let call = CallDescriptor(declaration.signature, moduleData: moduleData) else {
            throw ModuleRefusal(
                phase: .configure,
                reason: "libffi could not prepare a call for hook '\(declaration.pointID)' (\(declaration.signature))")
        }
        self.call = call
    }
}
