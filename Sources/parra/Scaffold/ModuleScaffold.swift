import Foundation

/// What `parra new module` writes: a buildable module, in Swift (a package with the `.dynamic`
/// product and the entry target pattern) or C (one file and a one-line build), with its test.
struct ModuleScaffold {
    /// The module's name, e.g. `Greeter`: `[A-Za-z][A-Za-z0-9]*`.
    let name: String
    /// Its reverse-DNS id, e.g. `com.example.greeter`.
    let id: String
    /// The Parra checkout the module builds against (its package, or its C header).
    let parraRoot: URL
    /// The `parra` tool the C module's `test.sh` runs unless `PARRA` names another.
    let parraTool: String

    /// The first segment of the module's option keys: its name, lowercased.
    var keyPrefix: String { name.lowercased() }

    /// Whether `name` can name a module (and a Swift target and a C file).
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first) || ("a"..."z").contains(first)
        else { return false }
        return name.count <= 64
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// Whether `path` can be written into the generated files as it is: inside a Swift string
    /// literal and a single-quoted shell word.
    static func isQuotable(_ path: String) -> Bool {
        !path.contains { "'\"\\$`\n".contains($0) }
    }

    /// The files of a Swift module, by path relative to its folder.
    var swiftFiles: [(path: String, contents: String)] {
        [
            ("Package.swift", SwiftModuleTemplate.package),
            ("Sources/\(name)/\(name)Module.swift", SwiftModuleTemplate.module),
            ("Sources/\(name)Entry/\(name)Entry.swift", SwiftModuleTemplate.entry),
            ("Tests/\(name)Tests/\(name)Tests.swift", SwiftModuleTemplate.test),
        ].map { ($0.0, fill($0.1)) }
    }

    /// The files of a C module, by path relative to its folder.
    var cFiles: [(path: String, contents: String)] {
        [
            ("\(name).c", CModuleTemplate.module),
            ("build.sh", CModuleTemplate.build),
            ("test.sh", CModuleTemplate.test),
        ].map { ($0.0, fill($0.1)) }
    }

    /// `template` with its placeholders filled in.
    private func fill(_ template: String) -> String {
        template.replacingOccurrences(of: "{{NAME}}", with: name)
            .replacingOccurrences(of: "{{ID}}", with: id)
            .replacingOccurrences(of: "{{PREFIX}}", with: keyPrefix)
            .replacingOccurrences(of: "{{PARRA_TOOL}}", with: parraTool)
            .replacingOccurrences(of: "{{PARRA}}", with: parraRoot.path)
            .replacingOccurrences(of: "{{PARRA_PACKAGE}}", with: parraRoot.lastPathComponent.lowercased())
            .replacingOccurrences(
                of: "{{INCLUDE}}", with: parraRoot.appendingPathComponent("Sources/CParraPlugin/include").path)
    }
}
