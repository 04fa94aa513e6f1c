#if canImport(Glibc)
    import Glibc
#endif

/// Hands `dlopen` the very file a trust check passed, so that a file swapped in after the check
/// is never used: the file is opened once and the descriptor checked (the file the path check
/// saw, its owner and mode under ``FileTrust``'s rule); right before `dlopen` the path must still
/// name that file, and right after, the object mapped must be it, or it is refused before any
/// of its code but its constructors has run.
///
/// Why not `dlopen("/proc/self/fd/N")`, which would load the descriptor itself: the loader then
/// names the object `/proc/self/fd/N`, so its `$ORIGIN` (how a bundled module finds the Swift
/// runtime beside it) and `dladdr` (how a module finds the files beside it) point at
/// `/proc/self/fd`. The check's rule already leaves the window to the user and root alone, the
/// only ones who may write the file's folders.
package enum CheckedLoad {
    /// Why a file is not loaded.
    package struct Refusal: Error, CustomStringConvertible {
        package let description: String

        init(_ description: String) { self.description = description }
    }

    /// A file as the check saw it: its device and inode.
    package struct Identity: Equatable, Sendable {
        package let device: UInt64
        package let inode: UInt64

        /// The identity `info` (from `stat`) describes.
        package init(_ info: stat) {
            self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        }

        package init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// Opens the file at `path` (resolved: no symbolic link in it) with `dlopen` (`flags`),
    /// given that a check passed it as `checked`; the handle, or why it is not loaded (dlopen's
    /// own error among them).
    package static func load(_ path: String, checked: Identity, flags: Int32) -> Result<
        UnsafeMutableRawPointer, Refusal
    > {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            return .failure(Refusal("it cannot be opened (\(String(cString: strerror(errno))))"))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(Refusal("it cannot be read (\(String(cString: strerror(errno))))"))
        }
        let opened = Identity(info)
        guard opened == checked else { return .failure(Refusal(replaced(checked, by: opened, "before it was opened"))) }
        if let problem = FileTrust.problem(with: info) { return .failure(Refusal("it is \(problem)")) }
        var now = stat()
        guard stat(path, &now) == 0, Identity(now) == checked else {
            return .failure(Refusal(replaced(checked, by: nil, "before it was loaded")))
        }
        guard let handle = dlopen(path, flags) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown error"
            let reason = message.hasPrefix(path + ": ") ? String(message.dropFirst(path.count + 2)) : message
            return .failure(Refusal("dlopen failed: \(reason)"))
        }
        if let mapped = mappedIdentity(of: handle), mapped != checked {
            return .failure(Refusal(replaced(checked, by: mapped, "as it was loaded; it is not used")))
        }
        return .success(handle)
    }

    /// Loads the library at `path`, which a module or the host opens itself, after the whole
    /// check of ``FileTrust/libraryProblem(_:)``.
    package static func loadLibrary(_ path: String, flags: Int32 = RTLD_NOW | RTLD_LOCAL) -> Result<
        UnsafeMutableRawPointer, Refusal
    > {
        var info = stat()
        guard stat(path, &info) == 0 else {
            return .failure(Refusal("it cannot be read (\(String(cString: strerror(errno))))"))
        }
        if let problem = FileTrust.libraryProblem(path) { return .failure(Refusal(problem)) }
        guard let resolved = realpath(path, nil) else {
            return .failure(Refusal("its path cannot be resolved (\(String(cString: strerror(errno))))"))
        }
        defer { free(resolved) }
        return load(String(cString: resolved), checked: Identity(info), flags: flags)
    }

    private static func replaced(_ checked: Identity, by found: Identity?, _ when: String) -> String {
        let now = found.map { "device \($0.device), inode \($0.inode)" } ?? "another file, or none"
        return
            "the file was replaced after its check (device \(checked.device), inode \(checked.inode), now \(now)) \(when)"
    }

    /// The device and inode of the file the loaded object `handle` is mapped from, read from
    /// `/proc/self/maps` at its base; nil when that cannot be read.
    package static func mappedIdentity(of handle: UnsafeMutableRawPointer) -> Identity? {
        var map: UnsafeMutablePointer<link_map>?
        guard let dlinfo = Self.dlinfo, dlinfo(handle, Self.linkMapRequest, &map) == 0, let base = map?.pointee.l_addr
        else { return nil }
        let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let prefix = Array(String(UInt(base), radix: 16).utf8) + [UInt8(ascii: "-")]
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += chunk[..<count]
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[..<newline]
                defer { pending.removeSubrange(...newline) }
                guard line.starts(with: prefix) else { continue }
                return identity(inMapsLine: Array(line))
            }
        }
        return nil
    }

    /// The device (`major:minor`, hexadecimal) and inode of one `/proc/self/maps` line.
    private static func identity(inMapsLine line: [UInt8]) -> Identity? {
        let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
        guard fields.count >= 5 else { return nil }
        let numbers = fields[3].split(separator: UInt8(ascii: ":"))
        guard numbers.count == 2, let major = UInt32(String(decoding: numbers[0], as: UTF8.self), radix: 16),
            let minor = UInt32(String(decoding: numbers[1], as: UTF8.self), radix: 16),
            let inode = UInt64(String(decoding: fields[4], as: UTF8.self))
        else { return nil }
        // glibc's makedev(3): the minor's low byte and the major's low 12 bits at the bottom.
        let (high, low) = (UInt64(major), UInt64(minor))
        let device = (high & 0xfff) << 8 | (high & 0xffff_f000) << 32 | (low & 0xff) | (low & 0xffff_ff00) << 12
        return Identity(device: device, inode: inode)
    }

    /// glibc's dlinfo(3), which Swift's Glibc module does not declare (it needs _GNU_SOURCE).
    private static let dlinfo: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32)? =
        dlsym(nil, "dlinfo").map {
            unsafeBitCast(
                $0, to: (@convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Int32).self)
        }
    /// RTLD_DI_LINKMAP: dlinfo's request for the object's `link_map`.
    private static let linkMapRequest: Int32 = 2
}
