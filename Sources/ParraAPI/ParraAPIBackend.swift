import FoundationEssentials
import ParraRuntime
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// Where the client's requests go: a Parra server, or a folder on disk that answers offline.
package enum ParraAPIBackend: Sendable, Hashable, CustomStringConvertible {
    /// An HTTP(S) server; paths are resolved against `baseURL`, which ends with `/`.
    case remote(baseURL: URL)
    /// The offline local backend: answers from files in `directory` and appends writes to
    /// `outbox`, by default `directory/outbox/` (see `LocalBackendTransport`).
    case local(directory: String, outbox: String? = nil)

    /// `https://api.parra.io/v1/`.
    package static let production = ParraAPIBackend.remote(baseURL: URL(string: "https://api.parra.io/v1/")!)

    /// The environment variable that overrides the backend.
    package static let environmentKey = "PARRA_API_BASE_URL"

    /// Why a `PARRA_API_BASE_URL` value was not used.
    package struct InvalidValue: Error, Sendable, Hashable, CustomStringConvertible {
        /// The value as given.
        package let value: String
        /// What is wrong with it.
        package let reason: String

        package var description: String {
            "\(ParraAPIBackend.environmentKey)='\(value)' is not usable: \(reason)"
        }
    }

    /// Parses a `PARRA_API_BASE_URL` value: `local:DIR` (a relative DIR is taken from the
    /// working directory; `~` is expanded) or an `http`/`https` URL (a missing trailing `/` is
    /// added so relative paths resolve under it).
    package static func parse(_ value: String) -> Result<ParraAPIBackend, InvalidValue> {
        let text = value.trimmingSpaces()
        if text.hasPrefix("local:") {
            let path = String(text.dropFirst("local:".count))
            guard !path.isEmpty else { return .failure(InvalidValue(value: value, reason: "local: needs a folder")) }
            let expanded = Self.expandingTilde(path)
            let url =
                expanded.hasPrefix("/")
                ? URL(fileURLWithPath: expanded, isDirectory: true)
                : URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
                    .appendingPathComponent(expanded, isDirectory: true)
            return .success(.local(directory: url.standardizedFileURL.path))
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host?.isEmpty == false
        else {
            return .failure(
                InvalidValue(
                    value: value, reason: "expected an http(s) URL such as https://api.parra.io/v1/ or local:DIR"))
        }
        if text.hasSuffix("/") { return .success(.remote(baseURL: url)) }
        return .success(.remote(baseURL: URL(string: text + "/")!))
    }

    /// The backend a process uses, with where the choice came from: `PARRA_API_BASE_URL` when it
    /// parses, else `inCode` (what the app set), else `production`. An unusable variable is
    /// returned as a problem and ignored.
    package static func resolve(environment: [String: String], inCode: ParraAPIBackend? = nil) -> (
        backend: ParraAPIBackend, source: String, problem: InvalidValue?
    ) {
        var problem: InvalidValue?
        if let value = environment[environmentKey], !value.trimmingSpaces().isEmpty {
            switch parse(value) {
            case .success(let backend): return (backend, environmentKey, nil)
            case .failure(let invalid): problem = invalid
            }
        }
        if let inCode { return (inCode, "the app", problem) }
        return (production, "default", problem)
    }

    /// `path` with a leading `~` (the user's home, from HOME) or `~name` (that user's home)
    /// expanded, as a shell would; otherwise `path` itself.
    private static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let slash = path.firstIndex(of: "/") ?? path.endIndex
        let user = path[path.index(after: path.startIndex)..<slash]
        let home: String?
        if user.isEmpty {
            home = getenv("HOME").map { String(cString: $0) } ?? FileManager.default.homeDirectoryForCurrentUser.path
        } else {
            home = getpwnam(String(user)).flatMap { $0.pointee.pw_dir }.map { String(cString: $0) }
        }
        guard let home else { return path }
        return home + path[slash...]
    }

    private static let appDefaultLock = Lock()
    nonisolated(unsafe) private static var storedAppDefault: ParraAPIBackend?

    /// The backend the app chose in code, used when `PARRA_API_BASE_URL` is not set (the
    /// environment wins, as for every other option). Set it before the app runs, e.g. in a
    /// `static func main()` of your own; the sample sets its offline folder this way.
    package static var appDefault: ParraAPIBackend? {
        get { appDefaultLock.withLock { storedAppDefault } }
        set { appDefaultLock.withLock { storedAppDefault = newValue } }
    }

    package var description: String {
        switch self {
        case .remote(let baseURL): baseURL.absoluteString
        case .local(let directory, _): "local:\(directory)"
        }
    }
}
