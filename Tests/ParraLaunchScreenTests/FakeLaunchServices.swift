import CParraPlugin
import Foundation
import ParraPluginKit

@testable import ParraLaunchScreen

/// Stands in for the host in tests of the launch logic: records every call, keeps timers and
/// app-info steps until the test runs or answers them, and answers other launch steps as told.
final class FakeLaunchServices: LaunchServices {
    struct Timer {
        let id: UInt64
        let delay: Double
        let body: () -> Void
    }

    var logs: [(ModuleHost.LogLevel, String)] = []
    /// The app-info steps asked for, each waiting for `answer`.
    var appInfoSteps: [(Result<String, ModuleError>) -> Void] = []
    var timers: [Timer] = []
    var states: [(ModuleHost.LaunchState, String)] = []
    var presented: [(title: String, body: String, dismissed: ((Bool) -> Void)?)] = []
    var emitted: [(String, String)] = []
    var steps: [ModuleHost.LaunchStep] = []
    /// What each launch step answers; a step missing here never finishes.
    var stepResults: [ModuleHost.LaunchStep: Result<String, ModuleError>] = [
        .authCheck: .success(#"{"state":"anonymous","userId":"user-1"}"#), .prerequisite: .success(#"{"ran":false}"#),
    ]
    private var nextTimer: UInt64 = 1

    func log(_ level: ModuleHost.LogLevel, _ message: String) { logs.append((level, message)) }

    @discardableResult
    func schedule(after delay: Double, repeatEvery: Double, _ body: @escaping () -> Void) throws -> UInt64 {
        defer { nextTimer += 1 }
        timers.append(Timer(id: nextTimer, delay: delay, body: body))
        return nextTimer
    }

    @discardableResult
    func cancelTimer(_ id: UInt64) -> Bool {
        let before = timers.count
        timers.removeAll { $0.id == id }
        return timers.count < before
    }

    func runLaunchStep(_ step: ModuleHost.LaunchStep, completion: @escaping (Result<String, ModuleError>) -> Void)
        throws
    {
        steps.append(step)
        if step == .appInfo { return appInfoSteps.append(completion) }
        guard let result = stepResults[step] else { return }
        try schedule(after: 0, repeatEvery: 0) { completion(result) }
    }

    func setLaunchState(_ state: ModuleHost.LaunchState, detail: String) throws { states.append((state, detail)) }

    func present(
        _ kind: ModuleHost.PresentationKind, title: String, body: String, duration: Double,
        dismissed: ((Bool) -> Void)?
    ) throws {
        presented.append((title, body, dismissed))
    }

    func emit(_ pointID: String, _ text: String) throws { emitted.append((pointID, text)) }

    /// Runs every timer due within `seconds` (of its scheduling), soonest first, including
    /// those the timers schedule, until none is due.
    func runTimers(upTo seconds: Double = 0) {
        while let next = timers.filter({ $0.delay <= seconds }).min(by: { ($0.delay, $0.id) < ($1.delay, $1.id) }) {
            timers.removeAll { $0.id == next.id }
            next.body()
        }
    }

    /// Answers app-info step `index` as the host does with nothing cached when the server
    /// answers `status` with `body`, then runs what that makes due.
    func answer(_ index: Int, status: Int, _ body: String) {
        appInfoSteps[index](
            (200..<300).contains(status)
                ? .success(#"{"appInfo":"# + body + #","source":"network"}"#)
                : .failure(
                    ModuleError(
                        "app-info: the server answered HTTP \(status); no cached app-info either",
                        status: PARRA_STATUS_FAILED)))
        runTimers()
    }

    /// The launch states told to the host, as words.
    var stateNames: [String] {
        states.map { state, _ in
            switch state {
            case .initial: "initial"
            case .transitioning: "transitioning"
            case .complete: "complete"
            case .failed: "failed"
            }
        }
    }

    /// Messages logged at `level`.
    func messages(_ level: ModuleHost.LogLevel) -> [String] { logs.filter { $0.0 == level }.map(\.1) }
}
