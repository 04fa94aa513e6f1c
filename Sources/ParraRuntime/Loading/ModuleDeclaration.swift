import CParraPlugin

/// What a module declared in its descriptor and traits, read into Swift and checked on its own:
/// everything but its code (`ModuleCode`), so that the registry can keep it between launches.
package struct ModuleDeclaration: Sendable {
    /// Reverse-DNS id.
    package let id: String
    /// Human-readable name.
    package let name: String
    /// The module's version.
    package let version: String
    /// One line, may be empty.
    package let description: String
    /// SPDX license id, may be empty.
    package let license: String
    /// ABI version the module was built for, as "major.minor".
    package let abiVersion: String
    /// The option keys it owns.
    package let options: [OptionSchema]
    /// The hooks it implements, in declaration order.
    package let hooks: [HookDeclaration]
    /// The extension points it offers.
    package let extensionPoints: [OverridePoint]
    /// The commands it offers (ABI 1.2).
    package let commands: [CommandDeclaration]
    /// Whether it takes app log records (ABI 1.1).
    package let takesAppLogs: Bool
    /// Whether its traits say it can wait until it is first needed (ABI 1.8).
    package let canWait: Bool

    /// Whether an app run starts it only when it is first needed: it can wait and takes no app
    /// logs (which may come from the first line).
    package var startsWhenNeeded: Bool { canWait && !takesAppLogs }
}

/// One hook a module implements; its function is in the module's `ModuleCode`.
package struct HookDeclaration: Sendable {
    /// The point it hooks.
    package let pointID: String
    /// The signature it declared.
    package let signature: HookSignature
    /// Lower runs earlier.
    package let order: Int32
    /// Its position in the module's hook array (the last tie-breaker).
    package let index: Int
}
