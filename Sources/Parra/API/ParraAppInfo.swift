import Foundation

/// How What's New should present a new version.
public struct ParraAppReleaseConfiguration: Codable, Sendable, Hashable {
    /// The screen's title, e.g. "What's new".
    public var title: String
    /// Whether other releases exist (a changelog can be offered).
    public var hasOtherReleases: Bool

    /// A configuration.
    public init(title: String, hasOtherReleases: Bool) {
        self.title = title
        self.hasOtherReleases = hasOtherReleases
    }
}

/// The release for the version the user just installed, if the tenant has one.
public struct ParraNewInstalledVersionInfo: Codable, Sendable, Hashable {
    /// How to present it.
    public var configuration: ParraAppReleaseConfiguration
    /// The release.
    public var release: ParraAppRelease

    /// New-version info.
    public init(configuration: ParraAppReleaseConfiguration, release: ParraAppRelease) {
        self.configuration = configuration
        self.release = release
    }
}

/// What the tenant allows for sign-in, as far as the Linux runtime uses it.
public struct ParraAppAuthInfo: Codable, Sendable, Hashable {
    /// Whether the tenant creates anonymous users; nil when app-info does not say.
    public var anonymousUsersEnabled: Bool?
    /// The tenant's token issuer, if app-info names one.
    public var issuer: String?

    /// Auth info.
    public init(anonymousUsersEnabled: Bool? = nil, issuer: String? = nil) {
        self.anonymousUsersEnabled = anonymousUsersEnabled
        self.issuer = issuer
    }
}

/// `GET tenants/{t}/applications/{a}/app-info[?version_token=]`: what the app needs at launch.
/// Unknown keys are ignored, so a richer server answer still decodes.
public struct ParraAppInfo: Codable, Sendable, Hashable {
    /// Identifies what the server last told this install; send it back as `version_token`.
    public var versionToken: String?
    /// The release of the installed version, when there is one to show.
    public var newInstalledVersionInfo: ParraNewInstalledVersionInfo?
    /// The newest release (the Linux stand-in for the App Store version lookup).
    public var latestRelease: ParraAppRelease?
    /// Sign-in facts.
    public var auth: ParraAppAuthInfo?

    /// App info.
    public init(
        versionToken: String? = nil, newInstalledVersionInfo: ParraNewInstalledVersionInfo? = nil,
        latestRelease: ParraAppRelease? = nil, auth: ParraAppAuthInfo? = nil
    ) {
        self.versionToken = versionToken
        self.newInstalledVersionInfo = newInstalledVersionInfo
        self.latestRelease = latestRelease
        self.auth = auth
    }

    /// One line about it, for the launch report.
    public var summary: String {
        var parts = ["version token \(versionToken ?? "(none)")"]
        if let info = newInstalledVersionInfo {
            let release = info.release
            let notes = release.sections.map(\.items.count).reduce(0, +)
            parts.append(
                "new version \(release.version) '\(release.name)' (\(release.type.rawValue), release \(release.releaseNumber), \(release.sections.count) sections, \(notes) notes)"
            )
        } else {
            parts.append("no release for this version")
        }
        if let latest = latestRelease { parts.append("latest release \(latest.version)") }
        return parts.joined(separator: "; ")
    }
}
