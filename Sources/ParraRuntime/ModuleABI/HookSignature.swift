import CFFI

/// A C function signature in the ABI's grammar, e.g. `bool(ptr,str)`.
///
/// Hooks are typed only by these strings; the dispatcher turns one into libffi types once and
/// prepares a call descriptor from it.
package struct HookSignature: Hashable, Sendable, CustomStringConvertible {
    /// One C type the grammar allows.
    package enum ValueType: String, Sendable, CaseIterable {
        case void, bool, i32, u32, i64, u64, f64, ptr, str

        /// The bits of a result of this type in libffi's `ffi_arg`, which widens results
        /// narrower than a register.
        var resultMask: UInt64 {
            switch self {
            case .bool: 0xFF
            case .i32, .u32: 0xFFFF_FFFF
            default: .max
            }
        }

        /// Whether a result of this type can be OR-ed together by the `union` rule.
        var isInteger: Bool { [.i32, .u32, .i64, .u64].contains(self) }

        var ffiType: UnsafeMutablePointer<ffi_type> {
            switch self {
            case .void: parra_ffi_type_void()
            case .bool: parra_ffi_type_uint8()
            case .i32: parra_ffi_type_sint32()
            case .u32: parra_ffi_type_uint32()
            case .i64: parra_ffi_type_sint64()
            case .u64: parra_ffi_type_uint64()
            case .f64: parra_ffi_type_double()
            case .ptr, .str: parra_ffi_type_pointer()
            }
        }
    }

    /// What the function returns.
    package let returnType: ValueType
    /// Its arguments, the leading module-data `ptr` included.
    package let argumentTypes: [ValueType]

    /// Parses `text`; whitespace is ignored. Throws a reason naming the offending part.
    package init(parsing text: String) throws(HookSignatureError) {
        // White space dropped (Unicode's, as `Character.isWhitespace` has it), then the rest
        // cut at its ASCII punctuation as bytes: walking it by `Character` cost each of a
        // launch's forty-odd signatures (the canonical points' and every module's hooks and
        // commands) about 20k instructions. Signatures are ASCII; other text takes the slow way.
        let bytes: [UInt8]
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII's white space: tab, line feed, vertical tab, form feed, return, space.
            bytes = text.utf8.filter { !((0x09...0x0D).contains($0) || $0 == 0x20) }
        } else {
            var compact = String.UnicodeScalarView()
            for scalar in text.unicodeScalars where !scalar.properties.isWhitespace { compact.append(scalar) }
            bytes = Array(String(compact).utf8)
        }
        guard let open = bytes.firstIndex(of: UInt8(ascii: "(")), bytes.last == UInt8(ascii: ")") else {
            throw HookSignatureError(text: text, reason: "expected RETURN(ARG,...)")
        }
        let returnName = String(decoding: bytes[..<open], as: UTF8.self)
        guard let returnType = ValueType(rawValue: returnName) else {
            throw HookSignatureError(text: text, reason: "unknown return type '\(returnName)'")
        }
        var arguments: [ValueType] = []
        for slice in bytes[(open + 1)..<(bytes.count - 1)].split(
            separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        {
            let name = String(decoding: slice, as: UTF8.self)
            guard let type = ValueType(rawValue: name), type != .void else {
                throw HookSignatureError(text: text, reason: "unknown argument type '\(name)'")
            }
            arguments.append(type)
        }
        guard arguments.first == .ptr else {
            throw HookSignatureError(
                text: text, reason: "the first argument must be ptr (the module data)")
        }
        self.returnType = returnType
        self.argumentTypes = arguments
    }

    /// The canonical spelling: no spaces.
    package var description: String {
        // Appended one by one: `joined` over the mapped array took the standard library's
        // unspecialized generic path.
        var text = returnType.rawValue + "("
        for (index, type) in argumentTypes.enumerated() {
            if index > 0 { text += "," }
            text += type.rawValue
        }
        return text + ")"
    }
}

/// Why a signature string could not be parsed.
package struct HookSignatureError: Error, CustomStringConvertible {
    /// The text as given.
    package let text: String
    /// What is wrong with it.
    package let reason: String

    package var description: String { "signature '\(text)': \(reason)" }
}
