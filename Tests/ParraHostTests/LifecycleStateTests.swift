import Testing

@testable import Parra
@testable import ParraAPI
@testable import ParraAppModel
@testable import ParraRuntime

@Suite("The module lifecycle state machine")
struct LifecycleStateTests {
    @Test("the happy path goes one step at a time")
    func happyPath() {
        let path: [ModuleLifecycleState] = [
            .discovered, .descriptorRead, .validated, .initialized, .configured, .active, .deactivated, .shutDown,
        ]
        for (from, to) in zip(path, path.dropFirst()) {
            #expect(from.successors.contains(to), "\(from) -> \(to)")
        }
        #expect(ModuleLifecycleState.shutDown.successors.isEmpty)
    }

    @Test("a refused module shuts down without deactivating; nothing skips a step")
    func shortcuts() {
        #expect(ModuleLifecycleState.initialized.successors == [.configured, .shutDown])
        #expect(ModuleLifecycleState.configured.successors == [.active, .shutDown])
        #expect(!ModuleLifecycleState.validated.successors.contains(.configured))
        #expect(!ModuleLifecycleState.active.successors.contains(.shutDown))
        #expect(!ModuleLifecycleState.descriptorRead.successors.contains(.active))
    }
}
