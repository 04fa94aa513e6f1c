import CParraCallNote
import FoundationEssentials
import ParraFileSystem
import ParraSync

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps a module that took the app down from doing it twice, as plugin hosts that survive bad
/// plugins do. Before each call into a module (dlopen, which runs its constructors, the entry
/// symbol, reading its descriptor, init, configure, activate, deactivate, shutdown) the host
/// writes which file and phase it is in to this process's journal in the app's storage folder,
/// and blanks it when the call returns. A journal left behind by a process no longer running
/// means it died inside that call: the file is quarantined, by its identity (device, inode,
/// size, modification time), until it changes or `parra plugins reset` clears the list.
///
/// A module that crashes the process or calls `exit()` is named as it happens; a call that runs
/// past the watchdog's limit ends the app with a message naming the module and the phase, and
/// its journal marked as a hang.
/// Sendable by hand: the journal and `entries` are behind `lock` once the app runs (before, the starting thread has them alone), and `watchdog` is set in `init`.
package final class ModuleQuarantine: @unchecked Sendable {
    /// One quarantined file.
    struct Entry: Codable, Equatable {
        var path: String
        var phase: String
        var date: String
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        /// Whether the call hung (the watchdog ended it) rather than took the app down.
        var hung: Bool? = nil
        /// The fingerprint of the module's settings then (see `Settings`); nil when it died
        /// before it was given any (dlopen, entry, descriptor): then the file alone is to blame.
        var settings: String? = nil
        /// The keys of those settings, for the messages.
        var settingKeys: [String]? = nil
    }

    /// What a module runs with beyond its file: the options of its own that are set (by the
    /// config file, the app's code or the environment) rather than left to their defaults. A
    /// module quarantined with some settings is tried again once they change, so a hang that a
    /// setting causes (a console path naming a pipe, say) does not condemn the file for good.
    struct Settings: Equatable {
        /// FNV-1a (64 bits, hexadecimal) of the settings' `key=json` lines: it tells two sets
        /// of values apart without keeping the values themselves.
        let fingerprint: String
        /// The keys set, sorted.
        let keys: [String]

        /// The settings made of `values` (key and compact JSON).
        init(_ values: [(key: String, json: String)]) {
            let sorted = values.sorted { $0.key < $1.key }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for line in sorted.map({ "\($0.key)=\($0.json)\n" }) {
                for byte in line.utf8 {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
            fingerprint = String(hash, radix: 16)
            keys = sorted.map(\.key)
        }

        /// The keys as the messages say them.
        static func described(_ keys: [String]?) -> String {
            guard let keys, !keys.isEmpty else { return "none set: its defaults" }
            return keys.joined(separator: ", ")
        }
    }

    /// What a start does with a module quarantined with settings, once its own are known.
    enum SettingsVerdict {
        /// The same file with the same settings: refused.
        case refused(ModuleRefusal)
        /// The same file with other settings: tried again, as the note says.
        case retried(String)
    }

    /// The status an app ends with when a module call hangs (`EX_SOFTWARE`).
    package static let hangExitStatus: Int32 = 70

    /// The start of each process's journal name in the storage folder; its pid follows.
    static let journalPrefix = "module-journal."
    /// The quarantine list's name in the storage folder.
    static let listName = "quarantined-modules.json"
    /// The phase a module that held the app's launch past its limit is quarantined for.
    package static let launchPhase = "launch"

    /// The storage folder; nil for a quarantine that records and refuses nothing.
    private let folder: String?
    private let lock = Lock()
    private var journal: Int32 = -1
    private var entries: [Entry]
    /// Each called file's identity as the journal writes it, by path.
    private var identities: [String: String] = [:]
    /// Each module's settings once its options are resolved, by path.
    private var settingsByPath: [String: Settings] = [:]
    /// The journal line's fields after the time, by path (`journalTail`).
    private var tails: [String: String] = [:]
    /// The call sites made for each path: their journal lines gain the settings once known.
    private var sitesByPath: [String: [UnsafeMutablePointer<parra_call_site>]] = [:]
    /// The journal line of the call in progress.
    private var callInProgress: String?
    /// The calls `during` is in, outermost first: a module started when first needed may be
    /// started inside another's call (its activate emits a point the waiting module hooks).
    /// Thread of the lifecycle calls only.
    private var openCalls: [(path: String, phase: String, line: String)] = []
    /// How long the journal file is. A note shorter than the file is padded with spaces to its
    /// length rather than truncating it, so each note is one `pwrite` within the file, with no
    /// change of size for the file system to record (a truncate cost more than the write).
    private var journalLength = 0
    /// Bounds each call; nil when the quarantine keeps nothing.
    private var watchdog: ModuleWatchdog?
    /// Why the journal cannot be written, once that is known: a module that ends the app then
    /// cannot be quarantined, and every message says so.
    private var unrecorded: String?
    /// Where the quarantine's own problems are said (the host's log).
    private let report: (String) -> Void

    /// A quarantine kept in `folder` (the app's storage folder; nil keeps and watches
    /// nothing); reads the list. `watchdogLimit` bounds each module call; `report` hears what
    /// cannot be recorded.
    init(
        folder: String?, watchdogLimit: TimeInterval = ModuleWatchdog.standardLimit,
        report: @escaping (String) -> Void = { _ in }
    ) {
        self.folder = folder
        self.report = report
        entries = folder.map(Self.list(in:)) ?? []
        guard folder != nil else { return }
        parra_call_note_install()
        // Asked once for both watchdogs: the kernel writes out the whole status file each time.
        let traced = ModuleWatchdog.isTraced()
        watchdog = ModuleWatchdog(limit: watchdogLimit, enabled: !traced) { [weak self] path, phase in
            self?.endHungCall(path, phase)
        }
        // The calls after the lifecycle that the app's main thread makes are bounded alike.
        if MainThread.isCurrent && !traced {
            parra_call_watch_start(watchdogLimit, Self.hangExitStatus)
        }
    }

    deinit {
        if journal >= 0 {
            JournalsOpen.shared.closing(journal)
            parra_call_note_set_journal(-1, nil)
            close(journal)
        }
    }

    /// The call site of `what` (`hook application.didFinishLaunching`) into the module at
    /// `path`, for the crash and exit handlers to name, and to write to the journal, when the
    /// process dies inside it. The caller makes it once per module and kind of call (the
    /// module keeps its own), and it is kept for the process: a call in progress on another
    /// thread may read it at any time.
    func site(path: String, what: String) -> UnsafePointer<parra_call_site> {
        let tail = folder == nil ? nil : journalTail(of: path)
        let site = UnsafeMutablePointer<parra_call_site>.allocate(capacity: 1)
        site.initialize(
            to: parra_call_site(
                path: strdup(path), what: strdup(what),
                journal_head: tail.map { _ in strdup("\(path)\t\(what)\t") },
                journal_tail: tail.map { strdup("\t\($0)") }))
        if folder != nil { lock.withLock { sitesByPath[path, default: []].append(site) } }
        return UnsafePointer(site)
    }

    /// Records the settings the module at `path` runs with, once its options are resolved:
    /// from here on its journal lines carry them. The starting thread, before the module's init.
    func settle(_ path: String, settings: Settings) {
        guard folder != nil else { return }
        lock.withLock {
            settingsByPath[path] = settings
            tails[path] = nil
            // A module not opened yet (one that waits) has no sites: its tail is made with them.
            guard let sites = sitesByPath[path], !sites.isEmpty else { return }
            // A handler may read a tail at any time: the old one is left in place, not freed.
            let tail = "\t\(journalTailLocked(of: path))"
            for site in sites { site.pointee.journal_tail = UnsafePointer(strdup(tail)) }
        }
    }

    /// What to do with the module at `path`, quarantined with settings in an earlier run, now
    /// that its own are settled; nil when it is not quarantined so.
    func settingsVerdict(for path: String) -> SettingsVerdict? {
        guard let folder, let entry = matchingEntry(for: path), let quarantined = entry.settings,
            let now = lock.withLock({ settingsByPath[path] })
        else { return nil }
        if quarantined == now.fingerprint { return .refused(refusal(entry, folder: folder)) }
        return .retried(
            "\(path) was quarantined on \(entry.date) (\(outcome(of: entry))) with other settings (\(Settings.described(entry.settingKeys))); it is tried again with these (\(Settings.described(now.keys)))"
        )
    }

    /// What processes of this app that are gone were inside when they died, now quarantined;
    /// empty when they ended cleanly. Call once, before any module is opened. The journal of a
    /// process still running (the app started twice) is left alone.
    func recoverCrashes() -> [Entry] {
        guard let folder, let names = DirectoryListing.names(in: folder) else {
            return []
        }
        var recovered: [Entry] = []
        // Removed once the list holds what they say; until then they say it at each start.
        var read: [String] = []
        defer { for journalPath in read { unlink(journalPath) } }
        for name in names where name.hasPrefix(Self.journalPrefix) {
            // A journal with this process's pid is an earlier process's (a container's app is
            // often pid 1 every time), unless this process has it open.
            let journalPath = joinedPath(folder, name)
            guard let pid = pid_t(name.dropFirst(Self.journalPrefix.count)),
                pid == getpid() ? !JournalsOpen.shared.isOpen(journalPath) : (kill(pid, 0) != 0 && errno == ESRCH)
            else { continue }
            read.append(journalPath)
            // A call that returned left spaces (`note`, a page of them); its last field never
            // ends in one. Trimmed as bytes: a blank journal is most of them.
            guard let bytes = try? FileContents.read(journalPath),
                let end = bytes.lastIndex(where: { $0 != UInt8(ascii: " ") }),
                let text = String(validating: bytes[...end], as: UTF8.self)
            else { continue }
            let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            // path, phase, time, device, inode, size, mtime, settings, setting keys[, hung]; a
            // journal an earlier host left (the app crashed, then the host was updated) has no
            // settings: path, phase, time, device, inode, size, mtime[, hung].
            let withSettings = fields.count >= 9
            guard (7...10).contains(fields.count), let device = UInt64(fields[3]),
                let inode = UInt64(fields[4]), let size = Int64(fields[5]), let modified = Int64(fields[6])
            else { continue }
            let settings = withSettings && !fields[7].isEmpty ? fields[7] : nil
            var entry = Entry(
                path: fields[0], phase: fields[1], date: "", device: device, inode: inode, size: size,
                modified: modified, hung: fields.count == 8 || fields.count == 10 ? true : nil, settings: settings,
                settingKeys: settings == nil ? nil : fields[8].split(separator: ",").map(String.init))
            let seconds = TimeInterval(fields[2]) ?? Date.wallClockNow.timeIntervalSince1970
            entry.date = ISO8601Timestamp.string(seconds, fractionalSeconds: false)
            entries.removeAll { $0.path == entry.path }
            entries.append(entry)
            recovered.append(entry)
        }
        if !recovered.isEmpty, let problem = saveList(in: folder) {
            read = []
            report("\(problem); the journals that name the modules are kept, so each start refuses them again")
        }
        return recovered
    }

    /// Quarantines the module at `path` (resolved) now, for what it did in `phase` while the
    /// app went on (it held the launch past its limit): the next start refuses it. Nil when
    /// recorded, else why it cannot be.
    func condemn(_ path: String, phase: String, hung: Bool) -> String? {
        guard let folder else { return "this run keeps no quarantine" }
        guard var entry = Self.identity(of: path) else { return "\(path) cannot be read" }
        entry.phase = phase
        entry.date = ISO8601Timestamp.string(Date.wallClockNow.timeIntervalSince1970, fractionalSeconds: false)
        entry.hung = hung ? true : nil
        return lock.withLock {
            entry.settings = settingsByPath[path]?.fingerprint
            entry.settingKeys = settingsByPath[path]?.keys
            entries.removeAll { $0.path == path }
            entries.append(entry)
            return saveList(in: folder)
        }
    }

    /// Writes the list to `folder`; nil when written, else what went wrong.
    private func saveList(in folder: String) -> String? {
        let list = joinedPath(folder, Self.listName)
        do {
            let data = try JSONEncoder().encode(entries)
            try FileReplacement.replace(list, with: Array(data), mode: 0o600, durable: true)
            return nil
        } catch {
            return "cannot record the quarantine in \(list) (\(FileManager.failureCause(error)))"
        }
    }

    /// Why the file at `path` (resolved) is not opened, or nil: it took the app down in an
    /// earlier run, before it was given its settings, and has not changed since. One that did
    /// so with settings is judged once they are known (`settingsVerdict`).
    func refusal(for path: String) -> ModuleRefusal? {
        guard let folder, let entry = matchingEntry(for: path), entry.settings == nil else { return nil }
        return refusal(entry, folder: folder)
    }

    /// The files the quarantine list names (changed since or not).
    var listedPaths: Set<String> {
        lock.withLock { Set(entries.map(\.path)) }
    }

    /// The quarantine entry of the file at `path`, if the file has not changed since.
    private func matchingEntry(for path: String) -> Entry? {
        guard let entry = lock.withLock({ entries.first(where: { $0.path == path }) }),
            var now = Self.identity(of: path)
        else { return nil }
        now.phase = entry.phase
        now.date = entry.date
        now.hung = entry.hung
        now.settings = entry.settings
        now.settingKeys = entry.settingKeys
        return now == entry ? entry : nil
    }

    /// What the module did, as the messages say it.
    private func outcome(of entry: Entry) -> String {
        switch (entry.hung == true, entry.phase) {
        case (true, Self.launchPhase): "it held the app's launch past its limit"
        case (true, _): "it hung the app in \(entry.phase)"
        case (false, _): "it took the app down in \(entry.phase)"
        }
    }

    /// The refusal of the module `entry` quarantines, kept in `folder`.
    private func refusal(_ entry: Entry, folder: String) -> ModuleRefusal {
        // The app's folder under the data home is named by its bundle id; another is named whole.
        let folderURL = URL(fileURLWithPath: folder)
        let standard = URL(fileURLWithPath: DataHome.path(environment: ProcessEnvironment.current))
            .appendingPathComponent("parra").appendingPathComponent(folderURL.lastPathComponent)
        let reset =
            folderURL.standardizedFileURL == standard.standardizedFileURL
            ? "--app \(folderURL.lastPathComponent)" : "--storage \(folder)"
        let remedy =
            entry.settings == nil
            ? "fix or replace the file"
            : "with the settings it has now (\(Settings.described(entry.settingKeys))); change them, fix or replace the file"
        return ModuleRefusal(
            phase: .open,
            reason:
                "quarantined: \(outcome(of: entry)) on \(entry.date) \(remedy), or run `parra plugins reset \(reset)` to try it again"
        )
    }

    /// Runs `body`, a call into the module at `path` in `phase`, with the journal saying so and
    /// the watchdog bounding it. A call made inside another (a module started by a point an
    /// activate emits) gives the outer one back its journal line, note and watchdog when it
    /// returns; the outer call's limit starts again then.
    func during<T, Failure: Error>(_ path: String, _ phase: String, _ body: () throws(Failure) -> T) throws(Failure)
        -> T
    {
        guard let watchdog else { return try body() }
        let line = Self.journalLine(path, phase, Int(Date.wallClockNow.timeIntervalSince1970), journalTail(of: path))
        openCalls.append((path, phase, line))
        note(line)
        Self.setCallNote(path, phase)
        watchdog.arm(path, phase)
        defer {
            openCalls.removeLast()
            if let outer = openCalls.last {
                note(outer.line)
                Self.setCallNote(outer.path, outer.phase)
                watchdog.arm(outer.path, outer.phase)
            } else {
                watchdog.disarm()
                parra_call_note_set(nil, nil)
                note(nil)
            }
        }
        return try body()
    }

    /// A call's journal line: `path`, `phase`, the time in seconds and the file's `tail`, tab
    /// separated. Made in one allocation of its size; interpolated, it grew and was copied
    /// twice or three times, at every call into every module.
    private static func journalLine(_ path: String, _ phase: String, _ seconds: Int, _ tail: String) -> String {
        let time = String(seconds)
        var line = path
        line.reserveCapacity(path.utf8.count + phase.utf8.count + time.utf8.count + tail.utf8.count + 3)
        line += "\t"
        line += phase
        line += "\t"
        line += time
        line += "\t"
        line += tail
        return line
    }

    /// Tells the crash and exit notes the call in progress, passing the texts with
    /// `withCString` (a `String` argument is copied into a new array at each call).
    private static func setCallNote(_ path: String, _ phase: String) {
        path.withCString { path in phase.withCString { parra_call_note_set(path, $0) } }
    }

    /// The watchdog's verdict: the call into `path` in `phase` hung. Marks the journal so the
    /// next start quarantines the file as a hang, says so, and ends the app: the main thread
    /// is stuck in the module, so nothing else can end it cleanly.
    private func endHungCall(_ path: String, _ phase: String) {
        let seconds = watchdog.map { String(cFormat: "%g", $0.limit) } ?? "?"
        // Under the lock, so the call cannot return and another begin meanwhile: the journal
        // and the message name the call that hung, or nothing happens.
        lock.withLock {
            guard let line = callInProgress, line.hasPrefix("\(path)\t\(phase)\t"), parra_call_note_claim_end() else {
                return
            }
            if journal >= 0 {
                let bytes = Array((line + "\thung").utf8)
                _ = bytes.withUnsafeBytes { pwrite(journal, $0.baseAddress, $0.count, 0) }
                _ = ftruncate(journal, off_t(bytes.count))
            }
            // A hang with settings may be theirs: the quarantine lasts while they stay.
            let settings = settingsByPath[path].map {
                $0.keys.isEmpty ? "" : " while its settings (\(Settings.described($0.keys))) stay as they are"
            }
            let outcome = unrecorded.map { "it cannot be quarantined (\($0))" } ?? "it is quarantined\(settings ?? "")"
            StandardError.write(
                "parra: \(path) hung in \(phase) for \(seconds) s; ending the app (status \(Self.hangExitStatus)); \(outcome)\n"
            )
            _exit(Self.hangExitStatus)
        }
    }

    /// The journal line's fields after the time for the module at `path`: the file's identity,
    /// taken at its first call (dlopen) and kept for the run (a file rebuilt after a crash is
    /// not the one quarantined, and later calls pay no `stat`), then its settings' fingerprint
    /// and keys, empty until they are settled.
    private func journalTail(of path: String) -> String {
        lock.withLock { journalTailLocked(of: path) }
    }

    /// `journalTail` with `lock` held: made once per path, and again when its settings are
    /// settled.
    private func journalTailLocked(of path: String) -> String {
        if let known = tails[path] { return known }
        let identity: String
        if let known = identities[path] {
            identity = known
        } else {
            let file = Self.identity(of: path)
            identity = file.map { "\($0.device)\t\($0.inode)\t\($0.size)\t\($0.modified)" } ?? "0\t0\t0\t0"
            identities[path] = identity
        }
        let settings = settingsByPath[path]
        let keys = String(joining: settings?.keys ?? [], separator: ",")
        let tail = "\(identity)\t\(settings?.fingerprint ?? "")\t\(keys)"
        tails[path] = tail
        return tail
    }

    /// Writes `line` as the journal's content, padded with spaces to the file's length; nil
    /// blanks it.
    private func note(_ line: String?) {
        guard let folder else { return }
        lock.withLock {
            callInProgress = line
            if journal < 0 {
                guard unrecorded == nil else { return }
                let path = joinedPath(folder, Self.journalPrefix + String(getpid()))
                do {
                    try PrivateFolder.create(folder)
                    // Another runtime of this process (a test's) may write it already: its
                    // mapped page must stay inside the file, so it is not emptied then.
                    let shared = JournalsOpen.shared.isOpen(path)
                    journal = open(path, O_RDWR | O_CREAT | O_CLOEXEC | (shared ? 0 : O_TRUNC), 0o600)
                    guard journal >= 0 else { throw FileError(path: path, code: errno) }
                } catch {
                    let reason = "its journal \(path) cannot be written: \(FileManager.failureCause(error))"
                    unrecorded = reason
                    parra_call_note_set_unrecorded(reason)
                    report(
                        "a module that takes the app down cannot be quarantined: \(reason); each start will try it again"
                    )
                    return
                }
                JournalsOpen.shared.opened(path, descriptor: journal)
                parra_call_note_set_journal(journal, path)
            }
            let length = max(line?.utf8.count ?? 0, journalLength)
            if length > 0 { JournalsOpen.shared.write(line ?? "", paddedTo: length, to: journal) }
            journalLength = length
        }
    }

    /// Empties every journal of this process and silences the crash and exit notes: called
    /// when the process is about to end on purpose (a second SIGINT) in the middle of a module
    /// call, which the module is not to blame for.
    package static func abandonCallsInProgress() {
        parra_call_note_abandon()
        JournalsOpen.shared.abandon()
    }

    /// The journals this process has open, by path: a journal with this process's pid that
    /// is not among them is an earlier process's.
    /// Sendable by hand: its mutable state is behind `lock`.
    private final class JournalsOpen: @unchecked Sendable {
        static let shared = JournalsOpen()

        private let lock = Lock()
        /// The descriptors open on each journal: several runtimes of one process (a test's)
        /// share the process's journal.
        private var journals: [String: [Int32]] = [:]
        /// Each journal's first page, mapped shared: a note is a copy into it, not a system
        /// call (a launch notes two per module call). A shared mapping writes the file's own
        /// pages, so what a dying process copied there is in the file. A journal whose page
        /// could not be mapped is written with pwrite.
        private var pages: [Int32: UnsafeMutableRawPointer] = [:]
        /// Set by `abandon`: the process is ending, and no journal is written again.
        private var abandoned = false
        /// The size of the mapped page, which a note no longer than it is copied into.
        static let pageSize = 4096

        func opened(_ path: String, descriptor: Int32) {
            lock.withLock {
                // Set up by the runtime that opened it first, when several of this process do.
                let first = journals[path, default: []].isEmpty
                journals[path, default: []].append(descriptor)
                // The file is a page of spaces: a note pads with them, and a reader trims them.
                guard !first || ftruncate(descriptor, off_t(Self.pageSize)) == 0 else { return }
                guard let page = mmap(nil, Self.pageSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0),
                    page != MAP_FAILED
                else {
                    // Notes are then written with pwrite, into a file that holds nothing else.
                    if first { _ = ftruncate(descriptor, 0) }
                    return
                }
                if first { page.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: " "), count: Self.pageSize) }
                pages[descriptor] = page
            }
        }

        func closing(_ descriptor: Int32) {
            lock.withLock {
                journals = journals.mapValues { $0.filter { $0 != descriptor } }.filter { !$0.value.isEmpty }
                if let page = pages.removeValue(forKey: descriptor) { munmap(page, Self.pageSize) }
            }
        }

        func isOpen(_ path: String) -> Bool {
            lock.withLock { !(journals[path] ?? []).isEmpty }
        }

        /// Writes `line` at the start of the journal `descriptor`, followed by spaces up to
        /// `length` bytes, unless the journals were abandoned: a call returning on another
        /// thread while the process ends must not write its blank note back into an emptied
        /// journal.
        func write(_ line: String, paddedTo length: Int, to descriptor: Int32) {
            var line = line
            lock.withLock {
                // A handler wrote the line of the call the process is dying in: kept.
                guard !abandoned, !parra_call_note_journal_claimed() else { return }
                line.withUTF8 { text in
                    let count = min(text.count, length)
                    if let page = pages[descriptor], length <= Self.pageSize {
                        // Straight into the mapped page. A handler truncates the file to its
                        // line, never to nothing: the first page stays inside it.
                        if count > 0 { page.copyMemory(from: text.baseAddress!, byteCount: count) }
                        (page + count).initializeMemory(
                            as: UInt8.self, repeating: UInt8(ascii: " "), count: length - count)
                    } else {
                        var bytes = Array(text.prefix(count))
                        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: length - count))
                        _ = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                    }
                }
            }
        }

        func abandon() {
            lock.withLock {
                abandoned = true
                for descriptor in journals.values.joined() { _ = ftruncate(descriptor, 0) }
            }
        }
    }

    /// Clears the quarantine kept in `folder`; returns the paths it held.
    package static func reset(folder: String) throws -> [String] {
        let list = joinedPath(folder, listName)
        let paths = Self.list(in: folder).map(\.path)
        if unlink(list) != 0 && errno != ENOENT { throw FileError(path: list, code: errno) }
        return paths
    }

    private static func list(in folder: String) -> [Entry] {
        // Most runs have no list.
        guard let bytes = try? FileContents.readIfPresent(joinedPath(folder, listName)) else { return [] }
        return (try? JSONDecoder().decode([Entry].self, from: Data(bytes))) ?? []
    }

    /// The file's identity now, with empty phase and date.
    private static func identity(of path: String) -> Entry? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Entry(
            path: path, phase: "", date: "", device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
            size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
