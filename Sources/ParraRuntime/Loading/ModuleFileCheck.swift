import FoundationEssentials
import ParraFileSystem

#if canImport(Glibc)
    import Glibc
#endif

/// Checks a candidate file before it is handed to `dlopen`, so that what `dlopen` would report
/// badly (or what it must never see) gets a clear reason: a missing or broken file, something
/// that is not a shared object for this machine, a truncated ELF, or a file that fails the
/// ownership rule of ``FileTrust``.
enum ModuleFileCheck {
    /// A file fit to open: its resolved path, and the file the check saw there, which is the
    /// one `CheckedLoad` lets `dlopen` map.
    struct Passed {
        let path: String
        /// The file's identity as the check saw it, which the registry knows it by.
        let stamp: ModuleRegistry.Stamp

        /// The file `CheckedLoad` must find at `path`.
        var identity: CheckedLoad.Identity { CheckedLoad.Identity(device: stamp.device, inode: stamp.inode) }
    }

    /// What one scan of the search path learns once and uses for every file in it.
    struct Scan {
        /// The folders ``FileTrust`` passed, from one file to the next.
        var trustedFolders = Set<String>()
        /// The folder of the last file that is no link, and its canonical path, as realpath(3)
        /// gave it: the files of one folder come one after another.
        var lastFolder: (folder: String, canonical: String)?
    }

    /// Returns the file fit to open, or the reason it is not. `scan` carries what the files
    /// checked before it found. `isKnown` is asked, once the ownership rule has passed, whether
    /// the file is one already read as it is now (the registry's); its ELF headers, which passed
    /// then, are not read again.
    static func check(
        _ path: String, listed: (folder: String, name: String)? = nil, scan: inout Scan,
        isKnown: (_ resolved: String, ModuleRegistry.Stamp) -> Bool = { _, _ in false }
    ) -> Result<Passed, ModuleRefusal> {
        // The path passed with `withCString`: as a `String` argument it would be copied into a
        // new array at each call, twice a module file.
        var linkInfo = stat()
        guard path.withCString({ lstat($0, &linkInfo) }) == 0 else {
            return refuse("not found")
        }
        // Only a symbolic link needs a second look, at what it points to.
        let isLink = linkInfo.st_mode & S_IFMT == S_IFLNK
        var info = linkInfo
        guard !isLink || path.withCString({ stat($0, &info) }) == 0 else {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            return refuse("broken symbolic link to '\(target)'")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            return refuse("is a directory, not a shared object")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            return refuse("not a regular file")
        }
        let inFolder = isLink ? nil : resolvedInFolder(path, listed: listed, scan: &scan)
        let folder = inFolder?.folder
        guard let resolved = inFolder?.path ?? canonicalPath(path) else {
            return refuse("cannot resolve its path (\(String(cString: strerror(errno))))")
        }
        if let problem = FileTrust.problem(
            path: path, resolved: resolved, resolvedFolder: folder, info: info,
            trustedFolders: &scan.trustedFolders)
        {
            return refuse(problem)
        }
        if info.st_size == 0 {
            return refuse("empty file")
        }
        let stamp = ModuleRegistry.Stamp(info)
        if !isKnown(resolved, stamp), let problem = elfProblem(path: resolved, size: UInt64(info.st_size)) {
            return refuse(problem)
        }
        return .success(Passed(path: resolved, stamp: stamp))
    }

    /// The canonical path of a file that is not a link itself, and of its folder: the folder's
    /// canonical path and the file's name, one realpath(3) (a system call per component) for
    /// each folder rather than each file. A file whose folder is canonical already is its own
    /// path, and nothing new is made for it.
    private static func resolvedInFolder(
        _ path: String, listed: (folder: String, name: String)?, scan: inout Scan
    ) -> (path: String, folder: String)? {
        let (folder, name) = listed ?? split(path)
        guard let canonical = canonicalFolder(folder, scan: &scan) else { return nil }
        // Of the same length, the path is the folder, a slash and the name.
        if canonical == folder && path.utf8.count == folder.utf8.count + 1 + name.utf8.count {
            return (path, canonical)
        }
        return (joinedPath(canonical, name), canonical)
    }

