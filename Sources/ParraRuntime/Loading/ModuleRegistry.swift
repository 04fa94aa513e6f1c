import CParraPlugin
import ParraFileSystem

#if canImport(Glibc)
    import Glibc
#endif

/// What the modules declared, kept between launches (GStreamer's registry model): one file in
/// the app's storage folder, entries by the module file's resolved path, each valid only while
/// the file's identity (`Stamp`) is unchanged. A launch that finds a module's file as recorded
/// resolves its options from here: a module that can wait has its file opened only when it is
/// first needed, and one that starts at launch has its descriptor read again only when the
/// descriptor's digest differs from the one recorded.
///
/// A registry that cannot be read (missing, damaged, written by another host) is set aside and
/// written anew; the modules are then read from their files, as without one. Each entry is
/// followed by its checksum, so an entry damaged in place is not believed either.
struct ModuleRegistry: Sendable {
    /// A module file's identity: what changes when it is rebuilt, replaced, re-owned or has its
    /// mode changed (the change time moves with any of them).
    struct Stamp: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: UInt64
        let modified: timespec
        let changed: timespec

        /// The identity `info` (from `stat`) describes.
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = UInt64(max(info.st_size, 0))
            modified = info.st_mtim
            changed = info.st_ctim
        }

        fileprivate init(_ reader: inout RegistryReader) throws(RegistryReader.Malformed) {
            device = try reader.readUInt64()
            inode = try reader.readUInt64()
            size = try reader.readUInt64()
            modified = try Self.readTime(&reader)
            changed = try Self.readTime(&reader)
        }

        fileprivate func write(to writer: inout RegistryWriter) {
            for value in [device, inode, size] { writer.write(value) }
            for time in [modified, changed] {
                writer.write(UInt64(bitPattern: Int64(time.tv_sec)))
                writer.write(UInt64(bitPattern: Int64(time.tv_nsec)))
            }
        }

        private static func readTime(_ reader: inout RegistryReader) throws(RegistryReader.Malformed) -> timespec {
            let seconds = Int64(bitPattern: try reader.readUInt64())
            let nanoseconds = Int64(bitPattern: try reader.readUInt64())
            return timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
        }

        static func == (lhs: Stamp, rhs: Stamp) -> Bool {
            lhs.device == rhs.device && lhs.inode == rhs.inode && lhs.size == rhs.size
                && lhs.modified.tv_sec == rhs.modified.tv_sec && lhs.modified.tv_nsec == rhs.modified.tv_nsec
                && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
        }
    }

    /// What the registry holds for a module file found as recorded: its declaration, and the
    /// digest of the descriptor that declaration was read from (`DescriptorReader.fingerprint`).
    struct Recorded: Sendable {
        let declaration: ModuleDeclaration
        let digest: UInt64
    }

    /// One module file as it was last read: its declaration's bytes as the file keeps them,
    /// decoded only when a launch finds the file as recorded (a class: its decoding and its
    /// bytes are made once).
    /// Sendable by hand: its `var`s change on the main thread during the launch, before the
    /// registry is handed to the queue that saves it; a save only reads them, and makes
    /// `bytes` for an entry recorded this launch, on that queue.
    private final class Entry: @unchecked Sendable {
        let stamp: Stamp
        let digest: UInt64
        /// Whether this launch found its file as recorded, or recorded it: what the saved
        /// registry keeps.
        var isSeen = false
        private var written: [UInt8]?
        private var decoded: ModuleDeclaration?

        /// An entry recorded this launch.
        init(recording declaration: ModuleDeclaration, stamp: Stamp, digest: UInt64) {
            self.stamp = stamp
            self.digest = digest
            decoded = declaration
        }

        /// An entry read from the file.
        init(reading bytes: [UInt8], stamp: Stamp, digest: UInt64) {
            self.stamp = stamp
            self.digest = digest
            written = bytes
        }

        /// The declaration's `registryBytes`: as read from the file, or made when first saved.
        var bytes: [UInt8] {
            if let written { return written }
            let made = decoded!.registryBytes
            written = made
            return made
        }

        /// The declaration, decoded from the file's bytes when first asked for.
        func declaration() throws(RegistryReader.Malformed) -> ModuleDeclaration {
            if let decoded { return decoded }
            var failure = RegistryReader.Malformed(description: "it cannot be decoded")
            let declaration = bytes.withUnsafeBytes { bytes -> ModuleDeclaration? in
                do throws(RegistryReader.Malformed) {
                    return try ModuleDeclaration(registryBytes: bytes)
                } catch {
                    failure = error
                    return nil
                }
            }
            guard let declaration else { throw failure }
            decoded = declaration
            return declaration
        }
    }

    /// The file's first bytes: a name, then the format's version, the ABI of the host that wrote
    /// it and the identity of its executable. A registry another host wrote (another ABI, or
    /// another build, whose rules may refuse or read a module otherwise) is set aside quietly,
    /// and the modules are read from their files.
    private static let magic = Array("parra-module-registry\n".utf8)
    private static let formatVersion: UInt32 = 4
    /// The running executable's identity, into which the host is built; nil when it cannot be
    /// read.
    private static let host: Stamp? = {
        var info = stat()
        return stat("/proc/self/exe", &info) == 0 ? Stamp(info) : nil
    }()

    /// Where it is kept; nil keeps nothing (a run that starts no module: validation).
    let path: String?

    /// Whether it is kept: the run is an app's, whose modules may wait.
    var isKept: Bool { path != nil }
    private var entries: [String: Entry] = [:]
    /// Whether the saved registry would differ from the file.
    private var isChanged = false

    /// An empty registry kept at `path`.
    init(path: String?) { self.path = path }

    /// The registry at `path`, and what was wrong with the file when it could not be used.
    static func load(from path: String) -> (registry: ModuleRegistry, problem: String?) {
        var registry = ModuleRegistry(path: path)
        let bytes: [UInt8]
        do {
            guard let found = try FileContents.readIfPresent(path) else { return (registry, nil) }
            bytes = found
        } catch {
            registry.isChanged = true
            return (
                registry, "the module registry \(path) cannot be read (\(error)); the modules are read from their files"
            )
        }
        do {
            guard let entries = try entries(in: bytes) else {
                registry.isChanged = true
                return (registry, nil)
            }
            registry.entries = entries
        } catch {
            registry.isChanged = true
            return (
                registry,
                "the module registry \(path) is damaged (\(error)); the modules are read from their files and it is written anew"
            )
        }
        return (registry, nil)
    }

    /// The entries a registry file's `bytes` hold; nil when another host wrote it.
    private static func entries(in bytes: [UInt8]) throws(RegistryReader.Malformed) -> [String: Entry]? {
        guard bytes.starts(with: magic) else { throw RegistryReader.Malformed(description: "not a module registry") }
        var failure: RegistryReader.Malformed?
        let found = bytes.withUnsafeBytes { raw -> [String: Entry]? in
            do throws(RegistryReader.Malformed) {
                return try entries(inFile: raw)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        return found
    }

    /// The entries `bytes` (a whole registry file) hold; nil when another host wrote them.
    private static func entries(inFile bytes: UnsafeRawBufferPointer) throws(RegistryReader.Malformed) -> [String:
        Entry]?
    {
        var reader = RegistryReader(bytes, from: magic.count)
        let version = try reader.readUInt32()
        guard version == formatVersion else { return nil }
        let major = try reader.readUInt32()
        let minor = try reader.readUInt32()
        let writer = try reader.readBool() ? try Stamp(&reader) : nil
        guard major == PARRA_ABI_VERSION_MAJOR, minor == PARRA_ABI_VERSION_MINOR, writer == host else { return nil }
        let count = try reader.readUInt32()
        var entries: [String: Entry] = [:]
        entries.reserveCapacity(Int(min(count, 65536)))
        for _ in 0..<count {
            let start = reader.position
            let path = try reader.readString()
            let stamp = try Stamp(&reader)
            let digest = try reader.readUInt64()
            let bytes = try reader.readBlock()
            var written = StableHash()
            written.add(reader.bytesRead(since: start))
            guard try reader.readUInt64() == written.value else {
                throw RegistryReader.Malformed(description: "the entry for \(path): its checksum does not match")
            }
            entries[path] = Entry(reading: Array(bytes), stamp: stamp, digest: digest)
        }
        guard reader.isAtEnd else { throw RegistryReader.Malformed(description: "bytes follow the last entry") }
        return entries
    }

    /// What was recorded for the file at `path` (resolved) with `stamp`; nil when nothing was,
    /// or when the entry cannot be decoded, which `problem` then says (the file is read, and the
    /// entry written anew).
    mutating func entry(for path: String, stamp: Stamp) -> (recorded: Recorded?, problem: String?) {
        guard let entry = entries[path] else { return (nil, nil) }
        guard entry.stamp == stamp else {
            isChanged = true
            return (nil, nil)
        }
        do {
            let recorded = Recorded(declaration: try entry.declaration(), digest: entry.digest)
            entry.isSeen = true
            return (recorded, nil)
        } catch {
            entries[path] = nil
            isChanged = true
            return (
                nil,
                "the module registry's entry for \(path) is damaged (\(error)); the module is read from its file and the entry written anew"
            )
        }
    }

    /// Records what the module file at `path` declares, as it is now, read from a descriptor
    /// whose digest is `digest`. (A file found as recorded, with the recorded digest, is not read
    /// again, so there is nothing to compare with here.)
    mutating func record(_ declaration: ModuleDeclaration, digest: UInt64, for path: String, stamp: Stamp) {
        let entry = Entry(recording: declaration, stamp: stamp, digest: digest)
        entry.isSeen = true
        entries[path] = entry
        isChanged = true
    }

    /// Forgets the file at `path` (its descriptor no longer matches what was recorded).
    mutating func forget(_ path: String) {
        if entries.removeValue(forKey: path) != nil { isChanged = true }
    }

    /// Whether `save` would write: the registry is kept, and what it would write differs from
    /// the file (an entry recorded or changed, or one whose file this launch did not see).
    var needsSaving: Bool { path != nil && (isChanged || entries.values.contains { !$0.isSeen }) }

    /// Writes the entries of the files seen this launch, when they differ from the file's;
    /// what went wrong, if anything.
    mutating func save() -> String? {
        guard let path, needsSaving else { return nil }
        let kept = entries.filter(\.value.isSeen).sorted { $0.key < $1.key }
        // The whole file in one buffer of about its size: each entry's declaration, and its path,
        // identity, digest and checksum.
        var writer = RegistryWriter(
            startingWith: Self.magic,
            capacity: Self.magic.count + 128 + kept.reduce(0) { $0 + $1.key.utf8.count + $1.value.bytes.count + 96 })
        writer.write(Self.formatVersion)
        writer.write(UInt32(PARRA_ABI_VERSION_MAJOR))
        writer.write(UInt32(PARRA_ABI_VERSION_MINOR))
        writer.write(Self.host != nil)
        Self.host?.write(to: &writer)
        writer.write(UInt32(kept.count))
        for (path, entry) in kept {
            // Each entry is followed by the checksum of its bytes.
            let start = writer.bytes.count
            writer.write(path)
            entry.stamp.write(to: &writer)
            writer.write(entry.digest)
            writer.write(entry.bytes)
            var written = StableHash()
            writer.bytes[start...].withUnsafeBytes { written.add($0) }
            writer.write(written.value)
        }
        do {
            try PrivateFolder.create(parentPath(of: path))
            try FileReplacement.replace(path, with: writer.bytes, mode: 0o600, durable: false)
        } catch {
            return
                "the module registry \(path) cannot be written (\(error)); the next launch reads the modules from their files"
        }
        isChanged = false
        return nil
    }
}
