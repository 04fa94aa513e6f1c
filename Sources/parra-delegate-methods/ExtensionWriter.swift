/// Writes the Swift file that makes each delegate class provide its methods to the host.
enum ExtensionWriter {
    /// The generated file for `classes`: their files' imports, then one extension each.
    static func source(for classes: [DelegateScan.DelegateClass]) -> String {
        var imports: [String] = []
        for line in classes.flatMap(\.imports) where !imports.contains(line) { imports.append(line) }
        var text = "// Written by the ParraDelegateMethods build plugin from the target's sources; do not edit.\n"
        text += "// It hands the host the lifecycle methods each delegate class implements without `override`.\n"
        text += imports.map { $0 + "\n" }.joined()
        for found in classes {
            let argument = found.base == .appDelegate ? "application" : "scene"
            text += "\nextension \(found.name): ParraDelegateMethodsProviding {\n"
            text += "    var parraDelegateMethods: ParraDelegateMethods {\n"
            text += "        var methods = ParraDelegateMethods()\n"
            for method in found.methods {
                text += "        methods.\(method) = { [unowned self] \(argument) in self.\(method)(\(argument)) }\n"
            }
            text += "        return methods\n    }\n}\n"
        }
        return text
    }
}
