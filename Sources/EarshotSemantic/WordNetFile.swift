import Foundation

/// A WordNet text file (`index.verb`, `data.noun`, `verb.exc` …) read as bytes: its lines, each split at
/// spaces into fields, with no String made for a field unless asked. The data files hold 200,000 lines;
/// split as Strings they took three seconds of every debug-built process that matched by meaning.
struct WordNetFile {
    private let bytes: [UInt8]

    /// The file at `path`, or `nil` when it cannot be read.
    init?(_ path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        bytes = [UInt8](data)
    }

    /// Calls `body` with the fields of every line that is not empty, in order. With `skippingIndented`, lines
    /// that start with a space (the license at the top of `index.*` and `data.*`) are left out; with
    /// `endingAt`, a line ends at that byte (a data line's gloss, after "|").
    /// `keeping`, when given, sees each line's bytes first, and a line it refuses is not split (a quick test
    /// that leaves out most lines of a large file).
    func forEachLine(skippingIndented: Bool = false, endingAt stop: UInt8? = nil,
                     keeping: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil, _ body: (WordNetLine) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var fields = WordNetLine(buffer: buffer)
            var start = 0
            let end = buffer.count
            while start < end {
                var lineEnd = start
                while lineEnd < end, buffer[lineEnd] != 10 { lineEnd += 1 }
                if lineEnd > start, !(skippingIndented && buffer[start] == 32),
                   keeping?(UnsafeBufferPointer(rebasing: buffer[start..<lineEnd])) ?? true {
                    var contentEnd = lineEnd
                    if let stop {
                        var k = start
                        while k < lineEnd, buffer[k] != stop { k += 1 }
                        contentEnd = k
                    }
                    fields.split(start..<contentEnd)
                    if fields.count > 0 { body(fields) }
                }
                start = lineEnd + 1
            }
        }
    }
}

/// One line's space-separated fields (empty ones left out), as byte ranges of the file.
struct WordNetLine {
    private let buffer: UnsafeBufferPointer<UInt8>
    private var starts: [Int] = []
    private var ends: [Int] = []

    init(buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// How many fields the line has.
    var count: Int { starts.count }

    mutating func split(_ range: Range<Int>) {
        starts.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        var i = range.lowerBound
        while i < range.upperBound {
            while i < range.upperBound, buffer[i] == 32 { i += 1 }
            guard i < range.upperBound else { break }
            let first = i
            while i < range.upperBound, buffer[i] != 32 { i += 1 }
            starts.append(first)
            ends.append(i)
        }
    }

    /// Field `index` as a String.
    func string(_ index: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[starts[index]..<ends[index]]), as: UTF8.self)
    }

    /// Field `index` as a String, or the part of it in `bytes` (offsets within the field).
    func string(_ index: Int, bytes range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[(starts[index] + range.lowerBound)..<(starts[index] + range.upperBound)]), as: UTF8.self)
    }

    /// Field `index`'s length in bytes.
    func length(_ index: Int) -> Int { ends[index] - starts[index] }

    /// Byte `offset` of field `index`.
    func byte(_ index: Int, _ offset: Int) -> UInt8 { buffer[starts[index] + offset] }

    /// Whether field `index` is exactly `text` (ASCII).
    func field(_ index: Int, is text: StaticString) -> Bool {
        guard length(index) == text.utf8CodeUnitCount else { return false }
        let other = text.utf8Start
        for k in 0..<text.utf8CodeUnitCount where buffer[starts[index] + k] != other[k] { return false }
        return true
    }

    /// Field `index` (or its bytes in `range`) read as `Int(_:radix:)` reads a String: an optional sign, then
    /// one or more digits of `radix`, nothing else; `nil` otherwise or past `Int`'s range.
    func int(_ index: Int, radix: Int = 10, bytes range: Range<Int>? = nil) -> Int? {
        var i = starts[index] + (range?.lowerBound ?? 0)
        let end = range.map { starts[index] + $0.upperBound } ?? ends[index]
        var negative = false
        if i < end, buffer[i] == 43 || buffer[i] == 45 {
            negative = buffer[i] == 45
            i += 1
        }
        guard i < end else { return nil }
        var value = 0
        while i < end {
            let c = buffer[i]
            let digit: Int
            switch c {
            case 48...57: digit = Int(c) - 48
            case 97...122: digit = Int(c) - 87
            case 65...90: digit = Int(c) - 55
            default: return nil
            }
            guard digit < radix else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = sum
            i += 1
        }
        return value
    }
}
