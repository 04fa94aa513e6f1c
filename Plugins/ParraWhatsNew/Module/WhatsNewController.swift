import FoundationEssentials
import ParraPluginKit

/// What's New's work, on the host's main thread: the automatic check once per process after
/// the launch completes for a user, the requests behind the app's calls, and the modal, toast
/// and changelog presentations. Every failure is logged with what went wrong and shows nothing.
final class WhatsNewController {
    /// The app's version, from its bundle.
    struct Installed: Equatable {
        let version: String
        let shortVersion: String
    }

    private let services: WhatsNewServices
    private let settings: WhatsNewSettings
    private let installed: Installed?
    private let interactive: Bool
    private var hasUser = false
    private var launchCompleted = false
    private var sceneActive = false
    private var askedAboutLaunch = false
    private var checkedThisProcess = false

    static let appInfoPath = "tenants/{tenantId}/applications/{applicationId}/app-info"
    static let releasesPath = "tenants/{tenantId}/applications/{applicationId}/releases"
    /// The launch screen's command that answers with the launch's state now.
    static let launchStateCommand = "com.parra.launchScreen.state"
    /// The launch screen's command that answers once the launch has completed.
    static let launchCompletionCommand = "com.parra.launchScreen.whenComplete"
    /// How long an unattended session waits at most for the launch screen's answer.
    static let launchAnswerHold = 5.0
    /// How long one request may take before the check gives up.
    static let requestTimeout = 10.0

    /// A controller on `services`; `installed` is nil when the app's version is unknown;
    /// `interactive` says a user is at a terminal (an unattended run does not wait the delay).
    init(services: WhatsNewServices, settings: WhatsNewSettings, installed: Installed?, interactive: Bool) {
        self.services = services
        self.settings = settings
        self.installed = installed
        self.interactive = interactive
    }

    // MARK: - The automatic check

    /// A window became active; the first time, the launch screen is asked about the launch.
    func sceneDidBecomeActive() {
        sceneActive = true
        if !askedAboutLaunch {
            askedAboutLaunch = true
            askAboutLaunch()
        }
        checkWhenReady()
    }

    /// Asks the launch screen for the launch's state. An unattended session is held until the
    /// answer, so a release shows before the session plays on; a launch that has not completed
    /// (it failed, and may be retried) is waited for without holding it.
    private func askAboutLaunch() {
        let hold = try? services.holdSession(for: Self.launchAnswerHold)
        let release = { [services] in if let hold { services.releaseSession(hold) } }
        do {
            try services.callCommand(Self.launchStateCommand, argument: "{}") { [self] result in
                launchAnswered(result, waitingIfIncomplete: true)
                release()
            }
        } catch {
            release()
            launchUnknown(error)
        }
    }

    /// The launch screen's answer: `{state, userId}` from its state command, `{userId}` from
    /// its completion command.
    private func launchAnswered(_ result: Result<String, ModuleError>, waitingIfIncomplete: Bool) {
        let members: [String: JSONValue]
        switch result {
        case .success(let json): members = (try? JSONValue.parse(json))?.object ?? [:]
        case .failure(let error): return launchUnknown(error)
        }
        if waitingIfIncomplete, members["state"]?.string != "complete" {
            do {
                try services.callCommand(Self.launchCompletionCommand, argument: "{}") { [self] result in
                    launchAnswered(result, waitingIfIncomplete: false)
                }
            } catch {
                launchUnknown(error)
            }
            return
        }
        // The launch completed, for a user when it started one's session.
        hasUser = members["userId"]?.string != nil
        launchCompleted = true
        checkWhenReady()
    }

    /// The launch screen cannot be asked (it is not installed, say): no automatic check.
    private func launchUnknown(_ error: any Error) {
        services.log(
            .info, "What's New: no automatic check (the launch screen does not say when the launch completes: \(error))"
        )
    }

    /// Once the launch has completed (perhaps after a retry, with a window already active) and
    /// a window is active, runs the automatic check, once per process, as the mode says, so a
    /// release shows over the app's windows, not before them.
    private func checkWhenReady() {
        guard launchCompleted, sceneActive, !checkedThisProcess else { return }
        checkedThisProcess = true
        guard let installed else {
            return services.log(.warn, "What's New: the app's version is unknown (no Info.plist); no automatic check")
        }
        var problems: [String] = []
        let state = readState(&problems)
        for problem in problems { services.log(.warn, "What's New: \(problem)") }
        let current = WhatsNewState.SeenVersion(
            version: installed.version, shortVersion: installed.shortVersion, date: services.wallClockSeconds)
        switch WhatsNewDecision.start(mode: settings.mode, hasUser: hasUser, state: state) {
        case .skip(let reason):
            services.log(.info, "What's New: no automatic check (\(reason))")
            if state.seen == nil { remember(current) }
        case .check:
            guard case .automatic(let behavior, let delay) = settings.mode else { return }
            let wait = interactive ? delay : 0
            let hold = try? services.holdSession(for: min(60, wait + 3 * Self.requestTimeout))
            let done = { [services] in if let hold { services.releaseSession(hold) } }
            do {
                try services.schedule(after: wait, repeatEvery: 0) { [self] in
                    check(behavior: behavior, current: current, state: state, done: done)
                }
            } catch {
                services.log(.warn, "What's New: cannot schedule the check: \(error)")
                done()
            }
        }
    }

