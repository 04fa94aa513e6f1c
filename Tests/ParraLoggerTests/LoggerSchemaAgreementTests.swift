import ParraPluginKit
import ParraTestSupport
import Testing

@testable import ParraLogger

/// The logger's declared schema covers what its own parsing rejects: each value of
/// `RejectedOptionValues` that the module's parsing reports is one the host refuses first (which
/// `RejectedValueTests` proves through `parra config validate` and a running host).
@Suite("The logger's schema and its parsing agree")
struct LoggerSchemaAgreementTests {
    @Test(
        "the module's own parsing rejects the value too",
        arguments: RejectedOptionValues.all.filter { $0.moduleID == "com.parra.logger" && $0.moduleReports })
    func parsingRejects(_ value: RejectedOptionValue) throws {
        let parsed = try JSONValue.parse(value.json)
        var settings = LoggerSettings()
        let key = LoggerSettings.Key.self
        settings.read(
            environment: value.key == key.environment ? parsed.string : nil,
            level: value.key == key.minimumLogLevel ? parsed.string : nil, debugEvents: nil,
            format: value.key == key.consoleFormatOptions ? value.json : nil,
            console: value.key == key.console ? parsed.string : nil,
            uploadInterval: value.key == key.uploadInterval ? parsed.number : nil,
            spoolSizeLimit: value.key == key.spoolSizeLimit ? parsed.number.map { Int64($0) } : nil,
            shutdownUploadTimeout: value.key == key.shutdownUploadTimeout ? parsed.number : nil,
            appEnvironment: "debug")
        #expect(settings.problems.count == 1, "\(settings.problems)")
        #expect(settings.problems.allSatisfy { $0.contains(value.key) }, "\(settings.problems)")
    }
}
