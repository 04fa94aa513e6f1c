import FoundationEssentials
import ParraAPI
import ParraFileSystem
import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// The bundle facts an iOS app reads from its Info.plist, read on Linux from an `Info.plist`
/// beside the executable.
package struct BundleInfo: Sendable, Hashable {
    /// `CFBundleIdentifier`.
    package let identifier: String?
    /// The name the user sees: `CFBundleDisplayName`, else `CFBundleName`.
    package let displayName: String?
    /// `CFBundleShortVersionString`, e.g. "1.2.0".
    package let shortVersion: String?
    /// `CFBundleVersion`, the build number.
    package let version: String?
    /// `UILaunchScreen`, as a value the launch screen module can read.
    package let launchScreen: JSONValue?
    /// `UILaunchStoryboardName`.
    package let launchStoryboardName: String?
    /// The Info.plist the facts came from.
    package let file: String?
    /// The app's resource files (launch screen art): `Resources` beside the Info.plist.
    package let resourcesDirectory: String?

    /// These facts with the app's version replaced: `shortVersion` as
    /// `CFBundleShortVersionString`, `version` as `CFBundleVersion`.
    package func replacingVersion(_ shortVersion: String, build version: String) -> BundleInfo {
        BundleInfo(
            identifier: identifier, displayName: displayName, shortVersion: shortVersion, version: version,
            launchScreen: launchScreen,
            launchStoryboardName: launchStoryboardName, file: file, resourcesDirectory: resourcesDirectory)
    }

    /// No Info.plist: every fact absent.
    package static let empty = BundleInfo(
        identifier: nil, displayName: nil, shortVersion: nil, version: nil, launchScreen: nil,
        launchStoryboardName: nil, file: nil,
        resourcesDirectory: nil)

    /// Reads the plist at `path`. A missing file gives `.empty` and no problem; a malformed
    /// one gives `.empty` and a problem naming the file and what is wrong; a key of the wrong
    /// type is dropped with a problem.
    package static func load(from path: String) -> (info: BundleInfo, problems: [String]) {
        let data: [UInt8]
        do {
            guard let bytes = try FileContents.readIfPresent(path) else { return (.empty, []) }
            data = bytes
        } catch {
            return (.empty, ["\(path): cannot be read (\(error.cause))"])
        }
        guard let root = XMLPropertyList.parse(data) else {
            let why =
                data.starts(with: Array("bplist".utf8))
                ? "a binary property list, which Parra does not read (plutil -convert xml1 makes it XML)"
                : "a property list the reader does not take (malformed XML, or a tag with attributes)"
            return (.empty, ["\(path): \(why); using no bundle facts"])
        }
        guard let dictionary = root as? [String: Any] else {
            return (.empty, ["\(path): the top level must be a dictionary; using no bundle facts"])
        }
        var problems: [String] = []
        func string(_ key: String) -> String? {
            guard let value = dictionary[key] else { return nil }
            guard let text = value as? String, !text.isEmpty else {
                problems.append("\(path): \(key) must be a non-empty string; ignored")
                return nil
            }
            return text
        }
        var launchScreen: JSONValue?
        if let value = dictionary["UILaunchScreen"] {
            if let members = value as? [String: Any] {
                launchScreen = .object(members.compactMapValues(Self.optionValue))
            } else {
                problems.append("\(path): UILaunchScreen must be a dictionary; ignored")
            }
        }
        var identifier = string("CFBundleIdentifier")
        if let unexpanded = identifier, Self.holdsBuildVariable(unexpanded) {
            problems.append(
                "\(path): CFBundleIdentifier is \(unexpanded), an Xcode build variable that nothing expands on Linux; write the identifier itself"
            )
            identifier = nil
        }
        let info = BundleInfo(
            identifier: identifier, displayName: string("CFBundleDisplayName") ?? string("CFBundleName"),
            shortVersion: string("CFBundleShortVersionString"),
            version: string("CFBundleVersion"), launchScreen: launchScreen,
            launchStoryboardName: string("UILaunchStoryboardName"), file: path,
            resourcesDirectory: joinedPath(parentPath(of: path), "Resources"))
        return (info, problems)
    }

    /// Whether `text` holds an Xcode build variable, `$(NAME)`: two bytes looked for as such
    /// (`String.contains` of a string is the regex library's substring search, code a launch
    /// otherwise never runs).
    static func holdsBuildVariable(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if previous == UInt8(ascii: "$") && byte == UInt8(ascii: "(") { return true }
            previous = byte
        }
        return false
    }

    /// The identifier an app runs as when it has no usable `CFBundleIdentifier`: its
    /// executable's file name, so that two such apps keep their storage apart (`unknown` when
    /// the executable cannot be named).
    package static let standInIdentifier =
        ModuleSearchPath.currentExecutablePath().map { lastPathComponent(of: $0) } ?? "unknown"

    /// What to report when this bundle gives the app no identifier, naming the Info.plist (or
    /// where it was looked for) and what the app runs as instead; nil when it has one.
    package var missingIdentifierReport: String? {
        guard identifier == nil else { return nil }
        let source =
            file.map { "\($0) gives no usable CFBundleIdentifier" }
            ?? "no Info.plist beside the executable gives a CFBundleIdentifier"
            + (ModuleSearchPath.currentExecutablePath().map { " (\(joinedPath(parentPath(of: $0), "Info.plist")))" }
                ?? "")
        return
            "\(source): the app runs as bundle \(Self.standInIdentifier), its executable's name; set CFBundleIdentifier there or pass ParraAppInfoOptions(bundleId:)"
    }

    /// The plist beside the running executable.
    package static func besideExecutable() -> (info: BundleInfo, problems: [String]) {
        guard let executable = ModuleSearchPath.currentExecutablePath() else { return (.empty, []) }
        return load(from: joinedPath(parentPath(of: executable), "Info.plist"))
    }

    private static func optionValue(_ value: Any) -> JSONValue? {
        switch value {
        case let value as Bool: .bool(value)
        case let value as Int: .integer(Int64(value))
        case let value as Double: .double(value)
        case let value as String: .string(value)
        case let value as [Any]: .array(value.compactMap(optionValue))
        case let value as [String: Any]: .object(value.compactMapValues(optionValue))
        default: nil
        }
    }
}
