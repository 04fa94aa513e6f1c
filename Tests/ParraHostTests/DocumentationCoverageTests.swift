import Foundation
import ParraTestSupport
import Testing

/// Every public symbol of the modules an app or a module author imports has a doc comment
/// (issue 30), as the symbol graphs of the built modules say: `swift-symbolgraph-extract` reads
/// each module from the build folder, and a symbol whose graph entry has no `docComment` is
/// undocumented unless DocC shows it with the docs of another symbol.
@Suite("Documentation coverage")
struct DocumentationCoverageTests {
    /// What an app imports (`Parra`, the `SwiftUI` and `UIKit` stand-ins and what they
    /// re-export) and what a module author imports (`ParraPluginKit`).
    static let modules = [
        "Parra", "ParraAppModel", "ParraPluginKit", "SwiftUI", "UIKit", "ParraNotificationNames", "ParraShared",
    ]
    /// The stand-ins: re-exports only, with no symbols of their own.
    static let reexportsOnly: Set = ["SwiftUI", "UIKit"]
    /// A symbol that is the source of one of these shows its target's docs in DocC: a protocol
    /// extension's default implementation of a requirement, and an override. (A type's own
    /// member implementing a requirement has no such relationship: the extractor copies the
    /// requirement's docs into its `docComment`, as it does an overridden member's.) Not
    /// `requirementOf`: a requirement is where its implementations get their docs from.
    static let inheritingRelationships: Set = ["defaultImplementationOf", "overrides"]

