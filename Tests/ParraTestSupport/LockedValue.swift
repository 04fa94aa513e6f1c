import Foundation

/// A value a test shares with the threads it starts, read and written under a lock.
/// Sendable by hand: `stored` is only touched under `lock`.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    /// A box holding `value`.
    package init(_ value: Value) { stored = value }

    /// The value now.
    package var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
