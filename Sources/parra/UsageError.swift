/// A command line the tool cannot run: an unknown command or option, or a missing argument.
/// The tool prints `message` on one line of standard error, a hint to use `--help`, and exits 2.
struct UsageError: Error, Equatable {
    /// One line naming the problem, e.g. `unknown option '--jsn'`.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
