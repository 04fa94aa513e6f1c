import CParraPlugin
import FoundationEssentials

/// Reads a module's C descriptor (and its traits, ABI 1.8) into a `ModuleDeclaration` and its
/// `ModuleCode`, enforcing every rule that needs no other module: versions, struct sizes,
/// required strings, the id's characters, option declarations and their defaults, signature
/// syntax, and canonical-point signatures.
package enum DescriptorReader {
    /// Reads the descriptor and traits a module's entry returned: its declaration, its code,
    /// and the digest `fingerprint` takes of them (nil only when `read` refuses them).
    static func read(
        _ descriptor: UnsafePointer<parra_module_descriptor>, traits: UnsafePointer<parra_module_traits>? = nil
    ) throws(ModuleRefusal) -> (declaration: ModuleDeclaration, code: ModuleCode, digest: UInt64?) {
        let (d, major, minor) = try header(descriptor)
        let id = try requiredString(d.id, "id")
        guard isValidModuleID(id) else {
            throw refuse(
                "id '\(id)' has characters outside [A-Za-z0-9._-] or is not reverse-DNS (like com.example.feature)")
        }
        guard !OverridePoint.isCanonicalNamespace(id + ".") else {
            throw refuse(
                "id '\(id)' lies in the canonical 'application.' or 'scene.' namespace, which modules may not use")
        }
        let arrays = try readArrays(d)
        let options = try arrays.options.map { (i, decl) throws(ModuleRefusal) in
            try readOption(decl, index: i, ownerID: id)
        }
        let hooks = try arrays.hooks.map { (i, decl) throws(ModuleRefusal) in try readHook(decl, index: i) }
        let points = try arrays.points.map { (i, decl) throws(ModuleRefusal) in
            try readExtensionPoint(decl, index: i, moduleID: id)
        }
        let commands = try arrays.commands.map { (i, decl) throws(ModuleRefusal) in
            try readCommand(decl, index: i, moduleID: id)
        }
        try requireUnique(options.map(\.key), "option key")
        try requireUnique(points.map(\.id), "extension point")
        try requireUnique(commands.map(\.declaration.id), "command")
        let flags = try readTraits(traits)
        let declaration = ModuleDeclaration(
            id: id, name: try requiredString(d.name, "name"), version: try requiredString(d.version, "version"),
            description: try optionalString(d.description, "description") ?? "",
            license: try optionalString(d.license, "license") ?? "", abiVersion: "\(major).\(minor)",
            options: options, hooks: hooks.map(\.declaration), extensionPoints: points,
            commands: commands.map(\.declaration), takesAppLogs: d.log_sink != nil,
            canWait: flags & UInt32(PARRA_MODULE_CAN_WAIT) != 0)
        return (
            declaration, code(d, hooks: hooks.map(\.function), commands: commands.map(\.function)),
            digest(d, major: major, minor: minor, flags: flags, arrays)
        )
    }

    /// What a launch needs of a module whose declaration the module registry keeps: the digest
    /// of everything its descriptor and traits declare, each field as given (what the registry
    /// compares with the digest it recorded), and its code; nothing is parsed. Nil when the
    /// descriptor breaks a rule of its form or a hook or command has no function: `read` says
    /// which.
    static func fingerprint(
        _ descriptor: UnsafePointer<parra_module_descriptor>, traits: UnsafePointer<parra_module_traits>? = nil
    ) -> (digest: UInt64, code: ModuleCode)? {
        guard let found = try? header(descriptor) else { return nil }
        let (d, major, minor) = found
        guard let flags = try? readTraits(traits), let arrays = try? readArrays(d),
            let digest = digest(d, major: major, minor: minor, flags: flags, arrays)
        else { return nil }
        return (
            digest,
            code(
                d, hooks: arrays.hooks.compactMap { $0.1.function },
                commands: arrays.commands.compactMap { $0.1.function })
        )
    }

    /// A descriptor's arrays, each element copied as far as its struct_size covers.
    private typealias Arrays = (
        options: [(Int, parra_option_decl)], hooks: [(Int, parra_hook_decl)],
        points: [(Int, parra_extension_point_decl)], commands: [(Int, parra_command_decl)]
    )

    private static func readArrays(_ d: parra_module_descriptor) throws(ModuleRefusal) -> Arrays {
        (
            try readArray(d.options, d.option_count, "option", parra_option_decl.self, minimumSize: optionDeclSize10),
            try readArray(d.hooks, d.hook_count, "hook", parra_hook_decl.self),
            try readArray(
                d.extension_points, d.extension_point_count, "extension point", parra_extension_point_decl.self),
            try readArray(d.commands, d.command_count, "command", parra_command_decl.self)
        )
    }

    /// The `StableHash` of every field the descriptor `d` and its traits' `flags` declare; nil
    /// when a string runs past the limit, allowed values do not end, or a hook or command has
    /// no function.
    private static func digest(
        _ d: parra_module_descriptor, major: UInt16, minor: UInt16, flags: UInt32, _ arrays: Arrays
    ) -> UInt64? {
        var hash = StableHash()
        func add(_ text: UnsafePointer<CChar>?) -> Bool { hash.add(text, limit: maximumStringLength) }
        for number in [UInt64(major), UInt64(minor), UInt64(flags), d.log_sink == nil ? 0 : 1] { hash.add(number) }
        guard add(d.id), add(d.name), add(d.version), add(d.description), add(d.license) else { return nil }
        hash.add(UInt64(arrays.options.count))
        for (_, option) in arrays.options {
            hash.add(UInt64(UInt32(bitPattern: option.type)))
            guard add(option.key), add(option.default_json), add(option.doc), add(option.environment_variable),
                add(option.schema_json)
            else { return nil }
            guard var cursor = option.allowed_values else {
                hash.add(UInt64.max)
                continue
            }
            var count: UInt64 = 0
            while let item = cursor.pointee {
                guard count < maximumCount, add(item) else { return nil }
                count += 1
                cursor += 1
            }
            hash.add(count)
        }
        hash.add(UInt64(arrays.hooks.count))
        for (_, hook) in arrays.hooks {
            guard hook.function != nil, add(hook.point_id), add(hook.signature) else { return nil }
            hash.add(UInt64(UInt32(bitPattern: hook.order)))
        }
        hash.add(UInt64(arrays.points.count))
        for (_, point) in arrays.points {
            guard add(point.point_id), add(point.signature), add(point.doc) else { return nil }
            hash.add(UInt64(UInt32(bitPattern: point.combine)))
        }
        hash.add(UInt64(arrays.commands.count))
        for (_, command) in arrays.commands {
            guard command.function != nil, add(command.command_id), add(command.signature), add(command.doc)
            else { return nil }
            hash.add(UInt64(UInt32(bitPattern: command.thread)))
            hash.add(command.completes_later ? 1 : 0)
        }
        return hash.value
    }

    /// The functions `d` gives, with its hooks' and commands' in declaration order.
    private static func code(
        _ d: parra_module_descriptor, hooks: [parra_function], commands: [parra_function]
    ) -> ModuleCode {
        ModuleCode(
            initialize: d.`init`, configure: d.configure, activate: d.activate, deactivate: d.deactivate,
            shutdown: d.shutdown, logSink: d.log_sink, logFlush: d.log_sink == nil ? nil : d.log_flush,
            hooks: hooks, commands: commands)
    }

    /// The descriptor's versions, checked, and what its struct_size covers of it (fields a 1.0
    /// module lacks stay zero).
    private static func header(_ descriptor: UnsafePointer<parra_module_descriptor>) throws(ModuleRefusal) -> (
        descriptor: parra_module_descriptor, major: UInt16, minor: UInt16
    ) {
        let raw = UnsafeRawPointer(descriptor)
        let size = raw.load(as: UInt32.self)
        // The version fields sit right after struct_size in every version of the ABI.
        guard size >= 8 else {
            throw refuse(
                "descriptor struct_size \(size) is smaller than the minimum \(descriptorSize10); set it to sizeof(parra_module_descriptor)"
            )
        }
        let major = raw.load(fromByteOffset: 4, as: UInt16.self)
        let minor = raw.load(fromByteOffset: 6, as: UInt16.self)
        guard major == PARRA_ABI_VERSION_MAJOR else {
            throw refuse(
                "built for ABI \(major).\(minor); this host speaks ABI \(PARRA_ABI_VERSION_MAJOR).\(PARRA_ABI_VERSION_MINOR) and the major versions differ"
            )
        }
        guard minor <= PARRA_ABI_VERSION_MINOR else {
            throw refuse(
                "built for ABI \(major).\(minor), newer than this host's \(PARRA_ABI_VERSION_MAJOR).\(PARRA_ABI_VERSION_MINOR); update the host, or if the module was not built for a newer host, rebuild it against this host's parra_plugin.h and set abi_minor to PARRA_ABI_VERSION_MINOR rather than a number"
            )
        }
        guard size >= descriptorSize10 else {
            throw refuse(
                "descriptor struct_size \(size) is smaller than the minimum \(descriptorSize10); set it to sizeof(parra_module_descriptor)"
            )
        }
        // A module of this host's minor or an older one has a descriptor no larger than this
        // header's: a larger size is a lie that would have the host read past it.
        guard size <= MemoryLayout<parra_module_descriptor>.size else {
            throw refuse(
                "descriptor struct_size \(size) is larger than ABI \(major).\(minor)'s descriptor (at most \(MemoryLayout<parra_module_descriptor>.size) bytes); set it to sizeof(parra_module_descriptor)"
            )
        }
        var d = parra_module_descriptor()
        withUnsafeMutableBytes(of: &d) { copy in
            copy.copyMemory(
                from: UnsafeRawBufferPointer(
                    start: raw, count: min(Int(size), MemoryLayout<parra_module_descriptor>.size)))
        }
        return (d, major, minor)
    }

    /// The flags of a module's traits (ABI 1.8); 0 for a module without them.
    private static func readTraits(_ traits: UnsafePointer<parra_module_traits>?) throws(ModuleRefusal) -> UInt32 {
        guard let traits else { return 0 }
        let size = UnsafeRawPointer(traits).load(as: UInt32.self)
        guard size >= MemoryLayout<parra_module_traits>.size, size <= maximumStructSize else {
            throw refuse(
                "traits struct_size \(size) is not between \(MemoryLayout<parra_module_traits>.size) and \(maximumStructSize); set it to sizeof(parra_module_traits)"
            )
        }
        return traits.pointee.flags
    }

    /// The descriptor's ABI 1.0 size: the least struct_size accepted.
    static let descriptorSize10 = MemoryLayout<parra_module_descriptor>.offset(of: \.log_sink)!
    /// An option declaration's ABI 1.0 to 1.2 size, before `schema_json`: the least accepted.
    static let optionDeclSize10 = MemoryLayout<parra_option_decl>.offset(of: \.schema_json)!

    /// Reverse-DNS: at least two non-empty dot-separated parts of `[A-Za-z0-9_-]`.
    package static func isValidModuleID(_ id: String) -> Bool { ASCIIByte.isDottedName(id, hyphens: true) }

    private static func readOption(_ decl: parra_option_decl, index: Int, ownerID: String) throws(ModuleRefusal)
        -> OptionSchema
    {
        let key = try requiredString(decl.key, "option \(index) key")
        guard OptionSchema.isValidKey(key) else {
            throw refuse("option key '\(key)' is not dotted [A-Za-z0-9_] segments like feature.name")
        }
        guard let type = OptionType(cValue: decl.type) else {
            throw refuse("option '\(key)' has unknown type \(decl.type)")
        }
        let defaultText = try requiredString(decl.default_json, "option '\(key)' default_json")
        let parsed: JSONValue
        do {
            parsed = try JSONValue(json: defaultText)
        } catch {
            let hint =
                type == .string && !defaultText.hasPrefix("\"")
                ? "; a string default is quoted JSON: write \"\\\"\(defaultText)\\\"\" in C" : ""
            throw refuse("option '\(key)' default \(defaultText) is not JSON (\(error))\(hint)")
        }
        var allowed: [String]?
        if var cursor = decl.allowed_values {
            var values: [String] = []
            while let item = cursor.pointee {
                guard values.count < maximumCount else {
                    throw refuse(
                        "option '\(key)' has more than \(maximumCount) allowed values (or no NULL to end them)")
                }
                guard let text = boundedString(item) else {
                    throw refuse("option '\(key)' has an allowed value that is not UTF-8")
                }
                values.append(text)
                cursor += 1
            }
            guard type == .string, !values.isEmpty else {
                throw refuse("option '\(key)': allowed_values needs a string option and at least one value")
            }
            allowed = values
        }
        // schema_json is zero (NULL) in a declaration of ABI 1.2 or older: readArray copied
        // only what its struct_size covers.
        var constraint: OptionConstraint?
        if let text = try optionalString(decl.schema_json, "option '\(key)' schema_json") {
            do {
                constraint = try OptionConstraint(json: text, for: type)
            } catch {
                throw refuse("option '\(key)' schema_json \(error)")
            }
        }
        let provisional = OptionSchema(
            key: key, type: type, defaultValue: parsed, doc: try optionalString(decl.doc, "option '\(key)' doc") ?? "",
            environmentVariable: try optionalString(decl.environment_variable, "option '\(key)' environment_variable"),
            allowedValues: allowed, ownerID: ownerID, constraint: constraint)
        let converted: JSONValue
        do {
            converted = try provisional.check(parsed)
        } catch {
            throw refuse("option '\(key)' default\(error.path): \(error)")
        }
        return OptionSchema(
            key: key, type: type, defaultValue: converted, doc: provisional.doc,
            environmentVariable: provisional.environmentVariable, allowedValues: allowed, ownerID: ownerID,
            constraint: constraint)
    }

    private static func readHook(_ decl: parra_hook_decl, index: Int) throws(ModuleRefusal) -> (
        declaration: HookDeclaration, function: parra_function
    ) {
        let pointID = try requiredString(decl.point_id, "hook \(index) point_id")
        let signatureText = try requiredString(decl.signature, "hook '\(pointID)' signature")
        let signature: HookSignature
        do {
            signature = try HookSignature(parsing: signatureText)
        } catch {
            throw refuse("hook '\(pointID)': \(error)")
        }
        guard let function = decl.function else {
            throw refuse("hook '\(pointID)' has no function")
        }
        if OverridePoint.isCanonicalNamespace(pointID) {
            guard let point = OverridePoint.canonicalByID[pointID] else {
                throw refuse("hook for unknown override point '\(pointID)'")
            }
            guard point.signature == signature else {
                throw refuse("hook '\(pointID)' declares signature \(signature), the point's is \(point.signature)")
            }
        }
        return (HookDeclaration(pointID: pointID, signature: signature, order: decl.order, index: index), function)
    }

    private static func readExtensionPoint(_ decl: parra_extension_point_decl, index: Int, moduleID: String)
        throws(ModuleRefusal) -> OverridePoint
    {
        let pointID = try requiredString(decl.point_id, "extension point \(index) point_id")
        guard pointID.hasPrefix(moduleID + "."), pointID.count > moduleID.count + 1 else {
            throw refuse("extension point '\(pointID)' must start with the module's id '\(moduleID).'")
        }
        let signatureText = try requiredString(decl.signature, "extension point '\(pointID)' signature")
        let signature: HookSignature
        do {
            signature = try HookSignature(parsing: signatureText)
        } catch {
            throw refuse("extension point '\(pointID)': \(error)")
        }
        guard let rule = CombineRule(cValue: decl.combine), rule.fits(signature.returnType) else {
            throw refuse(
                "extension point '\(pointID)': combine rule \(CombineRule(cValue: decl.combine).map { "PARRA_COMBINE_\($0.rawValue.uppercased())" } ?? "\(decl.combine) (not a PARRA_COMBINE_* value)") does not fit return type \(signature.returnType.rawValue); \(CombineRule.advice(for: signature.returnType))"
            )
        }
        return OverridePoint(
            id: pointID, signature: signature, combine: rule, offeringModuleID: moduleID,
            doc: try optionalString(decl.doc, "extension point '\(pointID)' doc") ?? "")
    }

    private static func readCommand(_ decl: parra_command_decl, index: Int, moduleID: String)
        throws(ModuleRefusal) -> (declaration: CommandDeclaration, function: parra_function)
    {
        let id = try requiredString(decl.command_id, "command \(index) command_id")
        let name = id.hasPrefix(moduleID + ".") ? id.dropFirst(moduleID.count + 1) : ""
        guard !name.isEmpty,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")
            })
        else {
            throw refuse("command '\(id)' must be the module's id '\(moduleID)', a dot and a name of [A-Za-z0-9_]")
        }
        let signatureText = try requiredString(decl.signature, "command '\(id)' signature")
        let signature: HookSignature
        do {
            signature = try HookSignature(parsing: signatureText)
        } catch {
            throw refuse("command '\(id)': \(error)")
        }
        guard signature.returnType != .str else {
            throw refuse("command '\(id)' returns str; return JSON through a completion, or a scalar")
        }
        if decl.completes_later {
            guard signature.returnType == .void, signature.argumentTypes.count >= 2,
                signature.argumentTypes.last == .ptr
            else {
                throw refuse(
                    "command '\(id)' completes later, so its signature must be void(ptr, ..., ptr) with the completion last, not \(signature)"
                )
            }
        }
        guard let thread = CommandDeclaration.Thread(cValue: decl.thread) else {
            throw refuse("command '\(id)' has unknown thread \(decl.thread)")
        }
        guard let function = decl.function else { throw refuse("command '\(id)' has no function") }
        let declaration = CommandDeclaration(
            id: id, signature: signature, doc: try requiredString(decl.doc, "command '\(id)' doc"), thread: thread,
            completesLater: decl.completes_later)
        return (declaration, function)
    }

    /// Steps through a C array by each element's own struct_size, which must be at least
    /// `minimumSize` (the element's first released size; the whole struct when nil). Of each
    /// element only what its struct_size covers is read; later fields stay zero.
    private static func readArray<T>(
        _ base: UnsafePointer<T>?, _ count: Int, _ what: String, _: T.Type, minimumSize: Int? = nil
    )
        throws(ModuleRefusal) -> [(Int, T)]
    {
        let minimumSize = minimumSize ?? MemoryLayout<T>.size
        guard count >= 0, count <= maximumCount else {
            throw refuse("\(what) count \(UInt(bitPattern: count)) is implausible (more than \(maximumCount))")
        }
        guard count > 0 else { return [] }
        guard let base else { throw refuse("\(what) count is \(count) but the array is NULL") }
        var items: [(Int, T)] = []
        var cursor = UnsafeRawPointer(base)
        for index in 0..<count {
            let size = Int(cursor.load(as: UInt32.self))
            guard size <= maximumStructSize else {
                throw refuse("\(what) \(index) struct_size \(size) is larger than the maximum \(maximumStructSize)")
            }
            guard size >= minimumSize else {
                throw refuse(
                    "\(what) \(index) struct_size \(size) is smaller than the minimum \(minimumSize); set it to sizeof(\(String(describing: T.self)))"
                )
            }
            guard size % MemoryLayout<T>.alignment == 0 else {
                throw refuse("\(what) \(index) struct_size \(size) is not a multiple of \(MemoryLayout<T>.alignment)")
            }
            let element = UnsafeMutablePointer<T>.allocate(capacity: 1)
            defer { element.deallocate() }
            UnsafeMutableRawPointer(element).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
            UnsafeMutableRawPointer(element).copyMemory(from: cursor, byteCount: min(size, MemoryLayout<T>.size))
            items.append((index, element.pointee))
            cursor += size
        }
        return items
    }

    private static func requireUnique(_ values: [String], _ what: String) throws(ModuleRefusal) {
        var seen = Set<String>()
        for value in values where !seen.insert(value).inserted {
            throw refuse("\(what) '\(value)' is declared twice")
        }
    }

    /// The string at `pointer`, required; `what` names it in a refusal, and is made only for one.
    private static func requiredString(_ pointer: UnsafePointer<CChar>?, _ what: @autoclosure () -> String)
        throws(ModuleRefusal) -> String
    {
        guard let text = try optionalString(pointer, what()), !text.isEmpty else {
            throw refuse("missing \(what())")
        }
        return text
    }

    /// The string at `pointer`, nil for none; `what` names it in a refusal, and is made only for one.
    private static func optionalString(_ pointer: UnsafePointer<CChar>?, _ what: @autoclosure () -> String)
        throws(ModuleRefusal) -> String?
    {
        guard let pointer else { return nil }
        guard let text = boundedString(pointer) else {
            throw refuse("\(what()) is not valid UTF-8 of at most \(maximumStringLength) bytes")
        }
        return text
    }

    /// Limits on what a descriptor may declare: far above any real module, low enough that a
    /// corrupt count or size is caught before it is followed.
    static let maximumCount = 4096
    static let maximumStructSize = 4096
    static let maximumStringLength = 65536

    /// A NUL-terminated UTF-8 string read without looking past `maximumStringLength` bytes.
    private static func boundedString(_ pointer: UnsafePointer<CChar>) -> String? {
        guard strnlen(pointer, maximumStringLength + 1) <= maximumStringLength else { return nil }
        // The C-string initializer validates in one native pass; the generic
        // `String(validating:as:)` walked each byte, about 1k instructions a string.
        return String(validatingCString: pointer)
    }

    private static func refuse(_ reason: String) -> ModuleRefusal {
        ModuleRefusal(phase: .validate, reason: reason)
    }
}
