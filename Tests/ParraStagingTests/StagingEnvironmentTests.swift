import Parra
import ParraTestSupport
import Testing

@Suite("The environments listing compiled for staging", .serialized)
struct StagingEnvironmentTests {
    @Test("the staging condition switches the application id, bundle id and logger environment")
    func staging() throws {
        let run = try TestAppRun(MyApp.self)
        #expect(run.status == 0)
        #expect(!run.reported("Parra my-tenant-id/my-staging-application-id, bundle my-staging-bundle-id").isEmpty)
        // The production logger environment is a choice the app made: with no logger module
        // installed, the host says so.
        #expect(!run.reported("logger.environment: no loaded module owns this key (is ParraLogger installed?)").isEmpty)
    }
}
