/// Lays out label/value rows as two aligned columns, as help and the text reports print them.
enum AlignedColumns {
    /// One line per row: `indent` spaces, the label padded to the widest label, two spaces, the
    /// value. A row whose value is empty is just its label.
    static func lines(_ rows: [(label: String, value: String)], indent: Int = 2) -> [String] {
        let width = rows.map(\.label.count).max() ?? 0
        let margin = String(repeating: " ", count: indent)
        return rows.map { row in
            guard !row.value.isEmpty else { return margin + row.label }
            let padding = String(repeating: " ", count: width - row.label.count)
            return margin + row.label + padding + "  " + row.value
        }
    }
}
