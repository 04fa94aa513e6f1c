import CFFI
import CParraPlugin

/// The hooks registered at one point, in dispatch order, with the point's combine rule.
///
/// `invoke` is the hot path: no allocation, no lookups, one prepared `ffi_call` per hook.
public final class PointTable {
    /// The point.
    public let point: OverridePoint
    private let hooks: ContiguousArray<PreparedHook>
    private let rule: CombineRule
    private let resultMask: UInt64

    init(point: OverridePoint, hooks: [PreparedHook]) {
        self.point = point
        self.hooks = ContiguousArray(
            hooks.sorted { ($0.order, $0.moduleID, $0.index) < ($1.order, $1.moduleID, $1.index) })
        self.rule = point.combine
        switch point.signature.returnType {
        case .bool: resultMask = 0xFF
        case .i32, .u32: resultMask = 0xFFFF_FFFF
        default: resultMask = .max
        }
    }

    /// The modules hooked here, in the order they are called.
    public var moduleIDs: [String] { hooks.map(\.moduleID) }

    /// Calls every hook and returns the combined result as raw bits (bool: 0 or 1; integers:
    /// the value, zero-extended). `arguments` has one slot per argument of the signature;
    /// slot 0 is overwritten with each hook's module data, the rest point at the values.
    @inline(__always)
    public func invoke(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UInt64 {
        var combined = rule.identity
        // libffi widens results narrower than a register to a full ffi_arg.
        var raw: UInt64 = 0
        for hook in hooks {
            arguments[0] = UnsafeMutableRawPointer(hook.moduleDataSlot)
            raw = 0
            ffi_call(hook.cif, hook.function, &raw, arguments)
            combined = rule.combine(combined, raw & resultMask)
        }
        return combined
    }
}
