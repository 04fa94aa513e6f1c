import Dispatch
import FoundationEssentials

/// Something a module asked the platform to show.
package struct Presentation: Sendable, Hashable {
    /// How it is shown.
    package enum Kind: String, Sendable {
        /// Full content the user dismisses.
        case modal
        /// A transient notice that dismisses itself after `duration` seconds.
        case toast
        /// The launch screen surface.
        case launchScreen
    }

    /// How it is shown.
    package let kind: Kind
    /// Its title.
    package let title: String
    /// Its body text.
    package let body: String
    /// Seconds a toast stays; 0 for other kinds.
    package let duration: Double
    /// The module that asked for it.
    package let moduleID: String
    /// What the user can do with it, by key (`PARRA_EXT_PRESENTATION`).
    package let actions: [Action]

    /// One thing the user can do: type `key` to `label`.
    package struct Action: Sendable, Hashable {
        /// What the user types.
        package let key: String
        /// What it does.
        package let label: String

        /// An action.
        package init(key: String, label: String) {
            self.key = key
            self.label = label
        }
    }

    /// A presentation.
    package init(
        kind: Kind, title: String, body: String, duration: Double, moduleID: String, actions: [Action] = []
    ) {
        self.kind = kind
        self.title = title
        self.body = body
        self.duration = duration
        self.moduleID = moduleID
        self.actions = actions
    }
}

/// The platform's presentation surface. Called on the main thread.
package protocol PresentationSurface: AnyObject {
    /// Shows `presentation`; calls `dismissed(byUser)` once, on the main thread, when it goes
    /// away.
    func present(_ presentation: Presentation, dismissed: @escaping (Bool) -> Void)
}

/// Prints presentations to standard output as framed plain text; a toast reports itself
/// dismissed after its duration. On a terminal that allows it, each launch screen is drawn
/// over the last (the screen is cleared first), so a fade steps in place.
package final class PlainTextPresentationSurface: PresentationSurface {
    private let queue: DispatchQueue
    private let redrawsLaunchScreen: Bool

    /// Dismissal callbacks run on `queue` (the host's main queue).
    package init(queue: DispatchQueue = .main, redrawsLaunchScreen: Bool = false) {
        self.queue = queue
        self.redrawsLaunchScreen = redrawsLaunchScreen
    }

    /// The framed text `present` prints for `presentation`. A module's text (a push's title and
    /// body, release notes) is shown, never acted on: its control characters are written out.
    package static func text(of presentation: Presentation) -> String {
        let rule = String(repeating: "-", count: 60)
        var lines = [rule, "[\(presentation.kind.rawValue)] \(TerminalText.escaped(presentation.title))"]
        if !presentation.body.isEmpty { lines.append(TerminalText.escaped(presentation.body, keepingLineBreaks: true)) }
        if !presentation.actions.isEmpty {
            lines.append(
                String(
                    joining: presentation.actions.map {
                        "\(TerminalText.escaped($0.key)): \(TerminalText.escaped($0.label))"
                    }, separator: "  "))
        }
        lines.append(rule)
        return String(joining: lines, separator: "\n")
    }

    package func present(_ presentation: Presentation, dismissed: @escaping (Bool) -> Void) {
        if redrawsLaunchScreen && presentation.kind == .launchScreen {
            StandardOutput.write("\u{1B}[H\u{1B}[2J", terminator: "")
        }
        StandardOutput.write(Self.text(of: presentation))
        if presentation.kind == .toast {
            // Called back on `queue`, the queue this surface is used on.
            nonisolated(unsafe) let dismissed = dismissed
            queue.asyncAfter(deadline: .now() + presentation.duration) { dismissed(false) }
        }
    }
}
