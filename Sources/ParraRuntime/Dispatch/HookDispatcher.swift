import CParraPlugin
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// Dispatches override points and extension points to the hooks of active modules.
///
/// Tables are rebuilt when the set of active modules changes; the host keeps one `PointTable`
/// per point with hooks, so a call costs a dictionary lookup plus one prepared `ffi_call` per
/// hook (or, holding the table, just the calls).
package final class HookDispatcher {
    private var tables: [String: PointTable] = [:]
    private var points: [String: OverridePoint] = [:]
    /// The points hooked by modules that wait to be started (ABI 1.8): dispatching one calls
    /// `wake` with its id first, which starts them and rebuilds the tables.
    var sleepingPoints: Set<String> = []
    /// Starts the modules that wait and hook a point about to be dispatched.
    var wake: ((String) -> Void)?

    init() {}

    /// The point with `id`, if known.
    package func point(for id: String) -> OverridePoint? { points[id] }

    /// The table for `pointID`, or nil when no active module hooks it.
    package func table(for pointID: String) -> PointTable? { tables[pointID] }

    /// The table for `pointID` about to be dispatched: the modules that wait and hook it are
    /// started first. Nil when no active module hooks it.
    func tableStartingWaiters(for pointID: String) -> PointTable? {
        if !sleepingPoints.isEmpty, sleepingPoints.contains(pointID) { wake?(pointID) }
        return tables[pointID]
    }

    /// The modules hooked at `pointID`, in call order.
    package func moduleIDs(at pointID: String) -> [String] { tables[pointID]?.moduleIDs ?? [] }

    /// Calls the hooks at `point` with `arguments` (every argument after the module data, as
    /// the signature lists them) and returns the combined result. With no hooks the result is
    /// the rule's identity (`all`: true).
    package func call(_ point: OverridePoint, _ arguments: HookArgument...) throws(HookCallError) -> HookResult {
        try call(pointID: point.id, arguments)
    }

    /// As `call(_:_:)`, by point id; the point must be known.
    package func call(pointID: String, _ arguments: [HookArgument]) throws(HookCallError) -> HookResult {
        guard let point = points[pointID] else { throw HookCallError("unknown point '\(pointID)'") }
        let types = point.signature.argumentTypes.dropFirst()
        guard types.count == arguments.count else {
            throw HookCallError("'\(pointID)' takes \(types.count) arguments, got \(arguments.count)")
        }
        for (argument, type) in zip(arguments, types) where !argument.fits(type) {
            throw HookCallError("'\(pointID)': \(argument) does not fit \(type.rawValue)")
        }
        guard let table = tableStartingWaiters(for: pointID) else {
            return HookResult(raw: point.combine.identity)
        }
        return HookResult(raw: Self.withMarshalled(arguments, types: Array(types)) { table.invoke($0) })
    }

    /// Replaces the tables with `hooks` (already prepared) and the points, by id, they may use.
    func rebuild(points: [String: OverridePoint], hooks: [String: [PreparedHook]]) {
        self.points = points
        tables = [:]
        for (pointID, prepared) in hooks where !prepared.isEmpty {
            if let point = self.points[pointID] {
                tables[pointID] = PointTable(point: point, hooks: prepared)
            }
        }
    }

    /// Lays out `arguments` as libffi wants them: slot 0 for the module data, then one pointer
    /// per value, every value in 8-byte storage that lives for the call.
    static func withMarshalled(
        _ arguments: [HookArgument], types: [HookSignature.ValueType],
        _ body: (UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> UInt64
    ) -> UInt64 {
        let slots = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: arguments.count + 1)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: max(1, arguments.count) * 8, alignment: 8)
        var copies: [UnsafeMutablePointer<CChar>] = []
        defer {
            for copy in copies { free(copy) }
            storage.deallocate()
            slots.deallocate()
        }
        slots[0] = nil
        for (position, (argument, type)) in zip(arguments, types).enumerated() {
            let cell = storage + position * 8
            switch argument {
            case .string(let text):
                let copy = strdup(text)!
                copies.append(copy)
                cell.storeBytes(of: UnsafePointer(copy), as: UnsafePointer<CChar>.self)
            case .pointer(let pointer): cell.storeBytes(of: pointer, as: UnsafeRawPointer?.self)
            case .double(let value): cell.storeBytes(of: value, as: Double.self)
            case .bool(let value): cell.storeBytes(of: value, as: Bool.self)
            case .integer(let value):
                switch type {
                case .i32: cell.storeBytes(of: Int32(truncatingIfNeeded: value), as: Int32.self)
                case .u32: cell.storeBytes(of: UInt32(truncatingIfNeeded: value), as: UInt32.self)
                default: cell.storeBytes(of: value, as: Int64.self)
                }
            }
            slots[position + 1] = cell
        }
        return body(slots)
    }
}

/// The combined result of a dispatch.
package struct HookResult: Sendable, Hashable {
    /// Raw bits: bool 0 or 1, integers zero-extended.
    package let raw: UInt64

    /// A result of `raw` bits.
    package init(raw: UInt64) { self.raw = raw }

    /// As a bool (`all` and `any` points).
    package var bool: Bool { raw != 0 }
    /// As a 32-bit unsigned integer (`union` points returning u32).
    package var uint32: UInt32 { UInt32(truncatingIfNeeded: raw) }
}

/// A dispatch the host asked for that does not fit the point.
package struct HookCallError: Error, CustomStringConvertible {
    /// What is wrong.
    package let description: String

    init(_ description: String) { self.description = description }
}
