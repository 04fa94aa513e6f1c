import ParraPluginKit
import ParraTestSupport
import Testing

@testable import ParraLaunchScreen

/// The launch screen's declared schema covers what its own parsing rejects: each value of
/// `RejectedOptionValues` that the module's parsing reports is one the host refuses first (which
/// `RejectedValueTests` proves through `parra config validate` and a running host).
@Suite("The launch screen's schema and its parsing agree")
struct LaunchSchemaAgreementTests {
    @Test(
        "the module's own parsing rejects the value too",
        arguments: RejectedOptionValues.all.filter { $0.moduleID == "com.parra.launchScreen" && $0.moduleReports })
    func parsingRejects(_ value: RejectedOptionValue) throws {
        let isType = value.key == LaunchScreenOptions.typeKey
        let (_, problems) = LaunchConfiguration.resolve(
            typeJSON: isType ? value.json : #"{"kind":"none"}"#,
            fadeDuration: isType
                ? LaunchScreenOptions.defaultFadeDuration : try #require(JSONValue.parse(value.json).number),
            factsJSON: "{}")
        // Without resources, a storyboard's or custom view's art is missing too: that one is
        // not about the value.
        let aboutTheValue = problems.filter { !$0.hasSuffix("drawing the empty default") }
        #expect(aboutTheValue.count == 1, "\(problems)")
    }

    @Test("a #RRGGBB colour takes hex digits only, as the schema's pattern does")
    func hexDigitsOnly() {
        #expect(RGB(hex: "#00aaFF") == RGB(red: 0, green: 0xAA, blue: 0xFF))
        #expect(RGB(hex: "#+ABCDE") == nil)
        #expect(RGB(hex: "#12345G") == nil)
    }
}
