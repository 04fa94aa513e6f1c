/// Whether What's New shows a release after this launch, decided from what is known; the
/// decision table of the reference's intent:
///
/// - manual mode or the debug behaviour: never automatically;
/// - no user (no anonymous or signed-in session): not yet;
/// - the very first launch of an install (nothing remembered): never, and the installed
///   version counts as seen;
/// - no release for the installed version: nothing;
/// - the installed version's release already seen (by its short version, as releases are
///   matched): never twice, whatever the build number;
/// - production: only when the installed version is the newest release (the Linux stand-in for
///   the App Store version lookup), so a build ahead of its release shows nothing;
/// - beta: whenever the installed version's release has not been seen.
enum WhatsNewDecision: Equatable {
    /// Why nothing is shown, in words for the log.
    case skip(String)
    /// The check should run (the requests), then `show` decides.
    case check

    /// The first step, before any request: whether a check is worth making.
    static func start(mode: WhatsNewSettings.Mode, hasUser: Bool, state: WhatsNewState) -> WhatsNewDecision {
        guard case .automatic(let behavior, _) = mode else { return .skip("the presentation mode is manual") }
        guard behavior != .debug else { return .skip("the behavior is debug: never automatically") }
        guard hasUser else { return .skip("no user yet") }
        guard state.seen != nil else { return .skip("the first launch of this install") }
        return .check
    }

    /// The second step, with what the check found: the release for the installed version (or
    /// nil), the newest release's version (production only), and the installed version.
    static func show(
        behavior: WhatsNewSettings.Behavior, info: NewVersionInfo?, newestVersion: String?,
        installed: WhatsNewState.SeenVersion, state: WhatsNewState
    ) -> String? {
        guard let info else { return "no release for the installed version" }
        guard info.release.version == installed.shortVersion else {
            return "the release is for \(info.release.version), not the installed \(installed.shortVersion)"
        }
        if let seen = state.seen, seen.shortVersion == installed.shortVersion {
            return "the release of \(installed.shortVersion) was seen already"
        }
        if behavior == .production, newestVersion != installed.shortVersion {
            return "the newest release is \(newestVersion ?? "unknown"), not the installed \(installed.shortVersion)"
        }
        return nil
    }
}
