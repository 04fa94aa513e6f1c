import Foundation
import Parra
import ParraAPI
import ParraRuntime
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

    /// The JSON object (or array) a local-backend GET answers.
    private func getJSON(_ client: ParraAPIClient, _ path: String) throws -> (status: Int, json: Any?) {
        let response = try APITest.send(client, APIRequest(method: "GET", path: path)).get()
        return (response.status, try? JSONSerialization.jsonObject(with: Data(response.body)))
    }

    @Test("the sample folder answers app-info with a release, the release list and one release")
    func reads() throws {
        let folder = try sampleCopy()
        let client = APITest.client(.local(directory: folder.path))
        let info = try APITest.appInfo(client).get()
        #expect(info.versionToken == "vt_1.2.0_7")
        let whole = try #require(try JSONSerialization.jsonObject(with: Data(info.json.utf8)) as? [String: Any])
        let newVersion = try #require(whole["new_installed_version_info"] as? [String: Any])
        let release = try #require(newVersion["release"] as? [String: Any])
        #expect(release["version"] as? String == "1.2.0" && release["name"] as? String == "Spring refresh")
        // The launch's release comes without its notes; What's New completes it from releases/<id>.
        #expect(release["sections"] == nil)

        let base = "tenants/tenant-1/applications/app-1/releases"
        let all = try #require(try getJSON(client, base).json as? [String: Any])
        #expect(
            (all["data"] as? [[String: Any]])?.compactMap { $0["version"] as? String } == ["1.2.0", "1.1.0", "1.0.0"])
        #expect(all["total_count"] as? Int == 3)
        let page = try #require(try getJSON(client, base + "?limit=1&offset=1").json as? [String: Any])
        #expect((page["data"] as? [[String: Any]])?.compactMap { $0["version"] as? String } == ["1.1.0"])
        #expect(page["page"] as? Int == 2 && page["page_count"] as? Int == 3 && page["page_size"] as? Int == 1)
        #expect((try getJSON(client, base + "?limit=5&offset=9").json as? [String: Any])?["data"] as? [Any] != nil)

        let id = try #require(release["id"] as? String)
        let one = try #require(try getJSON(client, base + "/" + id).json as? [String: Any])
        #expect(one["version"] as? String == "1.2.0")
        let sections = try #require(one["sections"] as? [[String: Any]])
        #expect(sections.compactMap { $0["title"] as? String } == ["New", "Fixed"])
        let item = try #require((sections.first?["items"] as? [[String: Any]])?.first)
        #expect(
            (item["ticket"] as? [String: Any])?["title"] as? String == "Offline mode"
                && item["release_id"] as? String == id)
        // Without a releases/<id>.json, the release comes from releases.json.
        let fromList = try getJSON(client, base + "/3b9e0c17-2d44-4f1a-8e6b-7a8c9d0e1f23")
        #expect((fromList.json as? [String: Any])?["version"] as? String == "1.1.0")
        let missing = try APITest.send(client, APIRequest(method: "GET", path: base + "/nope")).get()
        #expect(missing.status == 404)
        #expect(String(decoding: missing.body, as: UTF8.self).contains("no release 'nope'"))
        #expect(APITest.send(client, APIRequest(method: "GET", path: base + "/../app-info")).failure != nil)
    }

    @Test("sessions and push tokens are appended as JSON lines with the headers that would be sent")
    func writes() throws {
        let folder = try sampleCopy()
        let client = APITest.client(.local(directory: folder.path))
        for name in ["launch", "tap"] {
            let body =
                #"{"events":[{"name":"\#(name)","metadata":{"screen":"home"}}],"started_at":"2024-02-24T20:46:40.000Z"}"#
            let response = try APITest.send(
                client, APIRequest(method: "POST", path: "tenants/tenant-1/sessions", body: Array(body.utf8))
            ).get()
            #expect((200..<300).contains(response.status))
        }
        _ = try APITest.send(
            client,
            APIRequest(
                method: "POST", path: "tenants/tenant-1/push-tokens",
                body: Array(#"{"token":"dead","type":"linux"}"#.utf8))
        ).get()
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

    @Test("a JSON body is recorded as the app sent it, nulls included, on one line")
    func outboxKeepsTheBody() throws {
        let folder = try sampleCopy()
        let client = APITest.client(.local(directory: folder.path))
        for body in [#"{"a":null,"list":[1,null,2],"huge":1e400}"#, "null", "{\n  \"pretty\": \"a\\nb\"\n}"] {
            let response = try APITest.send(
                client, APIRequest(method: "POST", path: "tenants/tenant-1/sessions", body: Array(body.utf8))
            ).get()
            #expect(response.status == 200, "\(body)")
        }
        let lines = try String(contentsOf: folder.appendingPathComponent("outbox/sessions.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix(#"{"body":{"a":null,"list":[1,null,2],"huge":1e400},"headers":"#) == true)
        #expect(lines.dropFirst().first?.hasPrefix(#"{"body":null,"headers":"#) == true)
        let last = try #require(lines.last)
        let pretty = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect((pretty["body"] as? [String: String])?["pretty"] == "a\nb")
    }

    @Test("an outbox folder of its own takes the writes; the answering folder is left alone")
    func outboxElsewhere() throws {
        let folder = try sampleCopy()
        let outbox = try CFixtureBuilder.makeTemporaryDirectory().appendingPathComponent("out")
        let client = APITest.client(.local(directory: folder.path, outbox: outbox.path))
        let response = try APITest.send(
            client, APIRequest(method: "POST", path: "tenants/tenant-1/sessions", body: Array(#"{"events":[]}"#.utf8))
        ).get()
        #expect((200..<300).contains(response.status))
        #expect(FileManager.default.fileExists(atPath: outbox.appendingPathComponent("sessions.jsonl").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("outbox").path))
    }

    @Test("auth is answered locally: an anonymous user, or a guest when auth.json turns anonymous users off")
    func localAuth() throws {
        let folder = try sampleCopy()
        let storage = try CFixtureBuilder.makeTemporaryDirectory()
        let client = APITest.client(.local(directory: folder.path), authStorage: storage, authenticates: true)
        _ = try APITest.appInfo(client).get()
        guard case .anonymous(let user) = client.authenticator?.state else {
            Issue.record("expected an anonymous user, got \(String(describing: client.authenticator?.state))")
            return
        }
        #expect(user.info.id.hasPrefix("local-anonymous-"))
        try #"{"allow_anonymous": false}"#.write(
            to: folder.appendingPathComponent("auth.json"), atomically: true, encoding: .utf8)
        let guest = APITest.client(.local(directory: folder.path), authenticates: true)
        _ = try APITest.appInfo(guest).get()
        #expect(guest.authenticator?.state == .guest(ParraGuest()))
    }

    @Test("a missing or malformed file and an unknown endpoint are clear errors, not crashes")
    func badFiles() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let client = APITest.client(.local(directory: folder.path))
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
        let releases = APITest.send(
            client, APIRequest(method: "GET", path: "tenants/tenant-1/applications/app-1/releases"))
        #expect(releases.failure?.description.contains("must be an array") == true)
        let unknown = try APITest.send(client, APIRequest(method: "DELETE", path: "tenants/t/everything")).get()
        #expect(unknown.status == 404)
        #expect(String(decoding: unknown.body, as: UTF8.self).contains("has no answer for DELETE tenants/t/everything"))
        let notJSON = try APITest.send(
            client, APIRequest(method: "POST", path: "tenants/t/sessions", body: Array("hi".utf8))
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
        #expect(resolved.backend == .local(directory: folder.standardizedFileURL.path))
        #expect(try APITest.appInfo(APITest.client(resolved.backend)).get().versionToken == "vt_1.2.0_7")
    }
}