    /// A file path's folder and name, cut at its last slash (`.` for a name alone).
    private static func split(_ path: String) -> (folder: String, name: String) {
        let bytes = path.utf8
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let folder = slash == bytes.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[bytes.index(after: slash)...]))
    }

    /// The canonical path of `folder`, from `scan` when the file before was in it
    /// too, else from realpath(3): a hundred files in one folder cost one realpath (a system
    /// call per component of the path), not a hundred.
    private static func canonicalFolder(_ folder: String, scan: inout Scan) -> String? {
        if let last = scan.lastFolder, last.folder == folder { return last.canonical }
        guard let canonical = canonicalPath(folder) else { return nil }
        scan.lastFolder = (folder, canonical)
        return canonical
    }

    /// The absolute path of `path` with every symbolic link, `.` and `..` resolved; nil (errno
    /// set) when it cannot be resolved. realpath(3), not URL.resolvingSymlinksInPath: the same
    /// canonical path for a file that exists, without building URLs for each candidate.
    private static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func refuse(_ reason: String) -> Result<Passed, ModuleRefusal> {
        .failure(ModuleRefusal(phase: .open, reason: reason))
    }

    /// Reads the ELF header and says what is wrong with it for this process, if anything.
    private static func elfProblem(path: String, size: UInt64) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return "cannot be read (\(String(cString: strerror(errno))))"
        }
        defer { close(descriptor) }
        let header = read(descriptor, count: 64, at: 0)
        guard header.count >= 4, header[0] == 0x7F, header[1] == 0x45, header[2] == 0x4C, header[3] == 0x46 else {
            return "not a shared object (no ELF header)"
        }
        guard header.count >= 64 else {
            return "truncated ELF (\(size) bytes, shorter than its header)"
        }
        guard header[4] == 2, header[5] == 1 else {
            return "not a 64-bit little-endian ELF object, as this host is"
        }
        func read16(_ offset: Int) -> UInt64 { UInt64(header[offset]) | UInt64(header[offset + 1]) << 8 }
        func read64(_ offset: Int) -> UInt64 {
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(header[offset + $1]) << (8 * UInt64($1)) }
        }
        guard read16(16) == 3 else {
            return "not a shared object (ELF type \(read16(16)), expected ET_DYN)"
        }
        let machine = read16(18)
        if machine != hostMachine {
            return "built for ELF machine \(machine), this host is \(hostMachine)"
        }
        // Offsets come from the file, so they may be anything: an overflowing sum is past any end.
        let programHeadersEnd = read64(32).addingReportingOverflow(read16(54) * read16(56))
        let sectionHeadersEnd = read64(40).addingReportingOverflow(read16(58) * read16(60))
        if programHeadersEnd.overflow || sectionHeadersEnd.overflow {
            return "truncated ELF (its header tables lie beyond any file size)"
        }
        let needed = max(programHeadersEnd.partialValue, sectionHeadersEnd.partialValue)
        if needed > size {
            return "truncated ELF (its headers end at byte \(needed), the file has \(size))"
        }
        // dlopen maps every PT_LOAD segment's file range; touching a page past the end of the
        // file is SIGBUS, so a segment that does not fit is a truncated file.
        let programHeadersOffset = read64(32)
        let phentsize = read16(54)
        let phnum = read16(56)
        if phnum > 0 {
            guard phentsize >= 56 else { return "ELF program header size \(phentsize) is smaller than 56" }
            let table = read(descriptor, count: Int(phentsize * phnum), at: programHeadersOffset)
            guard table.count == Int(phentsize * phnum) else {
                return "truncated ELF (cannot read its program headers)"
            }
            func field(_ base: Int, _ offset: Int, _ width: Int) -> UInt64 {
                (0..<width).reduce(UInt64(0)) { $0 | UInt64(table[base + offset + $1]) << (8 * UInt64($1)) }
            }
            for index in 0..<Int(phnum) {
                let base = index * Int(phentsize)
                guard field(base, 0, 4) == 1 else { continue }  // PT_LOAD
                let (end, overflow) = field(base, 8, 8).addingReportingOverflow(field(base, 32, 8))
                if overflow || end > size {
                    return
                        "truncated ELF (segment \(index) ends at byte \(overflow ? UInt64.max : end), the file has \(size))"
                }
            }
        }
        return nil
    }

    /// Up to `count` bytes of the file from `offset`: fewer at its end or on an error. With
    /// pread(2) rather than FileHandle and Data, which cost each candidate's check Foundation's
    /// first-use overhead at start-up.
    private static func read(_ descriptor: Int32, count: Int, at offset: UInt64) -> [UInt8] {
        guard offset <= UInt64(Int64.max) - UInt64(count) else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset) + off_t(done))
            }
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            done += got
        }
        bytes.removeLast(count - done)
        return bytes
    }

    #if arch(x86_64)
        private static let hostMachine: UInt64 = 62
    #elseif arch(arm64)
        private static let hostMachine: UInt64 = 183
    #else
        private static let hostMachine: UInt64 = 0
    #endif
}
