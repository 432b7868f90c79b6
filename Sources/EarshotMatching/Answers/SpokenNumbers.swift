/// Numbers, amounts and decimals as people say and write them, read from normalised words:
/// "a hundred and twenty" = 120, "twelve point five" = 12.5, "seven and a half" = 7.5,
/// "four fifty" = 4.50 as an amount (450 as a count), "three dollars and twenty cents" = 3.20, "1,200" = 1200.
///
/// ``OpenValueReader`` uses it for integer, decimal and currency answers; ``vocabulary`` lists the words a
/// recognizer needs to hear them.
public enum SpokenNumbers {
    /// One number said: where it is in the words and what it is worth.
    public struct Span: Sendable, Equatable {
        /// The first word and one past the last.
        public var range: Range<Int>
        public var value: Double
        /// Two whole numbers said in a row as a price or a time is ("four fifty", "twelve ninety nine"):
        /// `value` is the first, `pair` the second.
        public var pair: Int?
        /// Said with a currency word: "dollars", "bucks", "cents".
        public var isMoney: Bool
        /// Said with a decimal point or a fraction ("point five", "and a half").
        public var hasFraction: Bool
    }

    /// Every word a spoken number, decimal or amount can hold, for a recognizer's grammar or language model.
    public static let vocabulary: [String] = [
        "zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty", "forty",
        "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "million", "point", "and", "a", "an",
        "half", "quarter", "quarters", "dollar", "dollars", "buck", "bucks", "cent", "cents", "dozen", "couple",
        "minus", "negative", "grand",
    ]

    /// Spells a whole number in words ("120" → "one hundred twenty"), for grammar sentences.
    public static func spell(_ n: Int) -> String {
        let units = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                     "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        if n < 0 { return "minus " + spell(-n) }
        if n < 20 { return units[n] }
        if n < 100 { return tens[n / 10] + (n % 10 == 0 ? "" : " " + units[n % 10]) }
        if n < 1000 { return units[n / 100] + " hundred" + (n % 100 == 0 ? "" : " " + spell(n % 100)) }
        if n < 1_000_000 { return spell(n / 1000) + " thousand" + (n % 1000 == 0 ? "" : " " + spell(n % 1000)) }
        return spell(n / 1_000_000) + " million" + (n % 1_000_000 == 0 ? "" : " " + spell(n % 1_000_000))
    }

    /// The numbers said in normalised words, in order.
    public static func spans(_ words: [String]) -> [Span] {
        var spans: [Span] = []
        var i = 0
        while i < words.count {
            if let span = number(at: i, in: words) {
                spans.append(span)
                i = span.range.upperBound
            } else {
                i += 1
            }
        }
        return spans
    }

    /// A whole number: exactly one said ("about twelve", "a hundred and twenty", "four fifty" = 450).
    public static func integer(_ text: String) -> Int? {
        let spans = spans(words(text))
        guard spans.count == 1, let span = spans.first, !span.isMoney else { return nil }
        if let pair = span.pair { return Int(span.value) * 100 + pair }
        guard !span.hasFraction, span.value.rounded() == span.value, abs(span.value) < 1e15 else { return nil }
        return Int(span.value)
    }

    /// A decimal: exactly one number said ("twelve point five", "seven and a half", "4.1"); two numbers in a
    /// row ("four fifty") are not a decimal.
    public static func decimal(_ text: String) -> Double? {
        let spans = spans(words(text))
        guard spans.count == 1, let span = spans.first, span.pair == nil else { return nil }
        return span.value
    }

    /// An amount of money: "four fifty" = 4.50, "three dollars and twenty cents" = 3.20, "$12.99", "fifty cents",
    /// "twenty bucks", "twelve point five".
    public static func amount(_ text: String) -> Double? {
        let spans = spans(words(text))
        guard spans.count == 1, let span = spans.first else { return nil }
        if let pair = span.pair { return span.value + Double(pair) / 100 }
        return (span.value * 100).rounded() / 100
    }

