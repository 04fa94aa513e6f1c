import Foundation
import ParraAppModel
import ParraRuntime

/// An app package's release build: its executable, and what the ParraModules plugin put
/// beside it (the modules, the libraries they open, the Info.plist).
struct AppBuild {
    /// The executable product's name, e.g. `Hello`.
    let product: String
    /// The build folder (`swift build --show-bin-path`).
    let folder: URL
    /// The Info.plist beside the executable, read.
    let bundle: BundleInfo
    /// The bundle id: `CFBundleIdentifier`.
    let bundleID: String

    /// The library the app's runtime opens beside the executable.
    static let runtimeLibrary = "libparra-http.so"

    /// The executable.
    var executable: URL { folder.appendingPathComponent(product) }

    /// The module files beside the executable: those the host takes from a build folder.
    var modules: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { ModuleSearchPath.isCandidate($0, onlyPackageModules: true) }.sorted()
            .map(folder.appendingPathComponent)
    }

    /// The libraries modules open (`libparra-*.so` but the runtime's), which go beside them;
    /// the ParraModules plugin removes those of modules the app left out.
    var moduleLibraries: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("libparra-") && $0.hasSuffix(".so") && $0 != Self.runtimeLibrary }.sorted()
            .map(folder.appendingPathComponent)
    }

    /// Builds the package in `packageFolder` for release, with `swift build`: the executable
    /// product named `product`, or its only one. Throws what is wrong, in words.
    static func make(packageFolder: String, product: String?) throws -> AppBuild {
        let described = try Subprocess.output("swift", ["package", "describe", "--type", "json"], in: packageFolder)
        let json = described.firstIndex(of: "{").map { String(described[$0...]) } ?? described
        let products =
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["products"] as? [[String: Any]]
            ?? []
        let executables = products.filter { ($0["type"] as? [String: Any])?["executable"] != nil }
            .compactMap { $0["name"] as? String }
        let chosen: String
        if let product {
            guard executables.contains(product) else {
                throw BundleError(
                    "the package has no executable product \(product) (it has \(executables.joined(separator: ", ")))")
            }
            chosen = product
        } else {
            guard executables.count == 1 else {
                throw BundleError(
                    executables.isEmpty
                        ? "the package in \(packageFolder) has no executable product"
                        : "the package has several executables (\(executables.joined(separator: ", "))); name one with --product"
                )
            }
            chosen = executables[0]
        }
        _ = try Subprocess.output("swift", ["build", "-c", "release", "--product", chosen], in: packageFolder)
        let binPath =
            try Subprocess.output(
                "swift", ["build", "-c", "release", "--show-bin-path"], in: packageFolder
            ).split(separator: "\n").last.map(String.init) ?? ""
        let folder = URL(fileURLWithPath: binPath)
        let plist = folder.appendingPathComponent("Info.plist").path
        let (bundle, problems) = BundleInfo.load(from: plist)
        guard let bundleID = bundle.identifier else {
            let why = problems.first ?? "\(plist) is missing or has no CFBundleIdentifier"
            throw BundleError(
                "\(why): an installed app needs its bundle id (the app target's Info.plist, put beside it by the ParraModules plugin)"
            )
        }
        guard DescriptorReader.isValidModuleID(bundleID) else {
            throw BundleError(
                "\(plist): CFBundleIdentifier \(bundleID) is not a reverse-DNS id like com.example.app, which an installed app's D-Bus name and file names need"
            )
        }
        let build = AppBuild(product: chosen, folder: folder, bundle: bundle, bundleID: bundleID)
        guard !build.modules.isEmpty else {
            throw BundleError(
                "no feature modules beside \(build.executable.path): apply the ParraModules plugin to the app's target")
        }
        return build
    }
}

/// Why `parra bundle` cannot go on, in words.
struct BundleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
