import FoundationEssentials
import ParraFileSystem
import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// `libparra-urlsession.so`, the shared object that holds the URLSession transport, opened
/// with `dlopen` on first use: only a process that talks to an HTTP(S) server loads
/// FoundationNetworking (libcurl and its TLS, Kerberos and LDAP libraries: about 20 ms and
/// 8 MiB at start-up). Its file name does not start with `libParra`, so module discovery in a
/// build folder passes it by. Looked for beside the executable, then where the dynamic linker
/// looks (`LD_LIBRARY_PATH`, the system's folders).
/// Sendable by hand: its four fields are `let` C function pointers, which point at code.
struct URLSessionLibrary: @unchecked Sendable {
    /// `parra_urlsession_create`.
    typealias Create = @convention(c) (UnsafePointer<CChar>, Int) -> UnsafeMutableRawPointer?
    /// `parra_urlsession_perform`.
    typealias Perform =
        @convention(c) (
            UnsafeMutableRawPointer, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<UInt8>?, Int,
            UnsafePointer<UInt8>?, Int, Bool, Double, UnsafeMutableRawPointer?, Completion
        ) -> Void
    /// The completion `parra_urlsession_perform` calls once (see the library's
    /// `ParraURLSessionCompletion`).
    typealias Completion =
        @convention(c) (
            UnsafeMutableRawPointer?, Int32, Int, UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int, Int, Int,
            Double
        ) -> Void
    /// `parra_urlsession_invalidate` and `parra_urlsession_release`.
    typealias Dispose = @convention(c) (UnsafeMutableRawPointer) -> Void

    let create: Create
    let perform: Perform
    let invalidate: Dispose
    let release: Dispose

    /// The library's file name.
    static let fileName = "libparra-urlsession.so"

    /// The library, opened on first use, or why it cannot be.
    static let shared: Result<URLSessionLibrary, ParraAPIError.Kind> = open(
        candidates: [
            ModuleSearchPath.currentExecutablePath().map { joinedPath(parentPath(of: $0), fileName) }, fileName,
        ]
        .compactMap { $0 })

    /// Opens the first of `candidates` that exists (beside the executable, then by name on the
    /// loader's search path); one that exists but fails the module file's rule is not opened.
    static func open(candidates: [String]) -> Result<URLSessionLibrary, ParraAPIError.Kind> {
        var reasons: [String] = []
        for candidate in candidates {
            if candidate.hasPrefix("/") {
                guard FileContents.exists(candidate) else { continue }
                // It runs with the app's rights, as a module does: the module file's rule holds.
                // Refused, it is not looked for elsewhere.
                if let problem = FileTrust.libraryProblem(candidate) {
                    return .failure(.network(message: "the HTTP transport \(candidate) is not loaded: \(problem)"))
                }
            }
            guard let handle = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? candidate)
                continue
            }
            func symbol<T>(_ name: String, as type: T.Type) -> T? {
                dlsym(handle, name).map { unsafeBitCast($0, to: type) }
            }
            guard let create = symbol("parra_urlsession_create", as: Create.self),
                let perform = symbol("parra_urlsession_perform", as: Perform.self),
                let invalidate = symbol("parra_urlsession_invalidate", as: Dispose.self),
                let release = symbol("parra_urlsession_release", as: Dispose.self)
            else {
                reasons.append("\(candidate) lacks the parra_urlsession_* functions")
                continue
            }
            return .success(
                URLSessionLibrary(create: create, perform: perform, invalidate: invalidate, release: release))
        }
        return .failure(
            .network(
                message:
                    "the HTTP transport \(fileName) cannot be loaded (build every product: swift build): "
                    + reasons.joined(separator: "; ")))
    }
}
