import Foundation
import ParraRuntime

#if canImport(Glibc)
    import Glibc
#endif

/// The on-disk cache of the auth token and the install's id: `<folder>/auth-token.json`, mode
/// 0600, written atomically (a temporary file renamed over the old one). The folder is
/// `$XDG_DATA_HOME/parra/<bundle id>/` for an app.
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
    package let file: URL
    private let lock = NSLock()

    /// A store keeping its file in `folder`.
    package init(folder: URL) {
        file = folder.appendingPathComponent("auth-token.json")
    }

    /// Reads the file.
    package func load() -> Loaded {
        lock.withLock {
            guard FileManager.default.fileExists(atPath: file.path) else { return .missing }
            let data: Data
            do {
                data = try Data(contentsOf: file)
            } catch {
                return .corrupt(reason: "unreadable: \(error.localizedDescription)")
            }
            guard data.count <= 64 * 1024 else {
                return .corrupt(reason: "\(data.count) bytes, too large for a token file")
            }
            do {
                let contents = try ParraAPICoding.makeDecoder().decode(Contents.self, from: data)
                guard !contents.installationId.isEmpty else { return .corrupt(reason: "an empty installation id") }
                if let token = contents.token, token.accessToken.isEmpty {
                    return .corrupt(reason: "an empty access token")
                }
                return .found(contents)
            } catch {
                return .corrupt(reason: "not a token file: \(ParraAPIClient.decodingDetail(error))")
            }
        }
    }

    /// Writes `contents` with mode 0600, creating the folder (mode 0700) if needed, replacing
    /// the file by a rename.
    package func save(_ contents: Contents) throws {
        let data = try ParraAPICoding.makeEncoder().encode(contents)
        try lock.withLock {
            let folder = file.deletingLastPathComponent()
            try FileManager.default.createPrivateFolder(at: folder)
            let temporary = folder.appendingPathComponent(".auth-token.\(UUID().uuidString).tmp")
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            var failure: Int32 = 0
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    offset += written
                }
            }
            if failure == 0, fchmod(descriptor, 0o600) != 0 { failure = errno }
            // No fsync: the file is a cache, written at launch, where a sync costs about a
            // millisecond. The rename keeps readers from a half-written file; after a crash it
            // may be empty, and is then reported, removed and fetched again.
            close(descriptor)
            if failure == 0, rename(temporary.path, file.path) != 0 { failure = errno }
            if failure != 0 {
                unlink(temporary.path)
                throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
            }
        }
    }

    /// Deletes the file, if there is one.
    package func remove() {
        lock.withLock { _ = unlink(file.path) }
    }
}
