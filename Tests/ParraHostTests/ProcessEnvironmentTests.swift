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
}
