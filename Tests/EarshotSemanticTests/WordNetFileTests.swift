@testable import EarshotSemantic
import Foundation
import Testing

/// WordNet's text files read as bytes (``WordNetFile``) give the fields that splitting them as Strings gave:
/// a wrong field would change which verbs flexible matching calls the same or opposite.
@Suite("WordNet files read as bytes")
struct WordNetFileTests {
    static func lines(_ text: String, skippingIndented: Bool = true, endingAt stop: UInt8? = nil) throws -> [[String]] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wordnet-\(UUID().uuidString).txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try #require(WordNetFile(path))
        var out: [[String]] = []
        file.forEachLine(skippingIndented: skippingIndented, endingAt: stop) { fields in out.append((0..<fields.count).map { fields.string($0) }) }
        return out
    }

    @Test("the license's indented lines and empty lines are left out; runs of spaces part no empty field")
    func fields() throws {
        let text = "  1 This software and database\n\nstop v 2  1 !   01860795 02680814\n"
        #expect(try Self.lines(text) == [["stop", "v", "2", "1", "!", "01860795", "02680814"]])
        #expect(try Self.lines(text, skippingIndented: false).first == ["1", "This", "software", "and", "database"])
    }

    @Test("a data line ends at its gloss")
    func gloss() throws {
        let text = "01860795 38 v 02 stop 0 halt 0 | come to a halt; \"the car stopped\"\n"
        #expect(try Self.lines(text, endingAt: UInt8(ascii: "|")) == [["01860795", "38", "v", "02", "stop", "0", "halt", "0"]])
    }

    @Test("numbers read as Int(_:radix:) reads them: hex counts, a sign, nothing else in the field")
    func numbers() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wordnet-\(UUID().uuidString).txt").path
        try "00001740 0a 0102 +7 -3 12x + 99999999999999999999\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try #require(WordNetFile(path))
        var read: [Int?] = []
        file.forEachLine { fields in
            read = [fields.int(0), fields.int(1, radix: 16), fields.int(2, radix: 16, bytes: 0..<2), fields.int(2, radix: 16, bytes: 2..<4),
                    fields.int(3), fields.int(4), fields.int(5), fields.int(6), fields.int(7)]
        }
        #expect(read == [1740, 10, 1, 2, 7, -3, nil, nil, nil])
        #expect(read == [Int("00001740"), Int("0a", radix: 16), Int("01", radix: 16), Int("02", radix: 16), Int("+7"), Int("-3"),
                         Int("12x"), Int("+"), Int("99999999999999999999")])
    }
}
