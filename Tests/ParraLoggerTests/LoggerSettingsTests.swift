import Testing

@testable import ParraLogger

@Suite("Logger options")
struct LoggerSettingsTests {
    private func settings(
        environment: String? = nil, level: String? = nil, debugEvents: Int64? = nil,
        format: String? = nil, console: String? = nil, interval: Double? = nil, limit: Int64? = nil,
        shutdown: Double? = nil, app: String = "production"
    ) -> LoggerSettings {
        var settings = LoggerSettings()
        settings.read(
            environment: environment, level: level, debugEvents: debugEvents,
            format: format, console: console, uploadInterval: interval, spoolSizeLimit: limit,
            shutdownUploadTimeout: shutdown, appEnvironment: app)
        return settings
    }

    @Test(
        "debug prints, production uploads, automatic follows the build (a beta prints, as the SDK's TestFlight builds do), debug event logging does both"
    )
    func environments() {
        #expect(settings(environment: "debug").outputs == .init(console: true, session: false))
        #expect(settings(environment: "production").outputs == .init(console: false, session: true))
        #expect(settings(environment: "automatic", app: "debug").outputs == .init(console: true, session: false))
        #expect(settings(environment: "automatic", app: "production").outputs == .init(console: false, session: true))
        #expect(settings(environment: "automatic", app: "beta").outputs == .init(console: true, session: false))
        #expect(settings(environment: "production", debugEvents: 1).outputs == .init(console: true, session: true))
        #expect(settings(environment: "production", debugEvents: 0).outputs == .init(console: false, session: true))
    }

    @Test("levels parse trimmed and in any case")
    func levels() {
        #expect(settings(level: " WARN ").minimumLevel == .warn)
        #expect(settings(level: "Debug").minimumLevel == .debug)
    }

    @Test("an unparseable level is reported with its key and ignored")
    func badLevels() {
        let configured = settings(level: "verbose")
        #expect(configured.minimumLevel == .info)
        #expect(
            configured.problems == [
                "option logger.minimumLogLevel: \"verbose\" is not a log level (trace, debug, info, warn, error, fatal); using info"
            ])
    }

    @Test("out-of-range numbers and unknown destinations are reported and fall back")
    func ranges() {
        let bad = settings(console: "logs.txt", interval: 0, limit: 10, shutdown: 99)
        #expect(bad.destination == .standardOutput)
        #expect(bad.uploadInterval == 30)
        #expect(bad.spoolSizeLimit == 32 * 1024 * 1024)
        #expect(bad.shutdownUploadTimeout == 2)
        #expect(bad.problems.count == 4)
        #expect(bad.problems.allSatisfy { $0.hasPrefix("option logger.") })
        #expect(settings(console: "/tmp/x.log").destination == .file("/tmp/x.log"))
        #expect(settings(console: "stderr").destination == .standardError)
    }

    @Test("the declared default format is Parra's default")
    func defaultFormat() {
        let parsed = ConsoleFormat.parse(json: ConsoleFormat.defaultJSON)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.format == .default)
    }

    @Test("a bad format item is left out with a reason naming it; the rest stays")
    func badFormatItems() {
        let parsed = ConsoleFormat.parse(
            json: #"[{"kind":"message"},{"kind":"colour"},{"kind":"level","style":"loud"},"#
                + #"{"kind":"callSite","options":["file","planet"]},7,{"kind":"timestamp","style":"custom"},"#
                + #"{"kind":"timestamp","style":"custom","format":"HH","timeZone":"Mars/Olympus"}]"#)
        #expect(parsed.format?.pieces.count == 1)
        #expect(parsed.problems.count == 6)
        #expect(parsed.problems[0].contains("item 1") && parsed.problems[0].contains("\"colour\""))
        #expect(parsed.problems[1].contains("level style \"loud\""))
        #expect(parsed.problems[2].contains("planet"))
        #expect(parsed.problems[3].contains("item 4: is not an object"))
        #expect(parsed.problems[4].contains("has no \"format\""))
        #expect(parsed.problems[5].contains("item 6: timeZone \"Mars/Olympus\" is not a time zone identifier"))
        #expect(ConsoleFormat.parse(json: #"{"kind":"message"}"#).format == nil)
    }
}
