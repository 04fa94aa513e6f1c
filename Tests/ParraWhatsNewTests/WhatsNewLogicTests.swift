import Foundation
import ParraPluginKit
import Testing

@testable import ParraWhatsNew

/// Server answers in the SDK's wire format.
enum WireFormat {
    static func release(version: String = "1.2.0", sections: Bool = true) -> String {
        let notes =
            #","sections":[{"id":"s1","title":"New","items":[{"id":"i1","release_id":"r1","ticket_id":"t1","ticket":{"id":"t1","title":"Offline mode","short_title":null,"description":"Works without a network."}},{"id":"i2","title":"old shape"}]}]"#
        return #"{"id":"r1","name":"Spring","version":""# + version
            + #"","description":"Faster.","type":"minor","release_number":7,"status":"released","created_at":"2025-03-18T09:30:00.000Z","header":{"id":"h1","url":"https://example.com/h.png","size":{"width":10,"height":5}}"#
            + (sections ? notes : "") + "}"
    }

    static func appInfo(token: String = "vt-2", release: String? = WireFormat.release(sections: false)) -> String {
        let info =
            release.map {
                #","new_installed_version_info":{"configuration":{"title":"What's new","has_other_releases":true},"release":"#
                    + $0 + "}"
            } ?? ""
        return #"{"version_token":""# + token + #"""# + info + "}"
    }

    static func releases(_ versions: [String]) -> String {
        #"{"data":["#
            + versions.map { #"{"id":"r-"# + $0 + #"","name":"R "# + $0 + #"","version":""# + $0 + #""}"# }.joined(
                separator: ",") + "]}"
    }
}

@Suite("What's New, inside the module: options, the wire format, the decision table, presentation")
struct WhatsNewLogicTests {
    private let installed = WhatsNewController.Installed(version: "8", shortVersion: "1.2.0")
    private let seenOld = WhatsNewState(
        seen: .init(version: "7", shortVersion: "1.1.0", date: 1), token: "vt-1")

    private func controller(
        _ services: FakeWhatsNewServices, mode: String = #"{"kind":"delayed","behavior":"beta","delay":5}"#,
        style: String = "modal", interactive: Bool = true, installed: WhatsNewController.Installed? = nil
    ) -> WhatsNewController {
        WhatsNewController(
            services: services,
            settings: WhatsNewSettings(style: style, modeJSON: mode, appEnvironment: "production"),
            installed: installed ?? self.installed, interactive: interactive)
    }

    /// A window becomes active, and the launch screen answers that the launch completed with
    /// `launch` (a user's session, by default).
    private func launch(
        _ whatsNew: WhatsNewController, _ services: FakeWhatsNewServices,
        launch: String = #"{"state":"complete","userId":"u1"}"#
    ) {
        whatsNew.sceneDidBecomeActive()
        services.answerCommand(WhatsNewController.launchStateCommand, launch)
    }

    private func seed(_ services: FakeWhatsNewServices, _ state: WhatsNewState) {
        if let seen = state.seen { services.storage[WhatsNewState.versionKey] = WhatsNewState.bytes(seen) }
        if let token = state.token {
            services.storage[WhatsNewState.tokenKey] = WhatsNewState.bytes(token: token, date: 0)
        }
    }

