import FoundationEssentials

/// Reads the full symbol table (`.symtab`) of a 64-bit little-endian ELF file, which holds
/// symbols the dynamic table does not export, to tell a module author why `dlsym` found no
/// entry symbol: it is there, but hidden.
enum ELFSymbolTable {
    /// Whether the ELF file at `path` defines a symbol named `name` in its `.symtab`; false for
    /// anything unreadable, stripped or not 64-bit little-endian ELF.
    static func defines(_ name: String, inFileAt path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 64,
            data.prefix(4) == Data([0x7F, 0x45, 0x4C, 0x46]), data[4] == 2, data[5] == 1
        else { return false }
        return data.withUnsafeBytes { bytes in
            func integer<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T? {
                guard offset >= 0, offset + MemoryLayout<T>.size <= bytes.count else { return nil }
                return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            // Every offset is checked against the file size before use, so a hostile header can
            // neither trap a conversion nor overflow the arithmetic below.
            guard let sectionsAt = integer(0x28, UInt64.self).flatMap({ Int(exactly: $0) }),
                sectionsAt < bytes.count,
                let headerSize = integer(0x3A, UInt16.self).map(Int.init), headerSize >= 64,
                let count = integer(0x3C, UInt16.self).map(Int.init)
            else { return false }
            func section(_ index: Int) -> (type: UInt32, offset: Int, size: Int, link: Int, entrySize: Int)? {
                guard index < count else { return nil }
                let at = sectionsAt + index * headerSize
                guard let type = integer(at + 4, UInt32.self), let offset = integer(at + 0x18, UInt64.self),
                    let size = integer(at + 0x20, UInt64.self), let link = integer(at + 0x28, UInt32.self),
                    let entrySize = integer(at + 0x38, UInt64.self), offset < UInt64(bytes.count),
                    size <= UInt64(bytes.count) - offset, entrySize <= UInt64(bytes.count)
                else { return nil }
                return (type, Int(offset), Int(size), Int(link), Int(entrySize))
            }
            let wanted = Array(name.utf8)
            // An ELF file has at most one SHT_SYMTAB; the search ends with the first one found.
            for index in 0..<count {
                guard let table = section(index), table.type == 2 else { continue }
                guard table.entrySize >= 24, let strings = section(table.link) else { return false }
                for entry in stride(from: table.offset, to: table.offset + table.size - 23, by: table.entrySize) {
                    guard let nameAt = integer(entry, UInt32.self).map(Int.init),
                        let sectionIndex = integer(entry + 6, UInt16.self), sectionIndex != 0,
                        nameAt < strings.size
                    else { continue }
                    let start = strings.offset + nameAt
                    let end = start + wanted.count
                    guard end < strings.offset + strings.size, bytes[end] == 0 else { continue }
                    if bytes[start..<end].elementsEqual(wanted) { return true }
                }
                return false
            }
            return false
        }
    }
}
