import CParraPlugin
import Foundation
import ParraRuntime
import ParraTestSupport
import Testing

/// `PARRA_EXT_JSON`: the host's JSON reader as C modules use it.
@Suite("The JSON reader for modules (PARRA_EXT_JSON)")
struct JSONExtensionTests {
    private let json = JSONReaderExtension.table.pointee

    /// Parses `text`, hands the root to `body`, then frees the document.
    private func withDocument<T>(_ text: String, _ body: (OpaquePointer?) throws -> T) throws -> T {
        var error = parra_error()
        error.struct_size = UInt32(MemoryLayout<parra_error>.size)
        let document = text.withCString { json.parse!($0, strlen($0), &error) }
        try #require(document != nil, "\(text)")
        defer { json.free_document!(document) }
        return try body(json.root!(document))
    }

    private func string(_ value: OpaquePointer?) -> String? {
        var out = parra_string()
        guard json.get_string!(value, &out) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: out.data, count: out.length), as: UTF8.self)
    }

    private func number(_ value: OpaquePointer?) -> Double? {
        var out = 0.0
        return json.get_number!(value, &out) ? out : nil
    }

    /// The reason `parse` gives for `bytes`, or nil when it parses.
    private func refusal(_ bytes: [UInt8]) -> String? {
        var error = parra_error()
        error.struct_size = UInt32(MemoryLayout<parra_error>.size)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { json.parse!($0.baseAddress, $0.count, &error) }
        }
        guard document == nil else {
            json.free_document!(document)
            return nil
        }
        return withUnsafeBytes(of: error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    @Test("values by path: members by key, items by index, absent for any step that is not there")
    func paths() throws {
        try withDocument(#"{"aps":{"alert":{"title":"Hi","n":3}},"items":[{"name":"a"},{"name":"b"}],"flag":true}"#) {
            root in
            #expect(string(json.get!(root, "aps.alert.title")) == "Hi")
            #expect(number(json.get!(root, "aps.alert.n")) == 3)
            #expect(string(json.get!(root, "items.1.name")) == "b")
            #expect(json.get!(root, "") == root)
            var flag = false
            #expect(json.get_bool!(json.get!(root, "flag"), &flag) && flag)
            for missing in [
                "aps.body", "items.2", "items.01", "items.-1", "items.x", "aps.alert.title.x", "aps..alert",
            ] {
                #expect(json.get!(root, missing) == nil, "\(missing)")
                #expect(json.kind!(json.get!(root, missing)) == PARRA_JSON_ABSENT)
            }
            #expect(string(json.get!(root, "flag")) == nil, "a bool is no string")
        }
    }

    @Test("walking: counts, items, members in the byte order of their keys, a key holding a dot")
    func walking() throws {
        try withDocument(#"{"b":[1,"two",false],"a.b":{"x":null},"A":1}"#) { root in
            #expect(json.kind!(root) == PARRA_JSON_OBJECT)
            #expect(json.count!(root) == 3)
            var keys: [String] = []
            for index in 0..<json.count!(root) {
                var key = parra_string()
                #expect(json.member_key!(root, index, &key))
                keys.append(String(decoding: UnsafeRawBufferPointer(start: key.data, count: key.length), as: UTF8.self))
            }
            #expect(keys == ["A", "a.b", "b"])
            #expect(json.count!(json.child!(root, 1)) == 0, "the null member is left out")
            let list = json.child!(root, 2)
            #expect(json.kind!(list) == PARRA_JSON_ARRAY && json.count!(list) == 3)
            #expect(json.kind!(json.child!(list, 1)) == PARRA_JSON_STRING)
            #expect(json.child!(list, 3) == nil)
            var key = parra_string()
            #expect(!json.member_key!(list, 0, &key), "an array has no keys")
            #expect(json.count!(json.child!(list, 0)) == 0, "a number has no children")
        }
    }

    @Test("strings have their escapes decoded and a NUL after them; one holding NUL keeps its length")
    func strings() throws {
        try withDocument(#"["caf\u00e9 \"x\"\n", "a\u0000b"]"#) { root in
            var out = parra_string()
            #expect(json.get_string!(json.child!(root, 0), &out))
            #expect(string(json.child!(root, 0)) == "café \"x\"\n")
            #expect(out.data?[out.length] == 0)
            #expect(json.get_string!(json.child!(root, 1), &out) && out.length == 3)
        }
    }

    @Test("what is not JSON is refused with the reason and the place; text that is not UTF-8 too")
    func refusals() {
        #expect(refusal(Array(#"{"a":1,}"#.utf8))?.contains("line 1") == true)
        #expect(refusal(Array("[1, 2".utf8)) != nil)
        #expect(refusal(Array("null".utf8)) != nil)
        #expect(refusal([0x22, 0xFF, 0x22]) == "the text is not UTF-8")
        #expect(refusal(Array("[1]".utf8)) == nil)
    }

    @Test("a C module reads aps.alert.title of each push through the extension and stores it")
    func cModule() throws {
        let folder = try CFixtureBuilder.makeTemporaryDirectory()
        let module = try CFixtureBuilder.build(
            "libPushTitle.so", in: folder,
            source: CFixtureBuilder.repositoryRoot.appendingPathComponent("Tests/Fixtures/CModule/push_title.c"))
        let host = try TestHost(paths: [module.path])
        host.runtime.start()
        defer { host.runtime.stop() }
        #expect(host.runtime.report.refused.isEmpty, "\(host.runtime.report.lines)")

        let push = #"{"aps":{"alert":{"title":"Sale: 30% off","body":"Today"}},"parra":{"type":"url","data":"x"}}"#
        _ = try host.runtime.dispatcher.call(.applicationWillPresentNotification, .string(push))
        _ = try host.runtime.dispatcher.call(.applicationWillPresentNotification, .string(#"{"aps":{"alert":"Hi"}}"#))
        _ = try host.runtime.dispatcher.call(.applicationWillPresentNotification, .string("{broken"))
        let lines = host.log.records.filter { $0.moduleID == "com.example.pushtitle" }.map(\.message)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first == "title: Sale: 30% off")
        #expect(lines.dropFirst().first == "no title: aps.alert.title is not a string")
        #expect(lines.last?.hasPrefix("no title: ") == true && lines.last?.contains("line 1") == true, "\(lines)")
        let stored = try String(
            contentsOf: host.storage.appendingPathComponent("modules/com.example.pushtitle/title"), encoding: .utf8)
        #expect(stored == "Sale: 30% off")
    }
}
