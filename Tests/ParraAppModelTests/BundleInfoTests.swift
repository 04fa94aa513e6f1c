import Foundation
import Parra
import ParraAPI
import ParraAppModel
import ParraTestSupport
import Testing

struct BundleApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(tenantId: "t", applicationId: "a", appDelegate: appDelegate) { WindowGroup { Text("x") } }
    }
}

struct OverridingBundleApp: App {
    @UIApplicationDelegateAdaptor(ParraAppDelegate<ParraSceneDelegate>.self) var appDelegate
    var body: some Scene {
        ParraApp(
            tenantId: "t", applicationId: "a", appDelegate: appDelegate,
            configuration: ParraConfiguration(appInfoOptions: ParraAppInfoOptions(bundleId: "com.example.override"))
        ) { WindowGroup { Text("x") } }
    }
}

@Suite("Bundle facts from Info.plist", .serialized)
struct BundleInfoTests {
    private func plist(_ text: String) throws -> URL {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let url = folder.appendingPathComponent("Info.plist")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    private let good = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.demo</string>
        <key>CFBundleShortVersionString</key><string>1.4.0</string>
        <key>CFBundleVersion</key><string>42</string>
        <key>UILaunchScreen</key><dict><key>UIColorName</key><string>LaunchBackground</string></dict>
        </dict></plist>
        """

    @Test("a good plist gives the identifier, versions and launch screen keys")
    func goodPlist() throws {
        let (info, problems) = BundleInfo.load(from: try plist(good))
        #expect(problems.isEmpty)
        #expect(info.identifier == "com.example.demo")
        #expect(info.shortVersion == "1.4.0")
        #expect(info.version == "42")
        #expect(info.launchScreen == .object(["UIColorName": .string("LaunchBackground")]))
    }

    @Test("a missing plist is no problem; a malformed one is reported and ignored")
    func missingAndMalformed() throws {
        let missing = BundleInfo.load(from: URL(fileURLWithPath: "/nonexistent/Info.plist"))
        #expect(missing.info == .empty && missing.problems.isEmpty)
        let file = try plist("<plist><dict><key>CFBundleIdentifier</key>")
        let malformed = BundleInfo.load(from: file)
        #expect(malformed.info == .empty)
        #expect(malformed.problems == ["\(file.path): malformed property list; using no bundle facts"])
    }

    @Test("a key of the wrong type is dropped with a reason")
    func wrongType() throws {
        let file = try plist(good.replacingOccurrences(of: "<string>42</string>", with: "<integer>42</integer>"))
        let (info, problems) = BundleInfo.load(from: file)
        #expect(info.version == nil)
        #expect(info.identifier == "com.example.demo")
        #expect(problems == ["\(file.path): CFBundleVersion must be a non-empty string; ignored"])
    }

    @Test("the plist's identifier is the bundle id unless appInfoOptions overrides it")
    func bundleIDPrecedence() throws {
        let (info, _) = BundleInfo.load(from: try plist(good))
        let fromPlist = try TestAppRun(BundleApp.self, bundle: info)
        #expect(!fromPlist.reported("bundle com.example.demo").isEmpty)
        let overridden = try TestAppRun(OverridingBundleApp.self, bundle: info)
        #expect(!overridden.reported("bundle com.example.override").isEmpty)
        let none = try TestAppRun(BundleApp.self)
        #expect(!none.reported("bundle unknown").isEmpty)
    }
}
