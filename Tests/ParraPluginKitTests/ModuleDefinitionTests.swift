import CParraPlugin
import Foundation
import ParraPluginKit
import ParraTestSupport
import Testing

@testable import Parra
@testable import ParraAPI
@testable import ParraAppModel
@testable import ParraRuntime

/// A module defined in the test process, to read PluginKit's descriptor from the inside.
final class InProcessModule: ParraModule {
    static let definition = ModuleDefinition<InProcessModule>(
        id: "com.example.inprocess", name: "InProcess", version: "0.1.0", description: "d", license: "Apache-2.0",
        options: [
            .string(
                "inprocess.mode", default: "fast \"quoted\"", doc: "mode", environmentVariable: "PARRA_INPROCESS_MODE",
                allowedValues: ["fast \"quoted\"", "slow"]),
            .double("inprocess.ratio", default: 0.25, doc: "ratio"),
            OptionDeclaration("inprocess.tags", kind: .list, defaultJSON: #"["a"]"#, doc: "tags"),
        ],
        hooks: [
            .didFinishLaunching(order: -3) { _, _ in true },
            .sceneWillConnect { _, _, _ in },
        ],
        extensionPoints: [
            ExtensionPointDeclaration("com.example.inprocess.didThing", signature: "bool(ptr)", combine: .any, doc: "x")
        ])

    init(host: ModuleHost) throws {}
}

@Suite("ParraPluginKit descriptors")
struct ModuleDefinitionTests {
    @Test("a definition exports a descriptor the host accepts, with every declaration")
    func exportedDescriptor() throws {
        let descriptor = InProcessModule.definition.export()
        #expect(InProcessModule.definition.export() == descriptor, "exported once")
        let declaration = try DescriptorReader.read(descriptor).declaration
        #expect(declaration.id == "com.example.inprocess")
        #expect(declaration.abiVersion == "\(PARRA_ABI_VERSION_MAJOR).\(PARRA_ABI_VERSION_MINOR)")
        #expect(declaration.license == "Apache-2.0")
        let mode = try #require(declaration.options.first)
        #expect(mode.defaultValue == .string("fast \"quoted\""))
        #expect(mode.environmentVariable == "PARRA_INPROCESS_MODE")
        #expect(mode.allowedValues == ["fast \"quoted\"", "slow"])
        #expect(declaration.options.map(\.type) == [.string, .double, .list])
        #expect(declaration.options[2].defaultValue == .array([.string("a")]))
        #expect(declaration.hooks.map(\.pointID) == ["application.didFinishLaunching", "scene.willConnect"])
        #expect(declaration.hooks.first?.order == -3)
        #expect(declaration.extensionPoints.first?.combine == .any)
    }

    @Test(
        "a descriptor string that is not UTF-8, or longer than the limit, is refused naming its field; any other is read",
        arguments: [
            ([0xE2, 0x82, 0xAC], "€"), ([0x66, 0xFF, 0x6F], nil), ([0xC3], nil), ([0xED, 0xA0, 0x80], nil),
            (Array(repeating: 0x61, count: DescriptorReader.maximumStringLength + 1), nil),
        ] as [([UInt8], String?)])
    func descriptorStrings(bytes: [UInt8], read: String?) throws {
        var descriptor = InProcessModule.definition.export().pointee
        let name = (bytes + [0]).withUnsafeBufferPointer {
            strdup(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self))
        }
        defer { free(name) }
        descriptor.name = UnsafePointer(name)
        do {
            let declaration = try DescriptorReader.read(&descriptor).declaration
            #expect(declaration.name == read)
        } catch {
            #expect(read == nil)
            #expect(error.reason.contains("name is not valid UTF-8 of at most"), "\(error)")
        }
    }

    @Test("the Swift fixture's descriptor, read through dlopen, matches its definition")
    func fixtureThroughHost() throws {
        let host = try TestHost(paths: [BuildProducts.swiftFixture])
        host.runtime.start(through: .validate)
        let module = try #require(host.runtime.modules.first)
        #expect(module.declaration.name == "SwiftFixture")
        #expect(module.declaration.version == "2.1.0")
        #expect(module.declaration.options.map(\.key).contains("swiftfixture.greeting"))
        #expect(module.declaration.hooks.contains { $0.pointID == "com.example.cfixture.didGreet" })
        #expect(module.state == .validated)
        #expect(host.log.messages(from: "com.parra.test.swiftfixture").isEmpty, "validate runs no module code")
    }

    @Test("a didFinishLaunching hook that returns false fails the launch through the host")
    func hookResultCrossesBoundary() throws {
        let host = try TestHost(
            paths: [BuildProducts.swiftFixture], codeOptions: ["swiftfixture.failLaunch": .bool(true)])
        host.runtime.start()
        #expect(try host.runtime.dispatcher.call(.applicationDidFinishLaunching, .string("{}")).bool == false)
        #expect(
            host.log.messages(from: "com.parra.test.swiftfixture").contains("hook application.didFinishLaunching {}"))
        #expect(
            host.log.messages(from: "com.parra.test.swiftfixture").contains("second launch hook"), "both bodies run")
        let launchHooks = try #require(host.runtime.modules.first).declaration.hooks.filter {
            $0.pointID == "application.didFinishLaunching"
        }
        #expect(launchHooks.count == 1, "one descriptor entry per typed point")
        host.runtime.stop()
        #expect(host.log.messages(from: "com.parra.test.swiftfixture").suffix(2) == ["deactivate", "shutdown"])
    }
}
