import Foundation

/// The typed endpoints the modules use. Each calls `completion` once, on a background queue.
extension ParraAPIClient {
    /// `GET tenants/{t}/applications/{a}/app-info[?version_token=]`.
    public func appInfo(
        versionToken: String? = nil, timeout: TimeInterval? = nil, retryPolicy: ParraAPIRetryPolicy? = nil,
        completion: @escaping @Sendable (Result<ParraAppInfo, ParraAPIError>) -> Void
    ) {
        var path = identity.applicationPath + "/app-info"
        if let versionToken { path += "?" + Self.query([("version_token", versionToken)]) }
        request("GET", path, as: ParraAppInfo.self, timeout: timeout, retryPolicy: retryPolicy, completion: completion)
    }

    /// `POST tenants/{t}/sessions` with `{events, user_properties, started_at, ended_at}`.
    public func uploadSession(
        _ upload: ParraSessionUpload,
        completion: @escaping @Sendable (Result<ParraSessionUploadResponse, ParraAPIError>) -> Void
    ) {
        request(
            "POST", identity.tenantPath + "/sessions", json: upload, as: ParraSessionUploadResponse.self,
            completion: completion)
    }

    /// `POST tenants/{t}/push-tokens` with `{token, type}`.
    public func registerPushToken(
        _ registration: ParraPushTokenRegistration,
        completion: @escaping @Sendable (Result<ParraAPIEmpty, ParraAPIError>) -> Void
    ) {
        request(
            "POST", identity.tenantPath + "/push-tokens", json: registration, as: ParraAPIEmpty.self,
            completion: completion)
    }

    /// `GET tenants/{t}/applications/{a}/releases?limit=&offset=`.
    public func releases(
        limit: Int? = nil, offset: Int? = nil,
        completion: @escaping @Sendable (Result<ParraAppReleaseCollection, ParraAPIError>) -> Void
    ) {
        var items: [(String, String)] = []
        if let limit { items.append(("limit", String(limit))) }
        if let offset { items.append(("offset", String(offset))) }
        let path = identity.applicationPath + "/releases" + (items.isEmpty ? "" : "?" + Self.query(items))
        request("GET", path, as: ParraAppReleaseCollection.self, completion: completion)
    }

    /// `GET tenants/{t}/applications/{a}/releases/{id}`.
    public func release(id: String, completion: @escaping @Sendable (Result<ParraAppRelease, ParraAPIError>) -> Void) {
        request(
            "GET", identity.applicationPath + "/releases/" + ParraAPIIdentity.segment(id), as: ParraAppRelease.self,
            completion: completion)
    }

    /// `name=value&...`, each part percent-encoded for a query.
    static func query(_ items: [(String, String)]) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return items.map { name, value in
            "\(name.addingPercentEncoding(withAllowedCharacters: allowed) ?? name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)"
        }.joined(separator: "&")
    }
}

/// The typed endpoints as `async` calls.
extension ParraAPIClient {
    private func awaiting<T: Sendable>(_ start: (@escaping @Sendable (Result<T, ParraAPIError>) -> Void) -> Void)
        async throws -> T
    {
        try await withCheckedThrowingContinuation { continuation in
            start { continuation.resume(with: $0) }
        }
    }

    /// `GET .../app-info`.
    public func appInfo(versionToken: String? = nil) async throws -> ParraAppInfo {
        try await awaiting { appInfo(versionToken: versionToken, completion: $0) }
    }

    /// `POST tenants/{t}/sessions`.
    @discardableResult
    public func uploadSession(_ upload: ParraSessionUpload) async throws -> ParraSessionUploadResponse {
        try await awaiting { uploadSession(upload, completion: $0) }
    }

    /// `POST tenants/{t}/push-tokens`.
    public func registerPushToken(_ registration: ParraPushTokenRegistration) async throws {
        _ = try await awaiting { registerPushToken(registration, completion: $0) }
    }

    /// `GET .../releases`.
    public func releases(limit: Int? = nil, offset: Int? = nil) async throws -> ParraAppReleaseCollection {
        try await awaiting { releases(limit: limit, offset: offset, completion: $0) }
    }

    /// `GET .../releases/{id}`.
    public func release(id: String) async throws -> ParraAppRelease {
        try await awaiting { release(id: id, completion: $0) }
    }
}
