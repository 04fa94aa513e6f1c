import Foundation
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
                    Self.decode(ParraAppInfo.self, from: raw, endpoint: outcome.endpoint, attempts: outcome.attempts)
                        .flatMap { Self.keepingWholeAnswer($0, raw, outcome) }
                })
        }
    }

    /// `info` with the whole answer as `json`; an answer that is not an object is malformed.
    private static func keepingWholeAnswer(_ info: ParraAppInfo, _ raw: ParraAPIRawResponse, _ outcome: Outcome)
        -> Result<ParraAppInfo, ParraAPIError>
    {
        let blank = raw.body.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard blank || (try? JSONSerialization.jsonObject(with: raw.body)) is [String: Any] else {
            return .failure(
                ParraAPIError(
                    endpoint: outcome.endpoint,
                    kind: .malformedJSON(
                        detail: "the answer is not a JSON object", status: raw.status,
                        excerpt: ParraAPIError.excerpt(raw.body)),
                    attempts: outcome.attempts))
        }
        var info = info
        info.json =
            blank ? "{}" : String(decoding: raw.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return .success(info)
    }
}