    /// A number written for a person: "12.5", "7", "0.25" (no float noise).
    public static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        var text = String((value * 1_000_000).rounded() / 1_000_000)
        if text.contains("e") { text = String(value) }
        return text
    }

    /// An amount written with two decimals: "4.50".
    public static func formatAmount(_ value: Double) -> String {
        let cents = Int((value * 100).rounded())
        let sign = cents < 0 ? "-" : ""
        let whole = abs(cents) / 100, rest = abs(cents) % 100
        return "\(sign)\(whole).\(rest < 10 ? "0" : "")\(rest)"
    }

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        for word in AnswerReader.contentWords(text) {
            // "a tenner", "a fiver": a note's worth.
            if let value = notes[word] {
                if words.last == "a" { words.removeLast() }
                words.append(value)
            } else if let digit = OpenValueReader.numberSoundAlikes[word].flatMap({ Normalizer.normalize($0) }), isDigitPlace(words) {
                // "eleven point to", "a hundred and for": where only a digit can follow, a word that sounds
                // like one is that digit (a recognizer writes "to" and "for" as often as "two" and "four"). A
                // hundred already written in digits takes it as the normaliser would have ("200 and 4" is 204).
                if words.last == "and", let hundreds = Int(words[words.count - 2]), isWhole(words[words.count - 2]), let unit = Int(digit) {
                    words.removeLast(2)
                    words.append(String(hundreds + unit))
                } else {
                    words.append(digit)
                }
            } else {
                words.append(word)
            }
        }
        return words
    }

    /// Whether the next word can only be a digit: after "point" that follows a number ("11 point …"), or after
    /// "and" that follows a whole hundred ("a hundred and …", "100 and …").
    static func isDigitPlace(_ words: [String]) -> Bool {
        guard words.count >= 2 else { return false }
        let before = words[words.count - 2]
        switch words[words.count - 1] {
        case "point": return isWhole(before)
        case "and": return multipliers[before] != nil || isWhole(before) && (Int(before) ?? 0) >= 100 && (Int(before) ?? 0) % 100 == 0
        default: return false
        }
    }

    /// Notes by their everyday names: "a fiver" is 5, "a tenner" 10.
    static let notes: [String: String] = ["fiver": "5", "tenner": "10"]

    static let multipliers: [String: Double] = ["hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000]
    static let moneyWords: Set<String> = ["dollar", "dollars", "buck", "bucks", "usd"]
    /// Thousands of dollars: "two grand", "a grand".
    static let thousandsOfMoney: Set<String> = ["grand"]
    static let centWords: Set<String> = ["cent", "cents"]

    static func isWhole(_ word: String) -> Bool { !word.isEmpty && word.allSatisfy(\.isASCII) && word.allSatisfy(\.isNumber) }

    /// Whether `words[start..<end]` is a tens word and a unit ("40 1" from "forty one"): said before another
    /// two-digit number, a price ("forty one twenty" is 41.20).
    static func isTensAndUnit(_ words: [String], _ start: Int, _ end: Int) -> Bool {
        guard end == start + 2, let tens = Int(words[start]), let unit = Int(words[start + 1]),
              isWhole(words[start]), isWhole(words[start + 1]) else { return false }
        return (20...90).contains(tens) && tens % 10 == 0 && (1...9).contains(unit)
    }

    /// A number starting at `i`, with its multipliers, decimals, fraction and currency words.
    static func number(at start: Int, in words: [String]) -> Span? {
        var i = start
        var negative = false
        if words[i] == "minus" || words[i] == "negative", i + 1 < words.count, Double(words[i + 1]) != nil {
            negative = true
            i += 1
        }
        let cardinalStart = i
        guard let (cardinal, afterCardinal) = cardinal(at: i, in: words) else {
            return fractionOnly(at: start, in: words)
        }
        var value = cardinal
        var hasFraction = words[i].contains(".")
        i = afterCardinal
        var pair: Int?
        // "12 point 5", "3 point 1 4"
        if i + 1 < words.count, words[i] == "point", isWhole(words[i + 1]) {
            var digits = ""
            var j = i + 1
            while j < words.count, isWhole(words[j]) {
                digits += words[j]
                j += 1
            }
            value = Double("\(Int(value)).\(digits)") ?? value
            hasFraction = true
            i = j
        } else if let (fraction, after) = andFraction(at: i, in: words) {
            // "7 and a half"
            value += fraction
            hasFraction = true
            i = after
        } else if afterCardinal == cardinalStart + 1 && isWhole(words[cardinalStart]) && value >= 1 && value < 1000
                    || isTensAndUnit(words, cardinalStart, afterCardinal),
                  i < words.count, isWhole(words[i]), words[i].count == 2, let second = Int(words[i]), second >= 10 {
            // "4 50": a price or a time said as two numbers; "40 1 20" ("forty one twenty") too.
            pair = second
            i += 1
        } else if afterCardinal == cardinalStart + 1, isWhole(words[cardinalStart]), value >= 1, value < 100,
                  i + 1 < words.count, words[i] == "oh", isWhole(words[i + 1]), words[i + 1].count == 1, let second = Int(words[i + 1]) {
            // "6 oh 5": a price or a time whose second number is one digit (6.05, 6:05).
            pair = second
            i += 2
        }
        var isMoney = false
        if i < words.count, thousandsOfMoney.contains(words[i]), pair == nil, !hasFraction || value < 1000 {
            // "two grand", "a grand"
            value *= 1000
            isMoney = true
            i += 1
        } else if i < words.count, moneyWords.contains(words[i]) {
            isMoney = true
            i += 1
            // "3 dollars and 20 cents", "3 dollars 20"
            var j = i
            if j < words.count, words[j] == "and" { j += 1 }
            if j < words.count, isWhole(words[j]), let cents = Int(words[j]), cents < 100, pair == nil {
                var k = j + 1
                if k < words.count, centWords.contains(words[k]) { k += 1 }
                if k > j + 1 || j == i {
                    value += Double(cents) / 100
                    hasFraction = true
                    i = k
                }
            }
        } else if i < words.count, centWords.contains(words[i]), pair == nil {
            isMoney = true
            value /= 100
            hasFraction = true
            i += 1
        }
        return Span(range: start..<i, value: negative ? -value : value, pair: pair, isMoney: isMoney, hasFraction: hasFraction)
    }

    /// A whole number with its multipliers: "12", "a hundred and 20", "12 hundred", "2 thousand 5 hundred", "a dozen".
    static func cardinal(at start: Int, in words: [String]) -> (Double, Int)? {
        var i = start
        var value: Double
        if let number = Double(words[i]), words[i].first?.isNumber == true {
            value = number
            i += 1
        } else if words[i] == "a" || words[i] == "an", i + 1 < words.count,
                  multipliers[words[i + 1]] != nil || words[i + 1] == "dozen" || moneyWords.contains(words[i + 1])
                    || thousandsOfMoney.contains(words[i + 1]) {
            value = 1
            i += 1
        } else if words[i] == "half", i + 2 < words.count, words[i + 1] == "a", words[i + 2] == "dozen" {
            // "half a dozen"
            return (6, i + 3)
        } else if words[i] == "dozen" || (words[i] == "a" && i + 1 < words.count && words[i + 1] == "couple")
                    // "the couple bucks", "the couple of dollars": "a" heard as "the" (a recognizer's), before money or "of".
                    || (words[i] == "the" && i + 2 < words.count && words[i + 1] == "couple" && (moneyWords.contains(words[i + 2]) || words[i + 2] == "of")) {
            value = words[i] == "dozen" ? 12 : 2
            i += words[i] == "dozen" ? 1 : 2
            if i < words.count, words[i] == "of" { i += 1 }
            return (value, i)
        } else {
            return nil
        }
        var total = 0.0
        while i < words.count {
            if let multiplier = multipliers[words[i]] {
                value *= multiplier
                i += 1
                if multiplier >= 1000 {
                    total += value
                    value = 0
                }
                // "a hundred and 20", "2 thousand and 5"
                var j = i
                if j < words.count, words[j] == "and" { j += 1 }
                if j < words.count, let next = Double(words[j]), isWhole(words[j]), next < multiplier {
                    if j + 1 < words.count, let inner = multipliers[words[j + 1]], inner < multiplier {
                        value += next * inner
                        j += 2
                        if j < words.count, words[j] == "and" { j += 1 }
                        if j < words.count, let last = Double(words[j]), isWhole(words[j]), last < inner {
                            value += last
                            j += 1
                        }
                    } else {
                        value += next
                        j += 1
                    }
                    i = j
                }
            } else if words[i] == "dozen" {
                value *= 12
                i += 1
            } else {
                break
            }
        }
        return (total + value, i)
    }

    /// "and a half", "and a quarter", "and 3 quarters" after a number.
    static func andFraction(at i: Int, in words: [String]) -> (Double, Int)? {
        guard i + 2 < words.count, words[i] == "and" else { return nil }
        if words[i + 1] == "a" || words[i + 1] == "an" || words[i + 1] == "1" {
            if words[i + 2] == "half" { return (0.5, i + 3) }
            if words[i + 2] == "quarter" { return (0.25, i + 3) }
        }
        // "and 3 quarters", "and 3 quarter miles"
        if words[i + 1] == "3", words[i + 2] == "quarters" || words[i + 2] == "quarter" { return (0.75, i + 3) }
        return nil
    }

    /// "half", "a half", "a quarter", "3 quarters" with no whole number before.
    static func fractionOnly(at i: Int, in words: [String]) -> Span? {
        if words[i] == "half" { return Span(range: i..<(i + 1), value: 0.5, pair: nil, isMoney: false, hasFraction: true) }
        if (words[i] == "a" || words[i] == "an"), i + 1 < words.count {
            if words[i + 1] == "half" { return Span(range: i..<(i + 2), value: 0.5, pair: nil, isMoney: false, hasFraction: true) }
            if words[i + 1] == "quarter" { return Span(range: i..<(i + 2), value: 0.25, pair: nil, isMoney: false, hasFraction: true) }
        }
        return nil
    }
}
