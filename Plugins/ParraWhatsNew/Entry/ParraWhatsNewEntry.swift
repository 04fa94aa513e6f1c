import CParraPlugin
import ParraWhatsNew

/// The one symbol the host looks up in `libParraWhatsNew.so`. It has a target of its own so
/// that tests can link the module's code without it: every module defines this same symbol.
@_cdecl("parra_module_entry")
public func parraModuleEntry() -> UnsafePointer<parra_module_descriptor>? {
    ParraWhatsNewExport.descriptor()
}

/// Its traits: What's New can wait until it is first needed (its work starts once a launch
/// completes and a window is active).
@_cdecl("parra_module_get_traits")
public func parraModuleTraits() -> UnsafePointer<parra_module_traits>? {
    ParraWhatsNewExport.traits()
}
