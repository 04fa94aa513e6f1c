import Foundation
import ParraRuntime
import ParraTestSupport
import Testing

/// `parra config validate` catches every value a feature module rejects, in the words the
/// running host refuses it with: both come from the schema the module declares.
@Suite("Every value a module rejects")
struct RejectedValueTests {
    /// The module file, built by the package, that owns `value`'s key.
    static func modulePath(_ value: RejectedOptionValue) -> String {
        let files = [
            "com.parra.logger": "libParraLogger.so", "com.parra.launchScreen": "libParraLaunchScreen.so",
            "com.parra.whatsNew": "libParraWhatsNew.so", "com.parra.push": "libParraPush.so",
        ]
        return BuildProducts.folder.appendingPathComponent(files[value.moduleID]!).path
    }

    @Test(
        "validate fails naming the key and the rule; the running host refuses it in the same words",
        arguments: RejectedOptionValues.all)
    func caughtByValidateAndByTheApp(_ value: RejectedOptionValue) throws {
        let workspace = try CLIWorkspace()
        let module = Self.modulePath(value)
        let config = try workspace.file("parra.json", contents: #"{"\#(value.key)": \#(value.json)}"#)
        let expected = "\(config): \(value.problem)"

        let result = try workspace.parra("config", "validate", config, "--plugin-path", module)
        #expect(result.status == 1, "\(result.transcript)")
        #expect(result.outputLines.first == expected, "\(result.transcript)")
        #expect(result.outputLines.contains("\(config): 1 problem(s)"), "\(result.transcript)")

        // The app, through configure: the host refuses the value with the same line, and the
        // module, which reads the default instead, reports nothing of its own.
        let host = try TestHost(paths: [module], configFile: URL(fileURLWithPath: config))
        let report = host.runtime.start(through: .configure)
        defer { host.runtime.stop() }
        #expect(report.refused.isEmpty, "\(report.lines)")
        #expect(report.optionProblems == [expected])
        #expect(host.log.records.contains { $0.moduleID == nil && $0.level == .warn && $0.message == expected })
        let moduleWarnings = host.log.records.filter { $0.moduleID == value.moduleID && $0.level >= .warn }
        #expect(moduleWarnings.isEmpty, "\(moduleWarnings.map(\.message))")
    }

    @Test(
        "validate refuses a time zone the logger does not know, in the logger's words; a known one passes",
        arguments: [("Mars/Olympus", false), ("GMT+99", false), ("Europe/Paris", true), ("GMT+05:30", true)])
    func timeZone(_ zone: String, known: Bool) throws {
        let workspace = try CLIWorkspace()
        let module = BuildProducts.folder.appendingPathComponent("libParraLogger.so").path
        let pieces = #"[{"kind":"timestamp","style":"custom","format":"HH:mm","timeZone":"\#(zone)"}]"#
        let config = try workspace.file("parra.json", contents: #"{"logger": {"consoleFormatOptions": \#(pieces)}}"#)
        let result = try workspace.parra("config", "validate", config, "--plugin-path", module)
        let refusal = #"timeZone: "\#(zone)" is not a time zone identifier"#
        if known {
            #expect(result.status == 0, "\(result.transcript)")
            return
        }
        #expect(result.status == 1, "\(result.transcript)")
        #expect(
            result.outputLines.first == "\(config): logger.consoleFormatOptions[0].\(refusal)", "\(result.transcript)")
        // The app's logger refuses it too, when it reads the option.
        let host = try TestHost(paths: [module], configFile: URL(fileURLWithPath: config))
        host.runtime.start(through: .configure)
        defer { host.runtime.stop() }
        let logged = host.log.records.filter { $0.moduleID == "com.parra.logger" }.map(\.message)
        #expect(logged.contains { $0.contains(#"timeZone "\#(zone)" is not a time zone identifier"#) }, "\(logged)")
    }
}
