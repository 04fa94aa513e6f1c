#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment variables, read from `environ`.
///
/// What the runtime reads where `ProcessInfo.processInfo.environment` would do: that builds its
/// dictionary through Foundation's string bridging, about a tenth of a millisecond for a few
/// dozen variables, and a launch asked for it half a dozen times before its first frame.
/// Like `getenv`, it must not race a `setenv` on another thread.
package enum ProcessEnvironment {
    /// Every variable, by name; the first of two with the same name, as `getenv` finds.
    package static var current: [String: String] { variables(from: environ) }

    /// The variables in `entries`, a list of `NAME=value` C strings ended by NULL, as `environ`
    /// is; an entry without `=` is left out.
    static func variables(from entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        var variables: [String: String] = [:]
        guard var entry = entries else { return variables }
        while let pointer = entry.pointee {
            let text = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
            let length = strlen(pointer)
            if let equals = memchr(pointer, Int32(UInt8(ascii: "=")), length) {
                let nameLength = UnsafeRawPointer(equals) - UnsafeRawPointer(pointer)
                let name = String(decoding: UnsafeBufferPointer(start: text, count: nameLength), as: UTF8.self)
                if variables[name] == nil {
                    let value = UnsafeBufferPointer(start: text + nameLength + 1, count: length - nameLength - 1)
                    variables[name] = String(decoding: value, as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }
}
