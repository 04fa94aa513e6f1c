import Foundation
import Parra
import ParraTestSupport
import Testing

@Suite("Parra API offline local backend")
struct APILocalBackendTests {
    /// The sample's folder, from this file's place in the source tree.
    static let sampleFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sample/LocalBackend", isDirectory: true)

    /// A copy of the sample folder, so writes land in a temporary place.
    private func sampleCopy() throws -> URL {
        let folder = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("backend", isDirectory: true)
        try FileManager.default.copyItem(at: Self.sampleFolder, to: folder)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("outbox"))
        return folder
    }

    @Test("the sample folder answers app-info with a release, the release list and one release")
    func reads() throws {
        let folder = try sampleCopy()
        let client = APITest.client(.local(directory: folder))
        let info = try APITest.appInfo(client).get()
        let release = try #require(info.newInstalledVersionInfo?.release)
        #expect(info.versionToken == "vt_1.2.0_7")
        #expect(release.version == "1.2.0" && release.name == "Spring refresh" && release.type == .minor)
        #expect(release.sections.map(\.title) == ["New", "Fixed"])
        #expect(release.header?.size == ParraReleaseHeader.Size(width: 1200, height: 630))
        #expect(info.newInstalledVersionInfo?.configuration.title == "What's new")
        #expect(info.summary.contains("new version 1.2.0 'Spring refresh'"))

        let all = try APITest.wait { client.releases(completion: $0) }.get()
        #expect(all.data.map(\.version) == ["1.2.0", "1.1.0", "1.0.0"])
        #expect(all.totalCount == 3)
        let page = try APITest.wait { client.releases(limit: 1, offset: 1, completion: $0) }.get()
        #expect(page.data.map(\.version) == ["1.1.0"])
        #expect(page.page == 2 && page.pageCount == 3 && page.pageSize == 1 && page.totalCount == 3)
        #expect(try APITest.wait { client.releases(limit: 5, offset: 9, completion: $0) }.get().data.isEmpty)

        let one = try APITest.wait { client.release(id: release.id, completion: $0) }.get()
        #expect(one == release)
        // Without a releases/<id>.json, the release comes from releases.json.
        let fromList = try APITest.wait { client.release(id: "3b9e0c17-2d44-4f1a-8e6b-7a8c9d0e1f23", completion: $0) }
            .get()
        #expect(fromList.version == "1.1.0")
        let missing = try #require(APITest.wait { client.release(id: "nope", completion: $0) }.failure)
        #expect(missing.status == 404)
        #expect(missing.description.contains("no release 'nope'"))
        let escape = try #require(APITest.wait { client.release(id: "../app-info", completion: $0) }.failure)
        #expect(escape.status == 400)
    }

    @Test("sessions and push tokens are appended as JSON lines with the headers that would be sent")
    func writes() async throws {
        let folder = try sampleCopy()
        let client = APITest.client(.local(directory: folder))
        let started = Date(timeIntervalSince1970: 1_708_807_600)
        for name in ["launch", "tap"] {
            try await client.uploadSession(
                ParraSessionUpload(
                    events: [ParraSessionEvent(createdAt: started, name: name, metadata: ["screen": .string("home")])],
                    startedAt: started))
        }
        try await client.registerPushToken(ParraPushTokenRegistration(tokenBytes: [0xDE, 0xAD], type: "linux"))
        let sessions = try String(contentsOf: folder.appendingPathComponent("outbox/sessions.jsonl"), encoding: .utf8)
        let lines = sessions.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 2)
        let first = try #require(lines.first ?? nil)
        #expect(first["method"] as? String == "POST")
        #expect(first["path"] as? String == "tenants/tenant-1/sessions")
        let headers = try #require(first["headers"] as? [String: String])
        #expect(headers["PARRA-TENANT-ID"] == "tenant-1" && headers["PARRA-PLATFORM"] == "linux")
        let body = try #require(first["body"] as? [String: Any])
        #expect(body["started_at"] as? String == "2024-02-24T20:46:40.000Z")
        let events = try #require(body["events"] as? [[String: Any]])
        #expect(events.first?["name"] as? String == "launch")
        #expect((events.first?["metadata"] as? [String: String])?["screen"] == "home")
        #expect(
            ((lines[1]?["body"] as? [String: Any])?["events"] as? [[String: Any]])?.first?["name"] as? String == "tap")
        let push = try String(contentsOf: folder.appendingPathComponent("outbox/push-tokens.jsonl"), encoding: .utf8)
        #expect(push.split(separator: "\n").count == 1)
        #expect(push.contains(#""body":{"token":"dead","type":"linux"}"#))
    }

    @Test("auth is answered locally: an anonymous user, or a guest when auth.json turns anonymous users off")
    func localAuth() throws {
        let folder = try sampleCopy()
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let client = APITest.client(.local(directory: folder), authStorage: storage, authenticates: true)
        _ = try APITest.appInfo(client).get()
        guard case .anonymous(let user) = client.authenticator?.state else {
            Issue.record("expected an anonymous user, got \(String(describing: client.authenticator?.state))")
            return
        }
        #expect(user.hasPrefix("local-anonymous-"))
        try #"{"allow_anonymous": false}"#.write(
            to: folder.appendingPathComponent("auth.json"), atomically: true, encoding: .utf8)
        let guest = APITest.client(.local(directory: folder), authenticates: true)
        _ = try APITest.appInfo(guest).get()
        #expect(guest.authenticator?.state == .guest)
    }

    @Test("a missing or malformed file and an unknown endpoint are clear errors, not crashes")
    func badFiles() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let client = APITest.client(.local(directory: folder))
        let missing = try #require(APITest.appInfo(client).failure)
        #expect(missing.status == 404 && missing.description.contains("no app-info.json"))
        try "{\"version_token\": ".write(
            to: folder.appendingPathComponent("app-info.json"), atomically: true, encoding: .utf8)
        let malformed = try #require(APITest.appInfo(client).failure)
        guard case .localBackend(let reason) = malformed.kind else {
            Issue.record("expected a local-backend error, got \(malformed)")
            return
        }
        #expect(reason.contains("app-info.json is not valid JSON"))
        #expect(malformed.attempts == 1)
        try #"{"data": 3}"#.write(to: folder.appendingPathComponent("releases.json"), atomically: true, encoding: .utf8)
        #expect(
            APITest.wait { client.releases(completion: $0) }.failure?.description.contains("must be an array") == true)
        let unknown = try APITest.send(client, APIRequest(method: "DELETE", path: "tenants/t/everything")).get()
        #expect(unknown.status == 404)
        #expect(String(decoding: unknown.body, as: UTF8.self).contains("has no answer for DELETE tenants/t/everything"))
        let notJSON = try APITest.send(
            client, APIRequest(method: "POST", path: "tenants/t/sessions", body: Data("hi".utf8))
        ).get()
        #expect(notJSON.status == 400)
        #expect(
            try String(contentsOf: folder.appendingPathComponent("outbox/sessions.jsonl"), encoding: .utf8).contains(
                #""body_text":"hi""#))
    }

    @Test("PARRA_API_BASE_URL=local:DIR selects the local backend")
    func selectedByEnvironment() throws {
        let folder = try sampleCopy()
        let resolved = ParraAPIBackend.resolve(environment: ["PARRA_API_BASE_URL": "local:\(folder.path)"])
        #expect(resolved.backend == .local(directory: folder.standardizedFileURL))
        #expect(try APITest.appInfo(APITest.client(resolved.backend)).get().versionToken == "vt_1.2.0_7")
    }
}
