import ParraAppModel
import Synchronization

/// The appearance the user prefers for Parra's views, as the SDK names it.
public enum ParraAppearance: String, Sendable, Hashable, CaseIterable, Identifiable, CustomStringConvertible {
    /// Light, whatever the system says.
    case light
    /// Dark, whatever the system says.
    case dark
    /// As the system says: on a terminal, dark when `COLORFGBG` names a dark background.
    case system

    /// Its identity: `light`, `dark` or `system`.
    public var id: String { rawValue }

    /// Its name for a settings screen: `Light`, `Dark`, `System`.
    public var description: String {
        switch self {
        case .light: "Light"
        case .dark: "Dark"
        case .system: "System"
        }
    }
}

extension ParraAppearance {
    private static let preferred = Mutex(ParraAppearance.system)

    /// The appearance the user prefers now: `.system` until the app sets another through
    /// `\.parraPreferredAppearance`. Kept for the run.
    package static var current: ParraAppearance {
        get { preferred.withLock { $0 } }
        set {
            let old = preferred.withLock { value in
                defer { value = newValue }
                return value
            }
            guard old != newValue else { return }
            NotificationPosting.post(NotificationPosting.preferredAppearanceDidChange)
        }
    }
}
