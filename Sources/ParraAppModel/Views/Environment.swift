/// A value a view reads from its environment, SwiftUI's way: a key type with a default.
public protocol EnvironmentKey {
    /// The value's type.
    associatedtype Value
    /// The value when nothing in the environment sets one.
    static var defaultValue: Value { get }
}

/// The values views read with `@Environment`, by key. On Linux no view sets them: each read
/// is the key's default, which for Parra's own keys (such as `\.parra`) follows the app
/// running on the reading thread.
public struct EnvironmentValues {
    /// The environment views read.
    public init() {}

    /// The value for `key`: its default.
    public subscript<Key: EnvironmentKey>(key: Key.Type) -> Key.Value {
        Key.defaultValue
    }
}

/// Reads a value from the environment, as SwiftUI's `@Environment(\.keyPath)` does.
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The current value.
    public var wrappedValue: Value { EnvironmentValues()[keyPath: keyPath] }
}
