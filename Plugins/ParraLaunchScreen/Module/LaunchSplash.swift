import ParraPluginKit

/// The launch screen as drawn on a terminal: rows of text over a background colour, which a
/// fade darkens step by step.
struct LaunchSplash: Equatable {
    /// One line about what is shown (the presentation's title).
    let title: String
    /// The rows, plain or with the art's own ANSI styling.
    let rows: [String]
    /// The background colour; nil for art that brings its own.
    let background: RGB?
    /// The text colour.
    let foreground: RGB
    /// The width every row is padded to.
    let width: Int

    /// The narrowest splash.
    static let minimumWidth = 40

    /// The splash for `spec`, and the problems met building it: an unknown colour falls back
    /// to the theme's background; missing art to none (a storyboard's or custom view's, to
    /// the empty default).
    static func make(_ spec: LaunchScreenSpec, palette: LaunchPalette, resources: String?) -> (LaunchSplash, [String]) {
        var problems: [String] = []
        let foreground = palette.theme["text"]!
        switch spec {
        case .standard(let config):
            let (background, colorProblem) = palette.background(named: config.colorName, key: "launch screen colour")
            if let colorProblem { problems.append(colorProblem) }
            var art: [String] = []
            if let imageName = config.imageName {
                let (lines, problem) = LaunchScreenArt.load(
                    imageName, resources: config.folder ?? resources, what: "launch screen image '\(imageName)'")
                if let problem { problems.append(problem + "; drawing no image") }
                art = lines ?? []
            }
            let width = max(minimumWidth, (art.map { LaunchScreenArt.stripped($0).count }.max() ?? 0) + 4)
            let bar = String(repeating: "─", count: width)
            let margin = config.respectsSafeArea == false ? 1 : 2
            var rows: [String] = []
            if config.navigationBar == true { rows.append(bar) }
            rows += Array(repeating: "", count: margin)
            let artWidth = art.map { LaunchScreenArt.stripped($0).count }.max() ?? 0
            let indent = String(repeating: " ", count: (width - artWidth) / 2)
            rows += art.isEmpty ? [""] : art.map { $0.isEmpty ? "" : indent + $0 }
            rows += Array(repeating: "", count: margin)
            if config.toolbar == true { rows.append(bar) }
            if config.tabBar == true { rows.append(bar) }
            return (
                LaunchSplash(
                    title: spec.summary, rows: rows, background: background, foreground: foreground, width: width),
                problems
            )
        case .storyboard(let name, let identifier, let folder):
            // The view controller's own file, else the storyboard's, in its bundle's folder.
            let place = folder ?? resources
            if let identifier,
                let lines = LaunchScreenArt.load("\(name).\(identifier)", resources: place, what: "").lines
            {
                return (splash(lines, spec: spec, palette: palette), [])
            }
            return art(name, spec: spec, what: "launch screen storyboard '\(name)'", palette: palette, resources: place)
        case .custom(let identifier):
            return art(
                identifier, spec: spec, what: "custom launch screen '\(identifier)'", palette: palette,
                resources: resources)
        case .view(let lines):
            return (splash(lines, spec: spec, palette: palette), [])
        }
    }

    /// The splash of an art file, or the empty default when the file cannot be used.
    private static func art(
        _ file: String, spec: LaunchScreenSpec, what: String, palette: LaunchPalette, resources: String?
    ) -> (LaunchSplash, [String]) {
        let (lines, problem) = LaunchScreenArt.load(file, resources: resources, what: what)
        guard let lines else {
            let (fallback, more) = make(.empty, palette: palette, resources: resources)
            return (fallback, [(problem ?? what) + "; drawing the empty default"] + more)
        }
        return (splash(lines, spec: spec, palette: palette), [])
    }

    /// The splash drawing `lines` as they are, in the theme's text colour.
    private static func splash(_ lines: [String], spec: LaunchScreenSpec, palette: LaunchPalette) -> LaunchSplash {
        let width = max(minimumWidth, lines.map { LaunchScreenArt.stripped($0).count }.max() ?? 0)
        return LaunchSplash(
            title: spec.summary, rows: lines, background: nil, foreground: palette.theme["text"]!, width: width)
    }

    /// The text to present, `fade` (0...1) of the way faded out. With `color`, rows are padded
    /// and painted in 24-bit ANSI colours; without, the art's escapes are removed.
    func body(fade: Double, color: Bool) -> String {
        guard color else { return String(joining: rows.map { LaunchScreenArt.stripped($0) }, separator: "\n") }
        let foreground = foreground.faded(fade)
        let painted = rows.map { row in
            let padding = String(repeating: " ", count: max(0, width - LaunchScreenArt.stripped(row).count))
            var line = "\u{1B}[38;2;\(foreground.red);\(foreground.green);\(foreground.blue)m"
            if let background = background?.faded(fade) {
                line += "\u{1B}[48;2;\(background.red);\(background.green);\(background.blue)m"
            } else if fade > 0.5 {
                line += "\u{1B}[2m"
            }
            return line + row + padding + "\u{1B}[0m"
        }
        return String(joining: painted, separator: "\n")
    }
}
