import FoundationEssentials
import ParraAppModel

/// Facts about the app that Parra reports to its API.
public struct ParraAppInfoOptions: Sendable, Hashable {
    /// The bundle ID sent as the PARRA-APPLICATION-BUNDLE-ID header: the one given, else the
    /// bundle identifier from the app's Info.plist, else the executable's name.
    public var bundleId: String { givenBundleId ?? Self.mainBundleIdentifier }
    /// The bundle ID the app gave, if it gave one; the host resolves the rest itself.
    let givenBundleId: String?

    /// App info options reporting `bundleId` instead of the app's own.
    public init(bundleId: String) {
        givenBundleId = bundleId
    }

    private init() {
        givenBundleId = nil
    }

    /// The app's own bundle identifier, from its Info.plist.
    public static let `default` = ParraAppInfoOptions()

    /// The identifier in the Info.plist beside the executable, else the executable's name: read once.
    private static let mainBundleIdentifier =
        BundleInfo.besideExecutable().info.identifier ?? BundleInfo.standInIdentifier
}
