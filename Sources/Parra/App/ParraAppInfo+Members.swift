import FoundationEssentials
import ParraAPI
import ParraRuntime

/// The app as the Parra dashboard describes it, in app-info's `application`.
public struct ParraApplicationIosConfig: Decodable, Sendable, Hashable {
    /// The app's name.
    public var name: String = ""
    /// Its description.
    public var description: String?
    /// Its App Store id.
    public var appId: String?
    /// Its Apple team id.
    public var teamId: String?
    /// Its bundle id.
    public var bundleId: String = ""
    /// The feedback form the app opens by default.
    public var defaultFeedbackFormId: String?
    /// The feedback form the app opens for an error.
    public var errorFeedbackFormId: String?

    /// The app's App Store page, from ``appId``: `https://apps.apple.com/us/app/id<appId>`.
    public var appStoreUrl: URL? { appId.flatMap { URL(string: "https://apps.apple.com/us/app/id\($0)") } }
    /// The App Store page that opens the review form, from ``appId``.
    public var appStoreWriteReviewUrl: URL? {
        appId.flatMap { URL(string: "https://apps.apple.com/app/id\($0)?action=write-review") }
    }

    /// An empty description, as the SDK's default app-info has.
    public init() {}

    /// Reads the members app-info has; those it lacks keep their defaults.
    public init(from decoder: Decoder) throws {
        let members = try decoder.container(keyedBy: CodingKeys.self)
        name = try members.decodeIfPresent(String.self, forKey: .name) ?? ""
        description = try members.decodeIfPresent(String.self, forKey: .description)
        appId = try members.decodeIfPresent(String.self, forKey: .appId)
        teamId = try members.decodeIfPresent(String.self, forKey: .teamId)
        bundleId = try members.decodeIfPresent(String.self, forKey: .bundleId) ?? ""
        defaultFeedbackFormId = try members.decodeIfPresent(String.self, forKey: .defaultFeedbackFormId)
        errorFeedbackFormId = try members.decodeIfPresent(String.self, forKey: .errorFeedbackFormId)
    }

    private enum CodingKeys: String, CodingKey {
        case name, description, appId, teamId, bundleId, defaultFeedbackFormId, errorFeedbackFormId
    }
}

/// The tenant (the app's workspace) as app-info's `tenant` describes it.
public struct ParraTenantAppInfoStub: Decodable, Sendable, Hashable {
    /// Its id.
    public var id: String = ""
    /// Its name.
    public var name: String = ""
    /// Its token issuer.
    public var issuer: String = ""
    /// Its subdomain of parra.io, if it has one.
    public var subdomain: String?
    /// Whether it is a test tenant.
    public var isTest: Bool = false
    /// The tenant it belongs to, if any.
    public var parentTenantId: String?
    /// Whether Parra's branding is hidden in its views.
    public var hideBranding: Bool = false

    /// An empty description, as the SDK's default app-info has.
    public init() {}

    /// Reads the members app-info has; those it lacks keep their defaults.
    public init(from decoder: Decoder) throws {
        let members = try decoder.container(keyedBy: CodingKeys.self)
        id = try members.decodeIfPresent(String.self, forKey: .id) ?? ""
        name = try members.decodeIfPresent(String.self, forKey: .name) ?? ""
        issuer = try members.decodeIfPresent(String.self, forKey: .issuer) ?? ""
        subdomain = try members.decodeIfPresent(String.self, forKey: .subdomain)
        isTest = try members.decodeIfPresent(Bool.self, forKey: .isTest) ?? false
        parentTenantId = try members.decodeIfPresent(String.self, forKey: .parentTenantId)
        hideBranding = try members.decodeIfPresent(Bool.self, forKey: .hideBranding) ?? false
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, issuer, subdomain, isTest, parentTenantId, hideBranding
    }
}

/// A legal document the app links to: its privacy policy, terms of service or another.
public struct ParraLegalDocument: Decodable, Sendable, Hashable, Identifiable {
    /// Its id.
    public var id: String
    /// Its kind, e.g. `privacy_policy`.
    public var type: String
    /// Its title.
    public var title: String
    /// Where it is published.
    public var url: URL

    /// A document.
    public init(id: String, type: String, title: String, url: URL) {
        self.id = id
        self.type = type
        self.title = title
        self.url = url
    }
}

/// The app's legal documents, in app-info's `legal`.
public struct ParraLegalInfo: Decodable, Sendable, Hashable {
    /// The privacy policy.
    public var privacyPolicy: ParraLegalDocument?
    /// The terms of service.
    public var termsOfService: ParraLegalDocument?
    /// Every other policy document.
    public var policyDocuments: [ParraLegalDocument] = []

    /// The privacy policy, the terms of service, then the others, as there are.
    public var allDocuments: [ParraLegalDocument] {
        [privacyPolicy, termsOfService].compactMap { $0 } + policyDocuments
    }
    /// Whether the app has any legal document.
    public var hasDocuments: Bool { !allDocuments.isEmpty }

    /// The given documents.
    public init(
        privacyPolicy: ParraLegalDocument? = nil, termsOfService: ParraLegalDocument? = nil,
        policyDocuments: [ParraLegalDocument] = []
    ) {
        self.privacyPolicy = privacyPolicy
        self.termsOfService = termsOfService
        self.policyDocuments = policyDocuments
    }

    /// Reads the members app-info has; those it lacks stay empty.
    public init(from decoder: Decoder) throws {
        let members = try decoder.container(keyedBy: CodingKeys.self)
        privacyPolicy = try members.decodeIfPresent(ParraLegalDocument.self, forKey: .privacyPolicy)
        termsOfService = try members.decodeIfPresent(ParraLegalDocument.self, forKey: .termsOfService)
        policyDocuments = try members.decodeIfPresent([ParraLegalDocument].self, forKey: .policyDocuments) ?? []
    }

    private enum CodingKeys: String, CodingKey {
        case privacyPolicy, termsOfService, policyDocuments
    }
}

extension ParraAppInfo {
    /// The member `key` (app-info's snake-case name, as written) of the answer, decoded as
    /// `Value` on its own, so one unreadable member leaves the others readable; nil when it is
    /// missing or cannot be read as `Value`.
    private func member<Value: Decodable>(_ key: String, as type: Value.Type) -> Value? {
        guard case .object(let members)? = try? JSONValue(answerJSON: json), let value = members[key] else {
            return nil
        }
        return try? ParraAPICoding.makeDecoder().decode(Value.self, from: Data(value.json.utf8))
    }

    /// The app as the dashboard describes it.
    public var application: ParraApplicationIosConfig {
        member("application", as: ParraApplicationIosConfig.self) ?? ParraApplicationIosConfig()
    }
    /// The app's tenant.
    public var tenant: ParraTenantAppInfoStub {
        member("tenant", as: ParraTenantAppInfoStub.self) ?? ParraTenantAppInfoStub()
    }
    /// The app's legal documents.
    public var legal: ParraLegalInfo { member("legal", as: ParraLegalInfo.self) ?? ParraLegalInfo() }
    /// The release of the version the user installed, when it is new to them (What's New).
    public var newInstalledVersionInfo: ParraNewInstalledVersionInfo? {
        member("new_installed_version_info", as: ParraNewInstalledVersionInfo.self)
    }
}
