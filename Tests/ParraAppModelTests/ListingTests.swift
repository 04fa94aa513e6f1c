import Foundation
import ParraTestSupport
import Testing

/// The documentation's listings are the acceptance test. Each is an executable of its own
/// (Tests/Listings), byte for byte as the page prints it but for its placeholders, compiled
/// with `import SwiftUI`; these tests check that they still match the page, run them against
/// the local backend, and check what they did.
@Suite("The documentation's listings")
struct ListingTests {
    static var listings: URL { CFixtureBuilder.repositoryRoot.appendingPathComponent("Tests/Listings") }

    /// Runs the listing `product` to its end with a home of its own and the sample's local
    /// backend, plus `environment`.
    static func run(_ product: String, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let home = try CFixtureBuilder.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: home) }
        let backend = CFixtureBuilder.repositoryRoot.appendingPathComponent("Sample/LocalBackend").path
        return try ChildProcess.run(
            BuildProducts.folder.appendingPathComponent(product).path, [], in: home,
            environment: ["HOME": home.path, "XDG_DATA_HOME": home.path, "PARRA_API_BASE_URL": "local:\(backend)"]
                .merging(environment) { _, given in given })
    }

    /// The page's code blocks that are listings: from a line that starts one to the line that
    /// ends it, with each `<#placeholder#>` filled as the listing files fill it (its text, in
    /// quotes unless it already is).
    static func pageListings() throws -> [String] {
        let page = try String(contentsOf: listings.appendingPathComponent("Configuration.md"), encoding: .utf8)
        func between(_ start: String, _ end: String?) -> String {
            let from = page.range(of: start)!.lowerBound
            let to = end.flatMap { page.range(of: $0, range: from..<page.endIndex)?.lowerBound } ?? page.endIndex
            return String(page[from..<to]).trimmingCharacters(in: .newlines) + "\n"
        }
        let windows = page.range(of: "Working with Windows")!.upperBound
        let windowsListing = page[windows...].range(of: "@main")!.lowerBound
        return [
            between("class SceneDelegate: ParraSceneDelegate {}", "\nWorking with Windows"),
            String(page[windowsListing..<page.range(of: "\nSupporting Multiple Environments")!.lowerBound])
                .trimmingCharacters(in: .newlines) + "\n",
            between("import Parra\nimport SwiftUI", nil),
        ].map { listing in
            listing.replacingOccurrences(of: #""<#([^#]*)#>""#, with: "\"$1\"", options: .regularExpression)
                .replacingOccurrences(of: #"<#([^#]*)#>"#, with: "\"$1\"", options: .regularExpression)
        }
    }

    @Test("each listing file is the page's listing, byte for byte but for the placeholders")
    func matchThePage() throws {
        let files = ["CustomDelegates", "Windows", "Environments"].map {
            Self.listings.appendingPathComponent("\($0)/Listing.swift")
        }
        for (file, listing) in zip(files, try Self.pageListings()) {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.hasSuffix(listing), "\(file.path) no longer ends with the page's listing")
            let before = text.dropLast(listing.count)
            let imports = before.split(separator: "\n").filter { !$0.hasPrefix("//") && !$0.isEmpty }
            #expect(
                imports.allSatisfy { ["import Parra", "import SwiftUI"].contains($0) },
                "only the page's imports come before the listing: \(imports)")
        }
    }

    @Test("custom app and scene delegates: launch, one window, a scripted session, exit 0")
    func customDelegates() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let module = try CFixtureBuilder.build("cfixture.so", in: folder)
        let run = try Self.run("ListingCustomDelegates", environment: ["PARRA_PLUGIN_PATH": module.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("== window window-1 ====") && run.output.contains("\nHello\n"), "\(run.output)")
        let hooks = run.output.split(separator: "\n").filter { $0.contains("[com.example.cfixture] hook") }
            .map { String($0.split(separator: "] ", maxSplits: 1)[1]) }
        #expect(hooks.first == "hook application.didFinishLaunching {}", "\(run.output)")
        #expect(hooks.contains("hook scene.didBecomeActive window-1"), "\(run.output)")
        #expect(hooks.last == "hook application.willTerminate", "\(run.output)")
        #expect(!run.output.contains("did not call super"), "\(run.output)")
    }

    @Test("two window groups open two windows, one named by its id")
    func windows() throws {
        let run = try Self.run("ListingWindows")
        #expect(run.status == 0, "\(run.output)")
        #expect(
            run.output.contains("== window window-1 ====") && run.output.contains("== window secondary-window-id ===="))
    }

    @Test(
        "the environments listing sets the application id, bundle id and logger environment of its build",
        arguments: [
            ("ListingEnvironments", "my-default-application-id, bundle my-default-bundle-id", "automatic"),
            ("ListingEnvironmentsStaging", "my-staging-application-id, bundle my-staging-bundle-id", "production"),
        ])
    func environments(product: String, identity: String, loggerEnvironment: String) throws {
        let run = try Self.run(product)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("Parra my-tenant-id/\(identity)"), "\(run.output)")
        // Passed in code, so it is the app's choice even where it equals the default.
        #expect(
            run.output.contains("option logger.environment = \"\(loggerEnvironment)\" (from code)"), "\(run.output)")
    }
}
