/// A line (or lines) of text.
nonisolated public struct Text: View {
    let content: String

    /// Text showing `content`; newlines start new lines.
    public init(_ content: String) { self.content = content }

    public var body: Never { fatalError("a primitive view has no body") }

    /// Its lines, for Parra's runtime.
    @MainActor public func _render(in context: _RenderContext) -> [String] {
        content.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
