/// A value passed to or returned by a module's command, by the C types of its signature:
/// `bool`; `i32`/`i64` as `int`; `u32`/`u64` as `uint`; `f64` as `double`; `str` as
/// `string`. A command that completes later returns its JSON result as `string`.
public enum ParraCommandValue: Sendable, Hashable {
    /// What a `void` command returns.
    case void
    /// `bool`.
    case bool(Bool)
    /// `i32` or `i64` (an `i32` argument is truncated to 32 bits).
    case int(Int64)
    /// `u32` or `u64`; a `ptr` result, as its address.
    case uint(UInt64)
    /// `f64`.
    case double(Double)
    /// `str`, or the JSON result of a command that completes later.
    case string(String)
}
