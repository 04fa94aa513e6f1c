#if canImport(Glibc)
    import Glibc
#endif

/// Hands `dlopen` the file a trust check passed, and no other: the file is opened once and the
/// descriptor checked (the file the path check saw, its owner and mode under ``FileTrust``'s
/// rule), and right before `dlopen` the path must still name that file; a file swapped in after
/// the check is refused. What remains is the instant between that last look and `dlopen`'s own
/// open, and past the rule only the user and root may write the file's folders to swap it.
///
/// Not `dlopen("/proc/self/fd/N")`, which would load the descriptor itself: the loader then
/// names the object `/proc/self/fd/N`, so its `$ORIGIN` (how a bundled module finds the Swift
/// runtime beside it) and `dladdr` (how a module finds the files beside it) point at
/// `/proc/self/fd`. Nor a look at `/proc/self/maps` after the load: reading it cost each module
/// about 120 µs of start-up, and the module's constructors would have run by then anyway.
package enum CheckedLoad {
    /// Why a file is not loaded.
    package struct Refusal: Error, CustomStringConvertible {
        package let description: String

        /// A refusal saying `description`.
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

        /// The file with inode `inode` on device `device`.
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

    /// Says that the checked file was replaced by `found` (nil: another file or none) `when`.
    private static func replaced(_ checked: Identity, by found: Identity?, _ when: String) -> String {
        let now = found.map { "device \($0.device), inode \($0.inode)" } ?? "another file, or none"
        return
            "the file was replaced after its check (device \(checked.device), inode \(checked.inode), now \(now)) \(when)"
    }
}
