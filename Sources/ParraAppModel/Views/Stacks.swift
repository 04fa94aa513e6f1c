/// Views stacked top to bottom, with `spacing` blank lines between them.
///
/// A view when its content is a view: a conditional conformance, as `View` explains.
nonisolated public struct VStack<Content> {
    let spacing: Int
    let content: Content

    /// A vertical stack.
    public init(spacing: Int = 0, @ViewBuilder content: () -> Content) where Content: View {
        self.spacing = max(0, spacing)
        self.content = content()
    }
}

extension VStack: View where Content: View {
    nonisolated public var body: Never { fatalError("a primitive view has no body") }

    /// Its lines, for Parra's runtime.
    @MainActor public func _render(in context: _RenderContext) -> [String] {
        guard spacing > 0 else { return content._render(in: context) }
        return content._render(in: context).enumerated().flatMap { index, line in
            index == 0 ? [line] : Array(repeating: "", count: spacing) + [line]
        }
    }
}

/// Views side by side, joined on each line with `spacing` spaces.
///
/// A view when its content is a view: a conditional conformance, as `View` explains.
nonisolated public struct HStack<Content> {
    let spacing: Int
    let content: Content

    /// A horizontal stack.
    public init(spacing: Int = 1, @ViewBuilder content: () -> Content) where Content: View {
        self.spacing = max(0, spacing)
        self.content = content()
    }
}

extension HStack: View where Content: View {
    nonisolated public var body: Never { fatalError("a primitive view has no body") }

    /// Its lines, for Parra's runtime.
    @MainActor public func _render(in context: _RenderContext) -> [String] {
        String(joining: content._render(in: context), separator: String(repeating: " ", count: spacing))
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
