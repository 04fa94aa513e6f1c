import Foundation
import ParraTestSupport
import Testing

/// Where app logs go when no module takes them: process-wide, so each case runs in a process
/// of its own (ParraLoggerProbe), where no other test's runtime can change it.
@Suite("App logs without a logger module")
struct LoggerFallbackTests {
    private func probe(_ arguments: String..., environment: [String: String] = [:]) throws -> LoggerProbeRun {
        try LoggerProbeRun(arguments, environment: environment)
    }

    @Test("logs at the configured level reach stderr in a plain format, and the load report says why")
    func noModule() throws {
        let run = try probe("fallback", "warn")
        #expect(run.status == 0)
        #expect(run.output.contains("is ParraLogger installed?") && run.output.contains("warn and above"))
        let line = try #require(run.errors.split(separator: "\n").first { $0.contains("loud warn") })
        #expect(line.contains(" WARN [main:"), "\(line)")
        #expect(line.hasSuffix(#"] loud warn {"k":1}"#))
        #expect(!run.errors.contains("quiet info"))
    }

    @Test("PARRA_LOG_LEVEL sets the level over the code's; one naming no level is ignored")
    func environmentLevel() throws {
        let lowered = try probe("fallback", "warn", environment: ["PARRA_LOG_LEVEL": "info"])
        #expect(lowered.status == 0)
        #expect(lowered.output.contains("info and above"), "\(lowered.output)")
        #expect(lowered.errors.contains("quiet info"), "\(lowered.errors)")

        let unknown = try probe("fallback", "warn", environment: ["PARRA_LOG_LEVEL": "loud"])
        #expect(unknown.output.contains("warn and above"), "\(unknown.output)")
        #expect(!unknown.errors.contains("quiet info"))
    }

    @Test("the config file's logger.minimumLogLevel sets the level when the code sets none; the code's wins over it")
    func configFileLevel() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let file = folder.appendingPathComponent("parra.json")
        try #"{"logger": {"minimumLogLevel": "warn"}}"#.write(to: file, atomically: true, encoding: .utf8)

        let fromFile = try probe("fallback", "-", environment: ["PARRA_CONFIG_FILE": file.path])
        #expect(fromFile.status == 0)
        #expect(fromFile.output.contains("warn and above"), "\(fromFile.output)")
        #expect(!fromFile.errors.contains("quiet info"), "\(fromFile.errors)")
        #expect(fromFile.errors.contains("loud warn"))

        let fromCode = try probe("fallback", "info", environment: ["PARRA_CONFIG_FILE": file.path])
        #expect(fromCode.output.contains("info and above"), "\(fromCode.output)")
        #expect(fromCode.errors.contains("quiet info"))
    }

    @Test("an app that never starts Parra: its early logs are printed when the run ends, not kept forever")
    func noParraApp() throws {
        let run = try probe("no-parra-app")
        #expect(run.status == 1)
        #expect(run.errors.contains("WARN [main:init:") && run.errors.contains("logged by an app without ParraApp"))
        #expect(run.errors.contains("after the run"))
    }
}
