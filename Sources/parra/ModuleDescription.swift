import Parra
import ParraRuntime

/// Everything a module declares, as `plugins inspect` shows it in text or JSON.
struct ModuleDescription: Encodable {
    /// One hook the module implements.
    struct Hook: Encodable {
        /// The point it hooks.
        let point: String
        /// Its signature, canonically spelled.
        let signature: String
        /// Lower runs earlier.
        let order: Int32
    }

    /// One extension point the module offers.
    struct ExtensionPoint: Encodable {
        /// The point's id.
        let id: String
        /// The signature every hook on it must have.
        let signature: String
        /// How the hooks' results are combined.
        let combine: String
        /// Its documentation line.
        let doc: String
    }

    /// One command the module offers.
    struct Command: Encodable {
        /// The command's id.
        let id: String
        /// Its signature, canonically spelled.
        let signature: String
        /// "immediate" or "later" (answered through a completion).
        let kind: String
        /// "main" or "any".
        let thread: String
        /// Its documentation line.
        let doc: String
    }

    /// Reverse-DNS id.
    let id: String
    /// Human-readable name.
    let name: String
    /// The module's version.
    let version: String
    /// One line, may be empty.
    let description: String
    /// SPDX license id, may be empty.
    let license: String
    /// The ABI it was built for, "major.minor".
    let abi: String
    /// When an app run starts it: at launch, or when first needed (ABI 1.8 traits).
    let starts: String
    /// The option keys it owns.
    let options: [OptionDescription]
    /// The hooks it implements, in declaration order.
    let hooks: [Hook]
    /// The extension points it offers.
    let extensionPoints: [ExtensionPoint]
    /// The commands it offers.
    let commands: [Command]

    init(_ declaration: ModuleDeclaration) {
        id = declaration.id
        name = declaration.name
        version = declaration.version
        description = declaration.description
        license = declaration.license
        abi = declaration.abiVersion
        starts =
            declaration.startsWhenNeeded
            ? "when first needed" : declaration.canWait ? "at launch (it can wait, but takes app logs)" : "at launch"
        options = declaration.options.map(OptionDescription.init)
        hooks = declaration.hooks.map { Hook(point: $0.pointID, signature: $0.signature.description, order: $0.order) }
        extensionPoints = declaration.extensionPoints.map {
            ExtensionPoint(id: $0.id, signature: $0.signature.description, combine: $0.combine.rawValue, doc: $0.doc)
        }
        commands = declaration.commands.map {
            Command(
                id: $0.id, signature: $0.signature.description, kind: $0.completesLater ? "later" : "immediate",
                thread: $0.thread == .main ? "main" : "any", doc: $0.doc)
        }
    }

    /// The text `plugins inspect` prints: identity, then options, hooks, extension points and
    /// commands.
    var lines: [String] {
        var lines = ["Module"]
        lines += AlignedColumns.lines(
            [
                ("id", id), ("name", name), ("version", version), ("description", orDash(description)),
                ("license", orDash(license)), ("ABI", abi), ("starts", starts),
            ], indent: 2)
        lines += ["", "Options (\(options.count))"]
        lines += options.flatMap { $0.lines(includingModule: false, indent: 2) }
        lines += ["", "Hooks (\(hooks.count))"]
        lines += hooks.flatMap { hook in
            ["  \(hook.point)"]
                + AlignedColumns.lines([("signature", hook.signature), ("order", "\(hook.order)")], indent: 4)
        }
        lines += ["", "Extension points (\(extensionPoints.count))"]
        lines += extensionPoints.flatMap { point in
            ["  \(point.id)"]
                + AlignedColumns.lines(
                    [("signature", point.signature), ("combine", point.combine), ("doc", orDash(point.doc))], indent: 4)
        }
        lines += ["", "Commands (\(commands.count))"]
        lines += commands.flatMap { command in
            ["  \(command.id)"]
                + AlignedColumns.lines(
                    [
                        ("signature", command.signature), ("kind", command.kind), ("thread", command.thread),
                        ("doc", command.doc),
                    ], indent: 4)
        }
        return lines
    }

    private func orDash(_ text: String) -> String {
        text.isEmpty ? "-" : text
    }
}
