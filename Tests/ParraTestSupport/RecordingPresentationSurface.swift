import Parra
import ParraRuntime

/// Records every presentation instead of showing it; tests dismiss them by hand. Sendable by
/// hand: like every presentation surface, it is used on the runtime's main queue only.
package final class RecordingPresentationSurface: PresentationSurface, @unchecked Sendable {
    /// What was presented, in order.
    package private(set) var presented: [Presentation] = []
    private var dismissals: [(Bool) -> Void] = []

    /// An empty recorder.
    package init() {}

    package func present(_ presentation: Presentation, dismissed: @escaping (Bool) -> Void) {
        presented.append(presentation)
        dismissals.append(dismissed)
    }

    /// Dismisses presentation `index` as the user (or a timeout) would.
    package func dismiss(_ index: Int, byUser: Bool) { dismissals[index](byUser) }
}
