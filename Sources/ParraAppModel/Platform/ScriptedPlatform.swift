import Foundation
import ParraAPI
import ParraRuntime

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

    /// A platform playing `script`, started with `launchArguments`; presentations go to
    /// `surface`.
    package init(script: [PlatformEvent], surface: PresentationSurface, launchArguments: [String] = []) {
        self.script = script.last == .terminate ? script : script + [.terminate]
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
        for event in script {
            delivered.append(event)
            handle(event)
            if event == .terminate { return }
        }
    }
}
