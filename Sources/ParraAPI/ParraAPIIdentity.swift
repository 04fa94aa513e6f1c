import FoundationEssentials
import ParraRuntime

/// Who is calling the Parra API: the facts every request carries as PARRA-* headers.
package struct ParraAPIIdentity: Sendable, Hashable {
    /// The tenant (PARRA-TENANT-ID); also the `{t}` of tenant paths.
    package var tenantId: String
    /// The application (PARRA-APPLICATION-ID); also the `{a}` of application paths.
    package var applicationId: String
    /// The bundle identifier (PARRA-APPLICATION-BUNDLE-ID).
    package var bundleId: String
    /// PARRA-ENVIRONMENT.
    package var environment: ParraAPIEnvironment
    /// PARRA-PLATFORM; always `linux` here.
    package var platform: String
    /// PARRA-PLATFORM-AGENT, e.g. `parra-linux/0.1.0 swift/6.3`.
    package var platformAgent: String

    /// The version of this SDK, as the platform agent names it.
    package static let sdkVersion = "0.1.0"

    /// The version of the Swift compiler the SDK was built with, e.g. `6.3`.
    package static var swiftVersion: String {
        #if compiler(>=7.0)
            "7.0"
        #elseif compiler(>=6.4)
            "6.4"
        #elseif compiler(>=6.3)
            "6.3"
        #elseif compiler(>=6.2)
            "6.2"
        #elseif compiler(>=6.1)
            "6.1"
        #else
            "6.0"
        #endif
    }

    /// The default platform agent: `parra-linux/<sdk version> swift/<swift version>`.
    package static var defaultPlatformAgent: String { "parra-linux/\(sdkVersion) swift/\(swiftVersion)" }

    /// An identity; the environment defaults to the one `environment` (the process's) selects.
    package init(
        tenantId: String, applicationId: String, bundleId: String,
        environment: ParraAPIEnvironment = .resolve(environment: ProcessEnvironment.current),
        platform: String = "linux", platformAgent: String = ParraAPIIdentity.defaultPlatformAgent
    ) {
        self.tenantId = tenantId
        self.applicationId = applicationId
        self.bundleId = bundleId
        self.environment = environment
        self.platform = platform
        self.platformAgent = platformAgent
    }

    /// The PARRA-* headers, names as the API spells them.
    package var headers: [String: String] {
        [
            "PARRA-ENVIRONMENT": environment.rawValue,
            "PARRA-APPLICATION-ID": applicationId,
            "PARRA-APPLICATION-BUNDLE-ID": bundleId,
            "PARRA-TENANT-ID": tenantId,
            "PARRA-PLATFORM": platform,
            "PARRA-PLATFORM-AGENT": platformAgent,
        ]
    }

    /// `tenants/{tenantId}`, with the id percent-encoded as a path segment.
    package var tenantPath: String { "tenants/\(Self.segment(tenantId))" }

    /// `tenants/{tenantId}/applications/{applicationId}`.
    package var applicationPath: String { "\(tenantPath)/applications/\(Self.segment(applicationId))" }

    /// `text` percent-encoded for use as one path segment.
    package static func segment(_ text: String) -> String { percentEncodedPathSegment(text) }
}
