import CParraPlugin
import Foundation
import Testing

@testable import ParraLogger

/// Lines made from call-site templates against the same lines made piece by piece.
@Suite("Console line templates")
struct ConsoleLineTemplateTests {
    /// Formats made of the pieces a template can hold, in several orders, with pads that are
    /// empty, white space or text.
    private static func formats() -> [ConsoleFormat] {
        let pads: [(String, String)] = [("", ""), (" ", " "), ("  [", "]  "), ("\t", ""), ("", " \n"), ("<", ">")]
        var generator = SplitMix64(seed: 7)
        var formats: [ConsoleFormat] = [.default]
        let items: [ConsoleFormat.Item] = [
            .level(.symbol), .level(.both), .callSite([.file, .function, .line]), .callSite([.line, .column]),
            .extras(.raw), .extras(.pretty),
        ]
        for _ in 0..<60 {
            var pieces = [ConsoleFormat.Piece]()
            for item in items.shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator)) {
                let pad = pads.randomElement(using: &generator)!
                pieces.append(ConsoleFormat.Piece(item: item, leftPad: Array(pad.0.utf8), rightPad: Array(pad.1.utf8)))
            }
            let pad = pads.randomElement(using: &generator)!
            pieces.insert(
                ConsoleFormat.Piece(item: .message, leftPad: Array(pad.0.utf8), rightPad: Array(pad.1.utf8)),
                at: Int.random(in: 0...pieces.count, using: &generator))
            formats.append(ConsoleFormat(pieces: pieces))
        }
        return formats
    }

    @Test(
        "every line, with or without extras, white space around the message, at any level, is the line made piece by piece"
    )
    func templatesAgree() {
        let messages = ["Hello", " leading", "trailing ", "  ", "\tboth \n", "a b"]
        let extras = ["", "{}", #"{"a":1}"#]
        let levels = [PARRA_LOG_LEVEL_DEBUG, PARRA_LOG_LEVEL_INFO, PARRA_LOG_LEVEL_WARN, PARRA_LOG_LEVEL_ERROR]
        for format in Self.formats() {
            let formatter = ConsoleLineFormatter(format: format, colour: false)
            let templated = ByteBuffer(capacity: 256)
            let pieces = ByteBuffer(capacity: 256)
            ThreadScratch.withCurrent { scratch in
                for message in messages {
                    for extra in extras {
                        for level in levels {
                            var record = TestRecord(level: level, message: message)
                            record.extraJSON = extra
                            // Twice: the first line makes the template, the second uses it.
                            for _ in 0..<2 {
                                templated.removeAll()
                                pieces.removeAll()
                                record.withRecord {
                                    formatter.append($0, to: templated, scratch: scratch)
                                    formatter.appendPieces($0, to: pieces, scratch: scratch)
                                }
                                #expect(
                                    Array(templated.bytes) == Array(pieces.bytes),
                                    "\(format.pieces.map(\.item)): \(String(decoding: templated.bytes, as: UTF8.self).debugDescription) != \(String(decoding: pieces.bytes, as: UTF8.self).debugDescription)"
                                )
                            }
                        }
                    }
                }
            }
        }
    }

    @Test("a template is the line of its own call site and level only")
    func templatesPerCallSite() {
        let formatter = ConsoleLineFormatter(format: .default, colour: false)
        let buffer = ByteBuffer(capacity: 256)
        let records = [
            TestRecord(), TestRecord(level: PARRA_LOG_LEVEL_WARN), TestRecord(line: 43), TestRecord(function: "load"),
            TestRecord(fileID: "App/Other.swift"), TestRecord(),
        ]
        ThreadScratch.withCurrent { scratch in
            for record in records { record.withRecord { formatter.append($0, to: buffer, scratch: scratch) } }
        }
        #expect(
            String(decoding: buffer.bytes, as: UTF8.self)
                == "\u{26AA}\u{FE0F} [ContentView:body:42] Hello\n\u{1F7E1} [ContentView:body:42] Hello\n"
                + "\u{26AA}\u{FE0F} [ContentView:body:43] Hello\n\u{26AA}\u{FE0F} [ContentView:load:42] Hello\n"
                + "\u{26AA}\u{FE0F} [Other:body:42] Hello\n\u{26AA}\u{FE0F} [ContentView:body:42] Hello\n")
    }
}
