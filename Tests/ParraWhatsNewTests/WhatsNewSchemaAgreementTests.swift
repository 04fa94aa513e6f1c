import ParraPluginKit
import ParraTestSupport
import Testing

@testable import ParraWhatsNew

/// What's New's declared schema covers what its own parsing rejects: each value of
/// `RejectedOptionValues` that the module's parsing reports is one the host refuses first (which
/// `RejectedValueTests` proves through `parra config validate` and a running host).
@Suite("What's New's schema and its parsing agree")
struct WhatsNewSchemaAgreementTests {
    @Test(
        "the module's own parsing rejects the value too",
        arguments: RejectedOptionValues.all.filter { $0.moduleID == "com.parra.whatsNew" && $0.moduleReports })
    func parsingRejects(_ value: RejectedOptionValue) {
        let isMode = value.key == WhatsNewSettings.modeKey
        let settings = WhatsNewSettings(
            style: isMode ? nil : value.json, modeJSON: isMode ? value.json : nil, appEnvironment: "production")
        #expect(settings.problems.count == 1, "\(settings.problems)")
    }
}
