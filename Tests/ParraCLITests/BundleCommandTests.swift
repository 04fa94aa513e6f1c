import Foundation
import ParraTestSupport
import Testing

/// `parra bundle --deb` of an app made by `parra new app`, made once (a release build) for the
/// suite's tests.
@Suite("parra bundle", .serialized)
struct BundleCommandTests {
    /// The app's name, package name and bundle id: unusual enough not to meet an installed one.
    static let app = "ParraBundleProbe"
    static let packageName = "parrabundleprobe"
    static let bundleID = "com.example.parrabundleprobe"

    /// The folder holding the toolchain's `bin`, when it is one that can be hidden without hiding
    /// the system.
    static let toolchain: String? = {
        guard let swift = try? CLIWorkspace.swift else { return nil }
        let folder = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().path
        return ["/usr", "/usr/local", "/"].contains(folder) ? nil : folder
    }()

    /// Whether the install test can run here: `dpkg -i` needs root, and hiding the toolchain needs
    /// a mount namespace (some sandboxes refuse one even to root) and a toolchain outside `/usr`.
    static let canHideToolchain: Bool = {
        guard geteuid() == 0, toolchain != nil else { return false }
        let probe = try? ChildProcess.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", "mount -t tmpfs none /mnt"])
        return probe?.status == 0
    }()

    /// The bundled app: its workspace, the staging folder and the package file.
    struct Bundled: Sendable {
        let workspace: CLIWorkspace
        let stage: URL
        let deb: URL
        let output: String
    }

    static let bundled = Result { () throws -> Bundled in
        let workspace = try CLIWorkspace()
        let made = try workspace.parra("new", "app", app, "--bundle-id", bundleID, "--dir", workspace.folder.path)
        guard made.status == 0 else { throw BundleTestFailure(made.transcript) }
        let folder = workspace.folder.appendingPathComponent(app)
        let bundle = try ParraProcess.run(
            ["bundle", "--deb", "--maintainer", "Probe Maintainer <probe@example.org>"],
            environment: workspace.environment, in: folder, program: "parra")
        guard bundle.status == 0 else { throw BundleTestFailure(bundle.transcript) }
        let stage = folder.appendingPathComponent(".build/parra-bundle")
        guard
            let deb = try FileManager.default.contentsOfDirectory(atPath: stage.path).first(where: {
                $0.hasSuffix(".deb")
            })
        else { throw BundleTestFailure("no .deb in \(stage.path):\n\(bundle.transcript)") }
        return Bundled(
            workspace: workspace, stage: stage.appendingPathComponent("root"), deb: stage.appendingPathComponent(deb),
            output: bundle.transcript)
    }

    @Test("the layout: the command, the app's folder with its runtime and modules, its desktop entry and D-Bus service")
    func layout() throws {
        let bundled = try Self.bundled.get()
        let app = bundled.stage.appendingPathComponent("usr/lib/\(Self.packageName)")
        let files = FileManager.default
        #expect(
            try files.destinationOfSymbolicLink(
                atPath: bundled.stage.appendingPathComponent("usr/bin/\(Self.packageName)").path)
                == "../lib/\(Self.packageName)/\(Self.app)")
        for name in [Self.app, "Info.plist", "libparra-http.so", "libswiftCore.so", "libFoundationEssentials.so"] {
            #expect(files.fileExists(atPath: app.appendingPathComponent(name).path), "\(name) missing")
        }
        let plugins = try files.contentsOfDirectory(atPath: app.appendingPathComponent("plugins").path).sorted()
        #expect(
            plugins == [
                "libParraLaunchScreen.so", "libParraLogger.so", "libParraPush.so", "libParraWhatsNew.so",
                "libparra-logger-foundation.so", "libparra-push-dbus.so", "libparra-webpush.so",
            ])
        let service = try String(
            contentsOf: bundled.stage.appendingPathComponent("usr/share/dbus-1/services/\(Self.bundleID).service"),
            encoding: .utf8)
        #expect(service == "[D-BUS Service]\nName=\(Self.bundleID)\nExec=/usr/bin/\(Self.packageName)\n")
        let entry = try String(
            contentsOf: bundled.stage.appendingPathComponent("usr/share/applications/\(Self.bundleID).desktop"),
            encoding: .utf8)
        #expect(entry.contains("Exec=/usr/bin/\(Self.packageName)\n"))
        // Nothing points at the toolchain: every shared object finds its libraries through $ORIGIN.
        let runpath = try ChildProcess.run("/usr/bin/readelf", ["-d", app.appendingPathComponent(Self.app).path])
        #expect(runpath.output.contains("[$ORIGIN]"), "\(runpath.output)")
    }

    @Test("lintian accepts the package without an error")
    func lintian() throws {
        let bundled = try Self.bundled.get()
        let lintian = try ChildProcess.run("/usr/bin/lintian", ["--no-cfg", bundled.deb.path])
        let errors = lintian.output.split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(errors.isEmpty, "\(lintian.output)")
        #expect(bundled.output.contains("Depends: libc6"), "\(bundled.output)")
    }

    @Test(
        "installed with dpkg -i it runs from PATH without the toolchain and loads its modules; dpkg -r leaves none of its files",
        .enabled(
            if: canHideToolchain,
            "needs root, a sandbox that allows a mount namespace, and a toolchain outside /usr"))
    func installed() throws {
        let bundled = try Self.bundled.get()
        let install = try ChildProcess.run("/usr/bin/dpkg", ["-i", bundled.deb.path])
        #expect(install.status == 0, "\(install.output)")
        let listed = try ChildProcess.run("/usr/bin/dpkg", ["-L", Self.packageName]).output.split(separator: "\n")
            .map(String.init)
        defer { _ = try? ChildProcess.run("/usr/bin/dpkg", ["-r", Self.packageName]) }

        // The toolchain's folder hidden under an empty tmpfs, in a mount namespace of its own.
        let swift = try CLIWorkspace.swift
        let toolchain = try #require(Self.toolchain)
        let backend = CFixtureBuilder.repositoryRoot.appendingPathComponent("Sample/LocalBackend").path
        let home = bundled.workspace.folder.appendingPathComponent("installed-home").path
        let script = """
            mount -t tmpfs none '\(toolchain)' && test ! -e '\(swift)' && \
            HOME='\(home)' XDG_DATA_HOME='\(home)/share' PARRA_API_BASE_URL='local:\(backend)' \
            PATH=/usr/bin:/bin \(Self.packageName) </dev/null
            """
        let run = try ChildProcess.run("/usr/bin/unshare", ["-m", "/bin/sh", "-c", script])
        #expect(run.status == 0, "\(run.output.suffix(3000))")
        #expect(run.output.contains("bundle \(Self.bundleID)"))
        for module in ["libParraLogger.so", "libParraLaunchScreen.so", "libParraWhatsNew.so", "libParraPush.so"] {
            #expect(
                run.output.contains("loaded   /usr/lib/\(Self.packageName)/plugins/\(module)"),
                "\(module): \(run.output.suffix(3000))")
        }

        let remove = try ChildProcess.run("/usr/bin/dpkg", ["-r", Self.packageName])
        #expect(remove.status == 0, "\(remove.output)")
        var isFolder: ObjCBool = false
        let left = listed.filter {
            FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(left.isEmpty, "left behind: \(left)")
        #expect(!FileManager.default.fileExists(atPath: "/usr/lib/\(Self.packageName)"))
    }
}

/// A step of making the bundle failed: what it printed.
struct BundleTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
