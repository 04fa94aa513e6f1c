import CParraPlugin
import Foundation
import Parra
import ParraTestSupport
import Testing

@Suite("Loading modules through dlopen")
struct ModuleLoadingTests {
    @Test("a C module runs the whole lifecycle in order")
    func cModuleLifecycle() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let file = try CFixtureBuilder.build("cfixture.so", in: folder)
        let host = try TestHost(paths: [file.path])
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        let record = try #require(report.loaded.first)
        #expect(record.moduleID == "com.example.cfixture")
        #expect(record.version == "1.0.0")
        #expect(record.abi == "\(PARRA_ABI_VERSION_MAJOR).\(PARRA_ABI_VERSION_MINOR)")
        #expect(record.optionKeys.contains("cfixture.greeting"))
        #expect(record.overridePoints.contains("application.didFinishLaunching"))
        host.runtime.stop()
        #expect(
            host.log.messages(from: "com.example.cfixture") == [
                "init", "configure greeting=hello", "activate", "deactivate", "shutdown",
            ])
        #expect(host.runtime.modules.first?.state == .shutDown)
    }

    @Test("a Swift module built with ParraPluginKit loads beside a C module")
    func swiftAndCModules() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let file = try CFixtureBuilder.build("cfixture.so", in: folder)
        let host = try TestHost(paths: [file.path, BuildProducts.swiftFixture])
        let report = host.runtime.start()
        #expect(
            report.loaded.map(\.moduleID) == ["com.example.cfixture", "com.parra.test.swiftfixture"], "\(report.lines)")
        #expect(
            host.log.messages(from: "com.parra.test.swiftfixture").prefix(3) == [
                "init", "configure greeting=hi", "activate count=1",
            ])
        host.runtime.stop()
    }
}

@Suite("Modules built for an older minor ABI")
struct OlderMinorABITests {
    @Test("a module built for ABI 1.0 loads, runs its lifecycle and takes no app logs")
    func abi10ModuleLoads() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let file = try CFixtureBuilder.build("cfixture10.so", defines: ["FIXTURE_ABI_1_0"], in: folder)
        let host = try TestHost(paths: [file.path])
        let report = host.runtime.start()
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.loaded.first?.abi == "1.0")
        #expect(host.runtime.usableModules.first?.declaration.takesAppLogs == false)
        host.runtime.stop()
        #expect(host.log.messages(from: "com.example.cfixture").last == "shutdown")
    }
}
