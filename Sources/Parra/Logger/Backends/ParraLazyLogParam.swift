/// A log's message: text, or an error whose description is the message.
public enum ParraLazyLogParam {
    /// A message given as text.
    case string(String)
    /// A call that passed only an error (`logger.error(error)`); the closure returns it.
    case error(() -> Error)

    /// The message's text and, for an error, its details as extras (`type`).
    public func produceLog() -> (String, [String: Any]?) {
        switch self {
        case .string(let message):
            return (message, nil)
        case .error(let error):
            let error = error()
            return (String(describing: error), ["type": String(reflecting: type(of: error))])
        }
    }
}
