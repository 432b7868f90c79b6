/// Puts an utterance and a phrase in the same form before they are compared (behaviour spec §2.1):
/// case, punctuation and repeated spaces are dropped, and spoken numbers become digits
/// ("twenty one" = "21", "2nd" = "second"). Nothing else is forgiven.
public enum Normalizer {
    /// The normalised form: lower-case words separated by single spaces.
    public static func normalize(_ text: String) -> String {
        normalizeASCII(text) ?? normalizeGeneral(text)
    }

    /// The same as ``normalize(_:)`` in one pass over the bytes, for ASCII text (the common case and
    /// the hot path of exact matching); `nil` for other text.
    static func normalizeASCII(_ text: String) -> String? {
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { input -> String? in
            var out = [UInt8]()
            out.reserveCapacity(input.count)
            var space = false
            var hasNumberWord = false
            var tokenStart = 0
            func endToken(_ out: [UInt8]) {
                guard tokenStart < out.count, !hasNumberWord else { return }
                let first = out[tokenStart]
                // Only tokens that can be number words or digit ordinals need the slow pass.
                if first == 0x7A || first == 0x6F || first == 0x74 || first == 0x66 || first == 0x73 || first == 0x65
                    || first == 0x6E || (first >= 0x30 && first <= 0x39 && out[out.count - 1] > 0x39) {
                    let token = String(decoding: out[tokenStart...], as: UTF8.self)
                    if units[token] != nil || tens[token] != nil || digitOrdinals[token] != nil { hasNumberWord = true }
                }
            }
            func append(_ byte: UInt8, _ out: inout [UInt8]) {
                if space {
                    if !out.isEmpty { endToken(out); out.append(0x20) }
                    tokenStart = out.count
                    space = false
                }
                out.append(byte)
            }
            var i = 0
            while i < input.count {
                let c = input[i]
                switch c {
                case 0x80...: return nil
                case 0x41...0x5A: append(c + 32, &out)
                case 0x61...0x7A, 0x30...0x39: append(c, &out)
                case 0x27: break // apostrophes: "we're" = "were"
                case 0x26:
                    space = true
                    append(0x61, &out); out.append(0x6E); out.append(0x64)
                    space = true
                case 0x2E, 0x2C:
                    // A decimal point between digits stays; a thousands separator between digits goes.
                    if !space, let last = out.last, last >= 0x30, last <= 0x39, i + 1 < input.count, input[i + 1] >= 0x30, input[i + 1] <= 0x39 {
                        if c == 0x2E { out.append(c) }
                    } else {
                        space = true
                    }
                default: space = true
                }
                i += 1
            }
            endToken(out)
            if hasNumberWord {
                return joinNumbers(out.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }).joined(separator: " ")
            }
            return String(decoding: out, as: UTF8.self)
        } ?? nil
    }

    /// The general path of ``normalize(_:)``, for any text (tests compare it with the ASCII fast path).
    static func normalizeGeneral(_ text: String) -> String {
        let words = words(text)
        if words.isEmpty { return "" }
        return joinNumbers(words).joined(separator: " ")
    }

    /// The words of `text`, lower-cased, without punctuation; apostrophes are removed inside words.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            if !current.isEmpty { words.append(String(current)); current = String.UnicodeScalarView() }
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x41...0x5A: current.append(Unicode.Scalar(scalar.value + 32)!)
            case 0x61...0x7A, 0x30...0x39: current.append(scalar)
            case 0x27, 0x2019: continue // apostrophes: "we're" = "were"; "don't" = "dont"
            case 0x26: flush(); words.append("and")
            default:
                if scalar.value < 0x80 {
                    // A decimal point or thousands separator between digits stays part of the number.
                    if (scalar == "." || scalar == ","), let last = current.last, (0x30...0x39).contains(last.value) {
                        current.append(scalar)
                        continue
                    }
                    flush()
                } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    for lower in scalar.properties.lowercaseMapping.unicodeScalars { current.append(lower) }
                } else {
                    flush()
                }
            }
        }
        flush()
        // A trailing "." or "," that was kept after a digit is punctuation after all.
        return words.map { word in
            var word = word
            while let last = word.last, last == "." || last == "," { word.removeLast() }
            return word.replacingOccurrences(of: ",", with: "")
        }.filter { !$0.isEmpty }
    }

    private static let units: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
        "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    private static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    private static let digitOrdinals: [String: String] = [
        "1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "5th": "fifth", "6th": "sixth",
        "7th": "seventh", "8th": "eighth", "9th": "ninth", "10th": "tenth",
    ]

    /// Replaces runs of number words by their value in digits.
    static func joinNumbers(_ words: [String]) -> [String] {
        var out: [String] = []
        out.reserveCapacity(words.count)
        var i = 0
        while i < words.count {
            let word = words[i]
            if let ordinal = digitOrdinals[word] {
                out.append(ordinal)
                i += 1
                continue
            }
            guard units[word] != nil || tens[word] != nil else {
                out.append(word)
                i += 1
                continue
            }
            // "twenty one" → 21, "three hundred and five" → 305, "two thousand ten" → 2010; "one two" stays two numbers.
            enum Last { case none, unit, teen, tens, hundred, thousand }
            var total = 0, group = 0, last = Last.none, j = i, end = i
            scan: while j < words.count {
                let w = words[j]
                if let u = units[w] {
                    switch last {
                    case .unit, .teen: break scan
                    case .tens where u >= 10 || u == 0: break scan
                    default: if u == 0 && last != .none { break scan }
                    }
                    group += u
                    last = u >= 10 ? .teen : .unit
                } else if let t = tens[w] {
                    if last == .unit || last == .teen || last == .tens { break scan }
                    group += t
                    last = .tens
                } else if w == "hundred", last == .unit, group > 0, group < 10 {
                    group *= 100
                    last = .hundred
                } else if w == "thousand", last != .none, last != .thousand, total == 0, group > 0 {
                    total = group * 1000
                    group = 0
                    last = .thousand
                } else if w == "and", last == .hundred || last == .thousand, j + 1 < words.count,
                          units[words[j + 1]] != nil || tens[words[j + 1]] != nil {
                    j += 1
                    continue
                } else {
                    break scan
                }
                end = j
                j += 1
            }
            i = end + 1
            out.append(String(total + group))
        }
        return out
    }
}
