import ParraShared

/// A declaration as the module registry keeps it: every field in `RegistryWriter`'s format, read
/// back through the checks of its form (types, signatures, the shape of defaults), so a damaged
/// entry the registry's checksum missed is refused rather than believed. The options' schemas,
/// read when the descriptor declared them, are kept as text and read again when first used.
extension ModuleDeclaration {
    /// The declaration's bytes. Two declarations with the same bytes declare the same things.
    var registryBytes: [UInt8] {
        var writer = RegistryWriter()
        for text in [id, name, version, description, license, abiVersion] { writer.write(text) }
        writer.write(takesAppLogs)
        writer.write(canWait)
        writer.write(UInt32(options.count))
        for option in options {
            writer.write(option.key)
            writer.write(UInt32(OptionType.allCases.firstIndex(of: option.type)!))
            writer.write(option.defaultValue)
            writer.write(option.doc)
            writer.write(option.environmentVariable)
            writer.write(option.allowedValues != nil)
            writer.write(UInt32(option.allowedValues?.count ?? 0))
            for value in option.allowedValues ?? [] { writer.write(value) }
            writer.write(option.constraint?.source)
        }
        writer.write(UInt32(hooks.count))
        for hook in hooks {
            writer.write(hook.pointID)
            writer.write(hook.signature.description)
            writer.write(UInt32(bitPattern: hook.order))
        }
        writer.write(UInt32(extensionPoints.count))
        for point in extensionPoints {
            writer.write(point.id)
            writer.write(point.signature.description)
            writer.write(point.combine.rawValue)
            writer.write(point.doc)
        }
        writer.write(UInt32(commands.count))
        for command in commands {
            writer.write(command.id)
            writer.write(command.signature.description)
            writer.write(command.doc)
            writer.write(command.thread == .main)
            writer.write(command.completesLater)
        }
        return writer.bytes
    }

    /// The declaration `bytes` hold; throws what is wrong with them.
    init(registryBytes bytes: UnsafeRawBufferPointer) throws(RegistryReader.Malformed) {
        var reader = RegistryReader(bytes)
        let id = try reader.readString()
        let name = try reader.readString()
        let version = try reader.readString()
        let description = try reader.readString()
        let license = try reader.readString()
        let abiVersion = try reader.readString()
        let takesAppLogs = try reader.readBool()
        let canWait = try reader.readBool()
        let optionCount = try reader.readCount()
        var options: [OptionSchema] = []
        options.reserveCapacity(optionCount)
        for _ in 0..<optionCount {
            options.append(try Self.readOption(&reader, ownerID: id))
        }
        var hooks: [HookDeclaration] = []
        for index in 0..<(try reader.readCount()) {
            let pointID = try reader.readString()
            hooks.append(
                HookDeclaration(
                    pointID: pointID, signature: try Self.signature(try reader.readString()),
                    order: Int32(bitPattern: try reader.readUInt32()), index: index))
        }
        var points: [OverridePoint] = []
        for _ in 0..<(try reader.readCount()) {
            let pointID = try reader.readString()
            let signature = try Self.signature(try reader.readString())
            let ruleName = try reader.readString()
            guard let rule = CombineRule(rawValue: ruleName) else {
                throw RegistryReader.Malformed(description: "'\(ruleName)' is not a combine rule")
            }
            points.append(
                OverridePoint(
                    id: pointID, signature: signature, combine: rule, offeringModuleID: id,
                    doc: try reader.readString()))
        }
        var commands: [CommandDeclaration] = []
        for _ in 0..<(try reader.readCount()) {
            commands.append(
                CommandDeclaration(
                    id: try reader.readString(), signature: try Self.signature(try reader.readString()),
                    doc: try reader.readString(), thread: try reader.readBool() ? .main : .any,
                    completesLater: try reader.readBool()))
        }
        guard reader.isAtEnd else { throw RegistryReader.Malformed(description: "bytes follow the declaration") }
        self.init(
            id: id, name: name, version: version, description: description, license: license,
            abiVersion: abiVersion, options: options, hooks: hooks, extensionPoints: points, commands: commands,
            takesAppLogs: takesAppLogs, canWait: canWait)
    }

