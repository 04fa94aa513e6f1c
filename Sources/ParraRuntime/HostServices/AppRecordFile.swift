import FoundationEssentials
import ParraFileSystem

/// A JSON file an app leaves in its storage folder (`$XDG_DATA_HOME/parra/<bundle id>/`) for
/// the `parra` tool to read without running the app. The app writes `recordValue` (compact, keys
/// sorted), the tool decodes it: writing with `JSONEncoder` cost every launch 1.8 M instructions
/// and the encoder's pages of memory, for two small records.
package protocol AppRecordFile: Codable {
    /// The file name inside an app's storage folder.
    static var fileName: String { get }
    /// The record as JSON, with the members its `Decodable` conformance reads.
    var recordValue: JSONValue { get }
}

extension AppRecordFile {
    /// Writes the record into `folder`, replacing the last one; leaves the file alone when it
    /// already says the same, so a launch with nothing changed writes nothing.
    package func write(into folder: String) throws {
        let bytes = Array(recordValue.json.utf8)
        let file = joinedPath(folder, Self.fileName)
        if (try? FileContents.read(file)) == bytes { return }
        try PrivateFolder.create(folder)
        try FileReplacement.replace(file, with: bytes, mode: 0o600, durable: false)
    }

    /// Reads the record an app with `bundleID` left under the data home of `environment`.
    package static func read(bundleID: String, environment: [String: String]) throws -> Self {
        let url = URL(fileURLWithPath: DataHome.path(environment: environment))
            .appendingPathComponent("parra/\(bundleID)/\(fileName)")
        return try JSONDecoder().decode(Self.self, from: Data(contentsOf: url))
    }
}