    @Test("options: the reference's defaults, each behaviour and mode, and bad values reported by key")
    func settings() {
        let defaults = WhatsNewSettings(style: nil, modeJSON: WhatsNewSettings.defaultModeJSON, appEnvironment: "beta")
        #expect(defaults.style == .modal && defaults.mode == .automatic(.beta, delay: 5) && defaults.problems.isEmpty)
        #expect(
            WhatsNewSettings(
                style: "toast", modeJSON: #"{"kind":"automatic","behavior":"debug"}"#, appEnvironment: "production")
                == WhatsNewSettings(
                    style: "toast", modeJSON: #"{"kind":"automatic","behavior":"debug"}"#, appEnvironment: "beta"))
        #expect(
            WhatsNewSettings(style: nil, modeJSON: #"{"kind":"manual"}"#, appEnvironment: "debug").mode == .manual)
        #expect(
            WhatsNewSettings(style: nil, modeJSON: WhatsNewSettings.defaultModeJSON, appEnvironment: "debug").mode
                == .automatic(.debug, delay: 5))
        let bad = WhatsNewSettings(
            style: nil, modeJSON: #"{"kind":"delayed","behavior":"loud","delay":-1}"#, appEnvironment: "production")
        #expect(bad.mode == .automatic(.production, delay: 5))
        #expect(
            bad.problems.count == 2 && bad.problems.allSatisfy { $0.hasPrefix("option whatsNew.presentationMode:") })
    }

    @Test("the wire format: items with tickets decode; a bad item is skipped with a warning, not the release")
    func wireFormat() throws {
        var warnings: [String] = []
        let release = try #require(Release.read(try JSONValue.parse(WireFormat.release()), warnings: &warnings))
        #expect(release.sections?.first?.items.map(\.title) == ["Offline mode"])
        #expect(release.sections?.first?.items.first?.ticketID == "t1")
        #expect(warnings == ["release r1: item 1 of section 'New' is not {id, ticket: {title, ...}}; it was skipped"])
        #expect(Release.read(try JSONValue.parse(#"{"name":"x"}"#), warnings: &warnings) == nil)
        #expect(ReleaseText.body(of: release).contains("  - Offline mode: Works without a network."))
        #expect(ReleaseText.body(of: release.with(sections: [])).hasSuffix("No Changes to Report"))
    }

    @Test("the decision table, before any request")
    func startDecisions() {
        let state = seenOld
        #expect(
            WhatsNewDecision.start(mode: .manual, hasUser: true, state: state)
                == .skip("the presentation mode is manual"))
        #expect(
            WhatsNewDecision.start(mode: .automatic(.debug, delay: 0), hasUser: true, state: state)
                == .skip("the behavior is debug: never automatically"))
        #expect(
            WhatsNewDecision.start(mode: .automatic(.beta, delay: 0), hasUser: false, state: state)
                == .skip("no user yet"))
        #expect(
            WhatsNewDecision.start(mode: .automatic(.beta, delay: 0), hasUser: true, state: WhatsNewState())
                == .skip("the first launch of this install"))
        #expect(WhatsNewDecision.start(mode: .automatic(.production, delay: 0), hasUser: true, state: state) == .check)
    }

    @Test("the decision table, with what the check found")
    func showDecisions() throws {
        var warnings: [String] = []
        let info = try #require(
            NewVersionInfo.read(appInfo: try JSONValue.parse(WireFormat.appInfo()), warnings: &warnings))
        let current = WhatsNewState.SeenVersion(version: "8", shortVersion: "1.2.0", date: 2)
        func show(
            _ behavior: WhatsNewSettings.Behavior, _ info: NewVersionInfo?, newest: String? = nil, state: WhatsNewState
        )
            -> String?
        {
            WhatsNewDecision.show(
                behavior: behavior, info: info, newestVersion: newest, installed: current, state: state)
        }
        #expect(show(.beta, info, state: seenOld) == nil)
        #expect(show(.beta, nil, state: seenOld) == "no release for the installed version")
        #expect(
            show(.beta, info, state: WhatsNewState(seen: current, token: nil))
                == "the release of 1.2.0 was seen already")
        #expect(show(.production, info, newest: "1.2.0", state: seenOld) == nil)
        #expect(
            show(.production, info, newest: "1.1.0", state: seenOld)
                == "the newest release is 1.1.0, not the installed 1.2.0")
        let other = WhatsNewDecision.show(
            behavior: .beta, info: info, newestVersion: nil,
            installed: .init(version: "9", shortVersion: "1.3.0", date: 2), state: seenOld)
        #expect(other == "the release is for 1.2.0, not the installed 1.3.0")
    }

    @Test("first launch: nothing shows and the installed version is remembered")
    func firstLaunch() throws {
        let services = FakeWhatsNewServices()
        let whatsNew = controller(services)
        launch(whatsNew, services)
        #expect(services.timers.isEmpty && services.requests.isEmpty && services.shown.isEmpty)
        let stored = try #require(services.storage[WhatsNewState.versionKey])
        #expect(String(decoding: stored, as: UTF8.self) == #"{"date":1000.0,"version":"8","version_short":"1.2.0"}"#)
        #expect(services.messages(.info) == ["What's New: no automatic check (the first launch of this install)"])
    }

    @Test(
        "an update with a release: after the delay, the check sends the token, completes the notes, shows the modal once"
    )
    func updateShowsModal() throws {
        let services = FakeWhatsNewServices()
        seed(services, seenOld)
        let whatsNew = controller(services)
        launch(whatsNew, services)
        #expect(services.timers.map(\.delay) == [5], "the delay, on the injected timers")
        services.runTimers(upTo: 5)
        #expect(services.requests.map(\.path) == [WhatsNewController.appInfoPath + "?version_token=vt-1"])
        services.answer("app-info", WireFormat.appInfo())
        #expect(services.requests.map(\.path) == [WhatsNewController.releasesPath + "/r1"])
        services.answer("releases/r1", WireFormat.release())
        let modal = try #require(services.shown.first)
        #expect(modal.kind == .modal && modal.title == "What's new" && modal.keys == ["c", "d"])
        #expect(modal.body.hasPrefix("Spring (version 1.2.0)\nFaster.\n\nNew\n  - Offline mode"))
        #expect(services.holds.isEmpty, "the hold ends once the modal shows")
        var problems: [String] = []
        let state = WhatsNewState.read(
            version: services.storage[WhatsNewState.versionKey], token: services.storage[WhatsNewState.tokenKey],
            problems: &problems)
        #expect(state.seen?.shortVersion == "1.2.0" && state.token == "vt-2" && problems.isEmpty)
        // Once per process: a window active again asks nothing and checks nothing.
        whatsNew.sceneDidBecomeActive()
        #expect(services.timers.isEmpty && services.requests.isEmpty && services.commands.isEmpty)
        // The changelog, then closing.
        services.press("c")
        services.answer("releases?limit=15", WireFormat.releases(["1.2.0", "1.1.0"]))
        #expect(services.shown.last?.title == "Changelog")
        #expect(services.shown.last?.body == "1.2.0  R 1.2.0\n1.1.0  R 1.1.0")
        services.press("d")
        #expect(services.shown.last?.dismissed == true)
    }

    @Test("the token is stored once the release is seen, not when the check shows nothing")
    func tokenAfterShowing() {
        let services = FakeWhatsNewServices()
        seed(services, seenOld)
        let whatsNew = controller(services, mode: #"{"kind":"delayed","behavior":"production","delay":0}"#)
        launch(whatsNew, services)
        services.runTimers()
        services.answer("app-info", WireFormat.appInfo(token: "vt-9", release: WireFormat.release()))
        services.answer("releases?limit=1", WireFormat.releases(["1.1.0"]))
        #expect(services.shown.isEmpty)
        var problems: [String] = []
        let token = WhatsNewState.read(
            version: nil, token: services.storage[WhatsNewState.tokenKey], problems: &problems
        )
        .token
        #expect(token == "vt-1", "nothing was seen, so the old token stays")
    }

    @Test("a launch that completes after a retry, with a window already active, still checks")
    func checkAfterRetry() {
        let services = FakeWhatsNewServices()
        seed(services, seenOld)
        let whatsNew = controller(services, mode: #"{"kind":"automatic","behavior":"beta"}"#)
        whatsNew.sceneDidBecomeActive()
        #expect(services.holds.count == 1, "an unattended session waits for the launch screen's answer")
        services.answerCommand(WhatsNewController.launchStateCommand, #"{"state":"failed"}"#)
        #expect(services.timers.isEmpty, "the launch has not completed")
        #expect(services.holds.isEmpty, "nor is a launch that may never complete waited for")
        #expect(services.commands.map(\.id) == [WhatsNewController.launchCompletionCommand])
        services.answerCommand(WhatsNewController.launchCompletionCommand, #"{"userId":"u1"}"#)
        #expect(services.timers.count == 1)
    }

    @Test("a launch without a user's session, or without the launch screen to ask, starts no check")
    func noUserOrNoLaunchScreen() {
        let services = FakeWhatsNewServices()
        seed(services, seenOld)
        launch(controller(services), services, launch: #"{"state":"complete"}"#)
        #expect(services.timers.isEmpty && services.holds.isEmpty)
        #expect(services.messages(.info) == ["What's New: no automatic check (no user yet)"])

        let alone = FakeWhatsNewServices()
        alone.refusesCommands = true
        seed(alone, seenOld)
        controller(alone).sceneDidBecomeActive()
        #expect(alone.timers.isEmpty && alone.holds.isEmpty)
        #expect(
            alone.messages(.info) == [
                "What's New: no automatic check (the launch screen does not say when the launch completes: no loaded module offers the command com.parra.launchScreen.state)"
            ])
    }

    @Test("a toast for the update; its key opens the modal")
    func toast() throws {
        let services = FakeWhatsNewServices()
        seed(services, seenOld)
        let whatsNew = controller(services, mode: #"{"kind":"automatic","behavior":"beta"}"#, style: "toast")
        launch(whatsNew, services)
        services.runTimers()
        services.answer("app-info", WireFormat.appInfo(release: WireFormat.release()))
        let toast = try #require(services.shown.first)
        #expect(
            toast.kind == .toast && toast.title == "New Version Available!"
                && toast.body == "Version 1.2.0 is now available.")
        services.press("w")
        #expect(services.shown.map(\.kind) == [.toast, .modal] && services.shown[0].dismissed)
    }

    @Test(
        "production waits for the newest release to be the installed version; an unattended run does not wait the delay"
    )
    func productionAndUnattended() {
        let services = FakeWhatsNewServices()
        seed(services, seenOld)
        let whatsNew = controller(
            services, mode: #"{"kind":"delayed","behavior":"production","delay":5}"#, interactive: false)
        launch(whatsNew, services)
        #expect(services.timers.map(\.delay) == [0])
        #expect(services.holds.count == 1)
        services.runTimers()
        services.answer("app-info", WireFormat.appInfo(release: WireFormat.release()))
        #expect(services.requests.map(\.path) == [WhatsNewController.releasesPath + "?limit=1&offset=0"])
        services.answer("releases?limit=1", WireFormat.releases(["1.1.0"]))
        #expect(services.shown.isEmpty)
        #expect(services.holds.isEmpty)
        #expect(
            services.messages(.info).last
                == "What's New: nothing to show (the newest release is 1.1.0, not the installed 1.2.0)")
    }

    @Test("a failed or malformed check and corrupt state are warnings; nothing shows")
    func badInput() {
        let services = FakeWhatsNewServices()
        services.storage[WhatsNewState.versionKey] = Array("{garbage".utf8)
        let whatsNew = controller(services)
        launch(whatsNew, services)
        #expect(
            services.messages(.warn) == [
                "What's New: stored parra_app_version_info is corrupt; treated as a first launch"
            ])
        #expect(services.timers.isEmpty)

        let failing = FakeWhatsNewServices()
        seed(failing, seenOld)
        let second = controller(failing, mode: #"{"kind":"automatic","behavior":"beta"}"#)
        launch(second, failing)
        failing.runTimers()
        failing.answer("app-info", status: 500, "{}")
        #expect(failing.shown.isEmpty && failing.holds.isEmpty)
        #expect(failing.messages(.warn).last?.hasPrefix("What's New: the check failed: GET tenants/") == true)
        let malformed = FakeWhatsNewServices()
        seed(malformed, seenOld)
        let third = controller(malformed, mode: #"{"kind":"automatic","behavior":"beta"}"#)
        launch(third, malformed)
        malformed.runTimers()
        malformed.answer("app-info", #"{"version_token":"x","new_installed_version_info":{"release":{"id":3}}}"#)
        #expect(malformed.shown.isEmpty)
        #expect(malformed.messages(.warn).contains { $0.contains("a release without id, name and version") })
    }
}
