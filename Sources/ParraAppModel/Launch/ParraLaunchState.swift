/// Where the app's launch is: the launch screen shows while the launch tasks run
/// (`initial`), fades out over the app's content (`transitioning`) and is gone (`complete`),
/// or shows why a task failed (`failed`) until a retry starts over at `initial`.
package enum ParraLaunchState: Hashable, Sendable {
    /// The launch screen shows; the launch tasks have not finished.
    case initial
    /// The tasks finished; the launch screen is fading out.
    case transitioning
    /// The launch screen is gone; the app is usable.
    case complete
    /// A task failed, for the reason given; a retry starts over.
    case failed(String)

    /// Whether `next` may follow this state: initial -> transitioning -> complete, or
    /// initial -> failed -> initial.
    func allows(_ next: ParraLaunchState) -> Bool {
        switch (self, next) {
        case (.initial, .transitioning), (.initial, .failed), (.transitioning, .complete), (.failed, .initial): true
        default: false
        }
    }
}

/// One launch state change as the host recorded it.
package struct ParraLaunchStateChange: Hashable, Sendable {
    /// The new state.
    package let state: ParraLaunchState
    /// When it changed: seconds since the Unix epoch, from the run's `HostClock`.
    package let time: Double
    /// The module driving the launch.
    package let moduleID: String

    /// A recorded change.
    package init(state: ParraLaunchState, time: Double, moduleID: String) {
        self.state = state
        self.time = time
        self.moduleID = moduleID
    }
}
