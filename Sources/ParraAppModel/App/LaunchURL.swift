import FoundationEssentials

/// A URL the app is started to open (`--parra-open-url URL`, as a launcher registered for a
/// URL scheme would pass it): its first window gets it in `UIScene.ConnectionOptions.urlContexts`, as UIKit gives a
/// scene-based app the URL that launched it.
package enum LaunchURL {
    /// The argument that starts the app to open a URL.
    package static let argument = "--parra-open-url"

    /// The URL `arguments` (the process's, without the executable) start the app to open, if
    /// any, or why the one given is not a URL.
    package static func requested(in arguments: [String]) -> Result<URL, LaunchURLProblem>? {
        guard let index = arguments.firstIndex(of: argument) else { return nil }
        guard index + 1 < arguments.count else { return .failure(LaunchURLProblem("\(argument) needs a URL")) }
        let text = arguments[index + 1]
        guard let url = URL(string: text), url.scheme != nil else {
            return .failure(LaunchURLProblem("\(argument) '\(text)': not a URL with a scheme"))
        }
        return .success(url)
    }
}

/// Why a launch URL was not taken.
package struct LaunchURLProblem: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