    private static func readOption(_ reader: inout RegistryReader, ownerID: String) throws(RegistryReader.Malformed)
        -> OptionSchema
    {
        let key = try reader.readString()
        let typeIndex = Int(try reader.readUInt32())
        guard typeIndex < OptionType.allCases.count else {
            throw RegistryReader.Malformed(description: "option '\(key)' has type \(typeIndex)")
        }
        let type = OptionType.allCases[typeIndex]
        let defaultValue = try reader.readJSON()
        let doc = try reader.readString()
        let environmentVariable = try reader.readOptionalString()
        let restricted = try reader.readBool()
        var allowed: [String] = []
        for _ in 0..<(try reader.readCount()) { allowed.append(try reader.readString()) }
        let allowedValues = restricted ? allowed : nil
        let constraint = try reader.readOptionalString().map { OptionConstraint(recorded: $0, for: type) }
        // The registry keeps the default as the descriptor's was checked and converted.
        return OptionSchema(
            key: key, type: type, defaultValue: defaultValue, doc: doc, environmentVariable: environmentVariable,
            allowedValues: allowedValues, ownerID: ownerID, constraint: constraint)
    }

    private static func signature(_ text: String) throws(RegistryReader.Malformed) -> HookSignature {
        do {
            return try HookSignature(parsing: text)
        } catch {
            throw RegistryReader.Malformed(description: "\(error)")
        }
    }
}

extension RegistryWriter {
    /// Writes `value` as a tag byte and its contents: a default read back needs no JSON parse.
    fileprivate mutating func write(_ value: JSONValue) {
        switch value {
        case .null: write(UInt32(0))
        case .bool(let flag): write(UInt32(flag ? 2 : 1))
        case .integer(let number):
            write(UInt32(3))
            write(UInt64(bitPattern: number))
        case .double(let number):
            write(UInt32(4))
            write(number.bitPattern)
        case .string(let text):
            write(UInt32(5))
            write(text)
        case .array(let items):
            write(UInt32(6))
            write(UInt32(items.count))
            for item in items { write(item) }
        case .object(let members):
            write(UInt32(7))
            write(UInt32(members.count))
            // The members sorted whole, not their keys then each looked up again.
            for member in members.sorted(by: { $0.key < $1.key }) {
                write(member.key)
                write(member.value)
            }
        }
    }
}

extension RegistryReader {
    /// How deep a value read back may nest: far beyond any default, and short of the stack.
    private static let deepestJSON = 64

    /// A value `RegistryWriter.write(_: JSONValue)` wrote.
    fileprivate mutating func readJSON(depth: Int = 0) throws(Malformed) -> JSONValue {
        guard depth < Self.deepestJSON else { throw Malformed(description: "a value nests too deep") }
        switch try readUInt32() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .integer(Int64(bitPattern: try readUInt64()))
        case 4: return .double(Double(bitPattern: try readUInt64()))
        case 5: return .string(try readString())
        case 6:
            var items: [JSONValue] = []
            for _ in 0..<(try readCount()) { items.append(try readJSON(depth: depth + 1)) }
            return .array(items)
        case 7:
            var members: [String: JSONValue] = [:]
            for _ in 0..<(try readCount()) {
                let key = try readString()
                members[key] = try readJSON(depth: depth + 1)
            }
            return .object(members)
        case let tag: throw Malformed(description: "\(tag) is not a value's tag")
        }
    }

    /// A count of items that follow, each at least one byte: no larger than the bytes left.
    fileprivate mutating func readCount() throws(Malformed) -> Int {
        let count = Int(try readUInt32())
        guard count <= DescriptorReader.maximumCount else {
            throw Malformed(description: "a count of \(count) is more than a module may declare")
        }
        return count
    }
}
