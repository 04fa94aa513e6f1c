import Foundation
import Testing

@testable import Parra
@testable import ParraAPI
@testable import ParraAppModel
@testable import ParraRuntime

@Suite("Strict JSON parsing into option values")
struct JSONReaderRulesTests {
    /// The error `text` is refused with, or nil when it parses.
    private func failure(_ text: String) -> JSONError? {
        do {
            _ = try JSONValue(json: text)
            return nil
        } catch {
            return error
        }
    }

    /// The reason `text` is refused with ("" when it parses, which fails the comparisons).
    private func reason(_ text: String) -> String {
        failure(text)?.description ?? ""
    }

    // MARK: - Valid documents

    @Test(
        "valid documents of every kind round-trip through .json",
        arguments: [
            ("true", "true"), ("false", "false"), ("0", "0"), ("-0", "0"), ("42", "42"), ("-17", "-17"),
            ("2.5", "2.5"), ("-0.25", "-0.25"), ("1e3", "1000.0"), ("1E-2", "0.01"), ("2.5e+1", "25.0"),
            ("\"\"", "\"\""), ("\"text\"", "\"text\""), ("[]", "[]"), ("{}", "{}"), ("[[]]", "[[]]"),
            ("[1,[2,[3]]]", "[1,[2,[3]]]"), (#"{"b": 1, "a": {"c": [true, "x"]}}"#, #"{"a":{"c":[true,"x"]},"b":1}"#),
            (" \t\r\n {\"a\" : 1 , \"b\":[ ] } \n", #"{"a":1,"b":[]}"#),
            (#"[true, false, 1, -1.5, "s", [], {}]"#, #"[true,false,1,-1.5,"s",[],{}]"#),
            (#"{"whatsNew.delay": 2, "": "empty key"}"#, #"{"":"empty key","whatsNew.delay":2}"#),
            (#""\"\\\/\b\f\n\r\t""#, #""\"\\/\b\f\n\r\t""#),
        ])
    func roundTrip(input: String, expected: String) throws {
        let value = try JSONValue(json: input)
        #expect(value.json == expected)
        #expect(try JSONValue(json: value.json) == value)
    }

    @Test("integers that fit Int64 are integers; fractions, exponents and big integers are doubles")
    func integersAndDoubles() throws {
        #expect(try JSONValue(json: "1") == .integer(1))
        #expect(try JSONValue(json: "-0") == .integer(0))
        #expect(try JSONValue(json: "1.0") == .double(1))
        #expect(try JSONValue(json: "1e0") == .double(1))
        #expect(try JSONValue(json: "10E2") == .double(1000))
        #expect(try JSONValue(json: "-0.0") == .double(-0.0))
        #expect(try JSONValue(json: "9223372036854775807") == .integer(.max))
        #expect(try JSONValue(json: "-9223372036854775808") == .integer(.min))
        #expect(try JSONValue(json: "9223372036854775808") == .double(0x1p63))
        #expect(try JSONValue(json: "-9223372036854775809") == .double(-0x1p63))
        #expect(try JSONValue(json: "123456789012345678901234567890") == .double(1.2345678901234568e29))
        #expect(try JSONValue(json: "1e-400") == .double(0))
        #expect(try JSONValue(json: "0.1") == .double(0.1))
        #expect(try JSONValue(json: "[0, 10, -3]") == .array([.integer(0), .integer(10), .integer(-3)]))
        let big = try JSONValue(json: "[18446744073709551616]")
        #expect(big == .array([.double(18_446_744_073_709_551_616)]))
        #expect(try JSONValue(json: big.json) == big)
    }

    @Test("escapes, \\u escapes and surrogate pairs decode; raw UTF-8 passes through")
    func strings() throws {
        #expect(try JSONValue(json: #""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try JSONValue(json: #""\u0041\u00e9\u00E9\u4e2d""#) == .string("Aéé中"))
        #expect(try JSONValue(json: #""\uD83D\uDE00""#) == .string("😀"))
        #expect(try JSONValue(json: #""\ud83d\ude00 and \uDBFF\uDFFF""#) == .string("😀 and \u{10FFFF}"))
        #expect(try JSONValue(json: #""a\u0000b""#) == .string("a\u{0}b"))
        #expect(try JSONValue(json: "\"héllo 😀 中文\"") == .string("héllo 😀 中文"))
        #expect(try JSONValue(json: #"{"k\u00e9y": "v"}"#) == .object(["kéy": .string("v")]))
        let control = JSONValue.string("a\u{1}b\u{1F}")
        #expect(control.json == #""a\u0001b\u001f""#)
        #expect(try JSONValue(json: control.json) == control)
    }

    @Test("a UTF-8 byte order mark at the start is accepted and not counted in columns")
    func byteOrderMark() throws {
        #expect(try JSONValue(json: "\u{FEFF}{\"a\": 1}") == .object(["a": .integer(1)]))
        #expect(reason("\u{FEFF}[x]") == "expected a JSON value, found 'x' at line 1, column 2 (at $[0])")
        #expect(reason("[\u{FEFF}1]").hasPrefix("expected a JSON value, found '\u{FEFF}' (U+FEFF) at line 1, column 2"))
        #expect(reason("\u{FEFF}") == "the document is empty; expected a JSON value at line 1, column 1")
    }

    @Test("a large document parses")
    func largeDocument() throws {
        let items = (0..<20_000).map { #"{"id": \#($0), "name": "item \#($0)", "ratio": \#(Double($0) / 4)}"# }
        let value = try JSONValue(json: "[" + items.joined(separator: ",\n") + "]")
        guard case .array(let list) = value else {
            Issue.record("not a list: \(value.summary)")
            return
        }
        #expect(list.count == 20_000)
        #expect(list[7] == .object(["id": .integer(7), "name": .string("item 7"), "ratio": .double(1.75)]))
    }

    // MARK: - Rejections with position and path

    @Test("null is refused, naming its line, column and path")
    func null() {
        let text = """
            {
              "cfixture": {
            "tags":[1, null]
              }
            }
            """
        #expect(
            failure(text)?.description
                == "null is not an option value at line 3, column 12 (at $.cfixture.tags[1])")
        #expect(reason("null") == "null is not an option value at line 1, column 1")
        #expect(reason(#"{"a": [{"b": null}]}"#) == "null is not an option value at line 1, column 14 (at $.a[0].b)")
        #expect(
            reason(#"{"a.b": {"c d": [null]}}"#)
                == #"null is not an option value at line 1, column 18 (at $["a.b"]["c d"][0])"#)
        let error = failure(text)
        #expect(error?.line == 3)
        #expect(error?.column == 12)
        #expect(error?.path == "$.cfixture.tags[1]")
        #expect(error?.message == "null is not an option value")
    }

    @Test(
        "an API answer is read leniently: nulls left out, a repeated key's last value kept, deep nesting, huge numbers"
    )
    func answerLeniency() throws {
        #expect(
            try JSONValue(answerJSON: #"{"a": null, "b": [1, null, 2], "c": {"d": null}}"#)
                == .object(["b": .array([.integer(1), .integer(2)]), "c": .object([:])]))
        #expect(throws: JSONError.self) { try JSONValue(answerJSON: "null") }
        #expect(try JSONValue(answerJSON: #"{"a": 1, "a": 2}"#) == .object(["a": .integer(2)]))
        #expect(try JSONValue(answerJSON: #"{"a": 1, "a": null}"#) == .object([:]))
        #expect(try JSONValue(answerJSON: #"{"big": 1e400}"#) == .object(["big": .double(.infinity)]))
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: Never.self) { try JSONValue(answerJSON: deep) }
        #expect(throws: JSONError.self) { try JSONValue(json: deep) }
        // A path still counts the items left out.
        do {
            _ = try JSONValue(answerJSON: #"[null, null, nul]"#)
            Issue.record("a misspelled null parsed")
        } catch {
            #expect(error.path == "$[2]")
        }
        // Options stay strict.
        #expect(reason("null") == "null is not an option value at line 1, column 1")
        #expect(reason("1e400").hasPrefix("the number 1e400 is too large for a double"))
    }

    @Test("a duplicate key is refused, naming the key")
    func duplicateKeys() throws {
        #expect(reason(#"{"a": 1, "a": 2}"#) == #"duplicate key "a" at line 1, column 10"#)
        #expect(reason(#"{"x": {"k": 1, "k": [2]}}"#) == #"duplicate key "k" at line 1, column 16 (at $.x)"#)
        #expect(reason(#"{"k\u0041": 1, "kA": 2}"#) == #"duplicate key "kA" at line 1, column 16"#)
        #expect(
            try JSONValue(json: #"[{"a": 1}, {"a": 2}]"#)
                == .array([.object(["a": .integer(1)]), .object(["a": .integer(2)])]))
    }

    @Test(
        "numbers outside the JSON grammar are refused",
        arguments: [
            ("01", "a number cannot have a leading zero at line 1, column 1"),
            ("[-012]", "a number cannot have a leading zero at line 1, column 2 (at $[0])"),
            ("+1", "a number cannot start with '+' at line 1, column 1"),
            (".5", "a number must start with a digit, not '.' at line 1, column 1"),
            ("1.", "expected a digit after the decimal point, found the end of the input at line 1, column 3"),
            ("[1.e5]", "expected a digit after the decimal point, found 'e' at line 1, column 4 (at $[0])"),
            ("1e", "expected a digit in the exponent, found the end of the input at line 1, column 3"),
            ("1e+", "expected a digit in the exponent, found the end of the input at line 1, column 4"),
            ("-", "expected a digit after '-', found the end of the input at line 1, column 2"),
            ("- 1", "expected a digit after '-', found ' ' at line 1, column 2"),
            ("NaN", "NaN is not a JSON number at line 1, column 1"),
            (#"{"a": Infinity}"#, "Infinity is not a JSON number at line 1, column 7 (at $.a)"),
            ("-Infinity", "-Infinity is not a JSON number at line 1, column 1"),
            ("1e400", "the number 1e400 is too large for a double at line 1, column 1"),
            ("0x10", "unexpected 'x' after the JSON value at line 1, column 2"),
            ("1.2.3", "unexpected '.' after the JSON value at line 1, column 4"),
        ])
    func badNumbers(text: String, expected: String) {
        #expect(reason(text) == expected)
    }

    @Test(
        "bad strings are refused: lone surrogates, bad escapes, raw control characters, no end",
        arguments: [
            (
                #""\uD83D""#,
                #"lone surrogate \uD83D: a high surrogate must be followed by a low surrogate \uDC00-\uDFFF at line 1, column 2"#
            ),
            (
                #""\uD83Dx""#,
                #"lone surrogate \uD83D: a high surrogate must be followed by a low surrogate \uDC00-\uDFFF at line 1, column 2"#
            ),
            (
                #"["ok", "\uD83D\u0041"]"#,
                #"lone surrogate \uD83D: it is followed by \u0041, not a low surrogate \uDC00-\uDFFF at line 1, column 9 (at $[1])"#
            ),
            (
                #""ab\uDE00""#,
                #"lone surrogate \uDE00: a low surrogate must follow a high surrogate \uD800-\uDBFF at line 1, column 4"#
            ),
            (#""\u12G4""#, #"\u must be followed by four hex digits at line 1, column 2"#),
            (#""\u12""#, #"\u must be followed by four hex digits at line 1, column 2"#),
            (#""\x""#, #"invalid escape \x in a string at line 1, column 2"#),
            (#""\é""#, #"invalid escape \é (U+00E9) in a string at line 1, column 2"#),
            (
                "\"a\nb\"",
                #"unescaped control character U+000A in a string (a string cannot span lines; write \n) at line 1, column 3"#
            ),
            ("\"a\tb\"", #"unescaped control character U+0009 in a string (write \t) at line 1, column 3"#),
            ("\"\u{1}\"", "unescaped control character U+0001 in a string at line 1, column 2"),
            (#"{"a": "open"#, "unterminated string at line 1, column 7 (at $.a)"),
            (#""esc\"#, "unterminated string at line 1, column 1"),
            (#""esc\n"#, "unterminated string at line 1, column 1"),
            ("'single'", "strings must be in double quotes, not single quotes at line 1, column 1"),
        ])
    func badStrings(text: String, expected: String) {
        #expect(reason(text) == expected)
    }

    @Test(
        "bad structure is refused with its position",
        arguments: [
            ("[1, 2,]", "trailing comma before ']' at line 1, column 6"),
            (#"{"a": 1,}"#, "trailing comma before '}' at line 1, column 8"),
            (#"{"a": [1 2]}"#, "expected ',' or ']' in an array, found '2' at line 1, column 10 (at $.a)"),
            (#"{"a" 1}"#, #"expected ':' after the key "a", found '1' at line 1, column 6"#),
            (#"{"a": 1 "b": 2}"#, "expected ',' or '}' in an object, found '\"' at line 1, column 9"),
            ("{a: 1}", "expected a string key, found 'a' (object keys must be in double quotes) at line 1, column 2"),
            ("{'a': 1}", "expected a string key, found ''' (object keys must be in double quotes) at line 1, column 2"),
            ("{1: 1}", "expected a string key, found '1' (object keys must be in double quotes) at line 1, column 2"),
            (#"{"logger": "#, "expected a JSON value, found the end of the input at line 1, column 12 (at $.logger)"),
            ("[1, ", "expected a JSON value, found the end of the input at line 1, column 5 (at $[1])"),
            ("[1", "expected ',' or ']' in an array, found the end of the input at line 1, column 3"),
            (#"{"a": 1"#, "expected ',' or '}' in an object, found the end of the input at line 1, column 8"),
            ("{", "expected a string key, found the end of the input at line 1, column 2"),
            ("[,1]", "expected a JSON value, found ',' at line 1, column 2 (at $[0])"),
            ("]", "expected a JSON value, found ']' at line 1, column 1"),
            ("{} x", "unexpected 'x' after the JSON value at line 1, column 4"),
            ("[1] [2]", "unexpected '[' after the JSON value at line 1, column 5"),
            ("{} // comment", "unexpected '/' after the JSON value at line 1, column 4"),
            ("truex", "expected a JSON value, found 'truex' at line 1, column 1"),
            ("True", "expected a JSON value, found 'True' at line 1, column 1"),
            ("[\u{C}1]", "expected a JSON value, found U+000C at line 1, column 2 (at $[0])"),
            ("[\u{A0}1]", "expected a JSON value, found '\u{A0}' (U+00A0) at line 1, column 2 (at $[0])"),
            ("", "the document is empty; expected a JSON value at line 1, column 1"),
            (" \n\t ", "the document holds only whitespace; expected a JSON value at line 2, column 3"),
        ])
    func badStructure(text: String, expected: String) {
        #expect(reason(text) == expected)
    }

    @Test("lines count LF, CRLF and CR; columns count characters, not bytes")
    func positions() {
        #expect(reason("{\n\n  \"a\": nul\n}") == "expected a JSON value, found 'nul' at line 3, column 8 (at $.a)")
        #expect(reason("[\r\n1,\r\n x]") == "expected a JSON value, found 'x' at line 3, column 2 (at $[1])")
        #expect(reason("[\r1,\r x]") == "expected a JSON value, found 'x' at line 3, column 2 (at $[1])")
        #expect(reason(#"["héllo", x]"#) == "expected a JSON value, found 'x' at line 1, column 11 (at $[1])")
        #expect(reason(#"["😀👍🏽", x]"#) == "expected a JSON value, found 'x' at line 1, column 8 (at $[1])")
        #expect(
            reason("{\"é\": 1,\n \"中文\": [true, x]}")
                == "expected a JSON value, found 'x' at line 2, column 15 (at $[\"中文\"][1])")
    }

    @Test("nesting is capped at 128 levels")
    func depthCap() throws {
        let limit = JSONReader.Rules.options.maximumDepth
        #expect(limit == 128)
        let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try JSONValue(json: deepest).json == deepest)
        let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = try #require(failure(tooDeep))
        #expect(error.message == "arrays and objects are nested more than 128 levels deep")
        #expect(error.line == 1 && error.column == 129)
        #expect(error.path == "$" + String(repeating: "[0]", count: limit))
        let objects = String(repeating: #"{"k":"#, count: limit + 1) + "1" + String(repeating: "}", count: limit + 1)
        #expect(failure(objects)?.message == "arrays and objects are nested more than 128 levels deep")
        // Far deeper input is refused at the cap, not by running out of stack.
        #expect(failure(String(repeating: "[", count: 100_000))?.column == 129)
    }

    @Test("path keys that are not identifiers are quoted")
    func pathRendering() {
        #expect(JSONReader.render(path: []) == "$")
        #expect(JSONReader.render(path: [.key("a"), .index(2), .key("_b9")]) == "$.a[2]._b9")
        #expect(
            JSONReader.render(path: [.key("whatsNew.delay"), .key("9a"), .key("")]) == #"$["whatsNew.delay"]["9a"][""]"#
        )
        #expect(JSONReader.render(path: [.key("q\"")]) == #"$["q\""]"#)
    }

    @Test("Codable encodes and decodes values, null included")
    func codable() throws {
        let value = JSONValue.object([
            "list": .array([.bool(true), .integer(-3), .double(2.5), .string("x\n")]), "empty": .object([:]),
        ])
        let data = try JSONEncoder().encode(value)
        #expect(try JSONValue(json: String(decoding: data, as: UTF8.self)) == value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        #expect(
            try JSONDecoder().decode(JSONValue.self, from: Data(#"{"a": [1, null]}"#.utf8))
                == .object(["a": .array([.integer(1), .null])]))
    }

    // MARK: - Config files

    private func temporaryURL(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("parra-json-\(UUID())-\(name)")
    }

    private func readProblem(_ url: URL) -> String? {
        OptionStore(schemas: OptionStoreTests.schemas).applyConfigFile(at: url.path).first?.description
    }

    @Test("a directory, a missing file and a missing parent are reported plainly")
    func fileReadErrors() throws {
        let folder = temporaryURL("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(readProblem(folder) == "\(folder.path): cannot read: is a directory")
        let missing = folder.appendingPathComponent("absent.json")
        #expect(readProblem(missing) == "\(missing.path): cannot read: no such file")
        let file = folder.appendingPathComponent("file.json")
        try Data("{}".utf8).write(to: file)
        let belowFile = file.appendingPathComponent("x.json")
        #expect(
            readProblem(belowFile)
                == "\(belowFile.path): cannot read: no such file (a parent in the path is not a directory)")
    }

    @Test("a FIFO, a device and a file over 1 MiB are refused by type and size, without being read")
    func specialFiles() throws {
        let fifo = temporaryURL("pipe.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        #expect(readProblem(fifo) == "\(fifo.path): cannot read: is a named pipe (FIFO), not a regular file")
        #expect(
            readProblem(URL(fileURLWithPath: "/dev/zero"))
                == "/dev/zero: cannot read: is a character device, not a regular file")
        let large = temporaryURL("large.json")
        #expect(FileManager.default.createFile(atPath: large.path, contents: Data("{}".utf8)))
        defer { try? FileManager.default.removeItem(at: large) }
        #expect(truncate(large.path, off_t(OptionStore.maximumConfigFileBytes + 1)) == 0)
        #expect(
            readProblem(large)
                == "\(large.path): cannot read: is 1048577 bytes; a config file may have at most 1048576 (1 MiB)")
    }

    @Test(
        "a file without read permission is reported as such",
        .enabled(if: geteuid() != 0, "root reads files whatever their mode"))
    func unreadableFile() throws {
        let file = temporaryURL("locked.json")
        try Data("{}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(chmod(file.path, 0) == 0)
        #expect(readProblem(file) == "\(file.path): cannot read: permission denied")
    }

    @Test(
        "a file that opens but fails to read gives the system's reason",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem")))
    func readFailure() {
        // Reading /proc/self/mem at offset 0 (never mapped) fails with EIO, even for root.
        #expect(
            readProblem(URL(fileURLWithPath: "/proc/self/mem")) == "/proc/self/mem: cannot read: input/output error")
    }

    @Test("errno values become plain reasons")
    func errnoReasons() {
        #expect(OptionStore.readReason(errno: EACCES) == "permission denied")
        #expect(OptionStore.readReason(errno: EPERM) == "permission denied")
        #expect(OptionStore.readReason(errno: ENOENT) == "no such file")
        #expect(OptionStore.readReason(errno: EISDIR) == "is a directory")
        #expect(OptionStore.readReason(errno: EIO) == "input/output error")
    }

    @Test("a file that is not UTF-8 says where the first bad byte is")
    func notUTF8() throws {
        let file = temporaryURL("latin1.json")
        try Data([0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D]).write(to: file)  // {"a":"é"} in Latin-1
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(readProblem(file) == "\(file.path): cannot read: not UTF-8 text (invalid byte 0xE9 at byte offset 6)")
    }

    @Test("a config file's JSON problems carry the file, position and path; a BOM is fine")
    func configFileMessages() throws {
        let file = temporaryURL("bad.json")
        try Data("{\n  \"logger\": {\"enabled\": true, \"enabled\": false}\n}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(
            readProblem(file)
                == #"\#(file.path): malformed JSON: duplicate key "enabled" at line 2, column 31 (at $.logger)"#)
        let bom = temporaryURL("bom.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"logger": {"enabled": false}}"#.utf8)).write(to: bom)
        defer { try? FileManager.default.removeItem(at: bom) }
        let store = OptionStore(schemas: OptionStoreTests.schemas)
        #expect(store.applyConfigFile(at: bom.path).isEmpty)
        #expect(store.option(forKey: "logger.enabled")?.value == .bool(false))
    }
}
