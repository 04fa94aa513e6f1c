import ParraAPI
import ParraRuntime

/// The platform's presentation surface with the launch screen kept track of: a new launch
/// screen replaces the one showing (which is dismissed, not by the user), and the host can
/// take the launch screen away when the launch completes or dismiss it as the user when they
/// ask for a retry. Called on the main thread.
final class LaunchScreenSurface: PresentationSurface {
    private let platformSurface: PresentationSurface
    /// How to dismiss the launch screen showing now, if one is.
    private var dismissShowing: ((Bool) -> Void)?

    init(wrapping surface: PresentationSurface) { platformSurface = surface }

    func present(_ presentation: Presentation, dismissed: @escaping (Bool) -> Void) {
        guard presentation.kind == .launchScreen else {
            platformSurface.present(presentation, dismissed: dismissed)
            return
        }
        takeDown(byUser: false)
        var done = false
        let once: (Bool) -> Void = { byUser in
            guard !done else { return }
            done = true
            dismissed(byUser)
        }
        dismissShowing = once
        platformSurface.present(presentation, dismissed: once)
    }

    /// Takes the launch screen away (if one shows), telling its module whether the user did.
    func takeDown(byUser: Bool) {
        guard let dismiss = dismissShowing else { return }
        dismissShowing = nil
        dismiss(byUser)
    }
}
