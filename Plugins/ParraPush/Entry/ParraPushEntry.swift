import CParraPlugin
import ParraPush

/// The one symbol the host looks up in `libParraPush.so`. It has a target of its own so that
/// tests can link the module's code without it: every module defines this same symbol.
@_cdecl("parra_module_entry")
public func parraModuleEntry() -> UnsafePointer<parra_module_descriptor>? {
    ParraPushExport.descriptor()
}
