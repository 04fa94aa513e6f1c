import FoundationEssentials
import ParraRuntime

/// The endpoint the host itself calls. Each calls `completion` once, on a background queue.
extension ParraAPIClient {
    /// `GET tenants/{t}/applications/{a}/app-info`, as the launch asks it (no version token):
    /// the members the host reads, with the whole answer (an object) kept as `json` for the
    /// modules.
    package func appInfo(
        timeout: TimeInterval? = nil, retryPolicy: ParraAPIRetryPolicy? = nil,
        completion: @escaping @Sendable (Result<ParraAppInfo, ParraAPIError>) -> Void
    ) {
        let path = identity.applicationPath + "/app-info"
        perform(APIRequest(method: "GET", path: path, timeout: timeout), retryPolicy: retryPolicy) { outcome in
            completion(
                outcome.result.flatMap { raw in
                    Self.read(ParraAppInfo.self, from: raw, endpoint: outcome.endpoint, attempts: outcome.attempts)
                        .map { Self.keepingWholeAnswer($0, raw) }
                })
        }
    }

    /// `info` with the whole answer as `json`, without the white space around it. The answer
    /// is an object (a blank one stands for `{}`): `info` was read from it.
    private static func keepingWholeAnswer(_ info: ParraAppInfo, _ raw: ParraAPIRawResponse) -> ParraAppInfo {
        var body = raw.body[...]
        while let first = body.first, isJSONWhiteSpace(first) { body.removeFirst() }
        while let last = body.last, isJSONWhiteSpace(last) { body.removeLast() }
        var info = info
        info.json = body.isEmpty ? "{}" : String(decoding: body, as: UTF8.self)
        return info
    }
}
