import FoundationEssentials
import ParraAPI
import ParraRuntime
import ParraSync

/// A platform for tests and unattended runs: plays a fixed list of events and records every
/// window drawn, presentation shown and status line.
package final class ScriptedPlatform: ParraPlatform {
    /// The events to play, in order; a `.terminate` is added at the end if missing.
    package let script: [PlatformEvent]
    /// Every window drawn, in order.
    package private(set) var drawn: [RenderedWindow] = []
    /// Every status line.
    package private(set) var reported: [String] = []
    /// Every event delivered, in order.
    package private(set) var delivered: [PlatformEvent] = []
    /// Every launch state change, in order, with its time from the run's clock.
    package private(set) var launchStates: [ParraLaunchStateChange] = []
    /// Status lines and draws in the order they happened; a draw is `draw <scene id>`.
    package private(set) var timeline: [String] = []
    private let surface: PresentationSurface

    /// The arguments the app "was started with".
    package let launchArguments: [String]
    /// Whether the session stays open after the script for posted events.
    private let staysOpen: Bool
    /// Events posted from other threads, waiting to be delivered.
    private var posted: [PlatformEvent] = []
    /// Whether the session delivered `.terminate`: later posts are refused.
    private var ended = false
    private let postedCondition = Condition()
    /// How long an open session waits for a posted `.terminate` before it ends itself.
    package static let openSessionLimitSeconds = 120.0

    /// A platform playing `script`, started with `launchArguments`; presentations go to
    /// `surface`. Events posted meanwhile
    /// (`post`, from any thread) are delivered after the event being handled. With
    /// `staysOpen`, the session does not end with the script: it delivers posted events until
    /// one is `.terminate` (or `openSessionLimitSeconds` pass without one).
    package init(
        script: [PlatformEvent], surface: PresentationSurface, launchArguments: [String] = [], staysOpen: Bool = false
    ) {
        self.staysOpen = staysOpen
        let played = script.last == .terminate ? script : script + [.terminate]
        self.script = staysOpen ? Array(played.dropLast()) : played
        self.surface = surface
        self.launchArguments = launchArguments
    }

    package var presentationSurface: PresentationSurface { surface }
    package var usesColor: Bool { false }

    package func draw(_ window: RenderedWindow) {
        drawn.append(window)
        timeline.append("draw \(window.sceneID)")
    }

    package func report(_ line: String) {
        reported.append(line)
        timeline.append(line)
    }

    package func launchStateChanged(_ change: ParraLaunchStateChange) {
        launchStates.append(change)
        report("launch: \(change.state.summary) (\(change.moduleID))")
    }

    package func runEvents(_ handle: (PlatformEvent) -> Void) {
        func deliver(_ event: PlatformEvent) -> Bool {
            if event == .terminate { postedCondition.withLock { ended = true } }
            delivered.append(event)
            handle(event)
            return event == .terminate
        }
        for event in script {
            if deliver(event) { return }
            while let next = takePosted(waitingUntil: nil) {
                if deliver(next) { return }
            }
        }
        let limit = Date.wallClockNow.addingTimeInterval(Self.openSessionLimitSeconds)
        while true {
            guard let next = takePosted(waitingUntil: limit) else {
                report("no .terminate was posted within \(Int(Self.openSessionLimitSeconds)) s; ending the session")
                _ = deliver(.terminate)
                return
            }
            if deliver(next) { return }
        }
    }

    package func post(_ event: PlatformEvent) -> Bool {
        postedCondition.withLock {
            guard !ended else { return false }
            posted.append(event)
            postedCondition.broadcast()
            return true
        }
    }

    /// The next posted event: at once (nil when there is none) or, given a deadline, waiting
    /// for one until then.
    private func takePosted(waitingUntil deadline: Date?) -> PlatformEvent? {
        postedCondition.withLock {
            if let deadline {
                while posted.isEmpty && postedCondition.wait(until: deadline) {}
            }
            return posted.isEmpty ? nil : posted.removeFirst()
        }
    }
}
