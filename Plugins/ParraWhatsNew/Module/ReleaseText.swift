/// The text What's New shows on Linux: a release as a modal's body, the toast, the changelog.
enum ReleaseText {
    /// The toast's title.
    static let toastTitle = "New Version Available!"

    /// The toast's body for `version`.
    static func toastBody(_ version: String) -> String { "Version \(version) is now available." }

    /// A release's modal body: its name and version, its description, then each section with
    /// its items; "No Changes to Report" when it has none.
    static func body(of release: Release) -> String {
        var lines = ["\(release.name) (version \(release.version))"]
        if let description = release.description, !description.isEmpty { lines.append(description) }
        let sections = (release.sections ?? []).filter { !$0.items.isEmpty }
        if sections.isEmpty {
            lines += ["", "No Changes to Report"]
        }
        for section in sections {
            lines += ["", section.title]
            for item in section.items {
                let detail = item.description.map { ": \($0)" } ?? ""
                lines.append("  - \(item.shortTitle ?? item.title)\(detail)")
            }
        }
        return String(joining: lines, separator: "\n")
    }

    /// The changelog's body: one line per release, newest first.
    static func changelog(_ releases: [Release]) -> String {
        guard !releases.isEmpty else { return "No releases yet" }
        let lines = releases.map { release in
            let date = release.createdAt.map { " (\($0.prefix(10)))" } ?? ""
            return "\(release.version)  \(release.name)\(date)"
        }
        return String(joining: lines, separator: "\n")
    }
}
