import FoundationEssentials
import ParraFileSystem
import ParraRuntime
import ParraShared
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// The on-disk cache of the auth token and the install's id: `<folder>/auth-token.json`, mode
/// 0600, written atomically (a temporary file renamed over the old one). The folder is
/// `$XDG_DATA_HOME/parra/<bundle id>/` for an app.
/// Sendable by hand: its fields are `let`s of Sendable types, and it touches its file only under `lock`.
package final class ParraAuthTokenStore: @unchecked Sendable {
    /// What the file holds.
    package struct Contents: Codable, Sendable, Hashable {
        /// A random id for this install, sent when asking for an anonymous user so the tenant
        /// gives the same install the same user.
        package var installationId: String
        /// The token, if one was obtained.
        package var token: ParraAuthToken?

        /// Contents.
        package init(installationId: String, token: ParraAuthToken?) {
            self.installationId = installationId
            self.token = token
        }

        /// The file's bytes: what `ParraAPICoding.makeEncoder()` writes (snake_case keys sorted,
        /// ISO-8601 dates, absent members left out), built as a `JSONValue`. The file is saved
        /// on the launch's way to its first frame, where the encoder's first use cost about a
        /// millisecond.
        package var fileData: [UInt8] {
            var members: [String: JSONValue] = ["installation_id": .string(installationId)]
            if let token {
                var fields: [String: JSONValue] = [
                    "access_token": .string(token.accessToken), "backend": .string(token.backend),
                    "expires_at": .string(ParraAPICoding.formatDate(token.expiresAt)),
                    "kind": .string(token.kind.rawValue),
                    "obtained_at": .string(ParraAPICoding.formatDate(token.obtainedAt)),
                    "tenant_id": .string(token.tenantId),
                ]
                fields["user_id"] = token.userId.map(JSONValue.string)
                members["token"] = .object(fields)
            }
            return Array(JSONValue.object(members).json.utf8)
        }
    }

    /// What loading found.
    package enum Loaded: Sendable, Hashable {
        /// No file yet.
        case missing
        /// The file, read.
        case found(Contents)
        /// The file exists but cannot be used; `reason` says why (a noun phrase). It should
        /// be replaced.
        case corrupt(reason: String)
    }

    /// The cache file.
    package let file: String
    private let lock = Lock()

    /// A store keeping its file in `folder`.
    package init(folder: String) {
        file = joinedPath(folder, "auth-token.json")
    }

    /// Reads the file.
    package func load() -> Loaded {
        lock.withLock {
            let data: [UInt8]
            do throws(FileError) {
                guard let bytes = try FileContents.readIfPresent(file) else { return .missing }
                data = bytes
            } catch {
                return .corrupt(reason: "unreadable: \(error.cause)")
            }
            guard data.count <= 64 * 1024 else {
                return .corrupt(reason: "\(data.count) bytes, too large for a token file")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                return .corrupt(reason: "not a token file: the bytes are not UTF-8")
            }
            do throws(ParraAPIAnswer.Mismatch) {
                let contents = try Contents(answer: ParraAPIAnswer(json: text))
                guard !contents.installationId.isEmpty else { return .corrupt(reason: "an empty installation id") }
                if let token = contents.token, token.accessToken.isEmpty {
                    return .corrupt(reason: "an empty access token")
                }
                return .found(contents)
            } catch {
                return .corrupt(reason: "not a token file: \(error.description)")
            }
        }
    }

    /// Writes `contents` with mode 0600, creating the folder (mode 0700) if needed, replacing
    /// the file by a rename.
    package func save(_ contents: Contents) throws {
        let data = contents.fileData
        try lock.withLock {
            try PrivateFolder.create(parentPath(of: file))
            try FileReplacement.replace(file, with: data, mode: 0o600, durable: false)
        }
    }

    /// Deletes the file, if there is one.
    package func remove() {
        lock.withLock { _ = unlink(file) }
    }
}

extension ParraAuthTokenStore.Contents: ParraAPIAnswerReadable {
    /// The file's contents, read member by member.
    package init(answer: ParraAPIAnswer) throws(ParraAPIAnswer.Mismatch) {
        installationId = try answer.required(answer.string("installationId"), "installationId")
        token = try answer.object("token").map { (token) throws(ParraAPIAnswer.Mismatch) in
            try ParraAuthToken(answer: token)
        }
    }
}