    @Test("every public symbol of the modules an app or a module author imports has a doc comment")
    func everyPublicSymbolDocumented() throws {
        let tool = try #require(
            Self.symbolGraphExtract(), "no swift-symbolgraph-extract beside the swift on PATH or in /opt/swift/usr/bin")
        let output = try CFixtureBuilder.makeTemporaryDirectory()
        for module in Self.modules {
            let graphs: [[String: Any]]
            do {
                graphs = try Self.symbolGraphs(of: module, tool: tool, output: output)
            } catch {
                Issue.record("\(module): \(error)")
                continue
            }
            let symbolCount = graphs.reduce(0) { $0 + (($1["symbols"] as? [Any])?.count ?? 0) }
            // A graph read as empty would pass whatever the sources say.
            #expect(
                Self.reexportsOnly.contains(module) || symbolCount > 0,
                "\(module): no symbols read from its symbol graphs; has their format changed?")
            let undocumented = graphs.flatMap(Self.undocumented(in:)).sorted()
            #expect(
                undocumented.isEmpty,
                """
                \(module): \(undocumented.count) public symbols without a doc comment:
                \(undocumented.map { "    \(module): \($0)" }.joined(separator: "\n"))
                """)
        }
    }

    @Test("the rules: undocumented symbols are listed; synthesized ones, default implementations and overrides are not")
    func rules() throws {
        let json = #"""
            {
              "symbols": [
                {"kind": {"identifier": "swift.property"}, "identifier": {"precise": "s:bare"},
                 "pathComponents": ["ParraAppInfo", "versionToken"]},
                {"kind": {"identifier": "swift.enum.case"}, "identifier": {"precise": "s:blank"},
                 "pathComponents": ["E", "blank"], "docComment": {"lines": [{"text": ""}, {"text": "  "}]}},
                {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "s:requirement"},
                 "pathComponents": ["P", "go()"]},
                {"kind": {"identifier": "swift.struct"}, "identifier": {"precise": "s:documented"},
                 "pathComponents": ["S"], "docComment": {"lines": [{"text": "A thing."}]}},
                {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "s:hash::SYNTHESIZED::s:S"},
                 "pathComponents": ["S", "hash(into:)"]},
                {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "s:default"},
                 "pathComponents": ["P", "run()"]},
                {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "s:override"},
                 "pathComponents": ["C", "run()"]}
              ],
              "relationships": [
                {"kind": "requirementOf", "source": "s:requirement", "target": "s:P"},
                {"kind": "defaultImplementationOf", "source": "s:default", "target": "s:requirement"},
                {"kind": "overrides", "source": "s:override", "target": "s:base"}
              ]
            }
            """#
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(
            Self.undocumented(in: graph) == [
                "swift.property ParraAppInfo.versionToken", "swift.enum.case E.blank", "swift.method P.go()",
            ])
    }

    /// The symbols of `graph` (one symbol graph file's JSON object) that have no doc comment and
    /// show none inherited, each as its kind and path: `swift.property ParraAppInfo.versionToken`.
    /// Every symbol in the graph is public or open: the extractor leaves the others out.
    static func undocumented(in graph: [String: Any]) -> [String] {
        let relationships = graph["relationships"] as? [[String: Any]] ?? []
        let inheriting = Set(
            relationships.compactMap { relationship -> String? in
                guard let kind = relationship["kind"] as? String, inheritingRelationships.contains(kind) else {
                    return nil
                }
                return relationship["source"] as? String
            })
        var found: [String] = []
        for symbol in graph["symbols"] as? [[String: Any]] ?? [] {
            let identifier = (symbol["identifier"] as? [String: Any])?["precise"] as? String ?? ""
            // Members a type gets from a protocol extension or a superclass, shown with their docs.
            if identifier.contains("::SYNTHESIZED::") || inheriting.contains(identifier) || hasDocComment(symbol) {
                continue
            }
            let kind = (symbol["kind"] as? [String: Any])?["identifier"] as? String ?? "?"
            let path = (symbol["pathComponents"] as? [String] ?? []).joined(separator: ".")
            found.append("\(kind) \(path)")
        }
        return found
    }

    /// Whether `symbol` has a doc comment with some text.
    static func hasDocComment(_ symbol: [String: Any]) -> Bool {
        let lines = (symbol["docComment"] as? [String: Any])?["lines"] as? [[String: Any]] ?? []
        return lines.contains { line in (line["text"] as? String)?.contains(where: { !$0.isWhitespace }) == true }
    }

    /// The graphs `tool` writes for `module` into a folder of its own in `output`: the module's
    /// own (`Parra.symbols.json`) and one for each module whose types it extends
    /// (`Parra@Swift.symbols.json`).
    static func symbolGraphs(of module: String, tool: URL, output: URL) throws -> [[String: Any]] {
        let folder = output.appendingPathComponent(module, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let arguments =
            [
                "-module-name", module, "-I", BuildProducts.folder.appendingPathComponent("Modules").path,
                "-minimum-access-level", "public",
                // The types Parra re-exports one by one from ParraAPI (ParraAppInfo, ParraUser,
                // ...) are in its graph only with this.
                "-experimental-allowed-reexported-modules=ParraAPI",
                "-output-dir", folder.path,
                // Shared by the modules, and in the temporary folder, not the user's cache.
                "-module-cache-path", output.appendingPathComponent("ModuleCache").path,
            ] + cModuleArguments()
        let run = try ChildProcess.run(tool.path, arguments)
        guard run.status == 0 else {
            throw ExtractionFailure(description: "\(tool.path) exited with \(run.status):\n\(run.output)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".symbols.json") }.sorted()
        guard files.contains("\(module).symbols.json") else {
            throw ExtractionFailure(description: "no \(module).symbols.json in \(folder.path), only \(files)")
        }
        return try files.map { file -> [String: Any] in
            let data = try Data(contentsOf: folder.appendingPathComponent(file))
            guard let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw ExtractionFailure(description: "\(file) is not a JSON object")
            }
            return graph
        }
    }

    /// The C modules the Swift modules import, found as `swift build` finds them: a target's
    /// own `module.modulemap` (in its folder or its `include` folder) or else the one the build
    /// generated for it, and its `include` folder for the headers they include.
    static func cModuleArguments() -> [String] {
        let fileManager = FileManager.default
        let sources = CFixtureBuilder.repositoryRoot.appendingPathComponent("Sources", isDirectory: true)
        var arguments: [String] = []
        for target in (try? fileManager.contentsOfDirectory(atPath: sources.path))?.sorted() ?? [] {
            let folder = sources.appendingPathComponent(target, isDirectory: true)
            let include = folder.appendingPathComponent("include", isDirectory: true)
            let own = [folder, include].map { $0.appendingPathComponent("module.modulemap").path }
                .filter { fileManager.fileExists(atPath: $0) }
            let generated = BuildProducts.folder.appendingPathComponent("\(target).build/module.modulemap").path
            // Never both: a generated map left from before the target had its own would define the
            // module twice.
            let maps = own.isEmpty && fileManager.fileExists(atPath: generated) ? [generated] : own
            arguments += maps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
            var isDirectory: ObjCBool = false
            if fileManager.fileExists(atPath: include.path, isDirectory: &isDirectory), isDirectory.boolValue {
                arguments += ["-Xcc", "-I\(include.path)"]
            }
        }
        return arguments
    }

    /// `swift-symbolgraph-extract` beside the `swift` on PATH (or the file it links to), or in
    /// /opt/swift/usr/bin.
    static func symbolGraphExtract() -> URL? {
        var folders: [URL] = []
        if let swift = CFixtureBuilder.executable(named: "swift", environment: ProcessInfo.processInfo.environment) {
            folders += [swift.deletingLastPathComponent(), swift.resolvingSymlinksInPath().deletingLastPathComponent()]
        }
        folders.append(URL(fileURLWithPath: "/opt/swift/usr/bin", isDirectory: true))
        return folders.map { $0.appendingPathComponent("swift-symbolgraph-extract") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Why a module's symbol graphs could not be had.
    struct ExtractionFailure: Error, CustomStringConvertible {
        let description: String
    }
}
