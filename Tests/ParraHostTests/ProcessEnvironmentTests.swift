import Foundation
import Testing

@testable import ParraRuntime

@Suite("The process environment")
struct ProcessEnvironmentTests {
    @Test("read from environ, it holds what Foundation's environment holds, values with '=' whole")
    func matchesFoundation() {
        setenv("PARRA_TEST_ENVIRONMENT_VALUE", "a=b=c", 1)
        defer { unsetenv("PARRA_TEST_ENVIRONMENT_VALUE") }
        let current = ProcessEnvironment.current
        #expect(current["PARRA_TEST_ENVIRONMENT_VALUE"] == "a=b=c")
        #expect(current == ProcessInfo.processInfo.environment)
    }
}
