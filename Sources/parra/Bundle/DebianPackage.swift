import Foundation

/// A Debian binary package of a laid-out app, made with `dpkg-deb`: the control file (its
/// `Depends` from `dpkg-shlibdeps`, so from the libraries the app's files actually load), the
/// copyright file and changelog Debian policy asks for.
struct DebianPackage {
    /// The app, laid out under `/usr`.
    let layout: BundleLayout
    /// `Maintainer`: "Name <address>".
    let maintainer: String
    /// When the package is made, for the changelog.
    let date: Date
    /// `Architecture`: `dpkg --print-architecture`.
    let architecture: String

    /// The package file's name, as Debian names them: `NAME_VERSION_ARCH.deb`.
    var fileName: String { "\(layout.name)_\(version)_\(architecture).deb" }

    /// `Version`: the app's `CFBundleShortVersionString`, with `CFBundleVersion` after a `+`
    /// when they differ (a native package: no Debian revision).
    var version: String {
        let short = layout.build.bundle.shortVersion ?? "0"
        guard let build = layout.build.bundle.version, build != short else { return short }
        return "\(short)+\(build)"
    }

    /// Writes the package's metadata into the layout's staging folder and builds the `.deb`
    /// at `output`; returns a line for each thing it did.
    func make(output: URL) throws -> [String] {
        let name = layout.name
        let doc = layout.staged("/usr/share/doc/\(name)")
        try FileManager.default.createDirectory(at: doc, withIntermediateDirectories: true)
        try StagedFile.write(copyright, to: doc.appendingPathComponent("copyright"))
        let changelog = doc.appendingPathComponent("changelog")
        try StagedFile.write(changelogText, to: changelog)
        _ = try Subprocess.output("gzip", ["-9n", changelog.path])

        let depends = try dependencies()
        let control = layout.stage.appendingPathComponent("DEBIAN")
        try FileManager.default.createDirectory(at: control, withIntermediateDirectories: true)
        try StagedFile.write(controlText(depends: depends), to: control.appendingPathComponent("control"))
        // Every folder 0755, whatever the umask made them.
        for folder in try folders(in: layout.stage) {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        _ = try Subprocess.output("dpkg-deb", ["--root-owner-group", "--build", layout.stage.path, output.path])
        return ["Depends: \(depends)", "package: \(output.path)"]
    }

    /// `Depends`, from `dpkg-shlibdeps` over every ELF file, the app's own folder taken as
    /// private libraries (the Swift runtime it carries).
    private func dependencies() throws -> String {
        // dpkg-shlibdeps reads debian/control and takes the tree under debian/NAME as the
        // package being built, whose own libraries need no dependency.
        // A folder of its own (mkdtemp), where no one else can have put a file or a link.
        var template = Array((FileManager.default.temporaryDirectory.path + "/parra-shlibdeps-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw BundleError("cannot make a folder for dpkg-shlibdeps: \(String(cString: strerror(errno)))")
        }
        let work = URL(fileURLWithPath: String(cString: made))
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("debian"), withIntermediateDirectories: true)
        try StagedFile.write(
            "Source: \(layout.name)\n\nPackage: \(layout.name)\nArchitecture: any\n",
            to: work.appendingPathComponent("debian/control"))
        try FileManager.default.createSymbolicLink(
            at: work.appendingPathComponent("debian/\(layout.name)"), withDestinationURL: layout.stage)
        let app = "debian/\(layout.name)\(layout.appFolder)"
        let binaries = try layout.elfFiles().map { file in
            "-edebian/\(layout.name)/" + file.path.dropFirst(layout.stage.path.count + 1)
        }
        let output = try Subprocess.output(
            "dpkg-shlibdeps", ["-O", "-l\(app)", "-l\(app)/plugins"] + binaries, in: work.path)
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("shlibs:Depends=") }) else {
            throw BundleError("dpkg-shlibdeps gave no Depends:\n\(output)")
        }
        return String(line.dropFirst("shlibs:Depends=".count))
    }

    /// `DEBIAN/control`, with `Installed-Size` from the staged files.
    private func controlText(depends: String) throws -> String {
        let size = try FileManager.default.subpathsOfDirectory(atPath: layout.stage.path).reduce(0) { total, path in
            let attributes = try FileManager.default.attributesOfItem(
                atPath: layout.stage.appendingPathComponent(path).path)
            return total
                + ((attributes[.type] as? FileAttributeType) == .typeRegular ? (attributes[.size] as? Int ?? 0) : 0)
        }
        return """
            Package: \(layout.name)
            Version: \(version)
            Architecture: \(architecture)
            Maintainer: \(maintainer)
            Installed-Size: \((size + 1023) / 1024)
            Depends: \(depends)
            Section: misc
            Priority: optional
            Description: app built with Parra for Linux: \(layout.build.product)
             \(layout.build.product) (\(layout.build.bundleID)) with the Parra feature modules it
             loads from \(layout.appFolder)/plugins and the Swift runtime it needs.

            """
    }

    /// `usr/share/doc/NAME/copyright`, in Debian's machine-readable format.
    private var copyright: String {
        """
        Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
        Upstream-Name: \(layout.name)
        Comment: \(layout.build.product) and the Parra feature modules it carries; the Swift
         runtime libraries in \(layout.appFolder) are the Swift project's.

        Files: *
        Copyright: \(Calendar(identifier: .gregorian).component(.year, from: date)) \(maintainer)
        License: custom
         The terms under which \(layout.build.product) is distributed, as its authors give them.

        Files: \(layout.appFolder.dropFirst())/libswift*.so \(layout.appFolder.dropFirst())/libFoundation*.so \(layout.appFolder.dropFirst())/lib_Foundation*.so \(layout.appFolder.dropFirst())/libdispatch.so \(layout.appFolder.dropFirst())/libBlocksRuntime.so
        Copyright: Apple Inc. and the Swift project authors
        License: Apache-2.0 with Runtime Library Exception
         On Debian systems, the complete text of the Apache License 2.0 can be found in
         /usr/share/common-licenses/Apache-2.0. Runtime Library Exception: as an exception, if
         you use this Software to compile your source code and portions of this Software are
         embedded into the binary product as a result, you may redistribute such product
         without providing attribution as would otherwise be required by Sections 4(a), 4(b)
         and 4(d) of the License.

        """
    }

    /// `usr/share/doc/NAME/changelog` (then gzipped): one entry, for this version.
    private var changelogText: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return """
            \(layout.name) (\(version)) unstable; urgency=medium

              * \(layout.build.product) \(version), packaged by parra bundle.

             -- \(maintainer)  \(formatter.string(from: date))

            """
    }

    /// Every folder under `root` (links not followed), and `root`.
    private func folders(in root: URL) throws -> [URL] {
        try FileManager.default.subpathsOfDirectory(atPath: root.path).map(root.appendingPathComponent).filter {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &isFolder) && isFolder.boolValue
                && (try? FileManager.default.destinationOfSymbolicLink(atPath: $0.path)) == nil
        } + [root]
    }
}
