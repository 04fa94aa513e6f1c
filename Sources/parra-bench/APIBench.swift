import Foundation
import FoundationNetworking
import Parra
import ParraAPI
import ParraRuntime
import ParraTestSupport

/// `api.request_overhead_us` against `api.raw_urlsession_us`: one small JSON GET to a loopback
/// server through `ParraAPIClient.send` (headers, retry bookkeeping, body cap, completion hop)
/// and the same request with a bare `URLSession` data task carrying the same headers.
struct APIFigures {
    var clientSamples: [Double]
    var rawSamples: [Double]
    var repetitions: Int
    var requestsPerSample: Int

    /// Microseconds per request, medians over the repetitions.
    var clientMicroseconds: Double { median(clientSamples) }
    var rawMicroseconds: Double { median(rawSamples) }
    /// What the client adds to a bare request.
    var overheadMicroseconds: Double { clientMicroseconds - rawMicroseconds }
    /// The median of the per-repetition ratios client / raw.
    var pairedRatio: Double { median(zip(clientSamples, rawSamples).map { $0 / $1 }) }
}

enum APIBench {
    static let body = #"{"version_token":"vt_1","new_version_info":null}"#

    static func run(repetitions: Int, requestsPerSample: Int) throws -> APIFigures {
        let server = try LoopbackHTTPServer { _ in .json(status: 200, body) }
        defer { server.stop() }
        let identity = ParraAPIIdentity(
            tenantId: "bench-tenant", applicationId: "bench-app", bundleId: "com.parra.bench", environment: .debug)
        let client = ParraAPIClient(
            settings: ParraAPIClient.Settings(
                identity: identity, backend: .remote(baseURL: server.baseURL), authenticates: false,
                log: HostLog(minimumLevel: .fatal) { _ in }))
        let path = "tenants/bench-tenant/applications/bench-app/app-info"
        var rawRequest = URLRequest(url: server.baseURL.appendingPathComponent(path))
        for (name, value) in identity.headers { rawRequest.setValue(value, forHTTPHeaderField: name) }
        rawRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let session = URLSession(configuration: .ephemeral)

        func viaClient() throws {
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var outcome: Result<APIResponse, APIServiceError>?
            client.send(APIRequest(method: "GET", path: path)) { result in
                outcome = result
                done.signal()
            }
            done.wait()
            guard case .success(let response)? = outcome, response.status == 200 else {
                throw BenchError("the client's bench request failed: \(String(describing: outcome))")
            }
            consume(UInt64(response.body.count))
        }
        func viaRawSession() throws {
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var bytes = -1
            session.dataTask(with: rawRequest) { data, response, _ in
                if (response as? HTTPURLResponse)?.statusCode == 200 { bytes = data?.count ?? -1 }
                done.signal()
            }.resume()
            done.wait()
            guard bytes >= 0 else { throw BenchError("the bare URLSession bench request failed") }
            consume(UInt64(bytes))
        }
        func sample(_ request: () throws -> Void) throws -> Double {
            let start = monotonicNanoseconds()
            for _ in 0..<requestsPerSample { try request() }
            return Double(monotonicNanoseconds() - start) / 1e3 / Double(requestsPerSample)
        }

        for _ in 0..<requestsPerSample {
            try viaClient()
            try viaRawSession()
        }
        var figures = APIFigures(
            clientSamples: [], rawSamples: [], repetitions: repetitions, requestsPerSample: requestsPerSample)
        for repetition in 0..<repetitions {
            // Alternate which goes first, so neither always meets a warmer connection.
            if repetition % 2 == 0 {
                figures.clientSamples.append(try sample(viaClient))
                figures.rawSamples.append(try sample(viaRawSession))
            } else {
                figures.rawSamples.append(try sample(viaRawSession))
                figures.clientSamples.append(try sample(viaClient))
            }
        }
        return figures
    }
}
