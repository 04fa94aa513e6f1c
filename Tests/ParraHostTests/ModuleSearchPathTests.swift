import Foundation
import ParraRuntime
import ParraTestSupport
import Testing

@Suite("Where the host looks for modules")
struct ModuleSearchPathTests {
    @Test(
        "a module in a SwiftPM build folder not named libParra* is named in the report with the fix; a library is not")
    func buildFolderModulePassedBy() throws {
        let root = try CFixtureBuilder.makeTemporaryDirectory()
        let folder = root.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let module = try CFixtureBuilder.build("libGreeter.so", in: folder).path
        // A shared object that is no module (no entry symbol), and one that is taken.
        _ = try CFixtureBuilder.build(
            "libhelper.so", in: folder,
            source: CFixtureBuilder.repositoryRoot.appendingPathComponent("Tests/Fixtures/ABI/abi_probe.c"))
        _ = try CFixtureBuilder.build("libParraGreeter.so", defines: [#"FIXTURE_ID="com.example.taken""#], in: folder)
        let environment = ["XDG_DATA_HOME": root.appendingPathComponent("data").path]
        let searchPath = ModuleSearchPath(
            environment: environment, executablePath: folder.appendingPathComponent("App").path)
        #expect(searchPath.find().modulesPassedBy == [module])

        var settings = ModuleRuntime.Settings(environment: environment, searchPath: searchPath)
        settings.storageDirectory = root.appendingPathComponent("storage").path
        let report = ModuleRuntime(settings: settings).start(through: .validate)
        #expect(report.loaded.map(\.file).contains { $0.hasSuffix("/libParraGreeter.so") })
        #expect(
            report.notes.contains(
                "\(module) is a module but is not loaded: in a SwiftPM build folder only libParra*.so files are taken; name its product Parra<Name>, or install it with `parra plugins install \(module)`"
            ), "\(report.lines)")
    }

    @Test(
        "a module given by a path through a linked folder is its canonical file: given again by that path, it is skipped"
    )
    func givenPathThroughLinkedFolder() throws {
        let root = try CFixtureBuilder.makeTemporaryDirectory()
        let real = root.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: false)
        let module = try CFixtureBuilder.build("libGiven.so", in: real).path
        #expect(symlink("real", root.appendingPathComponent("linked").path) == 0)
        let throughLink = root.appendingPathComponent("linked/libGiven.so").path
        let environment = ["XDG_DATA_HOME": root.appendingPathComponent("data").path]
        var settings = ModuleRuntime.Settings(
            environment: environment,
            searchPath: ModuleSearchPath(
                explicitPaths: [throughLink, module], environment: environment, standardLocations: false))
        settings.storageDirectory = root.appendingPathComponent("storage").path
        let report = ModuleRuntime(settings: settings).start(through: .validate)
        #expect(report.loaded.map(\.file) == [throughLink], "\(report.lines)")
        let skipped = try #require(report.records.first { $0.file == module })
        #expect(skipped.outcome == .skipped)
        #expect(skipped.reason == "same file as \(throughLink)")
    }
}
