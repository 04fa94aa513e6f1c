/// A group of windows showing the same content. Every group opens one window at launch.
public struct WindowGroup<Content: View>: Scene {
    let id: String?
    let content: () -> Content

    /// A group with an id (unique within the app) and its content.
    public init(id: String, @ViewBuilder content: @escaping () -> Content) {
        self.id = id
        self.content = content
    }

    /// A group without an id; its windows are named by position.
    public init(@ViewBuilder content: @escaping () -> Content) {
        self.id = nil
        self.content = content
    }

    public func collectWindowGroups(into groups: inout [WindowGroupDeclaration]) {
        let content = self.content
        groups.append(WindowGroupDeclaration(id: id) { context in content()._render(in: context) })
    }
}

/// A window group as the app host sees it: its id and how to draw its content.
public struct WindowGroupDeclaration {
    /// The id given to `WindowGroup(id:)`, if any.
    public let id: String?
    let render: @MainActor (_RenderContext) -> [String]
}
