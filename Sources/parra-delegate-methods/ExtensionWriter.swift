/// Writes the Swift file that makes each delegate class provide its methods to the host.
enum ExtensionWriter {
    /// The generated file for `classes` (every delegate class found) and the target's `@main`
    /// type: their files' imports; a `ParraDelegateMethodsProviding` conformance for each class
    /// with methods; and, when there is a `@main` type and a delegate class, the `App`
    /// requirement `parraDelegateMethods(of:)`, which answers for every class by name. With it
    /// the host never asks whether a delegate conforms (`as?` on a protocol), which makes the
    /// Swift runtime search every loaded library's conformance records.
    static func source(for classes: [DelegateScan.DelegateClass], main: DelegateScan.MainType?) -> String {
        let provided = classes.filter { !$0.methods.isEmpty }
        let answering = main == nil ? [] : classes.filter { !$0.isGeneric }
        guard !provided.isEmpty || !answering.isEmpty else { return header }
        var imports: [String] = []
        let importing = (provided + answering).flatMap(\.imports) + (answering.isEmpty ? [] : main?.imports ?? [])
        for line in importing where !imports.contains(line) { imports.append(line) }
        var text = header + imports.map { $0 + "\n" }.joined()
        for found in provided {
            let argument = found.base == .appDelegate ? "application" : "scene"
            text += "\nextension \(found.name): ParraDelegateMethodsProviding {\n"
            text += "    var parraDelegateMethods: ParraDelegateMethods {\n"
            text += "        var methods = ParraDelegateMethods()\n"
            for method in found.methods {
                text += "        methods.\(method) = { [unowned self] \(argument) in self.\(method)(\(argument)) }\n"
            }
            text += "        return methods\n    }\n}\n"
        }
        if let main, !answering.isEmpty {
            let access = main.isPublic ? "public " : ""
            text += "\nextension \(main.name) {\n"
            text += "    \(access)static func parraDelegateMethods(of delegate: AnyObject) -> ParraDelegateMethods? {\n"
            for found in answering {
                text +=
                    found.methods.isEmpty
                    ? "        if delegate is \(found.name) { return ParraDelegateMethods() }\n"
                    : "        if let delegate = delegate as? \(found.name) { return delegate.parraDelegateMethods }\n"
            }
            text += "        return nil\n    }\n}\n"
        }
        return text
    }

    private static let header =
        "// Written by the ParraDelegateMethods build plugin from the target's sources; do not edit.\n"
        + "// It hands the host the lifecycle methods each delegate class implements without `override`.\n"
}
