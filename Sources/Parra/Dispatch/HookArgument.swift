/// A value passed to the hooks at a point, checked against the point's signature.
public enum HookArgument {
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

extension HookArgument: @unchecked Sendable {}