    private func check(
        behavior: WhatsNewSettings.Behavior, current: WhatsNewState.SeenVersion, state: WhatsNewState,
        done: @escaping () -> Void
    ) {
        fetchLatestRelease { [self] result, token in
            guard case .success(let info) = result else {
                if case .failure(let error) = result { services.log(.warn, "What's New: the check failed: \(error)") }
                return done()
            }
            let decide = { [self] (newest: String?) in
                if let reason = WhatsNewDecision.show(
                    behavior: behavior, info: info, newestVersion: newest, installed: current, state: state)
                {
                    services.log(.info, "What's New: nothing to show (\(reason))")
                    // No release at all: the token is the server's word that nothing is new.
                    if info == nil { remember(token: token) }
                    return done()
                }
                guard let info else { return done() }
                present(info, style: settings.style)
                remember(current)
                remember(token: token)
                done()
            }
            guard behavior == .production, info != nil else { return decide(nil) }
            newestVersion { [self] newest in
                switch newest {
                case .success(let version): decide(version)
                case .failure(let error):
                    services.log(.warn, "What's New: cannot learn the newest release: \(error)")
                    done()
                }
            }
        }
    }

    // MARK: - Requests

    /// A forced app-info fetch with the version token: the new-version info with its release
    /// notes (completed from `GET .../releases/{id}` when the answer had none), or nil; and the
    /// answer's version token, which the automatic check stores once the release is seen.
    func fetchLatestRelease(_ completion: @escaping (Result<NewVersionInfo?, ModuleError>, String?) -> Void) {
        var path = Self.appInfoPath
        let stored = (try? services.stored(WhatsNewState.tokenKey)).flatMap { bytes in
            var ignored: [String] = []
            return WhatsNewState.read(version: nil, token: bytes, problems: &ignored).token
        }
        if let stored {
            path += "?version_token=\(Self.percentEncoded(stored, keeping: "-._~"))"
        }
        getJSON(path) { [self] result in
            switch result {
            case .failure(let error): completion(.failure(error), nil)
            case .success(let appInfo):
                let token = appInfo.object?["version_token"]?.string
                var warnings: [String] = []
                let info = NewVersionInfo.read(appInfo: appInfo, warnings: &warnings)
                for warning in warnings { services.log(.warn, "What's New: \(warning)") }
                guard let info, info.release.sections == nil else { return completion(.success(info), token) }
                completeSections(of: info) { completion($0, token) }
            }
        }
    }

    private func completeSections(
        of info: NewVersionInfo, _ completion: @escaping (Result<NewVersionInfo?, ModuleError>) -> Void
    ) {
        let id = Self.percentEncoded(info.release.id, keeping: "-_.")
        getJSON(Self.releasesPath + "/" + id) { [self] result in
            switch result {
            case .failure(let error):
                services.log(.warn, "What's New: release \(info.release.id)'s notes could not be fetched: \(error)")
                completion(.success(info))
            case .success(let value):
                var warnings: [String] = []
                let full = Release.read(value, warnings: &warnings)
                for warning in warnings { services.log(.warn, "What's New: \(warning)") }
                completion(
                    .success(
                        NewVersionInfo(
                            title: info.title, hasOtherReleases: info.hasOtherReleases,
                            release: info.release.with(sections: full?.sections ?? []))))
            }
        }
    }

    /// The newest release's version, `GET .../releases?limit=1` (nil: no release yet).
    func newestVersion(_ completion: @escaping (Result<String?, ModuleError>) -> Void) {
        releases(limit: 1) { completion($0.map { $0.first?.version }) }
    }

    /// Whether a newer version than the installed one is released; always true in a debug
    /// build, as the SDK says.
    func updateAvailable(environment: String, _ completion: @escaping (Result<Bool, ModuleError>) -> Void) {
        guard environment != "debug" else { return completion(.success(true)) }
        guard let installed else { return completion(.failure(ModuleError("the app's version is unknown"))) }
        newestVersion { result in
            completion(
                result.map { newest in
                    newest.map { Self.isVersion($0, newerThan: installed.shortVersion) } ?? false
                })
        }
    }

    /// The changelog: `GET .../releases?limit=15&offset=0`.
    func changelog(_ completion: @escaping (Result<[Release], ModuleError>) -> Void) {
        releases(limit: 15, completion)
    }

    private func releases(limit: Int, _ completion: @escaping (Result<[Release], ModuleError>) -> Void) {
        getJSON(Self.releasesPath + "?limit=\(limit)&offset=0") { [self] result in
            completion(
                result.flatMap { value in
                    guard case .array(let entries)? = value.object?["data"] else {
                        return .failure(ModuleError("the releases answer has no data array"))
                    }
                    var warnings: [String] = []
                    let releases = entries.compactMap { Release.read($0, warnings: &warnings) }
                    for warning in warnings { services.log(.warn, "What's New: \(warning)") }
                    return .success(releases)
                })
        }
    }

