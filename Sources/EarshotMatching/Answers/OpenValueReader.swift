#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EarshotModel

/// An open-ended answer read as a value: what the app receives (`id`) and what the device says (`title`).
public struct OpenValue: Sendable, Equatable {
    /// What the app receives: "120", "12.5", "4.50", "2026-12-04T15:00", "5400" (seconds), the words dictated.
    public var id: String
    /// What the device says back: "120", "12.5", "$4.50", "Friday, December 4 at 3 PM", "1 hour and 30 minutes".
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

/// The one parser of open-ended answers, typed or spoken (behaviour spec §3.4): a parameter of type
/// `string`, `integer`, `decimal`, `currency`, `date`, `duration` or `boolean` takes its value from the
/// words people say, wherever they are in the sentence.
///
/// - string: the words dictated, without fillers, the carriers that open what the string is (a name: "call
///   it …", "a novel called …"; a message: "tell them …"; a report: "report that …"; see
///   ``dictation(_:question:asking:)``) and closings ("please");
/// - integer: "a hundred and twenty", "1,200", "four fifty" (450), "about twelve"; "just me" (1), "me and my
///   wife" (2) when the question counts people;
/// - decimal: "twelve point five", "seven and a half", "4.1";
/// - currency: "four fifty" ($4.50), "three dollars and twenty cents", "$12.99", "fifty cents";
/// - date: "tomorrow at three p m", "next Friday", "December the fourth", "in two hours", "at noon",
///   "2026-12-04", relative to ``now`` in ``timeZone``; the id is ISO 8601 local time ("2026-12-04" for a
///   day, "2026-12-04T15:00" with a time);
/// - duration: "ten minutes", "an hour and a half", "half an hour"; the id is whole seconds ("5400");
/// - boolean: yes or no as ``AnswerReader/reply(_:)`` hears them ("true" / "false").
///
/// An answer with two numbers where one is wanted ("seven or eight"), or none, is no value: `nil`; unless the
/// second settles the first ("just under four, call it three point eight", "six, no, six and a half"). A question
/// of the speaker's own ("what's the weather like tomorrow", ``asksBack(_:)``) holds no value but a string.
public struct OpenValueReader: Sendable {
    public var now: Date
    public var timeZone: TimeZone
    /// The amount's currency symbol in titles ("$" for the manifests' en-US).
    public var currencySymbol: String

    public init(now: Date = Date(), timeZone: TimeZone = .current, currencySymbol: String = "$") {
        self.now = now
        self.timeZone = timeZone
        self.currencySymbol = currencySymbol
    }

    /// The value of an open-ended `type` said in `text`; `nil` for enum and entity types (see
    /// ``AnswerReader/choose(_:among:)``) and when the words hold no value of the type.
    ///
    /// `question`: what the device asked, so a string answer that says its frame again loses it ("remind me
    /// to call the dentist" to "What should I remind you about?" dictates "call the dentist").
    ///
    /// `asking`: the parameter's title and id ("Title bookTitle", "Message message"), which say with the
    /// question what a string is (a name, a message, something to do) and so which carriers open it.
    public func read(_ text: String, as type: ParameterType, question: String? = nil, asking: String = "") -> OpenValue? {
        // "ninety's good", "tomorrow's fine": a clitic on a value is a word of its own (dictation keeps its words).
        let text = type == .string ? text : Self.splittingClitics(text)
        // A ramble is no answer: past ``AnswerReader/longestAnswer`` words (``longestDictation`` for a string).
        let words = AnswerReader.contentWords(text)
        guard words.count <= (type == .string ? Self.longestDictation : AnswerReader.longestAnswer) else { return nil }
        // "what's the weather like tomorrow", "is it going to rain later": a question of the speaker's own, whose
        // days and numbers are not the value asked for (a string keeps what was dictated, questions too).
        if type != .string, type != .boolean, Self.asksBack(words) || Self.asksAnotherTask(words, question: question) { return nil }
        // "not today, tomorrow at two", "not ten, twelve": a value taken back at the start, then the one meant.
        if Self.takesBack(type),
           let meant = Self.afterNegatedValue(words, read: { read($0.joined(separator: " "), as: type, question: question, asking: asking) }) {
            return meant
        }
        switch type {
        case .string:
            return Self.dictation(text, question: question, asking: asking).map { OpenValue(id: $0, title: $0) }
        case .integer, .decimal, .currency:
            let frame = QuestionFrame(question ?? "", asking: asking)
            let countsPeople = !frame.words.union(frame.subject).isDisjoint(with: Self.peopleWords)
            // "me plus three coworkers", "two friends and me": the people named and the speaker.
            if type == .integer, countsPeople, let count = Self.countWithSpeaker(words) {
                return OpenValue(id: String(count), title: String(count))
            }
            // "it was free, oh no wait, five dollars": a correction with no number before it settles on the one after.
            if let tail = Self.correctedNumber(words), let value = readNumber(tail, as: type) { return value }
            if let value = readNumber(Self.soundAlikeNumber(text) ?? text, as: type) { return value }
            // "just me", "me and my wife" answering "How many people are riding?".
            guard type == .integer, countsPeople, let count = Self.peopleCount(text) else { return nil }
            return OpenValue(id: String(count), title: String(count))
        case .date:
            // "tomorrow, no wait, Thursday at four", "Friday at five, no, make that five thirty", "after six tonight,
            // call it six thirty": the day and time settled on.
            let dates = SpokenDates(now: now, timeZone: timeZone)
            // "tonight around seventh", "after sixth": an hour heard as an ordinal.
            let hours = Self.hoursForOrdinals(words)
            let (words, text) = hours.map { ($0, $0.joined(separator: " ")) } ?? (words, text)
            let moment = Self.settledMoment(words, by: Self.settlingWords, dates) ?? dates.moment(text)
            return moment.map { OpenValue(id: $0.iso, title: dates.title($0)) }
        case .duration:
            // "eight, no wait, ten minutes", "a bit under an hour, say fifty five minutes": the length settled on.
            let text = Self.settledTail(words) { SpokenDates.duration($0) != nil } ?? Self.settledLength(words)
                ?? Self.settledNumber(Self.clauses(text))
            return SpokenDates.duration(text).map { OpenValue(id: String($0), title: SpokenDates.durationTitle($0)) }
        case .boolean:
            switch AnswerReader().reply(text) {
            case .yes?: return OpenValue(id: "true", title: "yes")
            case .no?: return OpenValue(id: "false", title: "no")
            default: return nil
            }
        case .values:
            return nil
        }
    }

    /// `words` with an ordinal from "third" to "twelfth" ("first thing" is early, "a second" is short) right
    /// after a word that leads to an hour ("at", "around", "after", "by", "about", "like", "before", "till",
    /// "until", "past") read as that hour, or `nil` when there is none. A
    /// recognizer hears "around seven" as "around seventh"; a day of the month is said after "the" or a
    /// month's name, and then nothing changes ("around the seventh", "December seventh").
    static func hoursForOrdinals(_ words: [String]) -> [String]? {
        guard words.count > 1, !words.contains(where: monthWords.contains) else { return nil }
        var words = words
        var changed = false
        for i in 1..<words.count where hourLeads.contains(words[i - 1]) {
            guard let n = SpokenDates.ordinalDays[words[i]], (3...12).contains(n) else { continue }
            words[i] = String(n)
            changed = true
        }
        return changed ? words : nil
    }
    /// The months' names, which make an ordinal after them a day ("December seventh").
    static let monthWords = Set(SpokenDates.monthNames.map(\.0))
    /// Words an hour follows ("around seven", "after six").
    static let hourLeads: Set<String> = ["at", "around", "after", "by", "about", "like", "before", "till", "until", "past"]

