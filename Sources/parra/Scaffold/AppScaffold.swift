import Foundation

/// What `parra new app` writes: a package with a `ParraApp`, its delegates, its `Info.plist`
/// and a test, depending on Parra by path or by URL.
struct AppScaffold {
    /// Where the app's package finds Parra.
    enum ParraSource {
        /// A checkout on this machine: `.package(path:)`.
        case path(String)
        /// A Git repository: `.package(url:branch: "main")`.
        case url(String)

        /// Reads `--parra`: a URL when it has a scheme (`https://...`) or is an scp-like Git
        /// address (`git@host:repo`), else a path.
        init(argument: String) {
            let isURL = argument.contains("://") || (argument.hasPrefix("git@") && argument.contains(":"))
            self = isURL ? .url(argument) : .path(argument)
        }

        /// The path or URL as given.
        var text: String {
            switch self {
            case .path(let path): path
            case .url(let url): url
            }
        }

        /// The package's identity, as SwiftPM names it in `.product(package:)`: the last path
        /// component, without `.git`, lowercased.
        var identity: String {
            var last = text.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? text
            if last.hasSuffix(".git") { last.removeLast(4) }
            return last.lowercased()
        }

        /// The dependency as `Package.swift` writes it.
        var dependency: String {
            switch self {
            case .path(let path): ".package(path: \"\(path)\")"
            case .url(let url): ".package(url: \"\(url)\", branch: \"main\")"
            }
        }
    }

    /// The app's name, e.g. `Hello`: a Swift type name (``ModuleScaffold/isValidName(_:)``).
    let name: String
    /// Its bundle id, e.g. `com.example.hello`.
    let bundleID: String
    /// Where its package finds Parra.
    let parra: ParraSource

    /// The files, by path relative to the app's folder.
    var files: [(path: String, contents: String)] {
        [
            ("Package.swift", AppTemplate.package),
            ("Sources/\(name)/\(name)App.swift", AppTemplate.app),
            ("Sources/\(name)/AppDelegate.swift", AppTemplate.delegates),
            ("Sources/\(name)/ContentView.swift", AppTemplate.contentView),
            ("Sources/\(name)/Info.plist", AppTemplate.infoPlist),
            ("Tests/\(name)Tests/\(name)Tests.swift", AppTemplate.test),
            (".gitignore", AppTemplate.gitignore),
        ].map { ($0.0, fill($0.1)) }
    }

    /// `template` with its placeholders filled in.
    private func fill(_ template: String) -> String {
        template.replacingOccurrences(of: "{{NAME}}", with: name)
            .replacingOccurrences(of: "{{BUNDLE_ID}}", with: bundleID)
            .replacingOccurrences(of: "{{PARRA_DEPENDENCY}}", with: parra.dependency)
            .replacingOccurrences(of: "{{PARRA_PACKAGE}}", with: parra.identity)
    }
}
