import Foundation
import Synchronization

/// The podcast template's navigation state, reduced to what its delegates call: it records
/// each URL and deep link it is asked to handle, for the test to read.
final class AppNavigationState: Sendable {
    /// A place in the app a deep link names.
    enum DeepLink: Equatable {
        case settingsTab(String)
    }

    static let shared = AppNavigationState()

    private let handled = Mutex<[String]>([])

    /// What it was asked to handle, in order: `url <url>` or `link <deep link>`.
    var log: [String] { handled.withLock { $0 } }

    /// Forgets what it recorded.
    func reset() { handled.withLock { $0 = [] } }

    /// Handles an opened URL; true when it names a place in the app (`podcast://...`).
    @discardableResult
    func handleOpenedUrl(_ url: URL) -> Bool {
        handled.withLock { $0.append("url \(url.absoluteString)") }
        return url.scheme == "podcast"
    }

    /// Goes to `link`.
    func handleDeepLink(_ link: DeepLink) {
        handled.withLock { $0.append("link \(link)") }
    }
}
