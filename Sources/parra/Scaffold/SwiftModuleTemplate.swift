/// The files `parra new module NAME --swift` writes: a package with the module's code, its
/// entry target (the `.dynamic` product) and a test of the module's logic.
enum SwiftModuleTemplate {
    /// `Package.swift`: the module library, its `.dynamic` entry product and the test target.
    static let package = #"""
        // swift-tools-version:6.0
        import PackageDescription

        // {{NAME}}: a Parra feature module. `swift build` makes .build/debug/lib{{NAME}}.so;
        // `parra plugins inspect .build/debug/lib{{NAME}}.so` shows what it declares.
        let package = Package(
            name: "{{NAME}}",
            products: [
                // The module: a shared object whose one export is parra_module_entry.
                .library(name: "{{NAME}}", type: .dynamic, targets: ["{{NAME}}Entry"])
            ],
            dependencies: [.package(path: "{{PARRA}}")],
            targets: [
                // The module's code, without the entry symbol, so tests can link it.
                .target(
                    name: "{{NAME}}", dependencies: [.product(name: "ParraPluginKit", package: "{{PARRA_PACKAGE}}")]),
                // Its shared object exports the entry points alone, as Parra's own modules do.
                .target(
                    name: "{{NAME}}Entry", dependencies: ["{{NAME}}"],
                    linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script={{PARRA}}/Plugins/module-exports.map"])]),
                .testTarget(name: "{{NAME}}Tests", dependencies: ["{{NAME}}"]),
            ]
        )

        """#

    /// `Sources/NAME/NAMEModule.swift`: the module, an option, a hook and a command.
    static let module = #"""
        import ParraPluginKit

        /// {{NAME}}: says its greeting at launch and doubles numbers for the app.
        public final class {{NAME}}Module: ParraModule {
            public static let definition = ModuleDefinition<{{NAME}}Module>(
                id: "{{ID}}", name: "{{NAME}}", version: "0.1.0",
                options: [.string("{{PREFIX}}.greeting", default: "Hello", doc: "What {{NAME}} says at launch")],
                hooks: [
                    .didFinishLaunching { module, _ in
                        module.host.log(.info, "\(module.greeting) from {{NAME}}")
                        return true
                    }
                ],
                commands: [
                    .json(id: "{{ID}}.twice", doc: "Doubles the number it is given, later") { _, argument, reply in
                        guard let number = Double(argument) else { return reply.fail("\(argument) is not a number") }
                        reply.succeed(json: "\(2 * number)")
                    }
                ])

            let host: ModuleHost
            private(set) var greeting = "Hello"

            public init(host: ModuleHost) throws { self.host = host }

            public func configure() throws {
                greeting = try host.string("{{PREFIX}}.greeting")
            }
        }

        """#

    /// `Sources/NAMEEntry/NAMEEntry.swift`: the exported `parra_module_entry`.
    static let entry = #"""
        import CParraPlugin
        import {{NAME}}

        /// The one symbol the host looks up in lib{{NAME}}.so.
        @_cdecl("parra_module_entry")
        public func parraModuleEntry() -> UnsafePointer<parra_module_descriptor>? {
            {{NAME}}Module.definition.export()
        }

        """#

    /// `Tests/NAMETests/NAMETests.swift`: a test of the module's logic.
    static let test = #"""
        import CParraPlugin
        import Testing

        @testable import {{NAME}}

        @Suite("{{NAME}}")
        struct {{NAME}}Tests {
            @Test("the descriptor declares the id, the option and the command")
            func descriptor() {
                let descriptor = {{NAME}}Module.definition.export().pointee
                #expect(String(cString: descriptor.id) == "{{ID}}")
                #expect(descriptor.option_count == 1 && descriptor.hook_count == 1 && descriptor.command_count == 1)
                #expect(String(cString: descriptor.commands[0].command_id) == "{{ID}}.twice")
            }
        }

        """#
}
