import Foundation
import ParraAppModel
import ParraRuntime

/// An app laid out for installation under a prefix, in a staging folder (as `DESTDIR`):
///
///     PREFIX/bin/NAME -> ../lib/NAME/EXECUTABLE
///     PREFIX/lib/NAME/EXECUTABLE, Info.plist, libparra-http.so, the Swift runtime
///     PREFIX/lib/NAME/plugins/   the feature modules and the libraries they open
///     PREFIX/share/applications/BUNDLE_ID.desktop
///     PREFIX/share/dbus-1/services/BUNDLE_ID.service
///
/// The host finds the modules in `plugins/` beside the executable (links resolved); every
/// shared object finds its libraries through `$ORIGIN`, so the app needs no Swift toolchain.
struct BundleLayout {
    /// The build laid out.
    let build: AppBuild
    /// The staging folder: the tree's root.
    let stage: URL
    /// Where the tree installs, e.g. `/usr`.
    let prefix: String

    /// The installed name (the command on `PATH`, the folder under `lib`, the Debian package):
    /// the product's name in lower case, with any character Debian does not take as `-`.
    var name: String {
        let lower = build.product.lowercased().map {
            $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) ? $0 : "-"
        }
        return String(lower)
    }

    /// `PREFIX/lib/NAME`, as installed.
    var appFolder: String { "\(prefix)/lib/\(name)" }
    /// `PREFIX/bin/NAME`, as installed.
    var command: String { "\(prefix)/bin/\(name)" }

    /// `path` (as installed) inside the staging folder.
    func staged(_ path: String) -> URL { stage.appendingPathComponent(String(path.drop(while: { $0 == "/" }))) }

    /// Makes the tree; returns a line for each thing it did.
    func make() throws -> [String] {
        var said: [String] = []
        let files = FileManager.default
        let app = staged(appFolder)
        let plugins = app.appendingPathComponent("plugins")
        for folder in [
            plugins, staged("\(prefix)/bin"), staged("\(prefix)/share/applications"),
            staged("\(prefix)/share/dbus-1/services"),
        ] {
            try files.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try install(build.executable, into: app, mode: 0o755)
        try install(build.folder.appendingPathComponent("Info.plist"), into: app, mode: 0o644)
        let resources = build.folder.appendingPathComponent("Resources")
        if files.fileExists(atPath: resources.path) {
            try files.copyItem(at: resources, to: app.appendingPathComponent("Resources"))
        }
        let runtimeLibrary = build.folder.appendingPathComponent(AppBuild.runtimeLibrary)
        if files.fileExists(atPath: runtimeLibrary.path) { try install(runtimeLibrary, into: app, mode: 0o644) }
        for file in build.modules + build.moduleLibraries { try install(file, into: plugins, mode: 0o644) }
        said.append("modules: \(build.modules.map(\.lastPathComponent).joined(separator: ", "))")

        let ours = try elfFiles()
        let runtime = try swiftRuntime(neededBy: ours)
        for library in runtime { try install(library, into: app, mode: 0o644) }
        said.append(
            "Swift runtime: \(runtime.count) libraries from \(runtime.first?.deletingLastPathComponent().path ?? "-")")
        for file in try elfFiles() {
            _ = try Subprocess.output("strip", ["--strip-unneeded", file.path])
            let inPlugins = file.deletingLastPathComponent().lastPathComponent == "plugins"
            _ = try Subprocess.output(
                "patchelf", ["--set-rpath", inPlugins ? "$ORIGIN:$ORIGIN/.." : "$ORIGIN", file.path])
        }
        try files.createSymbolicLink(
            atPath: staged(command).path, withDestinationPath: "../lib/\(name)/\(build.product)")

        let record = try? LaunchShortcutRecord.read(
            bundleID: build.bundleID, environment: ProcessInfo.processInfo.environment)
        let entry = DesktopEntry(
            name: build.product, executable: command, items: (record?.items ?? []).map { ($0.type, $0.title, $0.icon) })
        try StagedFile.write(entry.text, to: staged("\(prefix)/share/applications/\(build.bundleID).desktop"))
        said.append(
            "desktop entry: \(record.map { "\($0.items.count) shortcut action(s) from the app's last run" } ?? "no shortcut actions (the app has not recorded any here)")"
        )
        // D-Bus starts the app when a message comes for its name, as the push connector owns it.
        try StagedFile.write(
            "[D-BUS Service]\nName=\(build.bundleID)\nExec=\(command)\n",
            to: staged("\(prefix)/share/dbus-1/services/\(build.bundleID).service"))
        return said
    }

    /// Copies `file` into `folder` under its own name, with `mode`.
    private func install(_ file: URL, into folder: URL, mode: Int) throws {
        let destination = folder.appendingPathComponent(file.lastPathComponent)
        try FileManager.default.copyItem(at: file.resolvingSymlinksInPath(), to: destination)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: destination.path)
    }

    /// The ELF files staged in the app's folder and its `plugins/`.
    func elfFiles() throws -> [URL] {
        let folder = staged(appFolder)
        let plugins = folder.appendingPathComponent("plugins")
        return try [folder, plugins].flatMap { dir in
            try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().map(dir.appendingPathComponent)
        }.filter { file in
            guard let handle = FileHandle(forReadingAtPath: file.path) else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: 4)) == Data([0x7f, 0x45, 0x4c, 0x46])
        }
    }

    /// The Swift runtime libraries `files` load, directly or not: those `ldd` resolves into
    /// the folder `libswiftCore.so` comes from.
    private func swiftRuntime(neededBy files: [URL]) throws -> [URL] {
        var resolved: [String: String] = [:]
        for file in files {
            for line in try Subprocess.output("ldd", [file.path]).split(separator: "\n") {
                let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count >= 3, parts[1] == "=>" else { continue }
                if parts[2] == "not" {
                    throw BundleError("\(file.path) needs \(parts[0]), which is not found")
                }
                resolved[String(parts[0])] = String(parts[2])
            }
        }
        guard let core = resolved["libswiftCore.so"] else {
            throw BundleError("\(build.executable.path) does not load libswiftCore.so: is it a Swift program?")
        }
        let toolchain = (core as NSString).deletingLastPathComponent
        return resolved.filter { ($0.value as NSString).deletingLastPathComponent == toolchain }.keys.sorted()
            .map { URL(fileURLWithPath: (toolchain as NSString).appendingPathComponent($0)) }
    }
}
