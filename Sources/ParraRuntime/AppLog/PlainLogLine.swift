/// The line the host prints for an app log when no logger module is installed:
/// `2024-02-24T20:47:51.530Z INFO [ContentView:body:42] message {"extra":1}`.
enum PlainLogLine {
    static func format(_ entry: LogRouter.Entry) -> String {
        var parts = [
            ISO8601Timestamp.string(entry.timestamp, fractionalSeconds: true), entry.level.name, "[\(callSite(entry))]",
            entry.message,
        ]
        if !entry.extraJSON.isEmpty { parts.append(entry.extraJSON) }
        var line = String(joining: parts, separator: " ")
        if !entry.callStack.isEmpty { line += "\n" + entry.callStack }
        return line
    }

    private static func callSite(_ entry: LogRouter.Entry) -> String {
        let file = "\(entry.fileID)".split(separator: "/").last.map(String.init) ?? ""
        let name = file.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? file
        let function = "\(entry.function)".split(separator: "(", maxSplits: 1).first.map(String.init) ?? ""
        return "\(name):\(function):\(entry.line)"
    }
}
