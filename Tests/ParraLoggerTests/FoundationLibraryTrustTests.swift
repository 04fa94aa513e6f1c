import ParraTestSupport
import Testing

@testable import ParraLogger

@Suite("The logger's Foundation library")
struct FoundationLibraryTrustTests {
    @Test("the library the logger opens for custom formats passes the module file's rule first")
    func trusted() throws {
        try expectHelperLibraryTrusted(
            named: "libparra-logger-foundation.so", lacking: "lacks the parra_logger_foundation_* functions"
        ) { path in
            if case .failure(let error) = FoundationLibrary.open(candidates: [path]) { return "\(error)" }
            return nil
        }
    }
}
