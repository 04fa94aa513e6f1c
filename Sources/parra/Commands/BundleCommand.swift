import Foundation

/// `parra bundle`: an app package's release build laid out for installation, and as a Debian
/// package with `--deb`.
struct BundleCommand: Command {
    let name = "bundle"
    let summary = "Lay out an app's release build for installation; --deb makes a Debian package"
    let details = """
        Run in an app package whose executable target applies the ParraModules plugin. Builds
        it for release and lays it out under PREFIX (default /usr/local) in DIR/root (DIR is
        .build/parra-bundle, replaced at each run, unless --output names a new one): PREFIX/bin/NAME, a link to PREFIX/lib/NAME/ holding the
        executable, its Info.plist, the Swift runtime libraries it and its modules load (so no
        toolchain is needed), and plugins/ with the feature modules and the libraries they open;
        a Desktop Entry (with the shortcut actions the app's last run here recorded) and a D-Bus
        service file that starts the app for its bundle id, the name its push connector owns.
        NAME is the product's name in lower case. Needs strip, patchelf and ldd.
        --deb lays it out under /usr and makes DIR/NAME_VERSION_ARCH.deb with dpkg-deb: Depends
        from dpkg-shlibdeps, the maintainer from --maintainer or DEBFULLNAME and DEBEMAIL.
        Exit status: 0, 1 when the build or a step fails (its output is shown), 2 for a usage error.
        """
    let arguments = ArgumentSpec(
        options: [
            .value("--product", "NAME", help: "The executable product (default: the package's only one)"),
            .value("--prefix", "PREFIX", help: "Where the app installs (default: /usr/local; /usr with --deb)"),
            .value("--output", "DIR", help: "A new folder for the layout and package (default: .build/parra-bundle)"),
            .flag("--deb", help: "Make a Debian package of it"),
            .value("--maintainer", "'NAME <ADDRESS>'", help: "The package's maintainer (--deb)"),
        ])

    func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let deb = arguments.isSet("--deb")
        var prefix = arguments.value("--prefix") ?? (deb ? "/usr" : "/usr/local")
        while prefix.count > 1, prefix.hasSuffix("/") { prefix.removeLast() }
        guard prefix.hasPrefix("/"), prefix != "/", !prefix.contains("//"), !prefix.split(separator: "/").contains("..")
        else {
            throw UsageError("--prefix must be an absolute path below /, such as /usr/local")
        }
        if deb && prefix != "/usr" { throw UsageError("a Debian package installs under /usr: leave --prefix out") }
        let maintainer = try deb ? Self.maintainer(arguments.value("--maintainer")) : ""
        let package = FileManager.default.currentDirectoryPath
        guard FileManager.default.fileExists(atPath: package + "/Package.swift") else {
            throw UsageError("run it in an app package: \(package) has no Package.swift")
        }
        let given = arguments.value("--output")
        let stage = URL(fileURLWithPath: given ?? ".build/parra-bundle").standardizedFileURL
        if given != nil, FileManager.default.fileExists(atPath: stage.path) {
            throw UsageError("\(stage.path) exists already; name a new folder with --output")
        }
        do {
            console.print("building \(package) for release...")
            let build = try AppBuild.make(packageFolder: package, product: arguments.value("--product"))
            try? FileManager.default.removeItem(at: stage)
            let layout = BundleLayout(build: build, stage: stage.appendingPathComponent("root"), prefix: prefix)
            for line in try layout.make() { console.print(line) }
            console.print("laid out \(build.product) (\(build.bundleID)) under \(prefix) in \(layout.stage.path)")
            if deb {
                let architecture = try Subprocess.output("dpkg", ["--print-architecture"]).trimmingCharacters(
                    in: .whitespacesAndNewlines)
                let debian = DebianPackage(
                    layout: layout, maintainer: maintainer, date: Date(), architecture: architecture)
                for line in try debian.make(output: stage.appendingPathComponent(debian.fileName)) {
                    console.print(line)
                }
            }
            return .success
        } catch {
            console.printError("parra bundle: \(error)")
            return .problemsFound
        }
    }

    /// `--maintainer`, else `DEBFULLNAME <DEBEMAIL>` as Debian's tools take them.
    static func maintainer(_ given: String?) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let maintainer =
            given
            ?? environment["DEBEMAIL"].map { email in environment["DEBFULLNAME"].map { "\($0) <\(email)>" } ?? email }
        guard let maintainer, maintainer.contains("<"), maintainer.hasSuffix(">") else {
            throw UsageError(
                "a Debian package needs its maintainer: --maintainer 'Name <address>', or DEBFULLNAME and DEBEMAIL")
        }
        return maintainer
    }
}
