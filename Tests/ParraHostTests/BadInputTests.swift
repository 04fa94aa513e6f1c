import CParraPlugin
import Foundation
import Parra
import ParraRuntime
import ParraTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The bad-input corpus: every kind of broken file or module the host must refuse (or load
/// with a warning), each loaded beside a healthy module that must come through untouched.
///
/// Every case checks: the bad file's record names its path, says `.refused` with the right
/// `LoadPhase` and a reason naming the rule; the healthy module is `.active`; the report has
/// one line per file; `start()` returns and `stop()` shuts the healthy module down.
/// The host's ABI version as the refusals print it.
private let hostABI = "\(PARRA_ABI_VERSION_MAJOR).\(PARRA_ABI_VERSION_MINOR)"

@Suite("Bad input corpus")
struct BadInputTests {
    // MARK: - The corpus

    /// How a case's file is made.
    enum Truncation: Sendable {
        /// Exactly this many bytes.
        case bytes(Int)
        /// This many bytes past the ELF header (`e_ehsize`).
        case pastELFHeader(Int)
        /// This many bytes past the end of the program header table.
        case pastProgramHeaders(Int)
    }

    enum Make: Sendable {
        /// A text file.
        case text
        /// A file of zero bytes.
        case empty
        /// A copy of a good fixture, cut short.
        case truncated(Truncation)
        /// A directory whose name ends in `.so`.
        case directory
        /// A symbolic link to a file that does not exist.
        case brokenSymlink
        /// The C fixture built with these extra defines.
        case fixture([String])
        /// A good fixture with mode 0666.
        case worldWritableFile
        /// A good fixture in a folder with mode 0777.
        case worldWritableFolder
    }

    enum Expectation: Sendable {
        /// Refused at this phase, with a reason containing every fragment.
        case refused(LoadPhase, [String])
        /// Loaded (and active) with a warning containing every fragment.
        case loadedWithWarning([String])
    }

    /// One entry of the corpus.
    struct BadInput: Sendable, CustomTestStringConvertible {
        /// Short and unique; also the fixture's key prefix and the last part of its id.
        let tag: String
        /// The file's name (tests that share a folder prefix it with the tag).
        let baseName: String
        let make: Make
        let expect: Expectation
        /// Whether the host reads the descriptor and keeps a `LoadedModule` for it.
        let hasModule: Bool
        /// What the module must have logged by the end, when it is a fixture.
        let moduleLog: [String]?

        init(
            _ tag: String, _ make: Make, _ expect: Expectation, baseName: String? = nil, hasModule: Bool = false,
            moduleLog: [String]? = nil
        ) {
            self.tag = tag
            self.baseName = baseName ?? "\(tag).so"
            self.make = make
            self.expect = expect
            self.hasModule = hasModule
            if moduleLog == nil, case .fixture = make {
                // A fixture refused before init runs no lifecycle code, so logs nothing.
                self.moduleLog = []
            } else {
                self.moduleLog = moduleLog
            }
        }

        /// The id its fixture declares (unless the case overrides FIXTURE_ID).
        var moduleID: String { "com.example.\(tag)" }

        var testDescription: String { tag }
    }

    /// What a fixture logs in a plain run (the healthy module's lifecycle).
    static let fullLifecycle = HealthyModule.lifecycleLog

    /// Every case that is one file (the pairs have tests of their own).
    static let singleFileCases: [BadInput] = [
        BadInput("text", .text, .refused(.open, ["not a shared object"]), baseName: "x.so"),
        BadInput("empty", .empty, .refused(.open, ["empty file"])),
        BadInput("truncshort", .truncated(.bytes(40)), .refused(.open, ["truncated ELF"])),
        BadInput("trunc200", .truncated(.bytes(200)), .refused(.open, ["truncated ELF"])),
        BadInput("truncheader", .truncated(.pastELFHeader(100)), .refused(.open, ["truncated ELF"])),
        BadInput("truncprogram", .truncated(.pastProgramHeaders(100)), .refused(.open, ["truncated ELF"])),
        BadInput("directory", .directory, .refused(.open, ["is a directory"]), baseName: "x.so"),
        BadInput("brokenlink", .brokenSymlink, .refused(.open, ["broken symbolic link", "missing-target.so"])),
        BadInput(
            "noentry", .fixture(["FIXTURE_NO_ENTRY"]), .refused(.entry, ["no entry symbol", "parra_module_entry"])),
        BadInput("entrynull", .fixture(["FIXTURE_ENTRY_NULL"]), .refused(.entry, ["entry symbol returned NULL"])),
        BadInput(
            "abimajor", .fixture(["FIXTURE_ABI_MAJOR=2"]),
            .refused(.validate, ["ABI 2.\(PARRA_ABI_VERSION_MINOR)", hostABI, "major versions differ"])),
        BadInput(
            "abiminor", .fixture(["FIXTURE_ABI_MINOR=\(PARRA_ABI_VERSION_MINOR + 1)"]),
            .refused(.validate, ["1.\(PARRA_ABI_VERSION_MINOR + 1)", hostABI, "newer than this host"])),
        BadInput(
            "smallstruct", .fixture(["FIXTURE_SMALL_STRUCT"]),
            .refused(.validate, ["struct_size 8", "smaller than the minimum"])),
        BadInput(
            "hugestruct", .fixture(["FIXTURE_HUGE_STRUCT"]),
            .refused(
                .validate, ["struct_size 4294967295", "is larger than ABI 1.\(PARRA_ABI_VERSION_MINOR)'s descriptor"])),
        BadInput("noid", .fixture(["FIXTURE_NO_ID"]), .refused(.validate, ["missing id"])),
        BadInput(
            "badid", .fixture([#"FIXTURE_ID="bad id!""#]),
            .refused(.validate, ["'bad id!'", "characters outside [A-Za-z0-9._-]"])),
        BadInput(
            "unknownpoint", .fixture(["FIXTURE_UNKNOWN_POINT"]),
            .refused(.validate, ["unknown override point", "application.didDoSomethingUnknown"])),
        BadInput(
            "badsignature", .fixture(["FIXTURE_BAD_SIGNATURE"]),
            .refused(.validate, ["application.didFinishLaunching", "declares signature", "void(ptr)"])),
        BadInput(
            "initfails", .fixture(["FIXTURE_INIT_FAILS"]), .refused(.initialize, ["init failed on purpose"]),
            hasModule: true, moduleLog: ["init"]),
        BadInput(
            "configurefails", .fixture(["FIXTURE_CONFIGURE_FAILS"]),
            .refused(.configure, ["configure failed on purpose"]), hasModule: true,
            moduleLog: ["init", "configure greeting=hello", "shutdown"]),
        BadInput(
            "activatefails", .fixture(["FIXTURE_ACTIVATE_FAILS"]), .refused(.activate, ["activate failed on purpose"]),
            hasModule: true, moduleLog: ["init", "configure greeting=hello", "activate", "shutdown"]),
        BadInput(
            "unresolved", .fixture(["FIXTURE_UNRESOLVED_SYMBOL"]),
            .refused(.open, ["undefined symbol", "parra_fixture_missing_symbol"])),
        BadInput("worldwritable", .worldWritableFile, .refused(.open, ["writable by others"])),
        BadInput("openfolder", .worldWritableFolder, .refused(.open, ["folder", "writable by others"])),
        BadInput(
            "hookabsent", .fixture([#"FIXTURE_HOOK_POINT="com.absent.module.didThing""#]),
            .loadedWithWarning(["com.absent.module.didThing", "not dispatched"]), hasModule: true,
            moduleLog: fullLifecycle),
        BadInput(
            "badschema", .fixture([#"FIXTURE_COUNT_SCHEMA="{\"minimun\":0}""#]),
            .refused(.validate, ["option 'badschema.count' schema_json", #"unknown keyword "minimun""#])),
        BadInput(
            "schemanotjson", .fixture([#"FIXTURE_COUNT_SCHEMA="{\"minimum\":""#]),
            .refused(.validate, ["option 'schemanotjson.count' schema_json", "malformed JSON"])),
        BadInput(
            "schemaregex", .fixture([#"FIXTURE_COUNT_SCHEMA="{\"pattern\":\"(\"}""#]),
            .refused(.validate, ["option 'schemaregex.count' schema_json at /pattern", "not a regular expression"])),
        BadInput(
            "schematype", .fixture([#"FIXTURE_COUNT_SCHEMA="{\"type\":\"string\"}""#]),
            .refused(
                .validate, ["option 'schematype.count' schema_json at /type", "does not fit the option's type integer"])
        ),
        BadInput(
            "schemadefault", .fixture([#"FIXTURE_COUNT_DEFAULT="500""#]),
            .refused(.validate, ["option 'schemadefault.count' default: 500 is more than the maximum 100"])),
        BadInput(
            "hookmissing", .fixture([#"FIXTURE_HOOK_POINT="com.example.healthy.noSuchPoint""#]),
            .refused(.validate, ["unknown point", "com.example.healthy.noSuchPoint"]), hasModule: true),
    ]

    // MARK: - Building the corpus

    /// A 0755 subfolder of `folder`; its name does not end in `.so`, so discovery never
    /// lists it or what it holds.
    static func subfolder(_ name: String, of folder: URL, mode: Int = 0o755) throws -> URL {
        let subfolder = folder.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: false)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: subfolder.path)
        return subfolder
    }

    /// The C fixture as `fileName` in `folder`, with this id and key prefix; returns its path.
    static func buildFixture(_ fileName: String, id: String, prefix: String, in folder: URL) throws -> String {
        try CFixtureBuilder.build(
            fileName, defines: [#"FIXTURE_ID="\#(id)""#, #"FIXTURE_KEY_PREFIX="\#(prefix)""#], in: folder
        ).path
    }

    /// The defines for a fixture tagged `tag`: its own id and key prefix, then `extra`.
    static func defines(tag: String, extra: [String]) -> [String] {
        var defines = [#"FIXTURE_KEY_PREFIX="\#(tag)""#]
        if !extra.contains(where: { $0.hasPrefix("FIXTURE_ID=") }) {
            defines.append(#"FIXTURE_ID="com.example.\#(tag)""#)
        }
        return defines + extra
    }

    /// Makes `input`'s file in `folder` under `name`; returns its path.
    static func make(_ input: BadInput, named name: String, in folder: URL) throws -> String {
        let fileManager = FileManager.default
        let path = folder.appendingPathComponent(name).path
        switch input.make {
        case .text:
            try Data("this is not a shared object\n".utf8).write(to: URL(fileURLWithPath: path))
            try fileManager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        case .empty:
            #expect(fileManager.createFile(atPath: path, contents: Data()))
            try fileManager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        case .truncated(let truncation):
            // Built in a subfolder so the good copy is never a candidate itself.
            let sourceFolder = try subfolder("\(input.tag)-source", of: folder)
            let source = try CFixtureBuilder.build(
                "source.so", defines: defines(tag: input.tag, extra: []), in: sourceFolder)
            let good = try Data(contentsOf: source)
            let length: Int
            switch truncation {
            case .bytes(let count):
                length = count
            case .pastELFHeader(let extra):
                length = Int(read16(good, 52)) + extra
            case .pastProgramHeaders(let extra):
                length = Int(read64(good, 32) + read16(good, 54) * read16(good, 56)) + extra
            }
            try #require(length < good.count, "the fixture is only \(good.count) bytes")
            try good.prefix(length).write(to: URL(fileURLWithPath: path))
            try fileManager.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        case .directory:
            try fileManager.createDirectory(atPath: path, withIntermediateDirectories: false)
            try fileManager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        case .brokenSymlink:
            try fileManager.createSymbolicLink(
                atPath: path, withDestinationPath: folder.appendingPathComponent("missing-target.so").path)
        case .fixture(let extra):
            return try CFixtureBuilder.build(name, defines: defines(tag: input.tag, extra: extra), in: folder).path
        case .worldWritableFile:
            let built = try CFixtureBuilder.build(name, defines: defines(tag: input.tag, extra: []), in: folder)
            try #require(chmod(built.path, 0o666) == 0)
            return built.path
        case .worldWritableFolder:
            // A folder of its own: a subfolder's entries are never candidates of the parent.
            let open = try subfolder("\(input.tag)-open", of: folder)
            let built = try CFixtureBuilder.build(name, defines: defines(tag: input.tag, extra: []), in: open)
            try #require(chmod(open.path, 0o777) == 0)
            return built.path
        }
        return path
    }

    static func read16(_ data: Data, _ offset: Int) -> UInt64 {
        UInt64(data[data.startIndex + offset]) | UInt64(data[data.startIndex + offset + 1]) << 8
    }

    static func read64(_ data: Data, _ offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(data[data.startIndex + offset + $1]) << (8 * UInt64($1)) }
    }

    // MARK: - Checks

    /// The record for `input`'s file and its module, as the case expects.
    static func expectOutcome(
        of input: BadInput, file: String, host: TestHost, report: LoadReport,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        switch input.expect {
        case .refused(let phase, let fragments):
            let record = try expectRefused(
                report, file: file, phase: phase, reasonContains: fragments, sourceLocation: sourceLocation)
            if input.hasModule {
                #expect(record.moduleID == input.moduleID, "\(record.summary)", sourceLocation: sourceLocation)
                let module = try #require(
                    host.runtime.modules.first { $0.id == input.moduleID }, sourceLocation: sourceLocation)
                #expect(module.file == file, sourceLocation: sourceLocation)
                #expect(module.refusal?.phase == phase, sourceLocation: sourceLocation)
                #expect(module.state != .active, sourceLocation: sourceLocation)
            }
            #expect(
                !host.runtime.usableModules.contains { $0.file == file || $0.id == input.moduleID },
                sourceLocation: sourceLocation)
        case .loadedWithWarning(let fragments):
            let record = try #require(report.records.first { $0.file == file }, sourceLocation: sourceLocation)
            #expect(record.outcome == .loaded, "\(record.summary)", sourceLocation: sourceLocation)
            #expect(record.moduleID == input.moduleID, sourceLocation: sourceLocation)
            #expect(
                record.warnings.contains { warning in fragments.allSatisfy(warning.contains) },
                "warnings: \(record.warnings)", sourceLocation: sourceLocation)
            let module = try #require(
                host.runtime.modules.first { $0.id == input.moduleID }, sourceLocation: sourceLocation)
            #expect(module.state == .active, sourceLocation: sourceLocation)
            #expect(module.refusal == nil, sourceLocation: sourceLocation)
        }
    }

    /// One record and one single-line summary per file, and nothing else in the report but
    /// run-wide notes (such as where app logs go).
    static func expectOneLinePerFile(
        _ report: LoadReport, files: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(report.records.count == files.count, "\(report.lines)", sourceLocation: sourceLocation)
        #expect(Set(report.records.map(\.file)) == Set(files), "\(report.lines)", sourceLocation: sourceLocation)
        #expect(
            report.lines.count == files.count + report.notes.count, "\(report.lines)", sourceLocation: sourceLocation)
        #expect(report.optionProblems.isEmpty, "\(report.optionProblems)", sourceLocation: sourceLocation)
        for line in report.lines {
            #expect(!line.contains("\n"), "a line with a line break: \(line)", sourceLocation: sourceLocation)
        }
        for file in files {
            let lines = report.lines.filter { $0.contains(" \(file): ") }
            #expect(lines.count == 1, "lines for \(file): \(report.lines)", sourceLocation: sourceLocation)
        }
    }

    /// The healthy module (from `healthy`, one of `files`) is active and the report has one line
    /// per file; then stops the host, which must shut the healthy module down.
    static func expectHealthyAndOneLinePerFileThenStop(
        _ host: TestHost, _ report: LoadReport, healthy: String, files: [String],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        HealthyModule.expectActive(host, report, file: healthy, sourceLocation: sourceLocation)
        expectOneLinePerFile(report, files: files, sourceLocation: sourceLocation)
        HealthyModule.stopAndExpectShutDown(host, sourceLocation: sourceLocation)
    }

    // MARK: - One file at a time

    /// Makes `input`'s file and the healthy module, each in a folder of its own, starts a host
    /// on the two (the bad file first unless `healthyFirst`), checks both, and stops the host.
    static func loadBesideHealthy(
        _ input: BadInput, healthyFirst: Bool, temporary: TemporaryFolders,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> TestHost {
        let files = try BesideHealthy(temporary: temporary, healthyApart: true) {
            try make(input, named: input.baseName, in: $0)
        }
        let host = try files.makeHost(healthyFirst: healthyFirst)
        let report = host.runtime.start()

        try expectOutcome(of: input, file: files.file, host: host, report: report, sourceLocation: sourceLocation)
        expectHealthyAndOneLinePerFileThenStop(
            host, report, healthy: files.healthy, files: [files.file, files.healthy], sourceLocation: sourceLocation)
        return host
    }

    @Test("a bad file is refused (or warned about) and the healthy module still runs", arguments: singleFileCases)
    func singleBadFile(_ input: BadInput) throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        // The bad file first, so the host must go on past it.
        let host = try Self.loadBesideHealthy(input, healthyFirst: false, temporary: temporary)
        if let expected = input.moduleLog {
            #expect(host.log.messages(from: input.moduleID) == expected)
        }
        if input.hasModule, case .refused = input.expect {
            let module = try #require(host.runtime.modules.first { $0.id == input.moduleID })
            #expect(module.state != .deactivated)
        }
    }

    @Test("a bad file listed after the healthy module does not disturb it", arguments: singleFileCases)
    func badFileAfterHealthy(_ input: BadInput) throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        _ = try Self.loadBesideHealthy(input, healthyFirst: true, temporary: temporary)
    }

    // MARK: - Pairs

    @Test("two modules with one id: the second is refused, naming the first file")
    func duplicateID() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let first = try Self.buildFixture("twin-a.so", id: "com.example.twin", prefix: "twina", in: folder)
        let second = try Self.buildFixture("twin-b.so", id: "com.example.twin", prefix: "twinb", in: folder)
        let healthy = try HealthyModule.build(in: try temporary.make())
        let host = try TestHost(paths: [first, second, healthy], storage: try temporary.make())
        let report = host.runtime.start()

        let firstRecord = try #require(report.records.first { $0.file == first })
        #expect(firstRecord.outcome == .loaded, "\(report.lines)")
        let refused = try expectRefused(
            report, file: second, phase: .validate, reasonContains: ["duplicate id", "com.example.twin", first])
        #expect(refused.moduleID == "com.example.twin")
        let twins = host.runtime.modules.filter { $0.id == "com.example.twin" }
        #expect(twins.map(\.file) == [first, second])
        #expect(twins.first?.state == .active)
        #expect(twins.last?.state != .active)
        #expect(twins.last?.refusal?.phase == .validate)
        Self.expectHealthyAndOneLinePerFileThenStop(host, report, healthy: healthy, files: [first, second, healthy])

        // Only the first twin ran: one lifecycle, not two.
        #expect(host.log.messages(from: "com.example.twin") == Self.fullLifecycle)
    }

    @Test("two modules claiming one option key: the second is refused, naming the first module")
    func sharedOptionKey() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        let owner = try Self.buildFixture("owner.so", id: "com.example.keyowner", prefix: "shared", in: folder)
        let thief = try Self.buildFixture("thief.so", id: "com.example.keythief", prefix: "shared", in: folder)
        let healthy = try HealthyModule.build(in: try temporary.make())
        let host = try TestHost(paths: [owner, thief, healthy], storage: try temporary.make())
        let report = host.runtime.start()

        #expect(report.records.first { $0.file == owner }?.outcome == .loaded, "\(report.lines)")
        let refused = try expectRefused(
            report, file: thief, phase: .validate, reasonContains: ["option key", "shared.", "com.example.keyowner"])
        #expect(refused.moduleID == "com.example.keythief")
        #expect(host.runtime.modules.first { $0.id == "com.example.keyowner" }?.state == .active)
        #expect(host.runtime.modules.first { $0.id == "com.example.keythief" }?.refusal?.phase == .validate)
        // The key keeps its one owner.
        #expect(
            host.runtime.options.all.filter { $0.schema.key == "shared.greeting" }.map(\.schema.ownerID) == [
                "com.example.keyowner"
            ])
        Self.expectHealthyAndOneLinePerFileThenStop(host, report, healthy: healthy, files: [owner, thief, healthy])

        #expect(host.log.messages(from: "com.example.keyowner") == Self.fullLifecycle)
        #expect(host.log.messages(from: "com.example.keythief") == [])
    }

    // MARK: - A truncation the section headers do not reveal

    /// A good fixture with its section header table dropped (`e_shoff`, `e_shnum` and
    /// `e_shstrndx` zeroed, which is valid ELF: `strip --strip-section-headers` makes such
    /// files), cut at the start of its last PT_LOAD segment. Its ELF and program headers are
    /// whole, so only the segments show the truncation; `dlopen` of such a file dies of SIGBUS
    /// when it relocates the missing segment.
    static func makeTruncatedWithoutSectionHeaders(in folder: URL) throws -> String {
        let sourceFolder = try subfolder("noshdr-source", of: folder)
        let source = try CFixtureBuilder.build(
            "source.so", defines: defines(tag: "noshdr", extra: []), in: sourceFolder)
        var data = try Data(contentsOf: source)
        let programHeaders = Int(read64(data, 32))
        let entrySize = Int(read16(data, 54))
        let count = Int(read16(data, 56))
        var lastLoadOffset = 0
        for index in 0..<count {
            let header = programHeaders + index * entrySize
            if read16(data, header) | read16(data, header + 2) << 16 == 1 {  // p_type == PT_LOAD
                lastLoadOffset = max(lastLoadOffset, Int(read64(data, header + 8)))
            }
        }
        guard lastLoadOffset > programHeaders + count * entrySize else {
            throw CFixtureBuilder.BuildError("unexpected layout: last PT_LOAD at \(lastLoadOffset)")
        }
        data.replaceSubrange(40..<48, with: [UInt8](repeating: 0, count: 8))  // e_shoff
        data.replaceSubrange(60..<64, with: [UInt8](repeating: 0, count: 4))  // e_shnum, e_shstrndx
        let path = folder.appendingPathComponent("noshdr.so").path
        try data.prefix(lastLoadOffset).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        return path
    }

    @Test("an ELF cut inside its segments, without section headers, is refused without crashing the host")
    func truncatedSegmentsWithoutSectionHeaders() async throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let files = try BesideHealthy(temporary: temporary, healthyApart: true) {
            try Self.makeTruncatedWithoutSectionHeaders(in: $0)
        }
        // Loaded in a child process (an exit test), so a host that crashes fails only this
        // test; the child's issues are reported here.
        await #expect(processExitsWith: .success) { [files = files as BesideHealthy] in
            let host = try files.makeHost()
            let report = host.runtime.start()
            try expectRefused(report, file: files.file, phase: .open, reasonContains: ["truncated ELF"])
            BadInputTests.expectHealthyAndOneLinePerFileThenStop(
                host, report, healthy: files.healthy, files: [files.file, files.healthy])
        }
    }

    // MARK: - The whole corpus at once

    @Test("the whole corpus in one folder: one line per file, the healthy module active")
    func wholeCorpusInOneFolder() throws {
        let temporary = TemporaryFolders()
        defer { temporary.removeAll() }
        let folder = try temporary.make()
        // The world-writable folder case needs a folder of its own; the rest share this one.
        let inputs = Self.singleFileCases.filter {
            if case .worldWritableFolder = $0.make { return false }
            return true
        }
        var files: [(BadInput, String)] = []
        for input in inputs {
            files.append((input, try Self.make(input, named: "\(input.tag)-\(input.baseName)", in: folder)))
        }
        let healthy = try HealthyModule.build(in: folder)
        let host = try TestHost(paths: [folder.path], storage: try temporary.make())
        let report = host.runtime.start()

        for (input, file) in files {
            try Self.expectOutcome(of: input, file: file, host: host, report: report)
        }
        let allFiles = files.map(\.1) + [healthy]
        // Discovery lists a folder in byte order of names.
        #expect(
            report.records.map(\.file) == allFiles.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
        #expect(
            Set(host.runtime.usableModules.map(\.id)) == [HealthyModule.id, "com.example.hookabsent"],
            "\(report.lines)")
        Self.expectHealthyAndOneLinePerFileThenStop(host, report, healthy: healthy, files: allFiles)

        for (input, _) in files {
            if let expected = input.moduleLog {
                #expect(host.log.messages(from: input.moduleID) == expected, "\(input.tag)")
            }
        }
    }
}
