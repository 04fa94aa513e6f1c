import FoundationEssentials

/// What an app's option store resolved at its last launch, written beside its module storage
/// so that `parra config show --app BUNDLE_ID` can show the keys the app's configuration
/// produced and where each value came from.
package struct ResolvedOptionsRecord: AppRecordFile, Sendable {
    /// One key's value and its source.
    package struct Entry: Codable, Sendable, Hashable {
        /// The option key.
        package let key: String
        /// The value as compact JSON.
        package let value: String
        /// Where it came from, e.g. `code` or `config file /etc/parra.json`.
        package let source: String
        /// The module that owns the key.
        package let owner: String
    }

    /// Every key, sorted.
    package let options: [Entry]
    /// The problems found with the values the app supplied.
    package let problems: [String]

    /// The file name inside an app's storage folder.
    package static let fileName = "resolved-options.json"

    package var recordValue: JSONValue {
        .object([
            "options": .array(
                options.map {
                    .object([
                        "key": .string($0.key), "value": .string($0.value), "source": .string($0.source),
                        "owner": .string($0.owner),
                    ])
                }),
            "problems": .array(problems.map(JSONValue.string)),
        ])
    }

    /// The record of `store`.
    package init(_ store: OptionStore) {
        self.init(options: store.all, problems: store.problems)
    }

    /// The record of `options` and `problems`, as a store listed them (`all`, `problems`): a
    /// snapshot taken early can be written out later, its text made then.
    package init(options: [ResolvedOption], problems: [OptionProblem]) {
        self.options = options.map {
            Entry(key: $0.schema.key, value: $0.value.json, source: $0.source.description, owner: $0.schema.ownerID)
        }
        self.problems = problems.map(\.description)
    }

}
