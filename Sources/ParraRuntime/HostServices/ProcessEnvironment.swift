import Synchronization

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
    ///
    /// Read again only when `environ` changed: a launch asks half a dozen times, and each
    /// reading made every name and value a `String`. `setenv` and `unsetenv` replace entries
    /// (and may move the list), so the list of entry addresses tells; a string given to
    /// `putenv` and then changed in place is not seen until the list changes.
    package static var current: [String: String] {
        let entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard let entries else { return [:] }
        var addresses: [UInt] = []
        var entry = entries
        while let pointer = entry.pointee {
            addresses.append(UInt(bitPattern: pointer))
            entry += 1
        }
        return snapshot.withLock { kept in
            if let kept, kept.addresses == addresses { return kept.variables }
            let variables = variables(from: entries)
            kept = (addresses, variables)
            return variables
        }
    }

    /// The last reading, with the entry addresses it was read from.
    private static let snapshot = Mutex<(addresses: [UInt], variables: [String: String])?>(nil)

    /// The variables in `entries`, a list of `NAME=value` C strings ended by NULL, as `environ`
    /// is; an entry without `=` is left out.
    static func variables(from entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        var variables: [String: String] = [:]
        guard var entry = entries else { return variables }
        // Sized once for every entry, not grown (and rehashed) at each power of two.
        var count = 0
        while entry[count] != nil { count += 1 }
        variables.reserveCapacity(count)
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