    /// An integer, decimal or amount said in `text`.
    private func readNumber(_ text: String, as type: ParameterType) -> OpenValue? {
        if type == .integer, Self.isTheOne(text) { return OpenValue(id: "1", title: "1") }
        let text = Self.settledNumber(Self.withoutSharedOne(Self.withoutNone(Self.clauses(text))))
        switch type {
        case .integer:
            return SpokenNumbers.integer(text).map { OpenValue(id: String($0), title: String($0)) }
        case .decimal:
            return SpokenNumbers.decimal(text).map {
                let text = SpokenNumbers.format($0)
                return OpenValue(id: text, title: text)
            }
        case .currency:
            return SpokenNumbers.amount(text).map {
                let text = SpokenNumbers.formatAmount($0)
                return OpenValue(id: text, title: currencySymbol + text)
            }
        default:
            return nil
        }
    }

    /// Words of a question or parameter that count people ("How many people are riding?", "Guests").
    static let peopleWords: Set<String> = [
        "people", "person", "persons", "riders", "rider", "guests", "guest", "passengers", "party", "diners", "adults",
        "travelers", "travellers", "attendees", "players", "seats", "us", "who",
    ]
    /// Words around "me" that say nothing about how many: "just me", "it'll be me and my wife".
    static let countFrame: Set<String> = ["just", "only", "its", "itll", "it", "will", "be", "is", "gonna", "going", "to", "there", "theres"]

    /// How many people a number joined to the speaker says: 4 for "me plus three coworkers", "me and my three
    /// kids", "two friends and me"; `nil` when the number may already count the speaker ("three of us", "four
    /// including me", "me and the kids, so three") or when more than one number is said.
    static func countWithSpeaker(_ words: [String]) -> Int? {
        let words = AnswerReader.dropClosings(words)
        guard let me = words.firstIndex(where: { $0 == "me" || $0 == "myself" }), words.filter({ $0 == "me" || $0 == "myself" }).count == 1,
              words.allSatisfy({ !speakerCounted.contains($0) }) else { return nil }
        let spans = SpokenNumbers.spans(words)
        guard spans.count == 1, let span = spans.first, span.pair == nil, span.value >= 1, span.value < 100,
              span.value == span.value.rounded() else { return nil }
        if me < span.range.lowerBound {
            // "me plus three", "me and my two kids", "myself along with four others".
            let between = words[(me + 1)..<span.range.lowerBound]
            guard between.contains(where: joiningWords.contains),
                  between.allSatisfy({ joiningWords.contains($0) || ["my", "the", "along", "another"].contains($0) }) else { return nil }
        } else {
            // "three coworkers and me": a joining word right before "me", at most two words after the number.
            guard me >= 1, joiningWords.contains(words[me - 1]), me - 1 - span.range.upperBound <= 2 else { return nil }
        }
        return Int(span.value) + 1
    }
    /// Words that join the speaker to the others counted.
    static let joiningWords: Set<String> = ["and", "plus", "with"]
    /// Words that say the number may count the speaker already.
    static let speakerCounted: Set<String> = [
        "us", "including", "counting", "incl", "total", "altogether", "so", "makes", "making", "thats", "all",
    ]

    /// How many people a count without a number says: 1 for "just me", "only me", "me alone", "myself"; 2 for
    /// "me and my wife", "me and a friend", "Sam and me" (one other person: no plural, no number, no
    /// second "and"). `nil` for anything else ("me and the kids", "all of us").
    static func peopleCount(_ text: String) -> Int? {
        var words = AnswerReader.dropClosings(AnswerReader.contentWords(text))
        while let first = words.first, words.count > 1, AnswerReader.openerSet.contains(first) || countFrame.contains(first) {
            words.removeFirst()
        }
        guard !words.isEmpty, SpokenNumbers.spans(words).isEmpty else { return nil }
        let alone: Set<[String]> = [["me"], ["myself"], ["me", "alone"], ["me", "by", "myself"], ["by", "myself"], ["im", "alone"],
                                    ["i", "am", "alone"], ["alone"], ["solo"], ["me", "myself"], ["myself", "alone"]]
        if alone.contains(words) { return 1 }
        guard words.filter({ $0 == "and" }).count == 1, let and = words.firstIndex(of: "and") else { return nil }
        let left = Array(words[..<and]), right = Array(words[(and + 1)...])
        let other: [String]
        if left == ["me"] || left == ["myself"] { other = right }
        else if right == ["me"] || right == ["i"] || right == ["myself"] { other = left }
        else { return nil }
        // One other person: a determiner and one word ("my wife", "a friend"), or a name of one or two words.
        guard (1...2).contains(other.count), let last = other.last, !(last.hasSuffix("s") && !last.hasSuffix("ss")),
              !["us", "them", "everyone", "everybody", "all", "others", "family", "kids", "friends"].contains(last) else { return nil }
        if other.count == 2, !["my", "a", "an", "the", "our", "one", "1"].contains(other[0]) { return nil }
        return 2
    }

    /// Words that settle on the number said after them: "call it …", "let's say …", "make it …", "I mean …".
    static let settlingWords: [[String]] = AnswerWords.phrases([
        "call it", "lets say", "lets call it", "say", "make it", "make that", "i mean", "actually", "or rather", "rather",
        "no", "sorry", "so", "exactly", "precisely", "more like", "lets go with", "put down", "wait", "no wait",
        "i meant", "scratch that", "correction", "hang on", "actually no",
    ])
    /// Words that take back what was said before them ("tomorrow, no wait, Thursday"): an answer with them
    /// corrects itself, and its "no" is no decline. "Say" and "let's say" settle a value too
    /// (``settlingWords``: "Monday, let's say ten in the morning") but take nothing back.
    static let correctingWords: [[String]] = AnswerWords.phrases([
        "no", "no wait", "wait", "actually", "actually no", "sorry", "i mean", "i meant", "or rather", "rather",
        "scratch that", "correction", "make that", "make it", "hang on",
    ])
    /// Words that make a number only approximate: "just under four", "about six".
    static let approximating: Set<String> = ["about", "around", "roughly", "under", "over", "almost", "nearly", "approximately", "like"]

    /// Two or more numbers where the last settles what came before: "just under four, call it three point
    /// eight", "about six, six point two", "seven, no, eight", "four, maybe five, let's say five" → the words
    /// from the last on. Any other text (one number, "seven or eight", "about seven, eight", "two to three",
    /// "four, let's say five, or six") is returned unchanged.
    static func settledNumber(_ text: String) -> String {
        let words = text.split(separator: " ").map(String.init)
        let spans = SpokenNumbers.spans(words)
        guard spans.count >= 2 else { return text }
        let earlier = spans[spans.count - 2], last = spans[spans.count - 1]
        let first = earlier.range, second = last.range
        let between = Array(words[first.upperBound..<second.lowerBound]).filter { $0 != "·" }
        let settles = settlingWords.contains { between.count >= $0.count && Array(between.suffix($0.count)) == $0 }
        // Three numbers or more are settled only by words that say so ("four, maybe five, let's say five").
        guard settles || spans.count == 2 else { return text }
        // "about six, six point two": the first approximate and whole, the second more exact, nothing but a
        // unit between them ("about seven, eight" stays two numbers).
        let approximate = (first.lowerBound > 0 && approximating.contains(words[first.lowerBound - 1])
            || first.lowerBound > 1 && words[first.lowerBound - 1] == "of" && ["shy", "short"].contains(words[first.lowerBound - 2]))
            && between.allSatisfy { unitWords.contains($0) } && !earlier.hasFraction && earlier.pair == nil
            && (last.hasFraction || last.pair != nil)
        // "eighteen, eighteen seventy five", "six, six point two": the same whole number said again, more exactly.
        let restated = spans.count == 2 && between.allSatisfy { unitWords.contains($0) } && !earlier.hasFraction
            && earlier.pair == nil && (last.hasFraction || last.pair != nil) && last.value.rounded(.down) == earlier.value
        // "ten, twelve fifty actually", "thirty, thirty two fifty I mean": words after the second settle on it.
        let after = Array(words[second.upperBound...]).filter { !unitWords.contains($0) && $0 != "·" }
        let settledAfter = spans.count == 2 && earlier.pair == nil && settlingAfter.contains { after.count >= $0.count && Array(after.prefix($0.count)) == $0 }
        // "fifteen fifty, that's three buckets", "eighty seven, and three of those were in the bunker": a remark
        // about the number said first, whose own number is no answer (twenty-fifth pass).
        if spans.count == 2, !settles, !approximate, !restated, !settledAfter,
           Self.remarkAbout(words, between: between, after: second.upperBound) {
            return words[..<first.upperBound].joined(separator: " ")
        }
        guard settles || approximate || restated || settledAfter else { return text }
        return words[second.lowerBound...].joined(separator: " ")
    }