    /// GETs `path` and parses the JSON; the completion runs on the main thread.
    private func getJSON(_ path: String, _ completion: @escaping (Result<JSONValue, ModuleError>) -> Void) {
        let services = self.services
        let onMain: (Result<JSONValue, ModuleError>) -> Void = { result in
            if (try? services.schedule(after: 0, repeatEvery: 0, { completion(result) })) == nil { completion(result) }
        }
        do {
            try services.request("GET", path, body: nil, timeout: Self.requestTimeout) { answer in
                switch answer {
                case .failure(let error): onMain(.failure(error))
                case .success(let response) where !(200..<300).contains(response.status):
                    onMain(.failure(ModuleError("GET \(path): HTTP \(response.status)")))
                case .success(let response):
                    do {
                        onMain(.success(try JSONValue.parse(response.body)))
                    } catch {
                        onMain(.failure(ModuleError("GET \(path): the answer is malformed (\(error))")))
                    }
                }
            }
        } catch {
            onMain(.failure(ModuleError("GET \(path) could not be sent: \(error)")))
        }
    }

    // MARK: - Presentation

    /// Shows `info` as a modal or a toast; a toast's key opens the modal.
    func present(_ info: NewVersionInfo, style: WhatsNewSettings.Style) {
        do {
            switch style {
            case .modal: try presentModal(info)
            case .toast:
                var toast: UInt64 = 0
                toast = try services.present(
                    .toast, title: ReleaseText.toastTitle, body: ReleaseText.toastBody(info.release.version),
                    duration: 8,
                    actions: [("w", "see what's new")],
                    onAction: { [self] _ in
                        try? services.dismissPresentation(toast, byUser: true)
                        try? presentModal(info)
                    }, dismissed: { _ in })
            }
            services.log(
                .info, "What's New: showing \(info.release.version) '\(info.release.name)' (\(style.rawValue))")
        } catch {
            services.log(.warn, "What's New: cannot present the release: \(error)")
        }
    }

    private func presentModal(_ info: NewVersionInfo) throws {
        var actions: [(key: String, label: String)] = []
        if info.hasOtherReleases { actions.append(("c", "changelog")) }
        actions.append(("d", "close"))
        var modal: UInt64 = 0
        modal = try services.present(
            .modal, title: info.title, body: ReleaseText.body(of: info.release), duration: 0, actions: actions,
            onAction: { [self] key in
                if key == "c" {
                    presentChangelog()
                } else {
                    try? services.dismissPresentation(modal, byUser: true)
                }
            }, dismissed: { _ in })
    }

    private func presentChangelog() {
        let hold = try? services.holdSession(for: Self.requestTimeout * 2)
        changelog { [self] result in
            defer { if let hold { services.releaseSession(hold) } }
            switch result {
            case .failure(let error): services.log(.warn, "What's New: the changelog could not be fetched: \(error)")
            case .success(let releases):
                var changelog: UInt64 = 0
                changelog =
                    (try? services.present(
                        .modal, title: "Changelog", body: ReleaseText.changelog(releases), duration: 0,
                        actions: [("d", "close")],
                        onAction: { [self] _ in try? services.dismissPresentation(changelog, byUser: true) },
                        dismissed: { _ in })) ?? 0
            }
        }
    }

    // MARK: - State

    private func readState(_ problems: inout [String]) -> WhatsNewState {
        var version: [UInt8]?
        var token: [UInt8]?
        do {
            version = try services.stored(WhatsNewState.versionKey)
            token = try services.stored(WhatsNewState.tokenKey)
        } catch {
            problems.append("cannot read its state (\(error)); treated as a first launch")
        }
        return WhatsNewState.read(version: version, token: token, problems: &problems)
    }

    private func remember(_ seen: WhatsNewState.SeenVersion) {
        store(WhatsNewState.bytes(seen), WhatsNewState.versionKey)
    }

    private func remember(token: String?) {
        guard let token else { return }
        store(WhatsNewState.bytes(token: token, date: services.wallClockSeconds), WhatsNewState.tokenKey)
    }

    private func store(_ bytes: [UInt8], _ key: String) {
        do {
            try services.store(bytes, forKey: key)
        } catch {
            services.log(.warn, "What's New: cannot store \(key): \(error)")
        }
    }

    /// `text` with every UTF-8 byte percent-encoded (`%XX`, upper case) but ASCII letters and
    /// digits and the bytes of `kept` (ASCII), as `addingPercentEncoding(withAllowedCharacters:)`
    /// encodes with `.alphanumerics` and those characters: it keeps no byte past ASCII.
    static func percentEncoded(_ text: String, keeping kept: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case _ where kept.utf8.contains(byte):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether dotted version `a` is newer than `b`, number by number.
    static func isVersion(_ a: String, newerThan b: String) -> Bool {
        let left = a.split(separator: ".").map { Int($0) ?? 0 }
        let right = b.split(separator: ".").map { Int($0) ?? 0 }
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : 0
            let y = index < right.count ? right[index] : 0
            if x != y { return x > y }
        }
        return false
    }
}
