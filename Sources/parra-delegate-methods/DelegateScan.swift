/// What the scan finds in an app's sources: its delegate classes, each with the lifecycle
/// methods it implements that its Parra base class does not declare.
struct DelegateScan {
    /// Which Parra base class a delegate class extends.
    enum Base: String {
        case appDelegate = "ParraAppDelegate"
        case sceneDelegate = "ParraSceneDelegate"

        /// The methods of this base's kind that the SDK's base class does not declare: the
        /// names `ParraDelegateMethods` has a slot for.
        var methods: [String] {
            switch self {
            case .appDelegate:
                [
                    "applicationWillTerminate", "applicationDidEnterBackground", "applicationWillEnterForeground",
                    "applicationDidBecomeActive", "applicationWillResignActive",
                ]
            case .sceneDelegate:
                [
                    "sceneDidDisconnect", "sceneDidBecomeActive", "sceneWillResignActive", "sceneWillEnterForeground",
                    "sceneDidEnterBackground",
                ]
            }
        }
    }

    /// A delegate class: its name, its base, the imports of the file that declares it, and
    /// the methods found (in its body or its extensions), in source order.
    struct DelegateClass: Equatable {
        let name: String
        let base: Base
        let imports: [String]
        var methods: [String] = []
        /// Whether it has generic parameters of its own (it cannot be named without them).
        var isGeneric = false
    }

    /// The type marked `@main`: its name, the imports of its file, and whether it is public
    /// (its members that meet `App`'s requirements must be too).
    struct MainType: Equatable {
        let name: String
        let imports: [String]
        let isPublic: Bool
    }

    /// Something the scan passed over, to be said as a warning: file, line and why.
    struct Note: Equatable {
        let file: String
        let line: Int
        let message: String
    }

    /// Every delegate class found, with methods or without.
    private(set) var classes: [DelegateClass] = []
    /// The target's `@main` type, if a file declares one at its top level.
    private(set) var mainType: MainType?
    /// Notes on delegate classes passed over (private to their file).
    private var classNotes: [Note] = []

    /// What the scan passed over, once every file is scanned: private delegate classes, and
    /// private lifecycle methods of delegate classes (other private methods are the app's own).
    var notes: [Note] {
        let lifecycle = Dictionary(classes.map { ($0.name, Set($0.base.methods)) }, uniquingKeysWith: { $0.union($1) })
        return classNotes
            + privateMethodsByType.flatMap { owner, methods in
                methods.filter { lifecycle[owner]?.contains($0.name) == true }.map {
                    Note(
                        file: $0.file, line: $0.line,
                        message: "\(owner).\($0.name) is private, so Parra cannot call it; make it internal")
                }
            }.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
    }

    /// The delegate classes' methods found so far by class name, for extensions scanned
    /// before or after their class.
    private var methodsByType: [String: [(name: String, file: String, line: Int)]] = [:]
    /// The private methods found so far by type name, likewise.
    private var privateMethodsByType: [String: [(name: String, file: String, line: Int)]] = [:]

