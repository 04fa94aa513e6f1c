/// What happened to every file the host found: one record each, in search order, plus the
/// problems found in the option layers.
package struct LoadReport: Sendable, Codable {
    /// One file's fate.
    package struct Record: Sendable, Codable, Hashable {
        /// What became of the file.
        package enum Outcome: String, Sendable, Codable {
            /// Passed every phase the host ran.
            case loaded
            /// Refused; `phase` and `reason` say why.
            case refused
            /// Not considered: the same file was already found by another path.
            case skipped
        }

        /// The path as found.
        package let file: String
        /// Why it was searched (the search-path location's origin).
        package let origin: String
        /// What became of it.
        package internal(set) var outcome: Outcome = .loaded
        /// Where it was refused.
        package internal(set) var phase: LoadPhase?
        /// Why it was refused or skipped.
        package internal(set) var reason: String?
        /// From the descriptor, when it was read.
        package internal(set) var moduleID: String?
        /// From the descriptor.
        package internal(set) var name: String?
        /// From the descriptor.
        package internal(set) var version: String?
        /// ABI the module was built for, "major.minor".
        package internal(set) var abi: String?
        /// The option keys it owns.
        package internal(set) var optionKeys: [String] = []
        /// The points it hooks.
        package internal(set) var overridePoints: [String] = []
        /// The extension points it offers.
        package internal(set) var extensionPoints: [String] = []
        /// Things that did not stop it loading, e.g. a hook on a point no loaded module offers.
        package internal(set) var warnings: [String] = []
        /// Whether it waits to be started until it is first needed (ABI 1.8), as at the end of
        /// the launch.
        package internal(set) var waits = false
        /// Whether its declarations came from the registry: a module that waits has its file
        /// unopened at launch, one that starts at launch had its descriptor's digest checked,
        /// not its descriptor read.
        package internal(set) var fromRegistry = false

        /// One line: outcome, file, and id or reason.
        package var summary: String {
            switch outcome {
            case .loaded:
                let waiting =
                    waits
                    ? [
                        fromRegistry
                            ? "waits until first needed; described by the registry" : "waits until first needed"
                    ] : []
                let notes = waiting + warnings
                let noteText = notes.isEmpty ? "" : " (\(String(joining: notes, separator: "; ")))"
                return "loaded   \(file): \(moduleID ?? "?") \(version ?? "") [ABI \(abi ?? "?")]\(noteText)"
            case .refused:
                return "refused  \(file): [\(phase?.rawValue ?? "?")] \(reason ?? "")"
            case .skipped:
                return "skipped  \(file): \(reason ?? "")"
            }
        }
    }

    /// Every file found, in search order.
    package internal(set) var records: [Record] = []
    /// The folders and files searched, in order.
    package internal(set) var searchedLocations: [ModuleSearchPath.Location] = []
    /// The folders and files searched, in order, each with its origin: made when asked for, as
    /// only `parra plugins list` shows them.
    package var searched: [String] { searchedLocations.map { "\($0.path) (\($0.origin))" } }
    /// Problems with values the app supplied (config file, code, environment).
    package internal(set) var optionProblems: [String] = []
    /// Facts about the run as a whole, such as where app logs go when no module takes them.
    package internal(set) var notes: [String] = []

    /// The records of modules that loaded.
    package var loaded: [Record] { records.filter { $0.outcome == .loaded } }
    /// The records of files that were refused.
    package var refused: [Record] { records.filter { $0.outcome == .refused } }

    /// The whole report as lines of text.
    package var lines: [String] {
        var lines = records.map(\.summary)
        if records.isEmpty { lines.append("no modules found") }
        lines += optionProblems.map { "option   \($0)" }
        lines += notes.map { "note     \($0)" }
        return lines
    }
}
