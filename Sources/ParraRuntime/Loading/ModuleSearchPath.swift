import CParraPlugin
import FoundationEssentials
import ParraFileSystem
import ParraShared

#if canImport(Glibc)
    import Glibc
#endif

/// Where the host looks for feature modules, in order. The first file that provides a module
/// id wins; a later file with the same id is refused and named in the load report.
///
/// The order:
/// 1. paths the app passes (or `parra --plugin-path DIR`), files or folders;
/// 2. `PARRA_PLUGIN_PATH`, folders separated by `:`;
/// 3. `plugins/` beside the executable;
/// 4. the executable's own folder when it is a SwiftPM build folder (`.build/<config>`), where
///    `swift build` puts the package's modules; only `libParra*.so` files are taken there, and
///    never `libParraTestFixture*.so`;
/// 5. `$XDG_DATA_HOME/parra/<bundle id>/plugins`, the app's own (when the bundle id is known);
/// 6. `$XDG_DATA_HOME/parra/plugins` (default `~/.local/share/parra/plugins`), every app's;
/// 7. `/usr/local/lib/parra/plugins`, then `/usr/lib/parra/plugins`.
///
/// In a folder, every entry whose name ends in `.so` is a candidate, in byte order of names,
/// except a `libparra-*.so` (lower case): a library a module opens itself, which lies beside it.
package struct ModuleSearchPath: Sendable {
    /// One place to look.
    package struct Location: Sendable, Hashable, Codable {
        /// A file or folder.
        package let path: String
        /// Why it is searched, as the load report says it ("PARRA_PLUGIN_PATH", ...).
        package let origin: String
        /// When true, only `libParra*.so` files count (the SwiftPM build folder).
        package let onlyPackageModules: Bool
    }

    /// The locations in search order.
    package let locations: [Location]

    /// Builds the documented order from the app's paths, the environment, the executable's
    /// location and the app's bundle id (nil: no app folder). `standardLocations: false`
    /// leaves out 3-7 (tests use only what they name).
    package init(
        explicitPaths: [String] = [], environment: [String: String] = ProcessEnvironment.current,
        executablePath: String? = ModuleSearchPath.currentExecutablePath(), bundleID: String? = nil,
        standardLocations: Bool = true
    ) {
        var locations = explicitPaths.map { Location(path: $0, origin: "given by the app", onlyPackageModules: false) }
        if let list = environment["PARRA_PLUGIN_PATH"] {
            locations += list.split(separator: ":").map {
                Location(path: String($0), origin: "PARRA_PLUGIN_PATH", onlyPackageModules: false)
            }
        }
        if standardLocations {
            if let folder = executablePath.map({ parentPath(of: $0) }) {
                locations.append(
                    Location(
                        path: joinedPath(folder, "plugins"), origin: "beside the executable", onlyPackageModules: false)
                )
                // `.build/<config>` or `.build/<triple>/<config>`.
                if folder.split(separator: "/").suffix(3).dropLast().contains(".build") {
                    locations.append(Location(path: folder, origin: "SwiftPM build folder", onlyPackageModules: true))
                }
            }
            if let bundleID {
                locations.append(
                    Location(
                        path: Self.appFolder(bundleID: bundleID, environment: environment),
                        origin: "the app's data folder", onlyPackageModules: false))
            }
            locations.append(
                Location(
                    path: Self.userFolder(environment: environment), origin: "XDG_DATA_HOME", onlyPackageModules: false)
            )
            locations.append(Location(path: Self.systemFolder, origin: "system", onlyPackageModules: false))
            locations.append(Location(path: Self.packagedFolder, origin: "system", onlyPackageModules: false))
        }
        self.locations = locations
    }

    /// The modules one app of this user loads: `$XDG_DATA_HOME/parra/<bundle id>/plugins`.
    package static func appFolder(bundleID: String, environment: [String: String]) -> String {
        joinedPath(DataHome.path(environment: environment), "parra/\(bundleID)/plugins")
    }

    /// The modules every app of this user loads: `$XDG_DATA_HOME/parra/plugins`.
    package static func userFolder(environment: [String: String]) -> String {
        joinedPath(DataHome.path(environment: environment), "parra/plugins")
    }

    /// The modules every app on the machine loads, installed by its administrator.
    package static let systemFolder = "/usr/local/lib/parra/plugins"
    /// The modules every app on the machine loads, installed by the system's packages.
    package static let packagedFolder = "/usr/lib/parra/plugins"

    /// Whether a file name in a folder is a candidate: a `.so` that is not a `libparra-*.so`
    /// library a module opens; in a SwiftPM build folder (`onlyPackageModules`), only a
    /// `libParra*.so` and never a `libParraTestFixture*.so`.
    package static func isCandidate(_ name: String, onlyPackageModules: Bool) -> Bool {
        guard name.hasSuffix(".so"), !name.hasPrefix("libparra-") else { return false }
        return !onlyPackageModules || (name.hasPrefix("libParra") && !name.hasPrefix("libParraTestFixture"))
    }

    /// A file found at one of the locations.
    package struct Candidate: Sendable, Hashable {
        /// The path as found (not resolved, so a broken link can be reported).
        package let path: String
        /// The location's origin.
        package let origin: String
        /// The folder it was listed in and its name there, when it was found in a folder.
        package var listed: (folder: String, name: String)? = nil

        package static func == (lhs: Candidate, rhs: Candidate) -> Bool {
            lhs.path == rhs.path && lhs.origin == rhs.origin
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(origin)
        }
    }

    /// What one pass over the locations found: the candidates in order, and the modules a
    /// SwiftPM build folder holds but does not take.
    package struct Found {
        /// The candidates in search order. Missing folders are skipped; a path given explicitly
        /// that does not exist is itself a candidate, so the report says it was not found.
        package var candidates: [Candidate] = []
        /// The shared objects in the SwiftPM build folders searched that are modules (they
        /// define the entry symbol) but are not taken, since only `libParra*.so` files are
        /// there: the load report names each with the fix, where it would otherwise say nothing
        /// of them.
        package var modulesPassedBy: [String] = []
    }

    /// Lists each location once, for both the candidates and the modules passed by.
    package func find() -> Found {
        var found = Found()
        for location in locations {
            // The path passed with `withCString`, not copied into a new array at each call.
            var status = stat()
            let exists = location.path.withCString { stat($0, &status) } == 0
            let isDirectory = exists && status.st_mode & S_IFMT == S_IFDIR
            if isDirectory && !location.path.hasSuffix(".so") {
                let names = BytewiseOrder.sorted(
                    (DirectoryListing.names(in: location.path) ?? []).filter { $0.hasSuffix(".so") })
                for name in names where Self.isCandidate(name, onlyPackageModules: location.onlyPackageModules) {
                    found.candidates.append(
                        Candidate(
                            path: location.path + "/" + name, origin: location.origin, listed: (location.path, name)))
                }
                for name in names
                where location.onlyPackageModules && !name.hasPrefix("libParra") && !name.hasPrefix("libparra-") {
                    let path = joinedPath(location.path, name)
                    if ELFSymbolTable.defines(PARRA_MODULE_ENTRY_SYMBOL, inFileAt: path) {
                        found.modulesPassedBy.append(path)
                    }
                }
            } else if exists || location.origin == "given by the app" || Self.isLink(location.path) {
                found.candidates.append(Candidate(path: location.path, origin: location.origin))
            }
        }
        return found
    }

    /// Whether `path` is a symbolic link, broken or not: a broken one is still a candidate, so
    /// the report says where it points.
    private static func isLink(_ path: String) -> Bool {
        var status = stat()
        return path.withCString { lstat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    /// The running executable, from `/proc/self/exe`, read with readlink(2) (FileManager's
    /// destinationOfSymbolicLink costs the launch Foundation's first-use overhead).
    package static func currentExecutablePath() -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBytes { bytes in
            readlink("/proc/self/exe", bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count - 1)
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
