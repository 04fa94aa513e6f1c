/// What happened to every file the host found: one record each, in search order, plus the
/// problems found in the option layers.
public struct LoadReport: Sendable, Codable {
    /// One file's fate.
    public struct Record: Sendable, Codable, Hashable {
        /// What became of the file.
        public enum Outcome: String, Sendable, Codable {
            /// Passed every phase the host ran.
            case loaded
            /// Refused; `phase` and `reason` say why.
            case refused
            /// Not considered: the same file was already found by another path.
            case skipped
        }

        /// The path as found.
        public let file: String
        /// Why it was searched (the search-path location's origin).
        public let origin: String
        /// What became of it.
        public internal(set) var outcome: Outcome = .loaded
        /// Where it was refused.
        public internal(set) var phase: LoadPhase?
        /// Why it was refused or skipped.
        public internal(set) var reason: String?
        /// From the descriptor, when it was read.
        public internal(set) var moduleID: String?
        /// From the descriptor.
        public internal(set) var name: String?
        /// From the descriptor.
        public internal(set) var version: String?
        /// ABI the module was built for, "major.minor".
        public internal(set) var abi: String?
        /// The option keys it owns.
        public internal(set) var optionKeys: [String] = []
        /// The points it hooks.
        public internal(set) var overridePoints: [String] = []
        /// The extension points it offers.
        public internal(set) var extensionPoints: [String] = []
        /// Things that did not stop it loading, e.g. a hook on a point no loaded module offers.
        public internal(set) var warnings: [String] = []

        /// One line: outcome, file, and id or reason.
        public var summary: String {
            switch outcome {
            case .loaded:
                let warningText = warnings.isEmpty ? "" : " (\(warnings.joined(separator: "; ")))"
                return "loaded   \(file): \(moduleID ?? "?") \(version ?? "") [ABI \(abi ?? "?")]\(warningText)"
            case .refused:
                return "refused  \(file): [\(phase?.rawValue ?? "?")] \(reason ?? "")"
            case .skipped:
                return "skipped  \(file): \(reason ?? "")"
            }
        }
    }

    /// Every file found, in search order.
    public internal(set) var records: [Record] = []
    /// The folders and files searched, in order, with their origins.
    public internal(set) var searched: [String] = []
    /// Problems with values the app supplied (config file, code, environment).
    public internal(set) var optionProblems: [String] = []
    /// Facts about the run as a whole, such as where app logs go when no module takes them.
    public internal(set) var notes: [String] = []

    /// The records of modules that loaded.
    public var loaded: [Record] { records.filter { $0.outcome == .loaded } }
    /// The records of files that were refused.
    public var refused: [Record] { records.filter { $0.outcome == .refused } }

    /// The whole report as lines of text.
    public var lines: [String] {
        var lines = records.map(\.summary)
        if records.isEmpty { lines.append("no modules found") }
        lines += optionProblems.map { "option   \($0)" }
        lines += notes.map { "note     \($0)" }
        return lines
    }
}
