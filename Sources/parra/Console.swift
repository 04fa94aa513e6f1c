import Foundation

/// Where a command writes: its results to standard output, everything else to standard error.
struct Console {
    /// Writes one line of results to standard output.
    func print(_ line: String) {
        Swift.print(line)
    }

    /// Writes several lines of results to standard output.
    func print(lines: [String]) {
        for line in lines {
            print(line)
        }
    }

    /// Writes one line of diagnostics to standard error.
    func printError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