    /// Scans one file.
    mutating func scan(_ source: String, file: String) {
        let tokens = SwiftTokens(source).tokens
        let imports = Self.imports(in: tokens)
        var scopes: [String?] = []  // the type or extension name of each open brace, else nil
        var pending: String?  // a type or extension whose `{` has not come yet
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token.text {
            case "class", "extension", "struct", "enum", "actor", "protocol":
                guard index + 1 < tokens.count, Self.isName(tokens[index + 1].text) else { break }
                let name = tokens[index + 1].text
                pending = name
                if token.text != "extension", token.text != "protocol", scopes.isEmpty {
                    let modifiers = Self.modifiers(before: index, in: tokens)
                    if modifiers.contains("@main") {
                        mainType = MainType(
                            name: name, imports: imports,
                            isPublic: modifiers.contains("public") || modifiers.contains("open"))
                    }
                }
                if token.text == "class", scopes.isEmpty,
                    let base = Self.base(in: tokens, after: index + 2)
                {
                    if Self.modifiers(before: index, in: tokens).contains(where: {
                        $0 == "private" || $0 == "fileprivate"
                    }) {
                        classNotes.append(
                            Note(
                                file: file, line: token.line,
                                message:
                                    "\(name) is private to its file, so Parra cannot call its lifecycle methods; make it internal"
                            ))
                    } else {
                        classes.append(
                            DelegateClass(
                                name: name, base: base, imports: imports,
                                isGeneric: index + 2 < tokens.count && tokens[index + 2].text == "<"))
                    }
                }
                index += 2
                continue
            case "{":
                scopes.append(pending)
                pending = nil
            case "}":
                _ = scopes.popLast()
            case "func":
                guard scopes.count == 1, let owner = scopes[0], index + 2 < tokens.count, tokens[index + 2].text == "(",
                    tokens.count > index + 3,
                    tokens[index + 3].text == "_"
                else { break }
                let name = tokens[index + 1].text
                let modifiers = Self.modifiers(before: index, in: tokens)
                guard !modifiers.contains("override"), !modifiers.contains("static"), !modifiers.contains("class")
                else { break }
                if modifiers.contains("private") || modifiers.contains("fileprivate") {
                    privateMethodsByType[owner, default: []].append((name, file, token.line))
                    break
                }
                methodsByType[owner, default: []].append((name, file, token.line))
            default:
                break
            }
            index += 1
        }
    }

    /// Every delegate class with the methods found for it, once every file is scanned.
    func result() -> [DelegateClass] {
        classes.map { found in
            var found = found
            let names = Set(found.base.methods)
            var seen = Set<String>()
            found.methods = (methodsByType[found.name] ?? []).map(\.name).filter {
                names.contains($0) && seen.insert($0).inserted
            }
            return found
        }
    }

    /// The `import` lines of a file, as written (`import Parra`, `import SwiftUI`).
    private static func imports(in tokens: [SwiftTokens.Token]) -> [String] {
        var imports: [String] = []
        for (index, token) in tokens.enumerated() where token.text == "import" && index + 1 < tokens.count {
            var module = tokens[index + 1].text
            var next = index + 2
            while next + 1 < tokens.count, tokens[next].text == ".", tokens[next].line == token.line {
                module += "." + tokens[next + 1].text
                next += 2
            }
            if isName(module.split(separator: ".").first.map(String.init) ?? "") { imports.append("import \(module)") }
        }
        return imports
    }

    /// The Parra base class named first in an inheritance clause starting at `start` (`:
    /// ParraAppDelegate<SceneDelegate>`, `: Parra.ParraSceneDelegate`), if any.
    private static func base(in tokens: [SwiftTokens.Token], after start: Int) -> Base? {
        var index = start
        if index < tokens.count, tokens[index].text == "<" {  // the class's own generic parameters
            var depth = 0
            repeat {
                if tokens[index].text == "<" { depth += 1 }
                if tokens[index].text == ">" { depth -= 1 }
                index += 1
            } while depth > 0 && index < tokens.count
        }
        guard index + 1 < tokens.count, tokens[index].text == ":" else { return nil }
        index += 1
        if index + 2 < tokens.count, tokens[index].text == "Parra", tokens[index + 1].text == "." { index += 2 }
        return Base(rawValue: tokens[index].text)
    }

    /// The declaration modifiers and attributes right before the token at `index`.
    private static func modifiers(before index: Int, in tokens: [SwiftTokens.Token]) -> [String] {
        let words: Set<String> = [
            "override", "public", "internal", "private", "fileprivate", "open", "final", "static", "class",
            "nonisolated", "dynamic", "required", "convenience", "mutating", "isolated", "package",
        ]
        var found: [String] = []
        var at = index - 1
        while at >= 0 {
            let text = tokens[at].text
            if words.contains(text) || text.hasPrefix("@") {
                found.append(text)
                at -= 1
            } else if text == ")" {
                // An attribute's or modifier's arguments: `@available(...)`, `private(set)`.
                var depth = 0
                while at >= 0 {
                    if tokens[at].text == ")" { depth += 1 }
                    if tokens[at].text == "(" { depth -= 1 }
                    at -= 1
                    if depth == 0 { break }
                }
            } else {
                break
            }
        }
        return found
    }

    private static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return (first.properties.isXIDStart || first == "_")
            && !["func", "var", "let", "subscript", "init"].contains(text)
    }
}
