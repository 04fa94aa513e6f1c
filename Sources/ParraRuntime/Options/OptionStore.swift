import CParraPlugin
import FoundationEssentials
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// Every option key of the loaded modules with its value resolved from the layers
/// (module default < JSON config file < code < environment), each value remembering its source.
///
/// Reads are thread-safe; `set(_:forKey:)` belongs to the main thread.
/// Sendable by hand: its state, C strings included, is behind `lock`; only the main thread reads `schemas` outside it.
package final class OptionStore: @unchecked Sendable {
    private let lock = Lock()
    private var schemas: [String: OptionSchema]
    /// Per key, what each source above the module's default gave, at the source's `rank` (nil
    /// where it gave nothing); a key no layer set has none, and resolves to its default. An
    /// array, not a dictionary keyed by rank: that type costs a launch a conformance search.
    private var layers: [String: [(value: JSONValue, source: OptionSource)?]] = [:]
    private static let noLayers = [(value: JSONValue, source: OptionSource)?](
        repeating: nil, count: OptionSource.rankCount)
    private var resolved: [String: ResolvedOption] = [:]
    private var cStrings: [String: UnsafeMutablePointer<CChar>] = [:]
    private var retiredCStrings: [UnsafeMutablePointer<CChar>] = []
    private var observers: [String: [(String) -> Void]] = [:]
    private var recordedProblems: [OptionProblem] = []
    /// The last value given for each key no schema owns (reported as unknown all the same).
    private var unowned: [String: JSONValue] = [:]
    private let featureModuleNames: [String: String]

    /// Builds the store from the declared schemas, every key at its module default.
    /// `featureModuleNames` names the module behind a key's first segment ("logger":
    /// "ParraLogger"), for the message about a key no loaded module owns.
    package init(schemas: [OptionSchema], featureModuleNames: [String: String] = [:]) {
        self.featureModuleNames = featureModuleNames
        self.schemas = Dictionary(schemas.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        resolved.reserveCapacity(schemas.count)
        for schema in schemas where resolved[schema.key] == nil {
            // Every key at its default: what `resolve` would find, set directly.
            let source = OptionSource.moduleDefault(moduleID: schema.ownerID)
            resolved[schema.key] = ResolvedOption(schema: schema, value: schema.defaultValue, source: source)
            if let text = Self.cText(of: schema.defaultValue) { cStrings[schema.key] = strdup(text) }
        }
    }

    deinit {
        for pointer in cStrings.values { free(pointer) }
        for pointer in retiredCStrings { free(pointer) }
    }

    /// Every problem found while applying layers, in the order found.
    package var problems: [OptionProblem] { lock.withLock { recordedProblems } }

    /// Every key's resolved value, sorted by key.
    package var all: [ResolvedOption] {
        lock.withLock { resolved.values.sorted { $0.schema.key < $1.schema.key } }
    }

    /// The keys whose value a layer above the module's default gave (the config file, code or
    /// the environment), sorted by key: what the app set, without sorting every key.
    package var set: [ResolvedOption] {
        lock.withLock {
            resolved.values.filter { $0.source != .moduleDefault(moduleID: $0.schema.ownerID) }
                .sorted { $0.schema.key < $1.schema.key }
        }
    }

    /// The resolved value of `key`, or nil when no loaded module declares it.
    package func option(forKey key: String) -> ResolvedOption? {
        lock.withLock { resolved[key] }
    }

    /// The value the highest layer applied so far gave `key` when no schema owns it, as
    /// written (for a fact the host needs without the module that owns the key).
    package func unownedValue(forKey key: String) -> JSONValue? {
        lock.withLock { unowned[key] }
    }

    /// Applies a JSON config file: nested objects whose paths are option keys
    /// (`{"logger": {"minimumLogLevel": "debug"}}`, or the dotted key itself). Returns the
    /// problems found; good values are applied even when others are wrong.
    @discardableResult
    package func applyConfigFile(at path: String) -> [OptionProblem] {
        let source = OptionSource.configFile(path: path)
        let text: String
        switch Self.readText(at: path) {
        case .success(let contents): text = contents
        case .failure(let failure):
            return record([OptionProblem(key: "", source: source, message: "cannot read: \(failure.reason)")])
        }
        let root: JSONValue
        do {
            root = try JSONValue(json: text)
        } catch {
            return record([OptionProblem(key: "", source: source, message: "malformed JSON: \(error)")])
        }
        guard case .object(let members) = root else {
            return record([
                OptionProblem(key: "", source: source, message: "the top level must be a JSON object")
            ])
        }
        var entries: [(key: String, value: JSONValue)] = []
        walk(members, path: "", into: &entries)
        // A key written both nested and dotted is ambiguous: neither value is used.
        let counts = Dictionary(entries.map { ($0.key, 1) }, uniquingKeysWith: +)
        var problems: [OptionProblem] = []
        // Unknown keys are hinted at a few per first segment; the rest are counted, so that a
        // file of thousands of misspellings costs a few lines and linear time.
        var unknownPerFeature: [String: Int] = [:]
        for (key, value) in entries {
            if schemas[key] == nil, counts[key]! == 1 {
                let feature = Self.feature(of: key)
                unknownPerFeature[feature, default: 0] += 1
                if unknownPerFeature[feature]! > Self.unknownKeysHintedPerFeature {
                    lock.withLock { unowned[key] = value }
                    continue
                }
            }
            if counts[key]! > 1 {
                if !problems.contains(where: { $0.key == key }) {
                    problems.append(
                        OptionProblem(
                            key: key, source: source,
                            message: "is given \(counts[key]!) times in this file (nested and dotted); neither is used")
                    )
                }
            } else if let problem = place(value, forKey: key, source: source) {
                problems.append(problem)
            }
        }
        for (feature, count) in unknownPerFeature.sorted(by: { $0.key < $1.key })
        where count > Self.unknownKeysHintedPerFeature {
            problems.append(
                OptionProblem(
                    key: feature + ".*", source: source,
                    message:
                        "\(count - Self.unknownKeysHintedPerFeature) more key(s) under '\(feature)' that no loaded module owns, not listed"
                ))
        }
        return record(problems)
    }

    /// How many unknown keys of one first segment a config file's problems name, each with
    /// its hint; the rest are counted in one line.
    package static let unknownKeysHintedPerFeature = 3

    /// A key's first segment: `logger` of `logger.minimumLogLevel`.
    private static func feature(of key: String) -> String {
        String(key.prefix { $0 != "." })
    }

    /// Applies values set in code (the flattened `ParraConfiguration`). Returns the problems.
    @discardableResult
    package func applyCode(_ values: [String: JSONValue]) -> [OptionProblem] {
        var problems: [OptionProblem] = []
        for key in values.keys.sorted() {
            if let problem = place(values[key]!, forKey: key, source: .code) {
                problems.append(problem)
            }
        }
        return record(problems)
    }

    /// Applies the environment variables that schemas name. An unparseable value is reported
    /// and ignored.
    @discardableResult
    package func applyEnvironment(_ environment: [String: String]) -> [OptionProblem] {
        var problems: [OptionProblem] = []
        let variables = schemas.values.filter { $0.environmentVariable != nil }
        for schema in variables.sorted(by: { $0.key < $1.key }) {
            guard let variable = schema.environmentVariable, let text = environment[variable] else {
                continue
            }
            let source = OptionSource.environment(variable: variable)
            guard let value = schema.type.parseEnvironmentText(text) else {
                problems.append(
                    OptionProblem(
                        key: schema.key, source: source,
                        message: "'\(text)' is not a valid \(schema.type.rawValue); ignored"))
                continue
            }
            if let problem = place(value, forKey: schema.key, source: source) {
                problems.append(problem)
            }
        }
        return record(problems)
    }

    /// Sets `key` in the code layer at run time and, when its resolved value changes, tells
    /// its observers. Main thread only.
    package func set(_ value: JSONValue, forKey key: String) throws(OptionProblem) {
        let before = option(forKey: key)?.value
        if let problem = place(value, forKey: key, source: .code) {
            throw problem
        }
        let after = option(forKey: key)?.value
        guard before != after else { return }
        let callbacks = lock.withLock { observers[key] ?? [] }
        for callback in callbacks { callback(key) }
    }

    /// Forgets the keys of a module that was refused after the store was built: they are no
    /// longer readable or listed. Their C strings are kept, as for any replaced value.
    func removeKeys(ownedBy moduleID: String) {
        lock.withLock {
            for key in schemas.values.filter({ $0.ownerID == moduleID }).map(\.key) {
                schemas[key] = nil
                layers[key] = nil
                resolved[key] = nil
                observers[key] = nil
                if let pointer = cStrings.removeValue(forKey: key) { retiredCStrings.append(pointer) }
            }
        }
    }

    /// Calls `callback` (on the main thread) after `key`'s value changes. False when no loaded
    /// module declares the key.
    func observe(_ key: String, _ callback: @escaping (String) -> Void) -> Bool {
        lock.withLock {
            guard schemas[key] != nil else { return false }
            observers[key, default: []].append(callback)
            return true
        }
    }

    /// Fills a C value for `key`; its string stays valid until the value changes (and longer:
    /// replaced strings are kept until the store goes away, so a reader on another thread is
    /// never left with a dangling pointer).
    func fill(_ out: inout parra_value, forKey key: String) -> Bool {
        lock.withLock {
            guard let option = resolved[key] else { return false }
            out.type = option.schema.type.cValue
            out.boolean = false
            out.integer = 0
            out.number = 0
            out.string = parra_string(data: nil, length: 0)
            switch option.value {
            case .bool(let value): out.boolean = value
            case .integer(let value): out.integer = value
            case .double(let value): out.number = value
            case .null: break  // never: an option's value has its declared type
            case .string, .array, .object:
                let pointer = cStrings[key]!
                out.string = parra_string(data: pointer, length: strlen(pointer))
            }
            return true
        }
    }

    // MARK: - Layers

    /// The config file's leaves as full dotted keys with their values, in key order.
    private func walk(
        _ members: [String: JSONValue], path: String, into entries: inout [(key: String, value: JSONValue)]
    ) {
        for name in members.keys.sorted() {
            let key = path.isEmpty ? name : "\(path).\(name)"
            let value = members[name]!
            // An object at a path that is not itself a key groups keys below it; walking into
            // it gives every unknown leaf its full key path.
            if schemas[key] == nil, case .object(let nested) = value, !nested.isEmpty {
                walk(nested, path: key, into: &entries)
            } else {
                entries.append((key, value))
            }
        }
    }

    /// Puts `value` in `source`'s layer for `key` after checking it; returns the problem if
    /// it is refused (the key keeps its lower layers).
    private func place(_ value: JSONValue, forKey key: String, source: OptionSource) -> OptionProblem? {
        guard let schema = schemas[key] else {
            lock.withLock { unowned[key] = value }
            return OptionProblem(key: key, source: source, message: unknownKeyMessage(key))
        }
        let converted: JSONValue
        do {
            converted = try schema.check(value)
        } catch {
            return OptionProblem(key: key, source: source, message: error.description, path: error.path)
        }
        lock.withLock {
            layers[key, default: Self.noLayers][source.rank] = (converted, source)
            resolve(key)
        }
        return nil
    }

    /// Recomputes `key` from its layers. Call with the lock held (or from init).
    private func resolve(_ key: String) {
        guard let schema = schemas[key] else { return }
        let top =
            (layers[key]?.last(where: { $0 != nil }) ?? nil)
            ?? (schema.defaultValue, OptionSource.moduleDefault(moduleID: schema.ownerID))
        let option = ResolvedOption(schema: schema, value: top.value, source: top.source)
        guard resolved[key]?.value != option.value || cStrings[key] == nil else {
            resolved[key] = option
            return
        }
        resolved[key] = option
        if let old = cStrings.removeValue(forKey: key) {
            retiredCStrings.append(old)
        }
        if let text = Self.cText(of: option.value) { cStrings[key] = strdup(text) }
    }

    /// The C string `get_option` hands out for `value`: a string's text, a list's or object's
    /// JSON; nil for the scalars, which go out as they are.
    private static func cText(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .array, .object: value.json
        default: nil
        }
    }

    /// The longest unknown key, in bytes, that gets a "did you mean" suggestion.
    static let longestSuggestedKey = 256

    private func unknownKeyMessage(_ key: String) -> String {
        let feature = Self.feature(of: key)
        let featureKeys = schemas.keys.filter { $0.hasPrefix(feature + ".") }
        if featureKeys.isEmpty {
            let module = featureModuleNames[feature].map { " (is \($0) installed?)" } ?? ""
            return "no loaded module owns this key\(module)"
        }
        // The distance costs the product of the lengths: a key far longer than any the module
        // declares is nobody's typo, and gets no suggestion.
        guard key.utf8.count <= Self.longestSuggestedKey else { return "no loaded module owns this key" }
        let nearest = featureKeys.map { (key: $0, distance: editDistance($0, key)) }
            .min { ($0.distance, $0.key) < ($1.distance, $1.key) }!.key
        return "no loaded module owns this key; did you mean '\(nearest)'?"
    }

    private func record(_ problems: [OptionProblem]) -> [OptionProblem] {
        lock.withLock { recordedProblems += problems }
        return problems
    }

    /// Why a config file could not be read: "no such file", "is a directory", a special file
    /// by its type, a file over ``maximumConfigFileBytes``, "permission denied", "not UTF-8 text
    /// (...)", or the system's words for a rarer failure.
    struct ReadFailure: Error, Equatable {
        let reason: String
    }

    /// The largest config file read, in bytes: options are a few kilobytes, and a file far
    /// larger is a mistake that would cost memory at every launch.
    package static let maximumConfigFileBytes = 1 << 20

    /// The UTF-8 text of the file at `path`. The file is opened once, without blocking, and
    /// checked through that descriptor, so it cannot be swapped for a FIFO or grow past the
    /// limit between the check and the read.
    static func readText(at path: String) -> Result<String, ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(reason: readReason(errno: errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(ReadFailure(reason: readReason(errno: errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(ReadFailure(reason: readReason(errno: EISDIR)))
        // Reading a FIFO blocks until a writer comes, and a device may never end: refused by
        // type, before anything is read.
        case S_IFIFO: return .failure(ReadFailure(reason: "is a named pipe (FIFO), not a regular file"))
        case S_IFCHR: return .failure(ReadFailure(reason: "is a character device, not a regular file"))
        case S_IFBLK: return .failure(ReadFailure(reason: "is a block device, not a regular file"))
        case S_IFSOCK: return .failure(ReadFailure(reason: "is a socket, not a regular file"))
        default: return .failure(ReadFailure(reason: "is not a regular file"))
        }
        let tooLarge = { (size: Int) in
            ReadFailure(reason: "is \(size) bytes; a config file may have at most \(maximumConfigFileBytes) (1 MiB)")
        }
        if info.st_size > maximumConfigFileBytes { return .failure(tooLarge(Int(info.st_size))) }
        // At most one byte past the limit, in case the file grew since fstat.
        var data = Data(count: maximumConfigFileBytes + 1)
        var count = 0
        while count < data.count {
            let read = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(reason: readReason(errno: errno)))
            }
            if read == 0 { break }
            count += read
        }
        if count > maximumConfigFileBytes { return .failure(tooLarge(count)) }
        data.count = count
        guard let text = String(validating: data, as: UTF8.self) else {
            return .failure(ReadFailure(reason: "not UTF-8 text (\(firstInvalidUTF8(in: data)))"))
        }
        return .success(text)
    }

    /// The reason for errno `code` when opening or reading a file.
    static func readReason(errno code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case ENOTDIR: "no such file (a parent in the path is not a directory)"
        case EISDIR: "is a directory"
        case EACCES, EPERM: "permission denied"
        case ELOOP: "too many levels of symbolic links"
        case ENAMETOOLONG: "the path is too long"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// Where the first byte that is not valid UTF-8 is, for a message.
    private static func firstInvalidUTF8(in data: Data) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return "invalid UTF-8"
            case .error:
                let byte = data[data.startIndex + offset]
                return "invalid byte 0x\(String(byte, radix: 16, uppercase: true)) at byte offset \(offset)"
            }
        }
    }
}

/// Levenshtein distance, for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8)
    let b = Array(b.utf8)
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1]
        for (j, y) in b.enumerated() {
            current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
        }
        previous = current
    }
    return previous[b.count]
}
