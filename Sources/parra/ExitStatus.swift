/// The process exit status of every `parra` command.
enum ExitStatus: Int32 {
    /// Everything was fine.
    case success = 0
    /// The command ran and found problems: a refused module, a bad option value.
    case problemsFound = 1
    /// The command line itself was wrong: an unknown command or option, a missing argument.
    case usageError = 2
}
