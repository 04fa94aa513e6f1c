import Foundation
import Testing

@Suite("parra config show --app: what an app's launch resolved")
struct AppRecordTests {
    @Test("the sample's resolved options, with their sources, are shown after it ran")
    func sampleRecord() throws {
        let workspace = try CLIWorkspace()
        _ = try workspace.module("cfixture.so")
        let environment = ["PARRA_PLUGIN_PATH": workspace.folder.path, "PARRA_CFIXTURE_GREETING": "hey"]
        let app = try workspace.parra([], environment: environment, program: "ParraDemoApp")
        #expect(app.status == 0, "\(app.transcript)")
        #expect(app.standardOutput.contains("loaded"), "\(app.transcript)")
        let shown = try workspace.parra("config", "show", "--app", "com.parra.demo")
        #expect(shown.status == 0, "\(shown.transcript)")
        #expect(
            shown.outputLines.contains {
                $0.contains(#"cfixture.greeting = "hey""#) && $0.contains("(environment PARRA_CFIXTURE_GREETING)")
            }, "\(shown.transcript)")
        #expect(
            shown.outputLines.contains {
                $0.contains("cfixture.count = 3") && $0.contains("(default of com.example.cfixture)")
            })
    }

    @Test("an app that never ran is a clear problem")
    func neverRan() throws {
        let workspace = try CLIWorkspace()
        let shown = try workspace.parra("config", "show", "--app", "com.example.never")
        #expect(shown.status == 1)
        #expect(shown.standardError.contains("no resolved options recorded for com.example.never"))
    }
}
