/// A group of windows showing the same content. Every group opens one window at launch.
///
/// A scene when its content is a view: a conditional conformance, as `Scene` explains.
@MainActor
public struct WindowGroup<Content> {
    let id: String?
    let content: () -> Content

    /// A group with an id (unique within the app) and its content.
    public init(id: String, @ViewBuilder content: @escaping () -> Content) where Content: View {
        self.id = id
        self.content = content
    }

    /// A group without an id; its windows are named by position.
    public init(@ViewBuilder content: @escaping () -> Content) where Content: View {
        self.id = nil
        self.content = content
    }
}

extension WindowGroup: Scene where Content: View {
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
