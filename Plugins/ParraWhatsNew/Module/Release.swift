import ParraPluginKit

/// A release as What's New reads it from the server, in the server's wire format: a release's
/// items are `{id, release_id, ticket_id, ticket: {title, short_title, description, ...}}`. A
/// bad item or section is skipped with a warning rather than losing the release.
struct Release: Equatable {
    struct Item: Equatable {
        let id: String
        let releaseID: String
        let ticketID: String
        let title: String
        let shortTitle: String?
        let description: String?
    }

    struct Section: Equatable {
        let id: String
        let title: String
        let items: [Item]
    }

    let id: String
    let name: String
    let version: String
    let description: String?
    let type: String?
    let releaseNumber: Int?
    let status: String?
    let createdAt: String?
    /// The header image as the server gave it (`{id, url, size: {width, height}}`), if any.
    let header: JSONValue?
    /// Nil when the answer carried no sections (a list entry, or the launch's app-info): the
    /// release is completed with `GET .../releases/{id}`.
    let sections: [Section]?

    /// Reads `value`; nil (with the reason in `warnings`) when it is not a release.
    static func read(_ value: JSONValue, warnings: inout [String]) -> Release? {
        guard let members = value.object, let id = members["id"]?.string, let name = members["name"]?.string,
            let version = members["version"]?.string
        else {
            warnings.append("a release without id, name and version (\(value.typeName)) was skipped")
            return nil
        }
        var sections: [Section]?
        if let listed = members["sections"], listed != .null {
            guard case .array(let entries) = listed else {
                warnings.append("release \(id): sections is \(listed.typeName), not an array; no notes shown")
                return Release(members, id: id, name: name, version: version, sections: [])
            }
            sections = entries.enumerated().compactMap { index, entry in
                section(entry, index: index, releaseID: id, warnings: &warnings)
            }
        }
        return Release(members, id: id, name: name, version: version, sections: sections)
    }

    private init(_ members: [String: JSONValue], id: String, name: String, version: String, sections: [Section]?) {
        self.id = id
        self.name = name
        self.version = version
        description = members["description"]?.string
        type = members["type"]?.string
        releaseNumber = members["release_number"]?.number.map { Int($0) }
        status = members["status"]?.string
        createdAt = members["created_at"]?.string
        header = members["header"].flatMap { $0.object == nil ? nil : $0 }
        self.sections = sections
    }

    private static func section(_ entry: JSONValue, index: Int, releaseID: String, warnings: inout [String])
        -> Section?
    {
        guard let members = entry.object, let title = members["title"]?.string,
            case .array(let items)? = members["items"]
        else {
            warnings.append("release \(releaseID): section \(index) has no title and items; it was skipped")
            return nil
        }
        let id = members["id"]?.string ?? "section-\(index)"
        return Section(
            id: id, title: title,
            items: items.enumerated().compactMap { itemIndex, item in
                guard let fields = item.object, let itemID = fields["id"]?.string,
                    let ticket = fields["ticket"]?.object, let itemTitle = ticket["title"]?.string
                else {
                    warnings.append(
                        "release \(releaseID): item \(itemIndex) of section '\(title)' is not {id, ticket: {title, ...}}; it was skipped"
                    )
                    return nil
                }
                return Item(
                    id: itemID, releaseID: fields["release_id"]?.string ?? releaseID,
                    ticketID: fields["ticket_id"]?.string ?? ticket["id"]?.string ?? "",
                    title: itemTitle, shortTitle: ticket["short_title"]?.string,
                    description: ticket["description"]?.string)
            })
    }

    /// This release with `sections` (completed from `GET .../releases/{id}`).
    func with(sections: [Section]) -> Release {
        Release(
            id: id, name: name, version: version, description: description, type: type, releaseNumber: releaseNumber,
            status: status, createdAt: createdAt, header: header, sections: sections)
    }

    private init(
        id: String, name: String, version: String, description: String?, type: String?, releaseNumber: Int?,
        status: String?, createdAt: String?, header: JSONValue?, sections: [Section]?
    ) {
        self.id = id
        self.name = name
        self.version = version
        self.description = description
        self.type = type
        self.releaseNumber = releaseNumber
        self.status = status
        self.createdAt = createdAt
        self.header = header
        self.sections = sections
    }

    /// The release as JSON in the wire format, with only the items that decoded.
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "id": .string(id), "name": .string(name), "version": .string(version),
            "sections": .array(
                (sections ?? []).map { section in
                    .object([
                        "id": .string(section.id), "title": .string(section.title),
                        "items": .array(
                            section.items.map { item in
                                .object([
                                    "id": .string(item.id), "release_id": .string(item.releaseID),
                                    "ticket_id": .string(item.ticketID),
                                    "ticket": .object([
                                        "id": .string(item.ticketID), "title": .string(item.title),
                                        "short_title": item.shortTitle.map(JSONValue.string) ?? .null,
                                        "description": item.description.map(JSONValue.string) ?? .null,
                                    ]),
                                ])
                            }),
                    ])
                }),
        ]
        members["description"] = description.map(JSONValue.string)
        members["type"] = type.map(JSONValue.string)
        members["release_number"] = releaseNumber.map { .integer(Int64($0)) }
        members["status"] = status.map(JSONValue.string)
        members["created_at"] = createdAt.map(JSONValue.string)
        members["header"] = header
        return .object(members)
    }
}

/// The release for the version the user installed, as app-info's `new_installed_version_info`
/// gives it: how to present it and the release.
struct NewVersionInfo: Equatable {
    let title: String
    let hasOtherReleases: Bool
    let release: Release

    /// Reads app-info's `new_installed_version_info`; nil when absent or unusable (why, in
    /// `warnings`, when it was there).
    static func read(appInfo: JSONValue, warnings: inout [String]) -> NewVersionInfo? {
        guard let info = appInfo.object?["new_installed_version_info"], info != .null else { return nil }
        return read(info, warnings: &warnings)
    }

    /// Reads a `{configuration: {title, has_other_releases}, release}` object.
    static func read(_ info: JSONValue, warnings: inout [String]) -> NewVersionInfo? {
        guard let members = info.object, let releaseValue = members["release"] else {
            warnings.append("new_installed_version_info is \(info.typeName) without a release; nothing to show")
            return nil
        }
        guard let release = Release.read(releaseValue, warnings: &warnings) else { return nil }
        let configuration = members["configuration"]?.object
        return NewVersionInfo(
            title: configuration?["title"]?.string ?? "What's New",
            hasOtherReleases: configuration?["has_other_releases"]?.bool ?? false, release: release)
    }

    /// The info as JSON, as `fetchLatestRelease` answers it.
    var json: JSONValue {
        .object([
            "configuration": .object(["title": .string(title), "has_other_releases": .bool(hasOtherReleases)]),
            "release": release.json,
        ])
    }
}
