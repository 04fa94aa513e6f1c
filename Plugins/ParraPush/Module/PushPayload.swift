import ParraPluginKit

/// An APNs-shaped payload, checked: a JSON object of at most 4 KiB with an `aps` object and,
/// when Parra sent it, a `parra` object `{type: chat-message | url | feed-item, data}`.
struct PushPayload: Equatable {
    /// What a notification from Parra opens.
    enum Route: Equatable {
        case url(String)
        case feedItem(data: String)
        case chatMessage(data: String)
    }

    /// APNs's limit on a payload, which Linux delivery keeps.
    static let maximumBytes = 4096

    /// The payload as received, compact JSON.
    let json: String
    /// The alert's title and body (`aps.alert`, a string or `{title, body}`).
    let title: String
    let body: String
    /// Where the notification leads, when Parra sent it.
    let route: Route?
    /// `aps.content-available` is 1: the app is woken to fetch content.
    let contentAvailable: Bool
    /// The desktop's urgency for `aps.interruption-level`: 0 for passive, 2 for time-sensitive
    /// and critical, else 1.
    let urgency: UInt8

    /// A background push: content-available, with no alert to show.
    var isSilent: Bool { contentAvailable && title.isEmpty && body.isEmpty }

    /// Why a payload is refused.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        let description: String
    }

    /// Reads `bytes`, or says why they are not a payload.
    static func read(_ bytes: [UInt8]) -> Result<PushPayload, Refusal> {
        guard bytes.count <= maximumBytes else {
            return .failure(
                Refusal(description: "the payload has \(bytes.count) bytes, over APNs's limit of \(maximumBytes)"))
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = try? JSONValue.parse(text), let members = value.object else {
            return .failure(Refusal(description: "the payload is not a JSON object"))
        }
        guard let aps = members["aps"]?.object else {
            return .failure(Refusal(description: "the payload has no \"aps\" object"))
        }
        var title = ""
        var body = ""
        switch aps["alert"] {
        case .string(let text)?: body = text
        case .object(let alert)?:
            title = alert["title"]?.string ?? ""
            body = alert["body"]?.string ?? ""
        case nil: break
        default: return .failure(Refusal(description: "aps.alert is neither a string nor {title, body}"))
        }
        var route: Route?
        if let parra = members["parra"] {
            switch readRoute(parra) {
            case .success(let read): route = read
            case .failure(let refusal): return .failure(refusal)
            }
        }
        let urgency: UInt8
        switch aps["interruption-level"]?.string {
        case "passive": urgency = 0
        case "time-sensitive", "critical": urgency = 2
        default: urgency = 1
        }
        return .success(
            PushPayload(
                json: value.json, title: title, body: body, route: route,
                contentAvailable: aps["content-available"] == .integer(1), urgency: urgency))
    }

    /// The route of a `parra` object.
    static func readRoute(_ parra: JSONValue) -> Result<Route, Refusal> {
        guard let object = parra.object, let type = object["type"]?.string else {
            return .failure(Refusal(description: "parra is not {type, data}"))
        }
        let data = object["data"] ?? .null
        switch type {
        case "url":
            guard let url = data.string ?? data.object?["url"]?.string, url.contains(":") else {
                return .failure(Refusal(description: "parra.type url needs data, the URL (or {url})"))
            }
            return .success(.url(url))
        case "feed-item": return .success(.feedItem(data: data.json))
        case "chat-message": return .success(.chatMessage(data: data.json))
        default:
            return .failure(
                Refusal(description: "parra.type \"\(type)\" is unknown: it is chat-message, url or feed-item"))
        }
    }
}
