import FoundationEssentials
import ParraFileSystem
import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// `libparra-http.so`, the shared object that holds the HTTP(S) transport on libcurl
/// (`parra_http.h`), opened with `dlopen` on first use: only a process that talks to an HTTP(S)
/// server loads libcurl and its TLS, Kerberos and LDAP libraries. Its file name does not start
/// with `libParra`, so module discovery in a build folder passes it by. Looked for beside the
/// executable, then where the dynamic linker looks (`LD_LIBRARY_PATH`, the system's folders).
/// Sendable by hand: its four fields are `let` C function pointers, which point at code.
struct HTTPTransportLibrary: @unchecked Sendable {
    /// `parra_http_create`.
    typealias Create = @convention(c) (UnsafePointer<CChar>, Int) -> UnsafeMutableRawPointer?
    /// `parra_http_perform`.
    typealias Perform =
        @convention(c) (
            UnsafeMutableRawPointer, UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafePointer<UInt8>?, Int,
            UnsafePointer<UInt8>?, Int, Bool, Double, UnsafeMutableRawPointer?, Completion
        ) -> Void
    /// The completion `parra_http_perform` calls once (`parra_http_completion`).
    typealias Completion =
        @convention(c) (
            UnsafeMutableRawPointer?, Int32, Int, UnsafePointer<UInt8>?, Int, UnsafePointer<UInt8>?, Int, Int, Int,
            Double
        ) -> Void
    /// `parra_http_invalidate` and `parra_http_release`.
    typealias Dispose = @convention(c) (UnsafeMutableRawPointer) -> Void

    let create: Create
    let perform: Perform
    let invalidate: Dispose
    let release: Dispose

    /// The library's file name.
    static let fileName = "libparra-http.so"

    /// The library, opened on first use, or why it cannot be.
    static let shared: Result<HTTPTransportLibrary, ParraAPIError.Kind> = open(
        candidates: [
            ModuleSearchPath.currentExecutablePath().map { joinedPath(parentPath(of: $0), fileName) }, fileName,
        ]
        .compactMap { $0 })

    /// Opens the first of `candidates` that exists (beside the executable, then by name on the
    /// loader's search path); one that exists but fails the module file's rule is not opened.
    static func open(candidates: [String]) -> Result<HTTPTransportLibrary, ParraAPIError.Kind> {
        var reasons: [String] = []
        for candidate in candidates {
            let handle: UnsafeMutableRawPointer
            if candidate.hasPrefix("/") {
                guard FileContents.exists(candidate) else { continue }
                // It runs with the app's rights, as a module does: the module file's rule holds,
                // and the file checked is the one loaded. Refused, it is not looked for elsewhere.
                switch CheckedLoad.loadLibrary(candidate, flags: RTLD_NOW | RTLD_LOCAL) {
                case .success(let loaded): handle = loaded
                case .failure(let problem):
                    return .failure(.network(message: "the HTTP transport \(candidate) is not loaded: \(problem)"))
                }
            } else {
                guard let loaded = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) else {
                    reasons.append(dlerror().map { String(cString: $0) } ?? candidate)
                    continue
                }
                handle = loaded
            }
            func symbol<T>(_ name: String, as type: T.Type) -> T? {
                dlsym(handle, name).map { unsafeBitCast($0, to: type) }
            }
            guard let create = symbol("parra_http_create", as: Create.self),
                let perform = symbol("parra_http_perform", as: Perform.self),
                let invalidate = symbol("parra_http_invalidate", as: Dispose.self),
                let release = symbol("parra_http_release", as: Dispose.self)
            else {
                reasons.append("\(candidate) lacks the parra_http_* functions")
                continue
            }
            return .success(
                HTTPTransportLibrary(create: create, perform: perform, invalidate: invalidate, release: release))
        }
        return .failure(
            .network(
                message:
                    "the HTTP transport \(fileName) cannot be loaded (build every product: swift build): "
                    + reasons.joined(separator: "; ")))
    }
}
