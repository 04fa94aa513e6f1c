import FoundationEssentials
import ParraFileSystem
import ParraRuntime

/// A bundle as Parra for Linux lays bundles out, where the SDK takes Foundation's `Bundle`
/// (which would load corelibs Foundation into every app): ``main``, the app's own (its
/// `Info.plist` beside the executable, its art in the app's `Resources`), or a folder with its
/// `Info.plist` at its root and its resources in its `Resources` folder when it has one, else
/// in the folder itself, as `Bundle(path:)` reads a folder on Linux.
public struct ParraBundle: Sendable, Hashable {
    /// The folder; nil for the main bundle.
    private let folder: String?

    /// The app's own bundle.
    public static let main = ParraBundle(folder: nil)

    private init(folder: String?) { self.folder = folder }

    /// The bundle in the folder at `path`; nil when there is no folder there.
    public init?(path: String) {
        guard FileContents.isFolder(path) else { return nil }
        self.init(folder: URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL.path)
    }

    /// The bundle in the folder at `url`; nil when there is no folder there.
    public init?(url: URL) {
        self.init(path: url.path)
    }

    /// The bundle's folder: for the main bundle, the executable's.
    public var bundlePath: String {
        folder ?? ModuleSearchPath.currentExecutablePath().map { parentPath(of: $0) } ?? "."
    }

    /// Where the bundle's resources are: its `Resources` folder when it has one, else the
    /// bundle's folder.
    public var resourcePath: String {
        let resources = joinedPath(bundlePath, "Resources")
        return FileContents.isFolder(resources) ? resources : bundlePath
    }

    /// The bundle's Info.plist facts: the main bundle's `Info.plist` is beside the executable,
    /// another bundle's at its root.
    var info: BundleInfo {
        guard let folder else { return BundleInfo.besideExecutable().info }
        return BundleInfo.load(from: joinedPath(folder, "Info.plist")).info
    }

    /// The resources folder a launch screen config's bundle names, for the module; nil for the
    /// main bundle, whose art is in the app's `Resources`.
    var resourceFolder: JSONValue? {
        folder == nil ? nil : .string(resourcePath)
    }
}
