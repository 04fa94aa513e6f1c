import Foundation

/// A JSON value, for event metadata and user properties.
public enum ParraJSONValue: Codable, Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ParraJSONValue])
    case object([String: ParraJSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ParraJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: ParraJSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 {
                try container.encode(Int64(value))
            } else {
                try container.encode(value)
            }
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// One event of a session (a log line is an event named `log`).
public struct ParraSessionEvent: Codable, Sendable, Hashable {
    /// When it happened.
    public var createdAt: Date
    /// What happened.
    public var name: String
    /// Details. Keys are sent as given (metadata is data, not a Swift property).
    public var metadata: [String: ParraJSONValue]

    /// An event.
    public init(createdAt: Date, name: String, metadata: [String: ParraJSONValue] = [:]) {
        self.createdAt = createdAt
        self.name = name
        self.metadata = metadata
    }
}

/// The body of `POST tenants/{t}/sessions`: `{events, user_properties, started_at, ended_at}`.
/// The server takes at most 250 events per upload.
public struct ParraSessionUpload: Codable, Sendable, Hashable {
    /// The events, oldest first.
    public var events: [ParraSessionEvent]
    /// Properties of the user.
    public var userProperties: [String: ParraJSONValue]
    /// When the session started.
    public var startedAt: Date
    /// When it ended; nil while it runs.
    public var endedAt: Date?

    /// The most events one upload carries.
    public static let maximumEvents = 250

    /// An upload.
    public init(
        events: [ParraSessionEvent], userProperties: [String: ParraJSONValue] = [:], startedAt: Date,
        endedAt: Date? = nil
    ) {
        self.events = events
        self.userProperties = userProperties
        self.startedAt = startedAt
        self.endedAt = endedAt
    }

    private enum CodingKeys: String, CodingKey { case events, userProperties, startedAt, endedAt }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(events, forKey: .events)
        try container.encode(userProperties, forKey: .userProperties)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(endedAt, forKey: .endedAt)
    }
}

/// What `POST tenants/{t}/sessions` answers; every field optional (an empty body decodes too).
public struct ParraSessionUploadResponse: Codable, Sendable, Hashable {
    /// Whether the server wants the next upload soon.
    public var shouldPoll: Bool?
    /// Seconds to wait before polling.
    public var retryDelay: Double?

    /// A response.
    public init(shouldPoll: Bool? = nil, retryDelay: Double? = nil) {
        self.shouldPoll = shouldPoll
        self.retryDelay = retryDelay
    }
}

/// The body of `POST tenants/{t}/push-tokens`: `{token, type}`.
public struct ParraPushTokenRegistration: Codable, Sendable, Hashable {
    /// The device token as lowercase hex.
    public var token: String
    /// The token's kind (`apns` on iOS; `linux` for a Linux notification channel).
    public var type: String

    /// A registration.
    public init(token: String, type: String) {
        self.token = token
        self.type = type
    }

    /// A registration for raw token bytes, written as lowercase hex.
    public init(tokenBytes: [UInt8], type: String) {
        self.init(token: tokenBytes.map { String(format: "%02x", $0) }.joined(), type: type)
    }
}

/// A response body the caller does not read (an endpoint that answers `{}` or nothing).
public struct ParraAPIEmpty: Codable, Sendable, Hashable {
    /// Nothing.
    public init() {}
}
