import Parra

/// Records every presentation instead of showing it; tests dismiss them by hand.
public final class RecordingPresentationSurface: PresentationSurface {
    /// What was presented, in order.
    public private(set) var presented: [Presentation] = []
    private var dismissals: [(Bool) -> Void] = []

    /// An empty recorder.
    public init() {}

    public func present(_ presentation: Presentation, dismissed: @escaping (Bool) -> Void) {
        presented.append(presentation)
        dismissals.append(dismissed)
    }

    /// Dismisses presentation `index` as the user (or a timeout) would.
    public func dismiss(_ index: Int, byUser: Bool) { dismissals[index](byUser) }
}
