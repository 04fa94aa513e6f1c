import Foundation
import Parra

// The sample runs offline by default: before the app starts, it points the Parra API at the
// folder `Sample/LocalBackend/` (found from this source file, else beside the executable).
// `PARRA_API_BASE_URL` still wins, e.g. `PARRA_API_BASE_URL=http://127.0.0.1:8080/v1/`.

extension ParraDemoApp {
    static func main() {
        if let folder = sampleLocalBackend() {
            ParraAPIBackend.appDefault = .local(directory: folder)
        }
        exit(ParraAppHost.run(Self.self))
    }

    /// `Sample/LocalBackend` of the source tree this was built from, else `LocalBackend`
    /// beside the executable; nil when neither has an `app-info.json`.
    static func sampleLocalBackend() -> URL? {
        let fromSource = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LocalBackend", isDirectory: true)
        let fromExecutable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("LocalBackend", isDirectory: true)
        return [fromSource, fromExecutable].first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("app-info.json").path)
        }
    }
}