    /// Whether a second number is said in a remark about the first: after "that's", "that is", "which is"
    /// ("fifteen fifty, that's three buckets"), or as a part of it ("… and three of those were in the bunker").
    static func remarkAbout(_ words: [String], between: [String], after end: Int) -> Bool {
        // "and" heard as "an" too ("eighty seven an three of those").
        let between = between.filter { $0 != "and" && $0 != "an" }
        // A few words may stand between the lead and the number ("that's about three buckets").
        if let lead = remarkLeads.first(where: { between.count >= $0.count && Array(between.prefix($0.count)) == $0 }),
           between.count <= lead.count + 2 { return true }
        let next = Array(words[end...].prefix(2))
        return between.isEmpty && next.count == 2 && next[0] == "of" && ["those", "them", "these", "which"].contains(next[1])
    }
    static let remarkLeads: [[String]] = AnswerWords.phrases(["thats", "that is", "which is"])

    /// Words after a second number that settle on it: "ten, twelve fifty actually", "thirty, thirty two fifty I
    /// mean", "about forty, forty one twenty to be exact".
    static let settlingAfter: [[String]] = AnswerWords.phrases([
        "actually", "i mean", "i meant", "to be exact", "to be precise", "exactly", "precisely", "sorry", "rather",
    ])

    /// What follows the last settling words ("no wait", "say", "I mean", "make it" …) when something came before
    /// them and it `reads` as a value on its own: "tomorrow, no wait, Thursday at four" → "thursday at 4", "a bit
    /// under an hour, say fifty five minutes" → "55 minutes". `nil` otherwise.
    static func settledTail(_ words: [String], by phrases: [[String]] = settlingWords, reads: (String) -> Bool) -> String? {
        settled(words, by: phrases) { _, tail in
            let text = tail.joined(separator: " ")
            return reads(text) ? text : nil
        }
    }

    /// Whether an answer of `type` may take a value back and give the one meant (``afterNegatedValue(_:read:)``):
    /// numbers, amounts, dates and lengths.
    static func takesBack(_ type: ParameterType) -> Bool {
        switch type {
        case .integer, .decimal, .currency, .date, .duration: true
        default: false
        }
    }

    /// The value after one taken back at the start of an answer ("not today, tomorrow at two" → tomorrow at
    /// two; "not ten twelve" → twelve): `words` open with "not" (or "no not"), some of the words after it
    /// `read` as a value and so do all the words after those, whose value this is. The shortest such value is
    /// the one taken back. `nil` otherwise ("not before six" has no second value).
    static func afterNegatedValue<Value>(_ words: [String], read: ([String]) -> Value?) -> Value? {
        let start = words.first == "not" ? 1 : words.count > 1 && words[0] == "no" && words[1] == "not" ? 2 : 0
        guard start > 0, words.count > start + 1 else { return nil }
        for end in (start + 1)..<words.count where read(Array(words[start..<end])) != nil {
            return read(Array(words[end...]))
        }
        return nil
    }

    /// The day and time settled on after the last of `phrases` whose words after it name one
    /// (``SpokenDates/moment(_:settledBy:)``), or `nil`.
    static func settledMoment(_ words: [String], by phrases: [[String]], _ dates: SpokenDates) -> SpokenDates.Moment? {
        settled(words, by: phrases) { head, tail in dates.moment(head, settledBy: carriedUnit(tail, after: head) ?? tail) }
    }

    /// The length settled on by a bare number after settling words, in the unit of the length said before
    /// them ("forty minutes or so, say forty five" → "45 minutes"), or `nil`.
    static func settledLength(_ words: [String]) -> String? {
        settled(words, by: settlingWords) { head, tail in carriedUnit(tail, after: head)?.joined(separator: " ") }
    }

    /// What `read` makes of the words before and after the last of `phrases` (latest first, ``phraseSpans``)
    /// for which it makes anything: the one scan of the settled readers above.
    static func settled<Value>(_ words: [String], by phrases: [[String]], _ read: ([String], [String]) -> Value?) -> Value? {
        for (start, end) in phraseSpans(phrases, in: words, after: 0) {
            if let value = read(Array(words[..<start]), Array(words[end...])) { return value }
        }
        return nil
    }

    /// `tail`, a bare number, with the unit of the length said last in `head` when the two numbers are close
    /// (the second within half of the first: a restatement, not "an hour, say ninety"); `nil` otherwise.
    static func carriedUnit(_ tail: [String], after head: [String]) -> [String]? {
        let said = SpokenNumbers.spans(tail)
        guard said.count == 1, let number = said.first, number.range == 0..<tail.count, number.pair == nil,
              let unit = head.lastIndex(where: { SpokenDates.units[$0] != nil }),
              let amount = SpokenNumbers.spans(Array(head[..<unit])).last, amount.range.upperBound == unit, amount.pair == nil,
              abs(number.value - amount.value) <= amount.value / 2 else { return nil }
        return tail + [head[unit]]
    }

    /// Where each of `phrases` said after position `start` of `words` ends, with words still after it: the
    /// latest first, and at one position in the order of `phrases` (longest first).
    static func phraseEnds(_ phrases: [[String]], in words: [String], after start: Int) -> [Int] {
        phraseSpans(phrases, in: words, after: start).map(\.end)
    }

    /// Where each of `phrases` said after position `start` of `words` starts and ends, with words still after
    /// it: the latest first, and at one position in the order of `phrases` (longest first).
    static func phraseSpans(_ phrases: [[String]], in words: [String], after start: Int) -> [(start: Int, end: Int)] {
        var spans: [(start: Int, end: Int)] = []
        var at = words.count - 1
        while at > start {
            for phrase in phrases where at + phrase.count < words.count && Array(words[at..<(at + phrase.count)]) == phrase {
                spans.append((at, at + phrase.count))
            }
            at -= 1
        }
        return spans
    }

    /// Whether an answer of `type` settles on a value after another ("six, no, six and a half", "tomorrow, no
    /// wait, Thursday"): its "no" corrects the value, and is no answer of its own.
    public func settles(_ text: String, as type: ParameterType) -> Bool {
        // "not today, tomorrow at two": the "not" takes back a value, and is no answer of its own.
        if Self.takesBack(type), Self.afterNegatedValue(AnswerReader.contentWords(text), read: { read($0.joined(separator: " "), as: type) }) != nil {
            return true
        }
        switch type {
        case .integer, .decimal, .currency:
            return Self.settlesNumber(text)
                || Self.correctedNumber(AnswerReader.contentWords(text)).map { SpokenNumbers.amount($0) != nil } == true
        case .duration:
            return Self.settlesNumber(text) || Self.settledTail(AnswerReader.contentWords(text)) { SpokenDates.duration($0) != nil } != nil
        case .date:
            let dates = SpokenDates(now: now, timeZone: timeZone)
            return Self.settledMoment(AnswerReader.contentWords(text), by: Self.correctingWords, dates) != nil
        default:
            return false
        }
    }

