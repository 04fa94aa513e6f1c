import CFFI
import CParraCallNote
import CParraPlugin

/// The hooks registered at one point, in dispatch order, with the point's combine rule.
///
/// `invoke` is the hot path: no allocation, no reference counting, no lookups; one prepared
/// `ffi_call` per hook over a flat buffer, with the combine rule chosen once per call.
package final class PointTable {
    /// What `invoke` needs of one hook, copied out of its `PreparedHook`.
    private struct Entry {
        let cif: UnsafeMutablePointer<ffi_cif>
        let function: parra_function
        let moduleDataSlot: UnsafeMutableRawPointer
        let site: UnsafePointer<parra_call_site>?
    }

    /// The point.
    package let point: OverridePoint
    /// Owns the call descriptors that `entries` points into.
    private let hooks: [PreparedHook]
    private let entries: UnsafeMutableBufferPointer<Entry>
    private let rule: CombineRule
    private let resultMask: UInt64

    init(point: OverridePoint, hooks: [PreparedHook]) {
        self.point = point
        self.hooks = hooks.sorted { ($0.order, $0.moduleID, $0.index) < ($1.order, $1.moduleID, $1.index) }
        entries = .allocate(capacity: self.hooks.count)
        for (position, hook) in self.hooks.enumerated() {
            (entries.baseAddress! + position).initialize(
                to: Entry(
                    cif: hook.call.cif, function: hook.function,
                    moduleDataSlot: UnsafeMutableRawPointer(hook.call.moduleDataSlot), site: hook.site
                ))
        }
        self.rule = point.combine
        resultMask = point.signature.returnType.resultMask
    }

    deinit { entries.deallocate() }

    /// The modules hooked here, in the order they are called.
    package var moduleIDs: [String] { hooks.map(\.moduleID) }

    /// Calls every hook and returns the combined result as raw bits (bool: 0 or 1; integers:
    /// the value, zero-extended). `arguments` has one slot per argument of the signature;
    /// slot 0 is overwritten with each hook's module data, the rest point at the values.
    @inline(__always)
    package func invoke(_ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UInt64 {
        // Every hook is called whatever the others returned: a `where` clause runs for each
        // element.
        switch rule {
        case .none:
            for entry in entries { _ = call(entry, arguments) }
            return 0
        case .all:
            var combined = true
            for entry in entries where call(entry, arguments) == 0 { combined = false }
            return combined ? 1 : 0
        case .any:
            var combined = false
            for entry in entries where call(entry, arguments) != 0 { combined = true }
            return combined ? 1 : 0
        case .union:
            var combined: UInt64 = 0
            for entry in entries { combined |= call(entry, arguments) }
            return combined
        }
    }

    /// One hook's raw result, masked to the return type's width (libffi widens results
    /// narrower than a register to a full `ffi_arg`).
    @inline(__always)
    private func call(_ entry: Entry, _ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UInt64 {
        arguments[0] = entry.moduleDataSlot
        var raw: UInt64 = 0
        // A crash or exit in the hook names it and quarantines its module (two stores).
        let previous = parra_call_site_enter(entry.site)
        ffi_call(entry.cif, entry.function, &raw, arguments)
        parra_call_site_leave(previous)
        return raw & resultMask
    }
}
