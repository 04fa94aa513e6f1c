import CParraPlugin
import Foundation
import ParraShared
import Testing

@testable import ParraLogger

/// Console lines, piece by piece, as the reference describes them.
@Suite("Console line format")
struct ConsoleLineFormatterTests {
    private func line(
        _ record: TestRecord = TestRecord(), format: ConsoleFormat = .default, colour: Bool = false
    ) -> String {
        let formatter = ConsoleLineFormatter(format: format, colour: colour)
        let buffer = ByteBuffer(capacity: 256)
        record.withRecord { formatter.append($0, to: buffer) }
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    private func piece(_ item: ConsoleFormat.Item, _ left: String = "", _ right: String = "") -> ConsoleFormat.Piece {
        ConsoleFormat.Piece(item: item, leftPad: Array(left.utf8), rightPad: Array(right.utf8))
    }

    @Test("the default format: symbol, call site in brackets, message")
    func defaultLine() {
        #expect(line() == "\u{26AA}\u{FE0F} [ContentView:body:42] Hello\n")
    }

    @Test("extras print pretty on the next line in the default format; none means no trailing space")
    func defaultExtras() {
        var record = TestRecord()
        record.extraJSON = #"{"b":[1,2],"a":"x"}"#
        let text = line(record)
        #expect(text.hasPrefix("\u{26AA}\u{FE0F} [ContentView:body:42] Hello \n{"))
        #expect(text.contains("\"a\" : \"x\""))
        #expect(text.firstRange(of: "\"a\"")!.lowerBound < text.firstRange(of: "\"b\"")!.lowerBound)
        record.extraJSON = "{}"
        #expect(line(record) == "\u{26AA}\u{FE0F} [ContentView:body:42] Hello\n")
    }

    @Test(
        "level styles for every level",
        arguments: [
            (PARRA_LOG_LEVEL_TRACE, "\u{1F7E3}", "TRACE"), (PARRA_LOG_LEVEL_DEBUG, "\u{1F535}", "DEBUG"),
            (PARRA_LOG_LEVEL_INFO, "\u{26AA}\u{FE0F}", "INFO"), (PARRA_LOG_LEVEL_WARN, "\u{1F7E1}", "WARN"),
            (PARRA_LOG_LEVEL_ERROR, "\u{1F534}", "ERROR"), (PARRA_LOG_LEVEL_FATAL, "\u{1F480}", "FATAL"),
        ])
    func levelStyles(level: Int32, symbol: String, word: String) {
        var record = TestRecord()
        record.level = level
        #expect(line(record, format: ConsoleFormat(pieces: [piece(.level(.symbol))])) == "\(symbol)\n")
        #expect(line(record, format: ConsoleFormat(pieces: [piece(.level(.word))])) == "\(word)\n")
        #expect(line(record, format: ConsoleFormat(pieces: [piece(.level(.both))])) == "\(symbol) \(word)\n")
    }

    @Test(
        "timestamps: ISO 8601 with milliseconds, RFC 3339, epoch and a custom pattern, in UTC unless the pattern names a zone"
    )
    func timestamps() {
        let record = TestRecord(timestamp: 1_708_807_671.530)
        #expect(
            line(record, format: ConsoleFormat(pieces: [piece(.timestamp(.iso8601))])) == "2024-02-24T20:47:51.530Z\n")
        #expect(line(record, format: ConsoleFormat(pieces: [piece(.timestamp(.rfc3339))])) == "2024-02-24T20:47:51Z\n")
        #expect(line(record, format: ConsoleFormat(pieces: [piece(.timestamp(.epoch))])) == "1708807671.53\n")
        #expect(
            line(
                record,
                format: ConsoleFormat(pieces: [
                    piece(.timestamp(.custom("yyyy/MM/dd HH:mm", timeZone: nil, locale: nil)))
                ]))
                == "2024/02/24 20:47\n")
        // The app's formatter's zone and locale, as a DateFormatter prints.
        let tokyo = ConsoleFormat.TimestampStyle.custom("yyyy/MM/dd HH:mm", timeZone: "Asia/Tokyo", locale: nil)
        #expect(line(record, format: ConsoleFormat(pieces: [piece(.timestamp(tokyo))])) == "2024/02/25 05:47\n")
        let french = ConsoleFormat.TimestampStyle.custom("d MMMM", timeZone: "Europe/Paris", locale: "fr_FR")
        #expect(line(record, format: ConsoleFormat(pieces: [piece(.timestamp(french))])) == "24 février\n")
    }

    @Test("call site options print in the fixed order; thread is a prefix; file loses folder and extension")
    func callSite() {
        var record = TestRecord(fileID: "Shop/Checkout.View.swift", function: "load(from:into:)")
        record.threadName = "worker"
        let all: ConsoleFormat.CallSiteOptions = [.column, .line, .function, .thread, .file]
        #expect(
            line(record, format: ConsoleFormat(pieces: [piece(.callSite(all))])) == "[worker] Checkout.View:load:42:9\n"
        )
        #expect(
            line(record, format: ConsoleFormat(pieces: [piece(.callSite([.line, .file]))])) == "Checkout.View:42\n")
        #expect(line(record, format: ConsoleFormat(pieces: [piece(.callSite([.function]))])) == "load\n")
    }

    @Test("two call-site pieces with different options each print their own parts, line after line")
    func twoCallSitePieces() {
        let format = ConsoleFormat(pieces: [piece(.callSite([.file])), piece(.callSite([.line]), " @")])
        let formatter = ConsoleLineFormatter(format: format, colour: false)
        let buffer = ByteBuffer(capacity: 64)
        for _ in 0..<3 { TestRecord().withRecord { formatter.append($0, to: buffer) } }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(repeating: "ContentView @42\n", count: 3))
    }

    @Test("a record without a thread name gets the logging thread's: main here")
    func threadNameFromTheThread() {
        let format = ConsoleFormat(pieces: [piece(.callSite([.thread, .line]))])
        #expect(line(TestRecord(), format: format).hasPrefix("["))
        #expect(line(TestRecord(), format: format).hasSuffix("] 42\n"))
    }

    @Test("pads wrap each present piece; an absent piece drops with its pads; the line is trimmed")
    func padsAndSkipping() {
        let format = ConsoleFormat(pieces: [
            piece(.message, "  <", ">  "), piece(.extras(.raw), "{{", "}}"), piece(.level(.word), "(", ")  "),
        ])
        #expect(line(TestRecord(), format: format) == "<Hello>  (INFO)\n")
        #expect(line(TestRecord(message: ""), format: format) == "(INFO)\n")
        #expect(line(TestRecord(), format: ConsoleFormat(pieces: [])) == "\n")
    }

    @Test(
        "extras: raw as given; condensed as the SDK: every string cut to 80 characters plus ..., nested objects too, lists as they are; pretty sorts and indents"
    )
    func extrasStyles() {
        let long = String(repeating: "y", count: 100)
        var record = TestRecord()
        record.extraJSON = #"{"z":1,"a":""# + long + #"","b":{"c":"short"},"l":["kept"]}"#
        #expect(line(record, format: ConsoleFormat(pieces: [piece(.extras(.raw))])) == record.extraJSON + "\n")
        let condensed = line(record, format: ConsoleFormat(pieces: [piece(.extras(.condensed))]))
        #expect(
            condensed
                == #"{"a":""# + String(repeating: "y", count: 80) + #"...","b":{"c":"short..."},"l":["kept"],"z":1}"#
                + "\n")
        let pretty = line(record, format: ConsoleFormat(pieces: [piece(.extras(.pretty))]))
        #expect(pretty.hasPrefix("{\n  \"a\" : \"\(long)\",\n  \"b\" : {\n    \"c\" : \"short\"\n  },"), "\(pretty)")
    }

    @Test("error and fatal lines carry the call stack; lower levels never do")
    func callStacks() {
        var record = TestRecord(level: PARRA_LOG_LEVEL_ERROR)
        record.callStack = "0 App main\n1 libc start"
        #expect(line(record).hasSuffix("Hello\n0 App main\n1 libc start\n"))
        record.level = PARRA_LOG_LEVEL_WARN
        #expect(line(record) == "\u{1F7E1} [ContentView:body:42] Hello\n")
    }

    @Test("colour wraps the level on a terminal, and only the levels that have a colour")
    func colour() {
        let format = ConsoleFormat(pieces: [piece(.level(.word)), piece(.message, " ")])
        #expect(
            line(TestRecord(level: PARRA_LOG_LEVEL_WARN), format: format, colour: true)
                == "\u{1B}[33mWARN\u{1B}[0m Hello\n")
        #expect(line(TestRecord(level: PARRA_LOG_LEVEL_INFO), format: format, colour: true) == "INFO Hello\n")
    }

    @Test("JSON-escaped text keeps quotes, backslashes and control bytes valid, as every JSON writer escapes")
    func jsonEscaping() throws {
        let buffer = ByteBuffer(capacity: 8)
        let text = "a\"b\\c\nd\u{01}\u{08}\u{0C}\té"
        var copy = text
        copy.withUTF8 { buffer.appendJSONEscaped($0.baseAddress, $0.count) }
        let quoted = "\"" + String(decoding: buffer.bytes, as: UTF8.self) + "\""
        #expect(quoted == #""a\"b\\c\nd\u0001\b\f\té""#)
        #expect(quoted == JSONValue.quoted(text))
        #expect(
            try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: .fragmentsAllowed) as? String == text)
        let invalid: [UInt8] = [0x61, 0xFF, 0x0A, 0xC3]
        let raw = ByteBuffer(capacity: 8)
        invalid.withUnsafeBytes { raw.appendJSONEscaped($0.baseAddress, $0.count) }
        #expect(
            Array(raw.bytes) == [0x61, 0xFF, 0x5C, UInt8(ascii: "n"), 0xC3], "bytes that are not UTF-8 pass through")
    }
}

@Suite("Timestamps without DateFormatter")
struct UTCTimestampTests {
    @Test("ISO 8601 and RFC 3339 agree with Foundation's formatters across centuries, leap days and negative times")
    func agreesWithFoundation() {
        let milliseconds = ISO8601DateFormatter()
        milliseconds.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let seconds = ISO8601DateFormatter()
        var generator = SystemRandomNumberGenerator()
        var samples: [Double] = [0, 951_782_400.5, 1_709_164_800.999, -86_400.25, 4_102_444_799.001, 1_708_807_671.53]
        for _ in 0..<2000 {
            samples.append(Double(Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)) / 1000)
        }
        for value in samples {
            let date = Date(timeIntervalSince1970: value)
            for (fractionalSeconds, formatter) in [(true, milliseconds), (false, seconds)] {
                let buffer = ByteBuffer(capacity: 8)
                buffer.append(timestamp: value, fractionalSeconds: fractionalSeconds)
                #expect(String(decoding: buffer.bytes, as: UTF8.self) == formatter.string(from: date), "\(value)")
            }
        }
    }
}
