import Foundation

/// Facts about the app that Parra reports to its API.
public struct ParraAppInfoOptions: Sendable, Hashable {
    /// The bundle ID sent as the PARRA-APPLICATION-BUNDLE-ID header; nil means "the bundle
    /// identifier from Info.plist, else `unknown`", resolved by the host, not here.
    public var bundleId: String?

    /// Creates app info options; pass a bundle ID only to override the app's own.
    public init(bundleId: String? = nil) {
        self.bundleId = bundleId
    }

    /// No override: the host resolves the bundle ID itself.
    public static let `default` = ParraAppInfoOptions()
}
