import FoundationEssentials

/// What kind of release a version is.
public enum ParraReleaseType: String, Codable, Sendable, Hashable, CaseIterable {
    /// A major, minor or patch release, or a launch (the sample backend's first release, 1.0.0,
    /// is one); each the Parra API's word for it, as it spells it.
    case major, minor, patch, launch
}

/// Where a release is in its life.
public enum ParraReleaseStatus: String, Codable, Sendable, Hashable, CaseIterable {
    /// Pending, scheduled or released, in the Parra API's words as it spells them; Parra passes the
    /// status on and acts on none.
    case pending, scheduled, released
}

/// The ticket a release note is about: what changed.
public struct ParraTicketStub: Codable, Sendable, Hashable {
    /// The ticket's id.
    public var id: String?
    /// One line.
    public var title: String
    /// A shorter line, when the ticket has one.
    public var shortTitle: String?
    /// More words, if any.
    public var description: String?

    /// A ticket.
    public init(id: String? = nil, title: String, shortTitle: String? = nil, description: String? = nil) {
        self.id = id
        self.title = title
        self.shortTitle = shortTitle
        self.description = description
    }
}

/// One entry in a release section: `{id, release_id, ticket_id, ticket}`, as the server sends it.
public struct ParraAppReleaseItem: Codable, Sendable, Hashable, Identifiable {
    /// The entry's id.
    public var id: String
    /// The release it belongs to.
    public var releaseId: String
    /// The ticket's id.
    public var ticketId: String
    /// What changed.
    public var ticket: ParraTicketStub

    /// An item.
    public init(id: String, releaseId: String, ticketId: String, ticket: ParraTicketStub) {
        self.id = id
        self.releaseId = releaseId
        self.ticketId = ticketId
        self.ticket = ticket
    }
}

/// A titled group of release notes ("New", "Fixed").
public struct ParraAppReleaseSection: Codable, Sendable, Hashable, Identifiable {
    /// The section's id.
    public var id: String
    /// The heading.
    public var title: String
    /// The entries.
    public var items: [ParraAppReleaseItem]

    /// A section.
    public init(id: String, title: String, items: [ParraAppReleaseItem]) {
        self.id = id
        self.title = title
        self.items = items
    }
}

/// A release's header image.
public struct ParraReleaseHeader: Codable, Sendable, Hashable {
    /// Pixel size.
    public struct Size: Codable, Sendable, Hashable {
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int

        /// A size.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The image's id.
    public var id: String?
    /// Where the image is.
    public var url: String
    /// Its size, when known.
    public var size: Size?

    /// A header image.
    public init(id: String? = nil, url: String, size: Size? = nil) {
        self.id = id
        self.url = url
        self.size = size
    }
}

/// A release of the app, as What's New shows it.
public struct ParraAppRelease: Codable, Sendable, Hashable, Identifiable {
    /// The release's id.
    public var id: String
    /// Its name ("Spring update").
    public var name: String
    /// The version it ships, e.g. `1.4.0`.
    public var version: String
    /// A paragraph about it.
    public var description: String?
    /// Major, minor, patch or launch; nil for a kind this SDK does not know.
    public var type: ParraReleaseType?
    /// The tenant's running number for it.
    public var releaseNumber: Int?
    /// Pending, scheduled or released; nil for a status this SDK does not know.
    public var status: ParraReleaseStatus?
    /// The release notes.
    public var sections: [ParraAppReleaseSection]
    /// The header image, if any.
    public var header: ParraReleaseHeader?
    /// When it was created.
    public var createdAt: Date?

    /// A release.
    public init(
        id: String, name: String, version: String, description: String? = nil, type: ParraReleaseType? = nil,
        releaseNumber: Int? = nil, status: ParraReleaseStatus? = nil, sections: [ParraAppReleaseSection] = [],
        header: ParraReleaseHeader? = nil, createdAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.version = version
        self.description = description
        self.type = type
        self.releaseNumber = releaseNumber
        self.status = status
        self.sections = sections
        self.header = header
        self.createdAt = createdAt
    }

    /// Decodes a release; an unknown type or status reads as nil, missing sections as none.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        version = try container.decode(String.self, forKey: .version)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        type = try? container.decodeIfPresent(ParraReleaseType.self, forKey: .type)
        releaseNumber = try container.decodeIfPresent(Int.self, forKey: .releaseNumber)
        status = try? container.decodeIfPresent(ParraReleaseStatus.self, forKey: .status)
        sections = try container.decodeIfPresent([ParraAppReleaseSection].self, forKey: .sections) ?? []
        header = try? container.decodeIfPresent(ParraReleaseHeader.self, forKey: .header)
        createdAt = try? container.decodeIfPresent(Date.self, forKey: .createdAt)
    }
}

/// How What's New presents a release.
public struct ParraAppReleaseConfiguration: Codable, Sendable, Hashable {
    /// The screen's title, e.g. "What's new".
    public var title: String
    /// Whether other releases exist (a changelog can be offered).
    public var hasOtherReleases: Bool

    /// A configuration.
    public init(title: String, hasOtherReleases: Bool) {
        self.title = title
        self.hasOtherReleases = hasOtherReleases
    }
}

/// The release for the version the user just installed, as `fetchLatestRelease()` returns it.
public struct ParraNewInstalledVersionInfo: Codable, Sendable, Hashable {
    /// How to present it.
    public var configuration: ParraAppReleaseConfiguration
    /// The release.
    public var release: ParraAppRelease

    /// New-version info.
    public init(configuration: ParraAppReleaseConfiguration, release: ParraAppRelease) {
        self.configuration = configuration
        self.release = release
    }
}

/// The app's recent releases, newest first, as `fetchChangelog()` returns them.
public struct ParraChangelogInfo: Codable, Sendable, Hashable {
    /// The releases.
    public var releases: [ParraAppRelease]

    /// A changelog.
    public init(releases: [ParraAppRelease]) { self.releases = releases }
}
