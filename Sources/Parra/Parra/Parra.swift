import CParraPlugin
import Dispatch
import ParraAppModel
import ParraRuntime

/// The app's way into Parra's features once `ParraApp` has started them: `releases` (What's
/// New), `push` (push notifications), and any module's command by id. Reach it as the SDK
/// does, with `@Environment(\.parra)` in a view, or as `parra` in a `ParraAppDelegate`.
///
/// Each feature is a module; a call reaches it through the module's commands, and throws
/// ``ParraCommandError`` with kind `.notInstalled` when no loaded module offers the command.
/// Sendable by hand: its one field is a `let` of a Sendable type, the run's context.
public final class Parra: @unchecked Sendable {
    /// The run whose features this reaches; nil when no app has started Parra.
    let context: ParraAppContext?

    /// The instance for the app running on this thread, else the app that started Parra last.
    static var `default`: Parra { Parra(context: ParraAppContext.currentOrLatest) }

    init(context: ParraAppContext?) { self.context = context }

    /// What's New: the release notes of the version the user installed.
    public var releases: ParraReleases { ParraReleases(parra: self) }

    /// Push notifications: permission and registration.
    public var push: ParraPushNotifications { ParraPushNotifications(parra: self) }

    /// Calls the command `id` that returns at once, with `arguments` (one per argument of its
    /// signature after the module data), and returns its result. A main-thread command must
    /// be called from the app's thread; use the `async` form from elsewhere.
    @discardableResult
    public func command(_ id: String, _ arguments: ParraCommandValue...) throws(ParraCommandError) -> ParraCommandValue
    {
        let runtime = try running(id)
        let arguments = try Self.hookArguments(arguments, for: id)
        do throws(CommandCallError) {
            return ParraCommandValue(try runtime.callCommand(id, arguments))
        } catch {
            throw ParraCommandError(error, commandID: id, feature: nil)
        }
    }

    /// Calls the command `id`, of either kind, and returns its result: the return value of a
    /// command that returns at once, the JSON result (as `.string`) of one that completes later.
    @discardableResult
    public func command(_ id: String, _ arguments: ParraCommandValue...) async throws(ParraCommandError)
        -> ParraCommandValue
    {
        try await call(id, try Self.hookArguments(arguments, for: id), feature: nil)
    }

    /// Calls `id` as ``command(_:_:)-async`` does; `feature` names the module for the
    /// not-installed error of a typed facade.
    func call(_ id: String, _ arguments: [HookArgument], feature: String?) async throws(ParraCommandError)
        -> ParraCommandValue
    {
        let runtime = try running(id)
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<ParraCommandValue, CommandCallError>, Never>) in
            do throws(CommandCallError) {
                // By declaration: a module that waits has no prepared command until the call
                // starts it.
                guard let command = runtime.commandDeclaration(id), !command.completesLater else {
                    return try runtime.callCommand(id, arguments) {
                        continuation.resume(returning: $0.map(ParraCommandValue.string))
                    }
                }
                // An immediate command runs where its thread rule says; off the main thread a
                // main-thread one is called on the main queue.
                let callNow: @Sendable () -> Void = {
                    continuation.resume(
                        returning: Result { () throws(CommandCallError) in
                            ParraCommandValue(try runtime.callCommand(id, arguments))
                        })
                }
                if command.thread == .main && !runtime.isOnMainThread {
                    runtime.mainQueue.async(execute: callNow)
                } else {
                    callNow()
                }
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }
        do {
            return try result.get()
        } catch {
            throw ParraCommandError(error, commandID: id, feature: feature)
        }
    }

    /// The runtime's arguments for the app's; `.void` is no argument.
    private static func hookArguments(_ values: [ParraCommandValue], for id: String) throws(ParraCommandError)
        -> [HookArgument]
    {
        try values.map { value throws(ParraCommandError) in
            guard let argument = value.hookArgument else {
                throw ParraCommandError(.invalidCall, commandID: id, description: "\(id): .void is not an argument")
            }
            return argument
        }
    }

    private func running(_ id: String) throws(ParraCommandError) -> ModuleRuntime {
        guard let runtime = context?.runtime else {
            throw ParraCommandError(
                .notRunning, commandID: id,
                description: "Parra is not running: no ParraApp has started it, so \(id) cannot be called")
        }
        return runtime
    }
}

extension ParraCommandError {
    /// The app-facing error for a refused or failed call; `feature` names the module that
    /// would offer the command.
    init(_ error: CommandCallError, commandID: String, feature: String?) {
        switch error.kind {
        case .notFound:
            let description =
                feature.map { "\($0) is not installed: no loaded module offers \(commandID)" } ?? error.description
            self.init(.notInstalled, commandID: commandID, description: description)
        case .notRunning: self.init(.notRunning, commandID: commandID, description: error.description)
        case .refused: self.init(.invalidCall, commandID: commandID, description: error.description)
        case .failed: self.init(.failed, commandID: commandID, description: error.description)
        }
    }
}

extension ParraCommandValue {
    /// The value as the runtime passes it; nil for `.void`, which is no argument.
    var hookArgument: HookArgument? {
        switch self {
        case .void: nil
        case .bool(let value): .bool(value)
        case .int(let value): .integer(value)
        case .uint(let value): .integer(Int64(bitPattern: value))
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        }
    }

    /// An immediate command's result.
    init(_ value: CommandValue) {
        switch value {
        case .void: self = .void
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .int(number)
        case .unsigned(let number): self = .uint(number)
        case .double(let number): self = .double(number)
        case .pointer(let address): self = .uint(UInt64(address))
        }
    }
}
