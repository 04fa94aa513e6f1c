#if canImport(Glibc)
    import Glibc
#endif

extension String {
    /// `arguments` written by the C library's `printf` rules (`"%g"`, `"%.3f"`, `"%03d"`), the
    /// texts messages and wire formats use, as Foundation's `String(format:)` writes them.
    package init(cFormat format: String, _ arguments: any CVarArg...) {
        let text = withVaList(arguments) { list -> String in
            var buffer = [CChar](repeating: 0, count: 64)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else {
                return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            }
            return withVaList(arguments) { again in
                buffer = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&buffer, buffer.count, format, again)
                return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            }
        }
        self = text
    }
}
