import Foundation
import Testing

@testable import ParraRuntime

@Suite("The process environment")
struct ProcessEnvironmentTests {
    @Test("NAME=value entries, values with '=' whole; the first of a repeated name; entries without '=' left out")
    func entries() {
        let texts = ["HOME=/home/a", "EMPTY=", "EQUATION=a=b=c", "HOME=/other", "NOEQUALS", "UNICODE=é"]
        var entries: [UnsafeMutablePointer<CChar>?] = texts.map { strdup($0) } + [nil]
        defer { for entry in entries { free(entry) } }
        let variables = entries.withUnsafeMutableBufferPointer { ProcessEnvironment.variables(from: $0.baseAddress) }
        #expect(variables == ["HOME": "/home/a", "EMPTY": "", "EQUATION": "a=b=c", "UNICODE": "é"])
        #expect(ProcessEnvironment.variables(from: nil).isEmpty)
    }

    @Test("the process's own environment has its PATH")
    func current() {
        #expect(ProcessEnvironment.current["PATH"] == getenv("PATH").map { String(cString: $0) })
    }

    @Test("a reading kept from before a setenv or an unsetenv is not given after it")
    func keptReadingFollowsChanges() {
        let name = "PARRA_PROCESS_ENVIRONMENT_TEST_\(getpid())"
        #expect(ProcessEnvironment.current[name] == nil)
        setenv(name, "one", 1)
        defer { unsetenv(name) }
        #expect(ProcessEnvironment.current[name] == "one")
        #expect(ProcessEnvironment.current[name] == "one")
        setenv(name, "two", 1)
        #expect(ProcessEnvironment.current[name] == "two")
        unsetenv(name)
        #expect(ProcessEnvironment.current[name] == nil)
    }
}
