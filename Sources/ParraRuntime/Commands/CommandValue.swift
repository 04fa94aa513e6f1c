/// What an immediate command returned, read by its signature's return type.
package enum CommandValue: Sendable, Hashable {
    /// A `void` command.
    case void
    /// `bool`.
    case bool(Bool)
    /// `i32` or `i64`, sign-extended.
    case integer(Int64)
    /// `u32` or `u64`.
    case unsigned(UInt64)
    /// `f64`.
    case double(Double)
    /// `ptr`: the address, which only the module gives meaning to.
    case pointer(UInt)

    /// The value of `raw` result bits of `type`.
    init(raw: UInt64, type: HookSignature.ValueType) {
        switch type {
        case .void: self = .void
        case .bool: self = .bool(raw != 0)
        case .i32: self = .integer(Int64(Int32(truncatingIfNeeded: raw)))
        case .i64: self = .integer(Int64(bitPattern: raw))
        case .u32, .u64: self = .unsigned(raw)
        case .f64: self = .double(Double(bitPattern: raw))
        case .ptr, .str: self = .pointer(UInt(raw))
        }
    }
}
