/// Why text was not JSON, or not the JSON expected.
public struct JSONError: Error, CustomStringConvertible {
    /// What is wrong and, for text that is not JSON, where: `null is not an option value at
    /// line 3, column 12 (at $.a.tags[1])`.
    public let description: String
    /// What is wrong, without the position.
    public let message: String
    /// The 1-based line of the problem, when the text was not JSON.
    public let line: Int?
    /// The 1-based column of the problem, in characters, when the text was not JSON.
    public let column: Int?
    /// The path from the root to the value with the problem (`$.a.tags[1]`), when it is inside
    /// an array or object.
    public let path: String?

    /// An error saying `description`, for JSON that is not what was expected.
    public init(_ description: String) {
        self.description = description
        message = description
        line = nil
        column = nil
        path = nil
    }

    /// The reader's error: `message` at `line` and `column`, inside the value at `path`.
    package init(message: String, line: Int, column: Int, path: String?) {
        self.message = message
        self.line = line
        self.column = column
        self.path = path
        description = "\(message) at line \(line), column \(column)" + (path.map { " (at \($0))" } ?? "")
    }
}
