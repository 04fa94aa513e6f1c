/// A configuration field that remembers whether the app set it, in an initializer argument or
/// by assignment, so that only what the app chose is passed on as a code option: a value the
/// app set wins over the config file even when it equals the default, and a value it left out
/// leaves the key to the config file and the module's own default. Equality and hashing see
/// only the value. They are conditional conformances, not a constraint on `Value`: a
/// constraint is looked up in every loaded library when the type is first made at run time.
struct ExplicitOption<Value: Sendable>: Sendable {
    /// Whether the app set the value.
    private(set) var isSet: Bool
    /// The value; setting it marks it set.
    var value: Value {
        didSet { isSet = true }
    }

    /// `given` when the app passed it, else `defaultValue` (not set).
    init(_ given: Value?, default defaultValue: Value) {
        isSet = given != nil
        value = given ?? defaultValue
    }
}

extension ExplicitOption: Equatable where Value: Equatable {
    static func == (lhs: ExplicitOption, rhs: ExplicitOption) -> Bool { lhs.value == rhs.value }
}

extension ExplicitOption: Hashable where Value: Hashable {
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
