import FoundationEssentials
import Glibc
import Parra
// Sample plumbing, not app code: the package-level hooks below choose the backend and the
// Info.plist before the app runs.
import ParraAPI
import ParraAppModel
import ParraFileSystem
import ParraRuntime

// The sample runs offline by default: before the app starts, it points the Parra API at the
// folder `Sample/LocalBackend/` (found from this source file, else beside the executable),
// writing what it would send under the app's data folder.
// `PARRA_API_BASE_URL` still wins, e.g. `PARRA_API_BASE_URL=http://127.0.0.1:8080/v1/`.
// With no Info.plist beside the executable it uses `Sample/Bundle/Info.plist` and its
// `Resources` (the launch screen's art). `SAMPLE_BUNDLE_VERSION=1.1.0` runs it as an older
// version, so the next plain run is an update and What's New has something to show.

extension ParraDemoApp {
    static func main() {
        let bundle = sampleBundle()
        if let folder = sampleLocalBackend() {
            ParraAPIBackend.appDefault = .local(directory: folder, outbox: sampleOutbox(bundle))
        }
        exit(ParraAppHost.run(Self.self, bundle: bundle))
    }

    /// Where the offline backend's writes go: the app's data folder, not the source tree,
    /// `$XDG_DATA_HOME/parra/<bundle id>/local-backend-outbox`.
    static func sampleOutbox(_ bundle: BundleInfo?) -> String {
        joinedPath(
            DataHome.path(environment: ProcessEnvironment.current),
            "parra/\(bundle?.identifier ?? "com.parra.demo")/local-backend-outbox")
    }

    /// `Sample/Bundle/Info.plist` of the source tree this was built from, when there is no
    /// Info.plist beside the executable (nil lets the host read that one).
    static func sampleBundle() -> BundleInfo? {
        if let executableFolder = sampleExecutableFolder,
            FileContents.exists(joinedPath(executableFolder, "Info.plist"))
        {
            return nil
        }
        let plist = joinedPath(parentPath(of: parentPath(of: #filePath)), "Bundle/Info.plist")
        guard FileContents.exists(plist) else { return nil }
        let (info, problems) = BundleInfo.load(from: plist)
        for problem in problems { print("parra: \(problem)") }
        guard let version = ProcessEnvironment.current["SAMPLE_BUNDLE_VERSION"], !version.isEmpty else {
            return info
        }
        return info.replacingVersion(version, build: version)
    }

    /// `Sample/LocalBackend` of the source tree this was built from, else `LocalBackend`
    /// beside the executable; nil when neither has an `app-info.json`.
    static func sampleLocalBackend() -> String? {
        let fromSource = joinedPath(parentPath(of: parentPath(of: #filePath)), "LocalBackend")
        let fromExecutable = sampleExecutableFolder.map { joinedPath($0, "LocalBackend") }
        return [fromSource, fromExecutable].compactMap { $0 }.first {
            FileContents.exists(joinedPath($0, "app-info.json"))
        }
    }

    /// The folder of the running executable, as the host finds it (`/proc/self/exe`): one
    /// readlink, where resolving `argv[0]`'s symbolic links cost the launch a path walk and
    /// the URL machinery's first use, twice.
    static let sampleExecutableFolder = ModuleSearchPath.currentExecutablePath().map { parentPath(of: $0) }
}
