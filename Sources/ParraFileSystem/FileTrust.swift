#if canImport(Glibc)
    import Glibc
#endif

/// The ownership rule a module file must pass before the host opens it, after OpenSSH's
/// StrictModes: a module runs with the app's rights, so nobody but the app's user (or root) may
/// be able to write the file or replace it. The file and every folder above it, up to `/`, on
/// both the path as given and the path its links resolve to, must be owned by this user or
/// root and not writable by group or others; a folder others may write is accepted only with
/// the sticky bit (as `/tmp`), where nobody can replace a file they do not own. Every symbolic
/// link met on the way from the path to the file must be owned by this user or root too, and so
/// must the folders it lies in: a link owned by someone else (planted in a sticky folder, say)
/// could be pointed at another file between the check and `dlopen`.
package enum FileTrust {
    /// Why the file at `path` (resolving to `resolved`, in `resolvedFolder` when the caller
    /// knows it, described by `info`) is not to be trusted, or nil when it is. Folders in
    /// `trustedFolders` passed earlier in the same load, with every folder above them, and are
    /// not checked again; those of a file that passes now are added (only then: a folder in the
    /// set vouches for the whole way up to `/`).
    package static func problem(
        path: String, resolved: String, resolvedFolder: String? = nil, info: stat, trustedFolders: inout Set<String>
    ) -> String? {
        if let problem = problem(with: info, isFolder: false) {
            return problem
        }
        let given = absolute(path)
        // A path that is its own resolution holds no link: nothing to walk, and a folder that
        // passed before (the one of the modules before it, say) vouches for all above it.
        let links = given == resolved ? [] : links(resolving: given)
        if links.isEmpty, let parent = resolvedFolder ?? folders(above: resolved, limit: 1).first,
            trustedFolders.contains(parent)
        {
            return nil
        }
        let resolvedFolders = folders(above: resolved)
        let user = geteuid()
        for (link, linkInfo) in links where linkInfo.st_uid != user && linkInfo.st_uid != 0 {
            return
                "the symbolic link \(link) on its path is owned by uid \(linkInfo.st_uid), neither this user (uid \(user)) nor root; its owner could point it at another file"
        }
        var passed: [String] = []
        let linkFolders = links.flatMap { folders(above: $0.path) }
        let walk = links.isEmpty ? resolvedFolders : folders(above: given) + resolvedFolders + linkFolders
        for (index, folder) in walk.enumerated() where !passed.contains(folder) && !trustedFolders.contains(folder) {
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0 else {
                return "its folder \(folder) cannot be checked (\(String(cString: strerror(errno))))"
            }
            if let problem = problem(with: folderInfo, isFolder: true) {
                let name =
                    index == 0 || folder == resolvedFolders.first
                    ? "its folder \(folder)" : "the folder \(folder) above it"
                return "\(name) is \(problem)"
            }
            passed.append(folder)
        }
        trustedFolders.formUnion(passed)
        return nil
    }

    /// The symbolic links met resolving the absolute `path` as the kernel does, in order, with
    /// what `lstat` says of each: those in the path itself and those in the links' targets. The
    /// walk stops where a component is missing, and after 40 links (the kernel's limit).
    package static func links(resolving path: String) -> [(path: String, info: stat)] {
        var found: [(path: String, info: stat)] = []
        var resolved = ""
        var pending = path.split(separator: "/").map(String.init)
        while !pending.isEmpty, found.count <= 40 {
            let name = pending.removeFirst()
            if name == "." { continue }
            if name == ".." {
                resolved = folders(above: resolved.isEmpty ? "/" : resolved).first.map { $0 == "/" ? "" : $0 } ?? ""
                continue
            }
            let candidate = resolved + "/" + name
            var info = stat()
            guard lstat(candidate, &info) == 0 else { break }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                resolved = candidate
                continue
            }
            found.append((candidate, info))
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(candidate, &target, target.count - 1)
            guard length > 0 else { break }
            let text = String(decoding: target[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("/") { resolved = "" }
            pending = text.split(separator: "/").map(String.init) + pending
        }
        return found
    }

    /// What is wrong with the owner or mode in `info` (a file's, or a folder's), or nil.
    package static func problem(with info: stat, isFolder: Bool = false) -> String? {
        let user = geteuid()
        if info.st_uid != user && info.st_uid != 0 {
            return
                "owned by uid \(info.st_uid), neither this user (uid \(user)) nor root; a module runs with the app's rights"
        }
        let othersMayWrite = info.st_mode & (S_IWGRP | S_IWOTH) != 0
        if othersMayWrite && !(isFolder && info.st_mode & S_ISVTX != 0) {
            let mode = String(info.st_mode & 0o7777, radix: 8)
            return "writable by others than its owner (mode \(mode)); a module runs with the app's rights"
        }
        return nil
    }

    /// Every folder above `path`, nearest first, ending with `/`; the nearest `limit` of them
    /// when a limit is given.
    /// Cut at its slash bytes, as the kernel reads a path: bridging to NSString for each step,
    /// or walking it by `Character`, cost every module file checked at start-up tens of
    /// microseconds.
    package static func folders(above path: String, limit: Int = .max) -> [String] {
        let slash = UInt8(ascii: "/")
        let bytes = Array(path.utf8)
        var folders: [String] = []
        var end = bytes.count
        while folders.count < limit {
            while end > 1, bytes[end - 1] == slash { end -= 1 }
            guard let cut = bytes[..<end].lastIndex(of: slash) else { break }
            var parentEnd = cut
            while parentEnd > 1, bytes[parentEnd - 1] == slash { parentEnd -= 1 }
            guard parentEnd > 0, bytes[..<parentEnd] != [slash] else {
                folders.append("/")
                break
            }
            folders.append(String(decoding: bytes[..<parentEnd], as: UTF8.self))
            end = parentEnd
        }
        return folders
    }

    /// Why the library at `path`, which a module or the host opens itself with `dlopen`, is not
    /// to be trusted (the rule above), or nil when it is: the libraries beside a module or the
    /// executable run with the app's rights as the module does.
    package static func libraryProblem(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return "it cannot be read (\(String(cString: strerror(errno))))" }
        guard info.st_mode & S_IFMT == S_IFREG else { return "it is not a regular file" }
        guard let resolved = realpath(path, nil) else {
            return "its path cannot be resolved (\(String(cString: strerror(errno))))"
        }
        defer { free(resolved) }
        var trusted = Set<String>()
        return problem(path: path, resolved: String(cString: resolved), info: info, trustedFolders: &trusted)
    }

    /// `path` made absolute against the working folder, without resolving links.
    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let folder = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return joinedPath(String(decoding: folder, as: UTF8.self), path)
    }
}
