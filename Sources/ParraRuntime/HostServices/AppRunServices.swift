import CParraPlugin

/// What an app run offers modules beyond the runtime: the app's facts and its launch. The app
/// model provides it; a runtime without one (the CLI, tests of the runtime alone) answers
/// `app_facts_json` with "{}" and the launch services with UNSUPPORTED.
package protocol AppRunServices: AnyObject, Sendable {
    /// The app facts as NUL-terminated JSON, valid for the rest of the process.
    var factsJSON: UnsafePointer<CChar> { get }

    /// `set_launch_state` from module `moduleID`, with the caller's `detail`; nil when
    /// accepted, else the status and why.
    func setLaunchState(_ state: parra_launch_state, detail: String, from moduleID: String) -> (parra_status, String)?

    /// `run_launch_step` from module `moduleID`: starts `step`, calling `done(status, result
    /// JSON, error message)` later on the main queue. Nil when started, else the status and why.
    func runLaunchStep(
        _ step: parra_launch_step, from moduleID: String, done: @escaping (parra_status, String, String?) -> Void
    ) -> (parra_status, String)?
}
