import ParraAppModel

extension Parra {
    /// The app's build number, `CFBundleVersion` of `bundle`'s Info.plist (for ``ParraBundle/main``,
    /// the one beside the executable); nil when it has none.
    public static func appBundleVersion(bundle: ParraBundle = .main) -> String? {
        bundle.info.version
    }

    /// The app's user-facing version, `CFBundleShortVersionString` of `bundle`'s Info.plist
    /// (e.g. `1.0.0`); nil when it has none.
    public static func appBundleVersionShort(bundle: ParraBundle = .main) -> String? {
        bundle.info.shortVersion
    }
}
