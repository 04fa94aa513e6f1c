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
        let (info, problems) = BundleInfo.load(from: try (plist(good)).path)
        #expect(problems.isEmpty)
        #expect(info.identifier == "com.example.demo")
        #expect(info.shortVersion == "1.4.0")
        #expect(info.version == "42")
        #expect(info.launchScreen == .object(["UIColorName": .string("LaunchBackground")]))
    }

    @Test("a missing plist is no problem; a malformed one is reported and ignored")
    func missingAndMalformed() throws {
        let missing = BundleInfo.load(from: URL(fileURLWithPath: "/nonexistent/Info.plist").path)
        #expect(missing.info == .empty && missing.problems.isEmpty)
        let file = try plist("<plist><dict><key>CFBundleIdentifier</key>")
        let malformed = BundleInfo.load(from: file.path)
        #expect(malformed.info == .empty)
        #expect(
            malformed.problems == [
                "\(file.path): a property list the reader does not take (malformed XML, or a tag with attributes); using no bundle facts"
            ])
        let binary = try plist("bplist00\u{1}")
        #expect(
            BundleInfo.load(from: binary.path).problems == [
                "\(binary.path): a binary property list, which Parra does not read (plutil -convert xml1 makes it XML); using no bundle facts"
            ])
    }

    @Test("a key of the wrong type is dropped with a reason")
    func wrongType() throws {
        let file = try plist(good.replacingOccurrences(of: "<string>42</string>", with: "<integer>42</integer>"))
        let (info, problems) = BundleInfo.load(from: file.path)
        #expect(info.version == nil)
        #expect(info.identifier == "com.example.demo")
        #expect(problems == ["\(file.path): CFBundleVersion must be a non-empty string; ignored"])
    }

    @Test("the plist's identifier is the bundle id unless appInfoOptions overrides it")
    func bundleIDPrecedence() throws {
        let (info, _) = BundleInfo.load(from: try (plist(good)).path)
        let fromPlist = try TestAppRun(BundleApp.self, bundle: info)
        #expect(!fromPlist.reported("bundle com.example.demo").isEmpty)
        let overridden = try TestAppRun(OverridingBundleApp.self, bundle: info)
        #expect(!overridden.reported("bundle com.example.override").isEmpty)
        let none = try TestAppRun(BundleApp.self)
        #expect(!none.reported("bundle \(BundleInfo.standInIdentifier)").isEmpty)
    }

    @Test("a missing identifier is reported at launch with what the app runs as instead")
    func missingIdentifierReported() throws {
        let none = try TestAppRun(BundleApp.self)
        let report = try #require(none.reported("no Info.plist beside the executable gives a CFBundleIdentifier").first)
        #expect(report.contains("runs as bundle \(BundleInfo.standInIdentifier), its executable's name"))
        #expect(BundleInfo.standInIdentifier != "unknown")

        let file = try plist(
            good.replacingOccurrences(of: "<key>CFBundleIdentifier</key><string>com.example.demo</string>", with: ""))
        let (info, problems) = BundleInfo.load(from: file.path)
        #expect(problems.isEmpty)
        let run = try TestAppRun(BundleApp.self, bundle: info)
        #expect(!run.reported("\(file.path) gives no usable CFBundleIdentifier: the app runs as bundle").isEmpty)
        // Given in code, nothing is missing.
        let overridden = try TestAppRun(OverridingBundleApp.self, bundle: info)
        #expect(overridden.reported("no usable CFBundleIdentifier").isEmpty)
    }

    @Test("an identifier still holding an Xcode build variable is refused, naming the file")
    func unexpandedIdentifier() throws {
        let file = try plist(good.replacingOccurrences(of: "com.example.demo", with: "$(PRODUCT_BUNDLE_IDENTIFIER)"))
        let (info, problems) = BundleInfo.load(from: file.path)
        #expect(info.identifier == nil)
        #expect(
            problems == [
                "\(file.path): CFBundleIdentifier is $(PRODUCT_BUNDLE_IDENTIFIER), an Xcode build variable that nothing expands on Linux; write the identifier itself"
            ])
        #expect(info.missingIdentifierReport?.hasPrefix("\(file.path) gives no usable CFBundleIdentifier") == true)
    }
}