    /// The number a correction with no number before it settles on ("it was free, oh no wait, five dollars" →
    /// "5 dollars"): the words after the last of ``correctingWords`` when those are one number alone (with its unit
    /// words) and the words before it hold none; `nil` otherwise (with a number before it, ``settledNumber(_:)``
    /// decides).
    static func correctedNumber(_ words: [String]) -> String? {
        settled(words, by: correctingWords) { head, tail in
            guard !head.isEmpty, SpokenNumbers.spans(head).isEmpty else { return nil }
            let spans = SpokenNumbers.spans(tail)
            let alone = spans.count == 1 && tail.indices.allSatisfy { spans[0].range.contains($0) || unitWords.contains(tail[$0]) }
            return alone ? tail.joined(separator: " ") : nil
        }
    }

    /// Whether a number answer settles on a second number after a first ("six, no, six and a half", "about
    /// four, call it three point eight"): its "no" corrects the number, and is no answer of its own.
    public static func settlesNumber(_ text: String) -> Bool {
        let words = clauses(text)
        return settledNumber(words) != words || withoutNone(words) != words
    }

    /// The answer's words (``withoutOneWord(_:)``), its typed clauses kept apart by "·": "ten, twelve fifty" is
    /// "10 · 12 50", so the comma keeps "ten" from pairing with "twelve" as a price ("10 12"). Speech has no
    /// commas: there the words run on.
    static func clauses(_ text: String) -> String {
        // A mark followed by a space ends a clause; "1,200" and "4.50" keep theirs.
        [", ", "; ", ". ", "! ", "? "].reduce([text]) { parts, mark in parts.flatMap { $0.components(separatedBy: mark) } }
            .map { withoutOneWord($0) }.filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// What a number counts, which may stand between an approximate number and an exact one.
    static let unitWords: Set<String> = ["miles", "mile", "km", "kilometers", "dollars", "bucks", "minutes", "hours", "people", "percent"]

    /// Words that sound exactly like a number word ("for" and "four" are both F AO R): a recognizer writes
    /// whichever its language model prefers, and a person typing fast may too.
    static let numberSoundAlikes: [String: String] = ["for": "four", "fore": "four", "to": "two", "too": "two", "won": "one", "ate": "eight"]

    /// "for" (or "for, please", "um, to") said as the whole answer to a question asking for a number: the
    /// number word it sounds like. Nil when the answer holds anything else ("for five" is five, "to go" no
    /// number).
    static func soundAlikeNumber(_ text: String) -> String? {
        let words = AnswerReader.dropClosings(AnswerReader.contentWords(text))
        guard words.count == 1, let number = numberSoundAlikes[words[0]] else { return nil }
        return number
    }

    /// What a string answer dictates: the words as said (their case kept), without fillers, a carrier at the
    /// start and politeness at the end ("… please"). `nil` when nothing is left. Which carriers open it
    /// depends on what the question and the parameter (`asking`: its title and id) ask for
    /// (``DictationKind``):
    /// - anywhere: "it's called …", "the name is …", "how about …"; the question's own frame said again
    ///   ("remind me to …", "that I need to …" to "What should I remind you about?");
    /// - a name or title: "call it …", "let's name this one …"; "a novel called …", "the book is …", "it's …";
    ///   "I'm looking for …", "something like …", "I'd go with …", "put it down as …", "it'd be …", after
    ///   hedges ("maybe", "I guess", "I was thinking"); never a typed title's own words ("Looking for Alaska");
    /// - a message: "tell them …", "say …", "let the driver know that …";
    /// - a report or description: "report that …", "I want to mention that …";
    /// - something to do: only its frame ("tell mom happy birthday" stays whole).
    ///
    /// Once a carrier that introduces the value is taken off, the rest is the value, whatever its first
    /// words ("it's called Call It Dreaming", "tell them so sorry I'm late").
    public static func dictation(_ text: String, question: String? = nil, asking: String = "") -> String? {
        var tokens = text.split(whereSeparator: \.isWhitespace).map(String.init)
            .map { (raw: $0, word: Normalizer.normalize($0)) }
            .filter { !$0.word.isEmpty && !AnswerWords.fillers.contains($0.word) }
        func words(_ range: some Sequence<Int>) -> [String] { range.map { tokens[$0].word } }
        // With no question written, the device asks "Which <title>?".
        let frame = QuestionFrame(question ?? "which", asking: asking)
        // "Call it …" names when the question asks for a name, or when the app wrote no question (the device
        // then asks "Which <title>?"): "call it a day" answering "What should I remind you about?" is a reminder.
        let naming = question == nil || frame.asksName
        let kind = frame.kind
        // What the question and the parameter name ("book" of "Which book would you like?").
        let asked = frame.words.union(frame.subject)
        // What a name's carrier may call the thing: those words, "name", "title".
        let nameNouns = asked.union(["name", "title"]).subtracting(QuestionFrame.functionWords)
        // Typed words written with capitals after the first are a title's own ("A Man Called Ove", "The Book
        // Is Open"), not a carrier; "I", "I'm" are capitalised anyway.
        func uncapitalized(_ length: Int) -> Bool {
            tokens.prefix(length).dropFirst().allSatisfy { token in
                !(token.raw.first?.isUppercase ?? false) || ["i", "im", "id", "ill", "ive"].contains(token.word)
            }
        }
        // Typed in title case, every word capitalised but a title's small words ("Maybe Tomorrow", "Looking for
        // Alaska"): a title's own words, not a hedge or a carrier before one.
        let titleCased = tokens.count > 1 && tokens.enumerated().allSatisfy { i, token in
            guard let first = token.raw.first(where: \.isLetter) else { return true }
            return first.isUppercase || (i > 0 && Self.titleSmallWords.contains(token.word))
        }
        var changed = true
        var echoed = false
        carriers: while changed && tokens.count > 1 {
            changed = false
            let said = words(0..<tokens.count)
            var length: Int?
            if said.count > 2, ["how", "what"].contains(said[0]), said[1] == "about" {
                // "how about …", "what about …" only suggest: a name's own carrier may follow ("how about just
                // Groceries"); "what about a broken umbrella" asks where the umbrella goes.
                tokens.removeFirst(2)
                changed = true
                continue
            } else if kind == .name, !titleCased, let n = Self.leading(nameHedges, of: said), uncapitalized(n) {
                // "maybe …", "I guess …", "I was thinking …" only hedge a name; its own carrier may follow
                // ("I think it's called …"). A typed answer in title case is a title ("Maybe Tomorrow").
                tokens.removeFirst(n)
                changed = true
                continue
            } else if let n = Self.leading(namingPhrases, of: said) ?? Self.possessiveNaming(said) {
                length = n
            } else if let n = Self.leading(namingClitics, of: said), tokens[n - 1].raw.contains(where: Self.isApostrophe),
                      !Self.namingParticiples.contains(said[n]) {
                // "the title's Tiny Kitchens", "its name's …": "is" said as a clitic (not "The Names of Things";
                // "the book's called …" is the participle's).
                length = n
            } else if naming, let n = namingCarrier(said) {
                length = n
            } else if let n = participleCarrier(said, asked: asked, naming: naming || kind == .name),
                      uncapitalized(n) {
                // "something called …", "a book named …", "a novel called …", "I think it's called …": a few
                // words that end in a naming participle, when they only describe the thing asked (or the
                // string is a name).
                length = n
            } else if kind == .name, let n = isCarrier(said, nouns: nameNouns, pronoun: true), uncapitalized(n) {
                // "the book is …", "I think it's …" answering "Which book would you like?"; "it's something like …".
                length = n
                if let m = Self.leading(nameCarriers, of: Array(said.dropFirst(n))), n + m < tokens.count, uncapitalized(n + m) {
                    length = n + m
                }
            } else if kind != .name, let n = isCarrier(said, nouns: frame.subject.union(Self.speechNouns), pronoun: false) {
                // "the message is …", "the problem is …": the parameter's own name; "the sentence I need is …",
                // "the question is …": a word for what is said.
                length = n
            } else if kind == .name, !titleCased, let n = Self.leading(nameCarriers, of: said), uncapitalized(n) {
                // "I'm looking for …", "something like …", "I'd go with …", "put it down as …", "let's say …":
                // the name follows; so may a few words that only say what it is ("I'd like the one called …").
                length = n
                let rest = Array(said.dropFirst(n))
                if let m = participleCarrier(rest, asked: asked, naming: false),
                   n + m < tokens.count, uncapitalized(n + m) {
                    length = n + m
                }
            } else if kind == .task || kind == .other, let n = Self.writtenDown(said) {
                // "put down collect the dry cleaning", "jot down call the plumber": the words to keep follow.
                length = n
            } else if kind == .task, let n = Self.leading(taskFraming, of: said) {
                // "something about renewing the car insurance": what the thing to do is about follows.
                length = n
            } else if kind != .name, let n = Self.leading(framingPhrases, of: said) {
                // "basically, …", "the gist is, …", "quick question, …", "I was wondering, …": words about the
                // answer, not in it.
                length = n
            } else if kind == .other, let n = Self.leading(reportFraming, of: said) {
                // "afraid the back tyre is flat", "unfortunately the door won't lock": the report follows.
                length = n
            } else if kind == .message, let n = speechCarrier(said, needsThat: false) {
                length = n
            } else if kind == .other, let n = speechCarrier(said, needsThat: true) ?? ledSay(said) ?? toldThem(said) {
                length = n
            } else if kind == .message, said.count > 1, said[0] == "that", QuestionFrame.subjects.contains(said[1]) {
                // "that I'm outside" answering "What should I tell your driver?".
                length = 1
            } else if kind == .message, said.count > 2, ["just", "only"].contains(said[0]), said[1] == "that",
                      Self.clauseStarts.contains(said[2]) {
                // "just that the car park's full" answering "What's the message?": "just that" says it is all.
                length = 2
            } else if kind == .task, said.count > 3, said[0] == "that", Self.clauseOpeners.contains(said[1]),
                      !["i", "we"].contains(said[1]) {
                // "that the car needs its MOT" answering "What should I remind you about?": "that" opens the clause
                // kept, as it does after "remind me" (twenty-seventh pass); "that I need to …" is the speaker's own
                // task, read below.
                length = 1
            }
            if let length, length < tokens.count {
                tokens.removeFirst(length)
                break carriers
            }
            // "just Weekend Chores" answering "What do you want to call it?": "just" only says that is all; so
            // does "just a broken kettle" (before a determiner) answering what the thing is.
            if naming || kind != .message && said.count > 2 && Self.describedThings.contains(said[1]), said.first == "just" {
                tokens.removeFirst()
                changed = true
            }
            // The question's frame is said once: what follows it is the value, whatever its first word.
            if !changed, !echoed, let length = frame.echo(said), length < tokens.count {
                tokens.removeFirst(length)
                changed = true
                echoed = true
            }
            // "please, no starch on the collars": politeness opens the answer as it closes it (below).
            // "aw, well done …": "well done" is praise, not an opener; "we'll", normalised "well", is no "well".
            // "er" heard as "or" ("or can I bring my little boy along"): no message or name opens with "or".
            if !changed, tokens.first?.word == "or", !titleCased {
                tokens.removeFirst()
                changed = true
                continue
            }
            // "oh, and collect the turkey from the butcher": "and" (or "also") only goes on from what came before;
            // no thing to do or description opens with it (a title may: "And Then There Were None").
            if !changed, kind != .name, !titleCased, let first = tokens.first?.word, first == "and" || first == "also" {
                tokens.removeFirst()
                changed = true
                continue
            }
            if !changed, let first = tokens.first?.word,
               Self.exclamations.contains(first) && !(first == "well" && (tokens[1].word == "done" || tokens[0].raw.contains(where: Self.isApostrophe)))
                || first == "please" && !titleCased || kind != .message && Self.answeringOpeners.contains(first) {
                tokens.removeFirst()
                changed = true
            }
            // "it's that the seat keeps slipping": "that" opens a clause, whose words are the description; "it's
            // that lamp by the door" points at the thing described, which stays ("that lamp by the door").
            if !changed, kind == .other, said.count > 3, said[0] == "its", said[1] == "that", Self.clauseOpeners.contains(said[2]) {
                tokens.removeFirst(2)
                changed = true
            }
            // "it's the left shower …" describing a problem: the description is what follows.
            if !changed, kind == .other, said.count > 2, said[0] == "its", Self.describedThings.contains(said[1]) {
                tokens.removeFirst()
                changed = true
            }
        }
        changed = true
        while changed && tokens.count > 1 {
            changed = false
            for phrase in politeEndings where tokens.count > phrase.count && words((tokens.count - phrase.count)..<tokens.count) == phrase {
                tokens.removeLast(phrase.count)
                changed = true
                break
            }
        }
        let junk: (Character) -> Bool = { $0.isWhitespace || ($0.isPunctuation && $0 != "'") }
        let joined = tokens.map(\.raw).joined(separator: " ")
        let trimmed = String(joined.drop(while: junk).reversed().drop(while: junk).reversed())
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The length of "put down", "write down", "jot down", "note down" before the words to keep ("put down
    /// collect the dry cleaning"; "that" before a clause too: "write down that I owe Sam lunch"), or `nil`. Before a
    /// determiner or a pronoun, what is put down is the thing itself: "put down the deposit for the flat" stays whole.
    static func writtenDown(_ words: [String]) -> Int? {
        // "right down …": "write" as a recognizer may write it (the same sounds); no thing to do opens so.
        guard words.count > 3, ["put", "write", "jot", "note", "right"].contains(words[0]), words[1] == "down" else { return nil }
        if words[2] == "that", clauseStarts.contains(words[3]) { return 3 }
        return writtenDownObjects.contains(words[2]) ? nil : 2
    }
    static let writtenDownObjects: Set<String> = ["the", "a", "an", "my", "our", "your", "his", "her", "their", "this", "that",
                                                  "these", "those", "some", "it", "them", "me", "us", "him", "as", "for", "on"]

    /// Words that open an answer only to exclaim ("oh gosh, pick up the dry cleaning", "well, …", "ugh, …"):
    /// taken off a dictated value, never its words.
    static let exclamations: Set<String> = [
        "oh", "well", "so", "okay", "ok", "like", "aw", "aww", "ooh", "ugh", "gosh", "golly", "gee", "jeez", "blimey",
        "crikey", "goodness",
    ]

    /// A yes that only answers being asked ("yeah, can I take ibuprofen …", "alright, here it is: …"): taken off
    /// all but a message, where it may be the words passed on ("yeah, I'm outside").
    static let answeringOpeners: Set<String> = ["yeah", "yes", "yep", "yup", "alright", "right"]
    /// Words that open a clause after "it's that" ("it's that the seat …", "it's that my card …", "it's that
    /// I can't …"), where "that" only introduces the description.
    static let clauseOpeners: Set<String> = ["the", "a", "an", "my", "our", "your", "i", "it", "they", "we", "he", "she",
                                             "there", "someone", "somebody", "nobody", "nothing"]
    /// Determiners after "it's" that open the thing described ("it's the left shower …", "it's my locker …").
    static let describedThings: Set<String> = ["the", "a", "an", "my", "our", "one", "this", "that"]

    /// Words that open an answer and say what kind of answer it is, never part of a task, message or
    /// question dictated: "basically, …", "the short version is …", "quick question, …", "I was wondering, …",
    /// "I'd say …".
    /// Words before a thing to do that only say what it is about: "something about …", "it's to do with …".
    static let taskFraming: [[String]] = AnswerWords.phrases([
        "something about", "something to do with", "its about", "it is about", "its to do with", "something like",
        // Keeping it in mind (twenty-sixth pass): "I need to remember to renew my passport", "note to self, pay …".
        "i need to remember to", "i have to remember to", "i must remember to", "i gotta remember to", "remember to",
        "dont forget to", "dont let me forget to", "note to self", "a note to self", "note to self to",
    ])

    static let framingPhrases: [[String]] = AnswerWords.phrases([
        "basically", "essentially", "the gist is", "the gist of it is", "the short version is", "short version",
        "long story short", "in short", "in a nutshell", "bottom line", "quick question", "quick one", "i have a question",
        "i was wondering", "i was just wondering", "just wondering", "im wondering", "i wanted to ask",
        "i was hoping to ask", "i want to ask", "id like to ask", "i would like to ask", "my question is",
        "the question is", "here goes", "here goes nothing", "here it is", "here we go", "here you go",
        "id say", "i would say", "id have to say", "i have to say", "i must say", "ill say",
        // Asking to know, or how a thing is said: "I'd like to know whether …", "how do you say my suitcase is lost".
        "id like to know", "i would like to know", "i want to know", "i wanna know", "i need to know", "id love to know",
        "how do you say", "how do i say", "how would you say", "how would i say", "how would one say",
        "honestly", "to be honest", "to be fair", "frankly", "truthfully", "in all honesty",
        // Telling, or wondering: "just a heads up, …", "just so you know, …", "I'm curious who painted …".
        "just a heads up", "a heads up", "heads up", "just so you know", "just to let you know", "just letting you know",
        "fyi", "for your information", "im curious", "i am curious", "i was curious", "just curious",
        "what i need is", "what i want is", "what i want to say is", "what i need to say is", "what id like to say is",
        "all i want to say is",
        // Wondering aloud before the question: "I've always wondered how they …".
        "ive always wondered", "i always wondered", "ive been wondering", "ive often wondered", "i wonder",
        // Saying the words are for others: "note for them, no starch …", "pass on that I'm …".
        "note for them", "a note for them", "quick note", "a quick note", "message for them", "a message for them",
        "pass on that", "pass along that", "can you pass on that", "please pass on that",
        // Thinking aloud before it: "let's see, how much is …", "thing is, we're round the back".
        "lets see", "let me see", "let me think", "thing is", "the thing is", "the problem is",
        // Asking that the words reach them: "make sure they know there's a pen mark …".
        "make sure they know", "make sure they know that", "make sure you tell them", "make sure to tell them",
        "can you make sure they know", "please make sure they know",
    ])

    /// "just say …", "please say …", "can you say …" opening a note or description: what follows is the value
    /// ("say" alone stays: "say hi to the neighbours" may be the thing itself).
    static func ledSay(_ words: [String]) -> Int? {
        guard let lead = speechLeads.first(where: { words.count > $0.count + 1 && Array(words.prefix($0.count)) == $0 }) else { return nil }
        // "it should read no starch on the collars", "have it read …": a note reads; "just read the label" is a task.
        guard words[lead.count] == "say" || words[lead.count] == "read" && lead.contains("it") else { return nil }
        return lead.count + 1
    }

    /// "tell them …", "ask them …", "let them know …" opening a note or report for others (a pronoun, not a name: "tell mom
    /// …" may be the thing itself): what follows is the value.
    static func toldThem(_ words: [String]) -> Int? {
        guard words.count > 2, ["them", "him", "her"].contains(words[1]) else { return nil }
        if words[0] == "tell" || words[0] == "ask" { return 2 }
        if words[0] == "let", words.count > 3, words[2] == "know" { return words.count > 4 && words[3] == "that" ? 4 : 3 }
        return nil
    }

    /// The most words a dictated string answer takes (a note, a name); past this it is a ramble.
    public static let longestDictation = 60

    /// The length of the longest of `phrases` that `words` start with and go on after, or `nil`.
    static func leading(_ phrases: [[String]], of words: [String]) -> Int? {
        phrases.first { words.count > $0.count && Array(words.prefix($0.count)) == $0 }?.count
    }

    /// Words a title keeps in lower case ("Looking for Alaska", "North of Nowhere").
    static let titleSmallWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "nor", "for", "of", "in", "on", "at", "to", "by", "with", "from", "as", "into",
    ]

    /// Words that only hedge or suggest before a name or title ("maybe Car Repairs", "I guess The Night
    /// Garden", "I was thinking Garden Plans"): taken off, and a name's own carrier may follow.
    static let nameHedges: [[String]] = AnswerWords.phrases([
        "what about", "how bout", "maybe", "probably", "perhaps", "i guess", "i think", "i suppose", "i believe",
        "i was thinking", "i was thinking maybe", "im thinking", "i am thinking", "i mean",
    ])

    /// Words people say before the name or title they give or ask for: "I'm looking for …", "something like
    /// …", "I'd go with …", "let's say …", "put it down as …", "it'd be …", "can I get …". The name follows.
    static let nameCarriers: [[String]] = AnswerWords.phrases([
        "im looking for", "i am looking for", "i was looking for", "looking for", "im after", "i am after",
        "im hoping for", "i am hoping for", "i was hoping for", "hoping for", "im hoping to get", "i was hoping to get",
        "do you have", "have you got", "can i get", "can i have", "could i get", "could i have", "can i borrow",
        "could i borrow", "id like", "i would like", "i want", "i need", "ill take", "ill have", "ill go with",
        "ill go for", "i will go with", "id go with", "i would go with", "id go for", "id pick", "lets go with",
        "lets go for", "lets do", "lets make it", "go with", "give me", "get me", "i choose", "i pick",
        "id say", "i would say", "lets say", "something like", "something along the lines of",
        "make it", "make that", "put it down as", "put it as", "put it under", "put down", "file it under",
        "file it as", "save it as", "list it as", "mark it as", "itd be", "it would be", "itll be", "it will be",
        "itd have to be", "thatd be", "that would be", "thatll be", "its gonna be", "its going to be",
        "lets just say", "lets just go with", "lets just do",
    ])

    /// Words that say a name follows, whatever was asked ("it's called …", "the title is …").
    static let namingPhrases: [[String]] = [
        "its called", "it is called", "it should be called", "the name is", "its name is", "the title is",
        "i want it called",
    ].map { $0.split(separator: " ").map(String.init) }.sorted { $0.count > $1.count }
    /// ``namingPhrases`` with "is" said as a clitic ("the title's …"), as normalised; taken only when the last
    /// word was written with its apostrophe.
    static let namingClitics: [[String]] = ["the names", "the titles", "its names", "the books", "the shows"]
        .map { $0.split(separator: " ").map(String.init) }
    /// Words that lead into a naming verb: "let's call it", "you can name it", "I'd like to title it".
    static let namingLeads: [[String]] = AnswerWords.phrases([
        "lets", "let us", "you can", "we can", "i would like to", "id like to", "i want to", "i wanna", "ill", "well",
        "we will", "i will", "just", "please", "go ahead and", "can you", "could you", "why dont you", "how about we",
    ])
    static let namingVerbs: Set<String> = ["call", "name", "title", "label"]
    /// Naming participles: "called", "named", "titled".
    static let namingParticiples: Set<String> = ["called", "named", "titled"]
    /// Words that may stand before a naming participle without naming anything themselves: hedges, pronouns,
    /// articles, "something", "one".
    static let describingWords: Set<String> = [
        "i", "think", "guess", "believe", "suppose", "mean", "its", "it", "is", "was", "thats", "that", "this", "something",
        "one", "1", "a", "an", "the", "my", "maybe", "probably", "im", "pretty", "sure",
    ]
    /// The most words before a naming participle in a carrier ("I think it's called").
    static let longestParticipleCarrier = 5

    /// The length of a carrier that ends in a naming participle ("something called", "a book named", "I
    /// think it's called"), or `nil`. The words before the participle must only describe the thing: hedges,
    /// pronouns and articles, or words of the question itself (`asked`: "book" of "Which book would you
    /// like?"); any words when the question asks for a name.
    static func participleCarrier(_ words: [String], asked: Set<String>, naming: Bool) -> Int? {
        guard let at = words.prefix(longestParticipleCarrier + 1).firstIndex(where: namingParticiples.contains), at > 0 else { return nil }
        guard naming || words[..<at].allSatisfy({ describingWords.contains($0) || asked.contains($0) }) else { return nil }
        return at + 1
    }
    /// Hedges before "it's …" or "the book is …": "I think", "probably".
    static let hedges: [[String]] = AnswerWords.phrases([
        "i think", "i believe", "i guess", "im pretty sure", "im sure", "pretty sure", "maybe", "probably", "i mean",
    ])
    /// Words before what a name or message is: "the book is …", "my message is …".
    static let isDeterminers: Set<String> = ["the", "my", "your", "our", "its", "their"]

    /// The length of a carrier that says what the thing is, or `nil`: perhaps a hedge, then a determiner and
    /// one or two of `nouns` ("the book", "the book title"), or with `pronoun` "it"; then "is", "was",
    /// "should be", "would be" ("the book is …", "I think it's …", "the message is …").
    static func isCarrier(_ words: [String], nouns: Set<String>, pronoun: Bool) -> Int? {
        var i = 0
        if let hedge = hedges.first(where: { words.count > $0.count && Array(words.prefix($0.count)) == $0 }) { i = hedge.count }
        func at(_ k: Int) -> String? { k < words.count ? words[k] : nil }
        if pronoun, at(i) == "its" { return i + 1 }
        if pronoun, at(i) == "it" || at(i) == "thats" {
            // "it is …", "it was …", "it should be …"; "that's …" only after a hedge ("I think that's …").
            guard at(i) == "it" || i > 0 else { return nil }
            return copula(words, from: i + 1)
        }
        if let d = at(i), isDeterminers.contains(d) { i += 1 }
        guard let noun = at(i), nouns.contains(noun) || vagueNouns.contains(noun) else { return nil }
        i += 1
        if nouns.contains(noun), let next = at(i), nouns.contains(next) { i += 1 }
        // "the sentence I need is …", "the question I have is …".
        let clause = leading(relativeClauses, of: Array(words[i...]))
        // "the bit I need is …", "the thing I want to say is …": a word for any thing says what the value is only
        // with the clause ("the bit is broken" describes).
        guard nouns.contains(noun) || clause != nil else { return nil }
        if let clause { i += clause }
        return copula(words, from: i)
    }

    /// Words for any thing, which open a dictated string before a clause and "is": "the bit I need is …", "the
    /// part I want to say is …", "the thing I need translated is …".
    static let vagueNouns: Set<String> = ["bit", "part", "thing", "one"]
    /// Words for what is said, which open a dictated string before "is": "the sentence I need is …", "the
    /// question is …", "the words are …".
    static let speechNouns: Set<String> = ["sentence", "phrase", "question", "message", "note", "words", "line"]
    /// What the speaker says of the thing before "is": "the phrase I need is …", "the question I have is …".
    static let relativeClauses: [[String]] = AnswerWords.phrases([
        "i need", "i want", "id like", "i have", "ive got", "i need to say", "i want to say", "i need translated",
        "i want translated", "i want to ask", "i need to ask",
    ])
    /// Words that open a report of something wrong: "afraid the back tyre is flat", "sadly the lid is cracked".
    static let reportFraming: [[String]] = AnswerWords.phrases([
        "im afraid", "i am afraid", "afraid", "unfortunately", "sadly", "bad news", "the bad news is",
        // What the speaker sees of it: "looks like the chain keeps slipping", "it seems the lock is stuck".
        "looks like", "it looks like", "seems like", "it seems like", "it seems", "apparently",
    ])

    /// The length of "the show's name is", "the book's title is" (normalised "the shows name is") before a name, or
    /// `nil`.
    static func possessiveNaming(_ words: [String]) -> Int? {
        guard words.count > 4, words[0] == "the", words[1].hasSuffix("s"), ["name", "title"].contains(words[2]),
              words[3] == "is" else { return nil }
        return 4
    }

    /// The end of "is", "was", "should be", "would be", "will be" at `start`, or `nil`.
    private static func copula(_ words: [String], from start: Int) -> Int? {
        guard start < words.count else { return nil }
        if ["is", "was", "are"].contains(words[start]) { return start + 1 }
        if start + 1 < words.count, ["should", "would", "will", "could"].contains(words[start]), words[start + 1] == "be" { return start + 2 }
        return nil
    }

    /// What opens a message or a report before its verb: "please", "can you", "I want to", "have it".
    static let speechLeads: [[String]] = AnswerWords.phrases([
        "please", "just", "please just", "can you", "could you", "would you", "can you please", "could you please",
        "can you just", "go ahead and", "i want you to", "id like you to", "you can", "i want to", "i wanna", "id like to",
        "i would like to", "i just want to", "i just wanted to", "i wanted to", "just wanted to", "i need to", "lets just",
        "it should", "it can", "have it", "make it", "it",
        // "have it's say …": "have it say" with a sound too many, as a recognizer may hear it.
        "have its",
    ])
    /// Verbs that pass words on to someone named after them: "tell them …", "text him …".
    static let tellingVerbs: Set<String> = ["tell", "text", "message"]
    /// Verbs that pass on what someone is asked to do, with "to": "ask him to wait", "remind them to …".
    static let askingVerbs: Set<String> = ["ask", "remind"]
    /// Verbs that report what follows: "say …", "report that …", "mention that …".
    static let reportingVerbs: Set<String> = ["say", "says", "report", "mention", "note", "write", "explain", "complain", "add"]
    /// Words after "write" that make it the message's own verb ("write back soon", "write me a card").
    static let writtenObjects: Set<String> = ["back", "me", "us", "him", "her", "them", "it", "to", "down", "a", "an", "this", "your", "our"]
    /// Who a message goes to: "them", "the driver", "my driver", "the front desk".
    static let listeners: Set<String> = ["them", "him", "her", "you", "everyone", "everybody", "yall", "guys"]
    static let listenerDeterminers: Set<String> = ["the", "my", "your", "our", "his", "her", "their"]
    /// Words a clause after "that" starts with ("that the fountain is leaking", "that I'm outside"): "that"
    /// before anything else is a determiner ("report that treadmill") and stays.
    static let clauseStarts: Set<String> = QuestionFrame.subjects.union([
        "the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "it", "this", "these", "those", "there",
        "he", "she", "they", "theyre", "hes", "shes", "theres", "everything", "nothing", "someone", "somebody", "some",
        "no", "all", "both",
    ])

    /// The length of a carrier that passes words on, or `nil`: a lead, then "tell <someone>", "text
    /// <someone>", "let <someone> know", "say", "report", "mention" … and "that" before a clause ("tell them
    /// that I'm outside"); "to" after "tell <someone>" ("tell him to wait outside"). With `needsThat` (a
    /// report, not a message) only the forms with "that" are carriers: "report that the fountain is leaking",
    /// but "report a broken treadmill" stays whole.
    static func speechCarrier(_ words: [String], needsThat: Bool) -> Int? {
        var i = 0
        if let lead = speechLeads.first(where: { words.count > $0.count && Array(words.prefix($0.count)) == $0 }) { i = lead.count }
        func at(_ k: Int) -> String? { k < words.count ? words[k] : nil }
        /// The length of who is spoken to at `k`: "them", "the driver", "the front desk" (before "that" or "know").
        func listener(_ k: Int) -> Int? {
            guard let w = at(k) else { return nil }
            if listeners.contains(w) { return 1 }
            guard listenerDeterminers.contains(w), at(k + 1) != nil else { return nil }
            if let after = at(k + 3), ["that", "know"].contains(after), at(k + 2).map({ !["that", "know", "to"].contains($0) }) == true { return 3 }
            return 2
        }
        guard let verb = at(i) else { return nil }
        var canTakeTo = false
        if askingVerbs.contains(verb), !needsThat {
            // "ask him to wait outside", "remind them to ring the bell": what they are asked to do.
            guard let n = listener(i + 1), at(i + 1 + n) == "to", at(i + 2 + n) != nil else { return nil }
            return i + 2 + n
        } else if tellingVerbs.contains(verb) {
            guard let n = listener(i + 1) else { return nil }
            i += 1 + n
            canTakeTo = verb == "tell"
        } else if verb == "let" {
            guard let n = listener(i + 1), at(i + 1 + n) == "know" else { return nil }
            i += 2 + n
        } else if reportingVerbs.contains(verb) || verb == "put" {
            // "say …", "write …", "put …" pass words on (a message: "just write, I'm by the gate"; "write super
            // proud of you"); "report …", "mention …" only before "that". "write back soon", "write me a note"
            // are the message's own words.
            let clause = at(i + 1).map { QuestionFrame.subjects.contains($0) } ?? false
            let written = verb == "write" && at(i + 1).map { !writtenObjects.contains($0) } == true
            guard verb == "say" || verb == "says" || (verb == "write" || verb == "put") && clause && !needsThat
                    || written && !needsThat
                    || (needsThat && verb != "put") || at(i + 1) == "that" || at(i + 1) == "to" else { return nil }
            i += 1
            if at(i) == "to", let n = listener(i + 1) { i += 1 + n }
        } else {
            return nil
        }
        if at(i) == "that", let next = at(i + 1), clauseStarts.contains(next) {
            return i + 1
        }
        // "say it was gorgeous but way too long": "say" before a clause reports it as "say that" would.
        if verb == "say" || verb == "says", let next = at(i), clauseStarts.contains(next), at(i + 1) != nil { return i }
        if needsThat { return nil }
        if canTakeTo, at(i) == "to", at(i + 1) != nil { return i + 1 }
        return i
    }

    /// Determiners before the thing a naming verb names ("call the list …").
    static let namingDeterminers: Set<String> = ["the", "my", "our", "this", "that", "your"]
    /// What a naming verb names: "it", "this one", "that".
    static let namingObjects: [[String]] = AnswerWords.phrases(["this one", "that one", "the new one", "it", "this", "that", "them"])

    /// The length of a naming carrier at the start of `words`: some lead ("let's"), a naming verb, what it
    /// names ("it", "this one"), and "as" or "to be". `nil` when `words` start otherwise. Only read when the
    /// question asks for a name.
    static func namingCarrier(_ words: [String]) -> Int? {
        var i = 0
        if let lead = namingLeads.first(where: { words.count > $0.count && Array(words.prefix($0.count)) == $0 }) { i = lead.count }
        guard i < words.count, namingVerbs.contains(words[i]) else { return nil }
        i += 1
        if let object = namingObjects.first(where: { i + $0.count <= words.count && Array(words[i..<(i + $0.count)]) == $0 }) {
            i += object.count
        } else if i + 1 < words.count, namingDeterminers.contains(words[i]) {
            // "call the list …", "name my new playlist …": a determiner, perhaps "new", and the thing.
            i += 1
            if words[i] == "new", i + 1 < words.count { i += 1 }
            i += 1
        } else {
            return nil
        }
        if i < words.count, words[i] == "as" { i += 1 }
        else if i + 1 < words.count, words[i] == "to", words[i + 1] == "be" { i += 2 }
        return i
    }

    static let politeEndings: [[String]] = ["thank you very much", "thanks a lot", "thank you", "thanks", "please"]
        .map { $0.split(separator: " ").map(String.init) }.sorted { $0.count > $1.count }

    static let thingWords: Set<String> = Set(AnswerReader.ordinalWords.keys).union(AnswerWords.articles).union([
        "last", "next", "other", "which", "same", "big", "small", "large", "little", "medium", "new", "old", "each", "every",
    ])

    /// "the second one", "that one", "a large one", "a quick one": the "one" that stands for a thing is not the
    /// number 1.
    static func withoutOneWord(_ text: String) -> String {
        let words = AnswerReader.contentWords(text)
        var kept: [String] = []
        for (i, word) in words.enumerated() {
            if word == "1", i > 0, i == words.count - 1 || Double(words[i + 1]) == nil,
               thingWords.contains(words[i - 1]) || describedOne(before: i, in: words) {
                continue
            }
            kept.append(word)
        }
        return kept.joined(separator: " ")
    }

    /// Whether the "1" at `index` of `words` follows "a", "an" or "the" and one describing word ("a quick one",
    /// "the red one"), not a number's words ("a hundred and one").
    static func describedOne(before index: Int, in words: [String]) -> Bool {
        guard index >= 2, ["a", "an", "the"].contains(words[index - 2]) else { return false }
        let word = words[index - 1]
        return Double(word) == nil && SpokenNumbers.spans([word]).isEmpty && !["and", "point", "hundred", "thousand"].contains(word)
    }

    /// `clauses` (``clauses(_:)``) without a "one" given to each of others counted ("three, one for each of the
    /// kids", "two, one each"), or to someone after the count ("two bottles, one for my sister"), when another
    /// number is said: that "one" says how they are shared, not how many.
    static func withoutSharedOne(_ clauses: String) -> String {
        let words = clauses.split(separator: " ").map(String.init)
        guard words.filter({ Double($0) != nil }).count > 1 else { return clauses }
        var kept: [String] = []
        for (i, word) in words.enumerated() {
            let next = i + 1 < words.count ? words[i + 1] : ""
            let after = i + 2 < words.count ? words[i + 2] : ""
            if word == "1", ["each", "apiece", "per"].contains(next) || (next == "for" && ["each", "every", "all"].contains(after)) {
                continue
            }
            // "two bottles, one for my sister": a "1 for" someone after the count says who gets one of them.
            if word == "1", next == "for", kept.contains(where: { Double($0) != nil }) {
                continue
            }
            kept.append(word)
        }
        return kept.joined(separator: " ")
    }

    /// `clauses` without a count of none joined to the number ("six adults and no kids", "two bags but no
    /// suitcases", "four of us with no pets"): "no" there counts nothing, it takes nothing back (twenty-seventh pass).
    static func withoutNone(_ clauses: String) -> String {
        var words = clauses.split(separator: " ").map(String.init)
        var i = 0
        while i + 2 < words.count {
            if ["and", "but", "with", "plus"].contains(words[i].lowercased()), words[i + 1].lowercased() == "no",
               words[i + 2].allSatisfy(\.isLetter), SpokenNumbers.spans([words[i + 2].lowercased()]).isEmpty,
               !SpokenNumbers.spans(words[..<i].map { $0.lowercased() }).isEmpty {
                words.removeSubrange(i..<(i + 3))
                continue
            }
            i += 1
        }
        return words.joined(separator: " ")
    }

    /// "the one", "just the one", "only the one" said alone to a question for a number: one.
    static func isTheOne(_ text: String) -> Bool {
        let words = AnswerReader.dropClosings(AnswerReader.contentWords(text)).filter { !["just", "only"].contains($0) }
        return words == ["the", "1"]
    }
}
