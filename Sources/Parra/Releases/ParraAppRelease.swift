import ParraRuntime
import Foundation

/// What kind of release a version is.
package enum ParraReleaseType: String, Codable, Sendable, Hashable, CaseIterable {
    case major, minor, patch, launch
}

/// Where a release is in its life.
package enum ParraReleaseStatus: String, Codable, Sendable, Hashable, CaseIterable {
    case pending, scheduled, released
}

/// One entry in a release section.
package struct ParraAppReleaseItem: Codable, Sendable, Hashable {
    /// The entry's id, when the API gives one.
    package var id: String?
    /// One line.
    package var title: String
    /// More words, if any.
    package var description: String?

    /// An item.
    package init(id: String? = nil, title: String, description: String? = nil) {
        self.id = id
        self.title = title
        self.description = description
    }
}

/// A titled group of release notes ("New", "Fixed").
package struct ParraAppReleaseSection: Codable, Sendable, Hashable {
    /// The section's id, when the API gives one.
    package var id: String?
    /// The heading.
    package var title: String
    /// The entries.
    package var items: [ParraAppReleaseItem]

    /// A section.
    package init(id: String? = nil, title: String, items: [ParraAppReleaseItem]) {
        self.id = id
        self.title = title
        self.items = items
    }
}

/// A release's header image.
package struct ParraReleaseHeader: Codable, Sendable, Hashable {
    /// Pixel size.
    package struct Size: Codable, Sendable, Hashable {
        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int

        /// A size.
        package init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The image's id.
    package var id: String?
    /// Where the image is.
    package var url: String
    /// Its size, when known.
    package var size: Size?

    /// A header image.
    package init(id: String? = nil, url: String, size: Size? = nil) {
        self.id = id
        self.url = url
        self.size = size
    }
}

/// A release of the app, as What's New shows it: `GET .../releases/{id}`, and the release in
/// app-info's new-version info.
package struct ParraAppRelease: Codable, Sendable, Hashable, Identifiable {
    /// The release's id.
    package var id: String
    /// Its name ("Spring update").
    package var name: String
    /// The version it ships, e.g. `1.4.0`.
    package var version: String
    /// A paragraph about it.
    package var description: String?
    /// Major, minor, patch or launch.
    package var type: ParraReleaseType
    /// The tenant's running number for it.
    package var releaseNumber: Int
    /// Pending, scheduled or released.
    package var status: ParraReleaseStatus
    /// The release notes.
    package var sections: [ParraAppReleaseSection]
    /// The header image, if any.
    package var header: ParraReleaseHeader?
    /// When it was created.
    package var createdAt: Date?

    /// A release.
    package init(
        id: String, name: String, version: String, description: String? = nil, type: ParraReleaseType,
        releaseNumber: Int, status: ParraReleaseStatus, sections: [ParraAppReleaseSection] = [],
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

    /// A release without its notes may arrive in lists; `sections` then decodes as empty.
    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        version = try container.decode(String.self, forKey: .version)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        type = try container.decode(ParraReleaseType.self, forKey: .type)
        releaseNumber = try container.decode(Int.self, forKey: .releaseNumber)
        status = try container.decode(ParraReleaseStatus.self, forKey: .status)
        sections = try container.decodeIfPresent([ParraAppReleaseSection].self, forKey: .sections) ?? []
        header = try container.decodeIfPresent(ParraReleaseHeader.self, forKey: .header)
        createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
    }
}

/// A page of releases: `GET tenants/{t}/applications/{a}/releases?limit=&offset=`.
package struct ParraAppReleaseCollection: Codable, Sendable, Hashable {
    /// The 1-based page number.
    package var page: Int?
    /// How many pages there are.
    package var pageCount: Int?
    /// Releases per page.
    package var pageSize: Int?
    /// Releases in all.
    package var totalCount: Int?
    /// This page's releases, newest first.
    package var data: [ParraAppRelease]

    /// A page.
    package init(
        page: Int? = nil, pageCount: Int? = nil, pageSize: Int? = nil, totalCount: Int? = nil, data: [ParraAppRelease]
    ) {
        self.page = page
        self.pageCount = pageCount
        self.pageSize = pageSize
        self.totalCount = totalCount
        self.data = data
    }
}
