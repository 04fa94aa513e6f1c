import FoundationEssentials
import ParraAPI
import ParraRuntime

extension ParraAPIClient {
    /// The client an app run uses, or nil when the run should have none.
    ///
    /// A run started without settings (a real app) always gets one: its backend is
    /// `PARRA_API_BASE_URL`, else `ParraAPIBackend.appDefault`, else production. A run given
    /// settings (tests, embedders) that carry no API service gets one only when its environment
    /// sets `PARRA_API_BASE_URL`, so tests never reach the network by accident. The token is
    /// cached in the run's storage folder (`$XDG_DATA_HOME/parra/<bundle id>/`); an unusable
    /// `PARRA_API_BASE_URL` is returned as a problem.
    static func forAppRun(
        settings: ModuleRuntime.Settings, givenSettings: Bool, tenantId: String, applicationId: String, bundleId: String
    ) -> (client: ParraAPIClient?, problem: String?) {
        let environment = settings.environment
        let configured = !(environment[ParraAPIBackend.environmentKey] ?? "").trimmingSpaces().isEmpty
        if givenSettings && !configured { return (nil, nil) }
        let resolved = ParraAPIBackend.resolve(
            environment: environment, inCode: givenSettings ? nil : ParraAPIBackend.appDefault)
        if givenSettings, let problem = resolved.problem { return (nil, "\(problem); no API client") }
        let identity = ParraAPIIdentity(
            tenantId: tenantId, applicationId: applicationId, bundleId: bundleId,
            environment: .resolve(environment: environment))
        let client = ParraAPIClient(
            settings: Settings(
                identity: identity, backend: resolved.backend, authStorageFolder: settings.storageDirectory,
                log: settings.log))
        return (client, resolved.problem.map { "\($0); using \(resolved.backend) (from \(resolved.source))" })
    }
}