@Suite("The Info.plist reader")
struct XMLPropertyListTests {
    @Test("the sample's Info.plist reads as Foundation reads it")
    func sampleAsFoundation() throws {
        let file = CFixtureBuilder.repositoryRoot.appendingPathComponent("Sample/Bundle/Info.plist")
        let data = try Data(contentsOf: file)
        let ours = try #require(XMLPropertyList.parse(Array(data)) as? [String: Any])
        let foundation = try #require(
            try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any])
        #expect(NSDictionary(dictionary: ours).isEqual(to: foundation))
    }

    @Test("every element it handles, with references, comments and self-closing forms")
    func elements() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <plist version="1.0"><dict>
              <key>text</key><string>a &amp; b &lt;c&gt; &#233;&#x41;</string>
              <key>empty</key><string/>
              <key>count</key><integer> -42 </integer>
              <key>ratio</key><real>0.5</real>
              <key>on</key><true/><key>off</key><false/>
              <key>list</key><array><string>x</string><integer>1</integer></array>
              <key>nothing</key><dict/>
            </dict></plist>
            """
        let root = try #require(XMLPropertyList.parse(Array(text.utf8)) as? [String: Any])
        #expect(root["text"] as? String == "a & b <c> éA")
        #expect(root["empty"] as? String == "")
        #expect(root["count"] as? Int == -42 && root["ratio"] as? Double == 0.5)
        #expect(root["on"] as? Bool == true && root["off"] as? Bool == false)
        #expect((root["list"] as? [Any])?.count == 2 && (root["nothing"] as? [String: Any])?.isEmpty == true)
    }

    @Test("data and dates read as Foundation reads them")
    func dataAndDates() throws {
        let text = """
            <plist><dict><key>bytes</key><data>
            AAEC
            /w==</data><key>when</key><date>2024-01-01T00:00:00Z</date></dict></plist>
            """
        let ours = try #require(XMLPropertyList.parse(Array(text.utf8)) as? [String: Any])
        let foundation = try #require(
            try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
                as? [String: Any])
        #expect(ours["bytes"] as? Data == Data([0, 1, 2, 255]))
        #expect(ours["when"] as? Date == Date(timeIntervalSince1970: 1_704_067_200))
        #expect(NSDictionary(dictionary: ours).isEqual(to: foundation))
    }

    @Test("the XML forms Foundation takes: spaces in tags, empty keys, CDATA, hex and signed integers, a repeated key")
    func lenientAsFoundation() throws {
        let text = """
            <plist><dict >
              <key>on</key><true />
              <key/><string>empty key</string>
              <key>text</key><string><![CDATA[a <b> & c]]> d</string>
              <key>hex</key><integer>0x1F</integer><key>plus</key><integer>+7</integer>
              <key>least</key><integer>-9223372036854775808</integer>
              <key>twice</key><string>first</string><key>twice</key><string>last</string>
            </dict></plist>
            """
        let ours = try #require(XMLPropertyList.parse(Array(text.utf8)) as? [String: Any])
        let foundation = try #require(
            try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil)
                as? [String: Any])
        #expect(ours["hex"] as? Int == 31 && ours["twice"] as? String == "last" && ours[""] as? String == "empty key")
        #expect(NSDictionary(dictionary: ours).isEqual(to: foundation), "\(ours) \(foundation)")
    }

    @Test("what it does not read gives nil: attributes, binary lists, bad XML")
    func refused() {
        for text in [
            #"<plist><dict><key a="1">k</key><string>v</string></dict></plist>"#, "bplist00\u{1}",
            "<plist><dict><key>k</key></dict></plist>", "<plist><string>open</plist>",
            "<plist><integer>x</integer></plist>",
        ] {
            #expect(XMLPropertyList.parse(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
