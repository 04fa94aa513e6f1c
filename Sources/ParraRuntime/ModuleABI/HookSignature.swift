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
        let compact = text.filter { !$0.isWhitespace }
        guard let open = compact.firstIndex(of: "("), compact.last == ")" else {
            throw HookSignatureError(text: text, reason: "expected RETURN(ARG,...)")
        }
        let returnName = String(compact[..<open])
        guard let returnType = ValueType(rawValue: returnName) else {
            throw HookSignatureError(text: text, reason: "unknown return type '\(returnName)'")
        }
        let inner = compact[compact.index(after: open)..<compact.index(before: compact.endIndex)]
        var arguments: [ValueType] = []
        for name in inner.split(separator: ",", omittingEmptySubsequences: false) {
            guard let type = ValueType(rawValue: String(name)), type != .void else {
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
        "\(returnType.rawValue)(\(argumentTypes.map(\.rawValue).joined(separator: ",")))"
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
