/// A freedesktop Desktop Entry for an app, with one action per shortcut item, as the Desktop
/// Entry Specification (1.5) writes them.
struct DesktopEntry {
    /// The app's launcher name.
    let name: String
    /// The app's executable.
    let executable: String
    /// The shortcut items, in order.
    let items: [(type: String, title: String, icon: String?)]

    /// The file's text.
    var text: String {
        let ids = actionIdentifiers
        var lines = [
            "[Desktop Entry]", "Type=Application", "Version=1.5", "Name=\(Self.escaped(name))",
            "Exec=\(Self.exec([executable]))", "Terminal=true",
        ]
        if !ids.isEmpty { lines.append("Actions=" + ids.map { $0 + ";" }.joined()) }
        for (item, id) in zip(items, ids) {
            lines += [
                "", "[Desktop Action \(id)]", "Name=\(Self.escaped(item.title))",
                "Exec=\(Self.exec([executable, "--parra-shortcut", item.type]))",
            ]
            if let icon = item.icon { lines.append("Icon=\(Self.escaped(icon))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An action identifier per item: its type with every character but ASCII letters, digits
    /// and `-` replaced by `-`, numbered when two would be the same.
    var actionIdentifiers: [String] {
        var used = Set<String>()
        return items.map { item in
            let base = String(
                item.type.unicodeScalars.map { scalar in
                    scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                        ? Character(scalar) : "-"
                })
            var id = base.isEmpty ? "action" : base
            var number = 2
            while !used.insert(id).inserted {
                id = "\(base)-\(number)"
                number += 1
            }
            return id
        }
    }

    /// A string value: backslash, newline, tab and carriage return escaped.
    static func escaped(_ value: String) -> String {
        value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\r", with: "\\r")
    }

    /// An `Exec` value: each argument with a reserved character double-quoted (`"`, `` ` ``, `$`
    /// and `\` escaped inside), `%` doubled, then escaped as any string value.
    static func exec(_ arguments: [String]) -> String {
        let reserved = Set(" \t\n\"'\\><~|&;$*?#()`")
        let quoted = arguments.map { argument -> String in
            let literal = argument.replacingOccurrences(of: "%", with: "%%")
            guard argument.isEmpty || argument.contains(where: reserved.contains) else { return literal }
            var inner = ""
            for character in literal {
                if "\"`$\\".contains(character) { inner.append("\\") }
                inner.append(character)
            }
            return "\"\(inner)\""
        }
        return escaped(quoted.joined(separator: " "))
    }
}
