import FoundationEssentials
import ParraFileSystem
import ParraRuntime
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// The offline local backend: answers Parra API requests from files in a folder and appends
/// every write to files there, so an app runs with no network and a developer sees exactly
/// what would have been sent.
///
/// Layout of `directory`:
/// - `app-info.json`: the body of `GET tenants/{t}/applications/{a}/app-info`
/// - `releases.json`: the releases, as `{"data": [...]}` or a bare array; `GET .../releases`
///   answers a page of it (`limit`, `offset`) as `{page, page_count, page_size, total_count, data}`
/// - `releases/<id>.json`: `GET .../releases/<id>`; without the file, the release with that id
///   in `releases.json`
/// - `auth.json` (optional): `{"allow_anonymous": false}` makes the tenant issue guest tokens only
/// - `outbox/sessions.jsonl`, `outbox/push-tokens.jsonl`: one JSON line per
///   `POST tenants/{t}/sessions` / `POST tenants/{t}/push-tokens`:
///   `{"received_at", "method", "path", "headers", "body"}`
///
/// Auth (`POST tenants/{t}/auth/anonymous`, `.../auth/guest` and `.../auth/public`) is answered
/// locally with a token for an anonymous user, a guest, or the user a public API key request
/// names (it needs a Basic `api_key:<id>` Authorization and a `user_id`), valid for 30 days. Anything else is a 404 whose
/// body says what the local backend does answer. A file that is not valid JSON fails the
/// request with `localBackend`, naming the file.
/// Sendable by hand: its fields are `let`s of Sendable types, and it appends to the outbox only under `lock`.
package final class LocalBackendTransport: ParraAPITransport, @unchecked Sendable {
    /// The folder answers come from.
    package let directory: String
    /// The folder writes go to.
    package let outbox: String
    /// The largest file served, in bytes (the same cap as a server's body).
    package let maxBodyBytes: Int
    private let now: @Sendable () -> Date
    private let lock = Lock()

    /// A backend answering from `directory` and writing to `outbox` (by default
    /// `directory/outbox`); `now` stamps outbox lines.
    package init(
        directory: String, outbox: String? = nil, maxBodyBytes: Int = ParraAPIClient.defaultMaxBodyBytes,
        now: @escaping @Sendable () -> Date = { Date.wallClockNow }
    ) {
        self.directory = directory
        self.outbox = outbox ?? joinedPath(directory, "outbox")
        self.maxBodyBytes = maxBodyBytes
        self.now = now
    }

    /// The file the outbox line of a write to `name` (`sessions`, `push-tokens`) goes to.
    package func outboxFile(_ name: String) -> String {
        joinedPath(outbox, "\(name).jsonl")
    }

    package func invalidate() {}

    package func perform(
        _ request: ParraAPIOutgoingRequest,
        completion: @escaping @Sendable (Result<ParraAPIRawResponse, ParraAPIError.Kind>) -> Void
    ) {
        completion(answer(request))
    }

    private func answer(_ request: ParraAPIOutgoingRequest) -> Result<ParraAPIRawResponse, ParraAPIError.Kind> {
        let segments = request.pathWithoutQuery.split(separator: "/", omittingEmptySubsequences: false).map {
            percentDecoded($0) ?? String($0)
        }
        let method = request.method.uppercased()
        switch (method, segments.count) {
        case ("GET", 5) where segments[0] == "tenants" && segments[2] == "applications" && segments[4] == "app-info":
            return serveFile("app-info.json")
        case ("GET", 5) where segments[0] == "tenants" && segments[2] == "applications" && segments[4] == "releases":
            return releasesPage(request.queryItems)
        case ("GET", 6) where segments[0] == "tenants" && segments[2] == "applications" && segments[4] == "releases":
            return release(id: segments[5])
        case ("POST", 3) where segments[0] == "tenants" && segments[2] == "sessions":
            return append(request, to: "sessions")
        case ("POST", 3) where segments[0] == "tenants" && segments[2] == "push-tokens":
            return append(request, to: "push-tokens")
        case ("POST", 4) where segments[0] == "tenants" && segments[2] == "auth":
            return authenticate(kind: segments[3], tenantId: segments[1], request: request)
        default:
            return .success(
                Self.json(
                    404,
                    [
                        "message": .string(
                            "the local backend at \(directory) has no answer for \(method) \(request.pathWithoutQuery)"
                        ),
                        "answers": .array(
                            [
                                "GET tenants/{t}/applications/{a}/app-info",
                                "GET tenants/{t}/applications/{a}/releases",
                                "GET tenants/{t}/applications/{a}/releases/{id}", "POST tenants/{t}/sessions",
                                "POST tenants/{t}/push-tokens", "POST tenants/{t}/auth/anonymous",
                                "POST tenants/{t}/auth/guest", "POST tenants/{t}/auth/public",
                            ].map(JSONValue.string)),
                    ]))
        }
    }

    // MARK: Reads

    /// Reads `name` under the folder: nil when missing, a failure when unreadable, too large or not JSON.
    private func readJSON(_ name: String) -> Result<(data: [UInt8], value: JSONValue)?, ParraAPIError.Kind> {
        let path = joinedPath(directory, name)
        let data: [UInt8]
        do {
            // stat, not FileManager's attributes, which look up the owner's name in the
            // user and group databases.
            var status = stat()
            if stat(path, &status) == 0, Int(status.st_size) > maxBodyBytes {
                return .failure(.localBackend(reason: "\(path) is larger than \(maxBodyBytes) bytes"))
            }
            guard let bytes = try FileContents.readIfPresent(path) else { return .success(nil) }
            data = bytes
        } catch {
            return .failure(.localBackend(reason: "cannot read \(path): \(error.cause)"))
        }
        do {
            let value = try JSONValue(answerJSON: String(decoding: data, as: UTF8.self))
            return .success((data, value))
        } catch {
            return .failure(.localBackend(reason: "\(path) is not valid JSON (\(error.message))"))
        }
    }

    private func serveFile(_ name: String) -> Result<ParraAPIRawResponse, ParraAPIError.Kind> {
        switch readJSON(name) {
        case .failure(let kind): return .failure(kind)
        case .success(nil):
            return .success(Self.message(404, "no \(name) in the local backend at \(directory)"))
        case .success(let file?): return .success(Self.raw(200, file.data))
        }
    }

    private func allReleases() -> Result<[JSONValue]?, ParraAPIError.Kind> {
        switch readJSON("releases.json") {
        case .failure(let kind): return .failure(kind)
        case .success(nil): return .success(nil)
        case .success(let file?):
            if case .array(let list) = file.value { return .success(list) }
            if case .object(let object) = file.value, case .array(let list)? = object["data"] { return .success(list) }
            return .failure(
                .localBackend(
                    reason:
                        "\(joinedPath(directory, "releases.json")) must be an array or {\"data\": [...]}"
                ))
        }
    }

    private func releasesPage(_ query: [(name: String, value: String?)]) -> Result<
        ParraAPIRawResponse, ParraAPIError.Kind
    > {
        let releases: [JSONValue]
        switch allReleases() {
        case .failure(let kind): return .failure(kind)
        case .success(let list): releases = list ?? []
        }
        func number(_ name: String) -> Int? { query.last { $0.name == name }?.value.flatMap { Int($0) } }
        let offset = max(0, number("offset") ?? 0)
        let limit = max(1, number("limit") ?? max(1, releases.count))
        let page = offset < releases.count ? Array(releases[offset..<min(releases.count, offset + limit)]) : []
        return .success(
            Self.json(
                200,
                [
                    "page": .integer(Int64(offset / limit + 1)),
                    "page_count": .integer(Int64((releases.count + limit - 1) / limit)),
                    "page_size": .integer(Int64(limit)), "total_count": .integer(Int64(releases.count)),
                    "data": .array(page),
                ]))
    }

    private func release(id: String) -> Result<ParraAPIRawResponse, ParraAPIError.Kind> {
        guard !id.isEmpty, id != ".", id != "..", !id.contains("/"), !id.contains("\0") else {
            return .success(Self.message(400, "'\(id)' is not a release id"))
        }
        switch readJSON("releases/\(id).json") {
        case .failure(let kind): return .failure(kind)
        case .success(let file?): return .success(Self.raw(200, file.data))
        case .success(nil): break
        }
        switch allReleases() {
        case .failure(let kind): return .failure(kind)
        case .success(let list):
            if let found = list?.first(where: {
                if case .object(let release) = $0 { release["id"] == .string(id) } else { false }
            }) {
                return .success(Self.json(200, found))
            }
            return .success(Self.message(404, "no release '\(id)' in the local backend at \(directory)"))
        }
    }

    // MARK: Writes

    private func append(_ request: ParraAPIOutgoingRequest, to name: String) -> Result<
        ParraAPIRawResponse, ParraAPIError.Kind
    > {
        var line: [String: JSONValue] = [
            "received_at": .string(ParraAPICoding.formatDate(now())), "method": .string(request.method),
            "path": .string(request.path), "headers": .object(request.headers.mapValues(JSONValue.string)),
        ]
        let body = request.body ?? []
        // A JSON body goes into the line as the app sent it, nulls and all: the outbox shows
        // exactly what would have reached the server.
        let json = (try? JSONReader.parse(body, rules: .syntax)) != nil ? String(decoding: body, as: UTF8.self) : nil
        if json == nil { line["body_text"] = .string(String(decoding: body, as: UTF8.self)) }
        let file = outboxFile(name)
        var data = Array(JSONValue.object(line).json.utf8)
        if let json {
            // "body" sorts before the other members. Outside its strings (where JSON allows
            // no raw line break) a line break is white space, so the record stays one line.
            let oneLine = json.utf8.map { $0 == 0x0A || $0 == 0x0D ? UInt8(ascii: " ") : $0 }
            data = Array("{\"body\":".utf8) + oneLine + Array(data.count > 2 ? ",".utf8 : "".utf8) + data.dropFirst()
        }
        data.append(UInt8(ascii: "\n"))
        do {
            try lock.withLock { try Self.appendLine(data, to: file) }
        } catch {
            return .failure(.localBackend(reason: "cannot append to \(file): \(FileManager.failureCause(error))"))
        }
        guard json != nil else { return .success(Self.message(400, "the body is not JSON")) }
        return .success(Self.json(200, [:]))
    }

    /// Appends `data` to `file` with one `write` on an `O_APPEND` descriptor, creating the folder.
    static func appendLine(_ data: [UInt8], to file: String) throws {
        try PrivateFolder.create(parentPath(of: file))
        let descriptor = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                offset += written
            }
        }
    }

    // MARK: Auth

    private func authenticate(kind: String, tenantId: String, request: ParraAPIOutgoingRequest)
        -> Result<ParraAPIRawResponse, ParraAPIError.Kind>
    {
        var allowAnonymous = true
        switch readJSON("auth.json") {
        case .failure(let failure): return .failure(failure)
        case .success(let file?):
            if case .object(let settings) = file.value, case .bool(let allowed)? = settings["allow_anonymous"] {
                allowAnonymous = allowed
            }
        case .success(nil): break
        }
        var body: [String: JSONValue] = [:]
        if let data = request.body,
            case .object(let members)? = try? JSONValue(answerJSON: String(decoding: data, as: UTF8.self))
        {
            body = members
        }
        func text(_ key: String) -> String? {
            if case .string(let value)? = body[key] { value } else { nil }
        }
        let installation = text("installation_id") ?? "unknown-installation"
        let lifetime = JSONValue.integer(30 * 24 * 3600)
        switch kind {
        case "anonymous":
            guard allowAnonymous else {
                return .success(Self.message(403, "tenant \(tenantId) does not allow anonymous users"))
            }
            return .success(
                Self.json(
                    200,
                    [
                        "access_token": .string("local-anonymous-\(randomUUIDString())"),
                        "token_type": .string("Bearer"), "expires_in": lifetime,
                        "user_id": .string("local-anonymous-\(installation)"),
                    ]))
        case "guest":
            return .success(
                Self.json(
                    200,
                    [
                        "access_token": .string("local-guest-\(randomUUIDString())"),
                        "token_type": .string("Bearer"), "expires_in": lifetime,
                    ]))
        case "public":
            let key = request.headers["Authorization"].flatMap { header -> String? in
                guard header.hasPrefix("Basic "), let data = Data(base64Encoded: String(header.dropFirst(6))) else {
                    return nil
                }
                let text = String(decoding: data, as: UTF8.self)
                return text.hasPrefix("api_key:") && text.count > 8 ? String(text.dropFirst(8)) : nil
            }
            guard key != nil else {
                return .success(Self.message(401, "public auth needs a Basic api_key:<id> Authorization"))
            }
            guard let userId = text("user_id"), !userId.isEmpty else {
                return .success(Self.message(400, "public auth needs a user_id"))
            }
            return .success(
                Self.json(
                    200,
                    [
                        "access_token": .string("local-public-\(randomUUIDString())"),
                        "token_type": .string("Bearer"), "expires_in": lifetime, "user_id": .string(userId),
                    ]))
        default:
            return .success(Self.message(404, "the local backend has no auth/\(kind)"))
        }
    }

    // MARK: Helpers

    private static func raw(_ status: Int, _ data: [UInt8]) -> ParraAPIRawResponse {
        ParraAPIRawResponse(status: status, headers: ["Content-Type": "application/json"], body: data)
    }

    /// `value`'s compact JSON, keys sorted, so the same answer always has the same bytes.
    private static func json(_ status: Int, _ value: JSONValue) -> ParraAPIRawResponse {
        raw(status, Array(value.json.utf8))
    }

    /// The object of `members`, as `json` writes it.
    private static func json(_ status: Int, _ members: [String: JSONValue]) -> ParraAPIRawResponse {
        json(status, .object(members))
    }

    /// `{"message": text}`.
    private static func message(_ status: Int, _ text: String) -> ParraAPIRawResponse {
        json(status, ["message": .string(text)])
    }
}
