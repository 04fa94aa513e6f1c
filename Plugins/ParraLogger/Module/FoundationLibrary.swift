import CParraLoggerSupport
import Glibc
import ParraFileSystem
import ParraPluginKit

/// `libparra-logger-foundation.so`, the logger's console formatting that needs corelibs
/// Foundation (custom timestamp patterns, condensed and pretty extras), opened with `dlopen`
/// when a console format first needs it: a process whose lines need none of it never loads
/// Foundation (about 2 ms and 6.5 MiB at start-up). Looked for beside the file that holds the
/// logger's code, then where the dynamic linker looks (`LD_LIBRARY_PATH`, the system's folders).
/// Sendable by hand: its fields are `let` C function pointers, which point at code.
struct FoundationLibrary: @unchecked Sendable {
    /// The callback the library hands text to (its `ParraLoggerFoundationText`).
    typealias Text = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int) -> Void
    /// `parra_logger_foundation_is_time_zone`.
    typealias IsTimeZone = @convention(c) (UnsafePointer<CChar>) -> Bool
    /// `parra_logger_foundation_date_format_create`.
    typealias CreateDateFormat =
        @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> UnsafeMutableRawPointer
    /// `parra_logger_foundation_date_format_string`.
    typealias DateString = @convention(c) (UnsafeMutableRawPointer, Double, UnsafeMutableRawPointer?, Text) -> Void
    /// `parra_logger_foundation_date_format_release`.
    typealias ReleaseDateFormat = @convention(c) (UnsafeMutableRawPointer) -> Void
    /// `parra_logger_foundation_extras`.
    typealias Extras = @convention(c) (UnsafePointer<UInt8>, Int, Bool, Bool, UnsafeMutableRawPointer?, Text) -> Bool

    let isTimeZone: IsTimeZone
    let createDateFormat: CreateDateFormat
    let dateString: DateString
    let releaseDateFormat: ReleaseDateFormat
    let extras: Extras

    /// The library's file name.
    static let fileName = "libparra-logger-foundation.so"

    /// The library, opened on first use, or why it cannot be.
    static let shared: Result<FoundationLibrary, ModuleError> = open(
        candidates: [parra_logger_image_path().map { parentPath(of: String(cString: $0)) + "/" + fileName }, fileName]
            .compactMap { $0 })

    /// Opens the first of `candidates` that exists (beside the module, then by name on the
    /// loader's search path); one that exists but fails the module file's rule is not opened.
    static func open(candidates: [String]) -> Result<FoundationLibrary, ModuleError> {
        var reasons: [String] = []
        for candidate in candidates {
            let handle: UnsafeMutableRawPointer
            if candidate.hasPrefix("/") {
                guard access(candidate, F_OK) == 0 else { continue }
                // It runs with the app's rights, as the module does: the module file's rule holds,
                // and the file checked is the one loaded. Refused, it is not looked for elsewhere.
                switch CheckedLoad.loadLibrary(candidate, flags: RTLD_NOW | RTLD_LOCAL) {
                case .success(let loaded): handle = loaded
                case .failure(let problem): return .failure(ModuleError("\(candidate) is not loaded: \(problem)"))
                }
            } else {
                guard let loaded = dlopen(candidate, RTLD_NOW | RTLD_LOCAL) else {
                    reasons.append(dlerror().map { String(cString: $0) } ?? candidate)
                    continue
                }
                handle = loaded
            }
            func symbol<T>(_ name: String) -> T? { dlsym(handle, name).map { unsafeBitCast($0, to: T.self) } }
            guard let isTimeZone: IsTimeZone = symbol("parra_logger_foundation_is_time_zone"),
                let createDateFormat: CreateDateFormat = symbol("parra_logger_foundation_date_format_create"),
                let dateString: DateString = symbol("parra_logger_foundation_date_format_string"),
                let releaseDateFormat: ReleaseDateFormat = symbol("parra_logger_foundation_date_format_release"),
                let extras: Extras = symbol("parra_logger_foundation_extras")
            else {
                reasons.append("\(candidate) lacks the parra_logger_foundation_* functions")
                continue
            }
            return .success(
                FoundationLibrary(
                    isTimeZone: isTimeZone, createDateFormat: createDateFormat, dateString: dateString,
                    releaseDateFormat: releaseDateFormat, extras: extras))
        }
        return .failure(
            ModuleError(
                "\(fileName) cannot be loaded (build every product: swift build): " + reasons.joined(separator: "; ")))
    }

    /// Appends the text the library hands over to the `ByteBuffer` at `context`.
    static let appendToBuffer: Text = { context, bytes, count in
        Unmanaged<ByteBuffer>.fromOpaque(context!).takeUnretainedValue().append(bytes, count)
    }
}
