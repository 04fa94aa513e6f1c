/// A value passed to the hooks at a point, checked against the point's signature.
package enum HookArgument {
    /// For `str`: passed as a NUL-terminated UTF-8 copy that lives for the call.
    case string(String)
    /// For `ptr`.
    case pointer(UnsafeRawPointer?)
    /// For `i32`, `u32`, `i64` or `u64` (truncated to the declared width).
    case integer(Int64)
    /// For `f64`.
    case double(Double)
    /// For `bool`.
    case bool(Bool)

    func fits(_ type: HookSignature.ValueType) -> Bool {
        switch (self, type) {
        case (.string, .str), (.pointer, .ptr), (.double, .f64), (.bool, .bool): true
        case (.integer, let type): type.isInteger
        default: false
        }
    }
}

/// Sendable by hand: it never changes, and the host hands a `.pointer` on to C without reading through it.
extension HookArgument: @unchecked Sendable {}

extension HookArgument {
    /// The value of `type` that `pointer` points at (as a C caller passes it), copied.
    init(copying pointer: UnsafeMutableRawPointer, as type: HookSignature.ValueType) {
        switch type {
        case .str:
            let text = pointer.load(as: UnsafePointer<CChar>?.self)
            self = .string(text.map { String(cString: $0) } ?? "")
        case .ptr: self = .pointer(pointer.load(as: UnsafeRawPointer?.self))
        case .f64: self = .double(pointer.load(as: Double.self))
        case .bool: self = .bool(pointer.load(as: Bool.self))
        case .i32: self = .integer(Int64(pointer.load(as: Int32.self)))
        case .u32: self = .integer(Int64(pointer.load(as: UInt32.self)))
        case .i64: self = .integer(pointer.load(as: Int64.self))
        case .u64: self = .integer(Int64(bitPattern: pointer.load(as: UInt64.self)))
        case .void: self = .pointer(nil)
        }
    }
}
