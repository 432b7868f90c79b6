#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Dates, times and durations as people say them, read from normalised words relative to a clock:
/// "tomorrow at three p m", "next Friday", "December the fourth", "in two hours", "half past six";
/// "ten minutes", "an hour and a half".
public struct SpokenDates: Sendable {
    /// A calendar day, with a time of day when one was said.
    public struct Moment: Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var day: Int
        /// Hour (0–23) and minute, when said.
        public var hour: Int?
        public var minute: Int?

        public init(year: Int, month: Int, day: Int, hour: Int? = nil, minute: Int? = nil) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
        }

        /// ISO 8601 in local time: "2026-12-04", or "2026-12-04T15:00" with a time.
        public var iso: String {
            var text = "\(pad(year, 4))-\(pad(month))-\(pad(day))"
            if let hour { text += "T\(pad(hour)):\(pad(minute ?? 0))" }
            return text
        }
    }

    /// Now, as the device's clock says.
    public var now: Date
    public var calendar: Calendar

    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// Every word a spoken date, time or duration can hold (besides ``SpokenNumbers/vocabulary`` and the
    /// ordinals "first" … "thirty first"), for a recognizer's grammar or language model.
    public static let vocabulary: [String] = monthNames.map(\.0) + weekdayNames + [
        "today", "tonight", "tomorrow", "yesterday", "day", "after", "next", "this", "coming", "on", "at", "in", "the", "of",
        "from", "now", "a", "an", "and", "half", "quarter", "past", "to", "noon", "midday", "midnight", "morning",
        "afternoon", "evening", "night", "o'clock", "a m", "p m", "second", "seconds", "minute", "minutes", "hour",
        "hours", "days", "week", "weeks", "month", "months", "year", "years", "later", "by", "around", "about",
    ] + ordinalDays.keys.sorted()

    // MARK: - Dates

    /// A written local time, "2026-11-25T09:30" (or "2026-11-25", midnight), in `timeZone`: a clock to set.
    public static func date(iso text: String, timeZone: TimeZone) -> Date? {
        guard let moment = isoMoment(text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: moment.year, month: moment.month, day: moment.day,
                                                  hour: moment.hour ?? 0, minute: moment.minute ?? 0))
    }

    /// The day and time said: "tomorrow at 3 pm", "next friday", "december the fourth", "in 2 hours",
    /// "at noon", "2026-12-04". `nil` when the words name no day or time.
    public func moment(_ text: String) -> Moment? {
        if let iso = Self.isoMoment(text) { return iso }
        let words = Self.prepare(AnswerReader.contentWords(text))
        guard !words.isEmpty else { return nil }
        let today = components(now)
        // "in 2 hours", "3 days from now", "a week from today"
        if let relative = relativeMoment(words) { return relative }
        let day = self.day(words)
        let time = timeOfDay(words)
        if day == nil, time == nil {
            // A length of time alone answers "when" from now: "give me twenty minutes", "forty five minutes".
            guard let seconds = Self.duration(words.joined(separator: " ")) else { return nil }
            return moment(seconds, after: now)
        }
        if let time, day == nil {
            // A time alone is the next time it comes round: today, or tomorrow when it has passed; "at 8" said
            // at nine in the morning is 8 PM today.
            let current = today.hour * 60 + today.minute
            var hours = [time.hour]
            if time.ambiguous { hours = [time.hour % 12, time.hour % 12 + 12].filter { $0 != 0 || time.hour == 0 } }
            if let hour = hours.first(where: { $0 * 60 + time.minute > current }) {
                return Moment(year: today.year, month: today.month, day: today.day, hour: hour, minute: time.minute)
            }
            let d = shifted(days: 1)
            return Moment(year: d.year, month: d.month, day: d.day, hour: time.hour, minute: time.minute)
        }
        guard let day else { return nil }
        var moment = Moment(year: day.year, month: day.month, day: day.day)
        guard valid(moment) else { return nil }
        if let time {
            moment.hour = time.hour
            moment.minute = time.minute
        } else if words.contains("tonight") {
            moment.hour = 20
            moment.minute = 0
        }
        return moment
    }

    /// A day and time said, then settled by the words after `head` (``OpenValueReader/settlingWords``):
    /// "Friday at five, no, make that five thirty" is Friday at 5:30 PM, "sometime after six tonight, call it
    /// six thirty" today at 6:30 PM, "Monday, let's say ten in the morning" Monday at 10 AM. The settled
    /// words' own day when they name one ("tomorrow, no wait, Thursday at four"), or a length from now ("in
    /// an hour, call it seventy five minutes"); else the first words' day at the settled time, in the first
    /// time's half of the day (or part of the day) when the settled time says none. `nil` when `tail` names
    /// no day or time.
    func moment(_ head: [String], settledBy tail: [String]) -> Moment? {
        guard let settled = moment(tail.joined(separator: " ")) else { return nil }
        let headWords = Self.prepare(head), tailWords = Self.prepare(tail)
        guard relativeMoment(tailWords) == nil, day(tailWords) == nil, var time = timeOfDay(tailWords),
              let first = moment(head.joined(separator: " ")), first.hour != nil || day(headWords) != nil else { return settled }
        if time.ambiguous {
            let raw = time.hour > 12 ? time.hour - 12 : time.hour
            if let hour = first.hour, let minute = first.minute {
                // "at five (PM), no, five thirty": the settled hour nearest the first one.
                let said = hour * 60 + minute
                time.hour = [raw % 12, raw % 12 + 12].min { abs($0 * 60 + time.minute - said) < abs($1 * 60 + time.minute - said) } ?? time.hour
            } else if let part = Self.partOfDay(headWords) {
                time = Self.resolve(hour: raw, minute: time.minute, meridiem: part)
            }
        }
        var moment = Moment(year: first.year, month: first.month, day: first.day, hour: time.hour, minute: time.minute)
        if !valid(moment) { moment = settled }
        return moment
    }

    /// The day named in `words` (prepared): "today", "tomorrow", "next friday", "december the fourth", "the
    /// 4th of december", "the 4th". `nil` when no day is named.
    func day(_ words: [String]) -> (year: Int, month: Int, day: Int)? {
        let today = components(now)
        var day: (year: Int, month: Int, day: Int)?
        var used = Set<Int>()
        var i = 0
        while i < words.count {
            let word = words[i]
            if word == "today" || word == "tonight" {
                day = (today.year, today.month, today.day); used.insert(i)
            } else if word == "this", i + 1 < words.count, ["morning", "afternoon", "evening", "night"].contains(words[i + 1]) {
                // "this evening" is today's, like "tonight", even once its hour has passed.
                day = (today.year, today.month, today.day); used.insert(i)
            } else if word == "tomorrow" {
                let isAfter = i >= 3 && words[i - 1] == "after" && words[i - 2] == "day"
                day = shifted(days: isAfter ? 2 : 1); used.insert(i)
            } else if word == "yesterday" {
                day = shifted(days: -1); used.insert(i)
            } else if let weekday = Self.weekdayNames.firstIndex(of: word) {
                // "the first saturday in december", "the last friday of the month": that weekday of the month.
                if let nth = nthWeekday(weekday + 1, at: i, in: words) { return nth }
                // "friday", "this friday", "next friday": the coming one ("the friday after next", "a week on
                // friday", "a week from friday": a week later).
                let after = i + 2 < words.count && words[i + 1] == "after" && words[i + 2] == "next"
                    || i >= 3 && ["a", "1"].contains(words[i - 3]) && words[i - 2] == "week" && ["on", "from"].contains(words[i - 1])
                day = upcoming(weekday: weekday + 1, skippingToday: true, weekLater: after)
                used.insert(i)
                // "the saturday after christmas", "the friday before december the 4th": that weekday next to the day
                // named after it.
                if !after, i + 2 < words.count, ["after", "before"].contains(words[i + 1]),
                   let base = self.day(Array(words[(i + 2)...])),
                   let near = nearest(weekday: weekday + 1, words[i + 1] == "after" ? 1 : -1, from: base) {
                    return near
                }
                // "monday the 14th": the next 14th that is a Monday (a month after it is the month's own: "monday
                // the 14th of december" is read at the month). Without "the", "first" is no day ("monday, first thing").
                let j = i + 1 < words.count && words[i + 1] == "the" ? i + 2 : i + 1
                if j < words.count, let d = Self.ordinalDays[words[j]], j == i + 2 || d > 1,
                   j + 1 >= words.count || (words[j + 1] != "of" && Self.month(words[j + 1]) == nil && words[j + 1] != "thing"),
                   let dated = nextDayOfMonth(d, weekday: weekday + 1) {
                    day = dated
                    used.insert(j)
                    i = j
                }
            } else if let month = Self.month(word) {
                // "december 4", "december the 4th", "december 4 2027"
                var j = i + 1
                if j < words.count, words[j] == "the" { j += 1 }
                if i >= 2, words[i - 1] == "of", let d = Self.dayNumber(words[i - 2]) {
                    // "the 4th of december" (a number after it is then no day: "the first of December, ten a m").
                    var year = nextYear(month: month, day: d)
                    if j < words.count, let y = Int(words[j]), y >= 1900, y < 2200 { year = y }
                    day = (year, month, d); used.formUnion([i, i - 2])
                } else if j < words.count, let d = Self.dayNumber(words[j]) {
                    var year = nextYear(month: month, day: d)
                    if j + 1 < words.count, let y = Int(words[j + 1]), y >= 1900, y < 2200 { year = y; used.insert(j + 1) }
                    day = (year, month, d); used.formUnion([i, j])
                } else if i >= 1, let d = Self.dayNumber(words[i - 1]), Int(words[i - 1]) != nil || Self.ordinalDays[words[i - 1]] != nil {
                    // "4 december"
                    day = (nextYear(month: month, day: d), month, d); used.formUnion([i, i - 1])
                }
            } else if word == "the", i + 1 < words.count, let d = Self.ordinalDays[words[i + 1]], day == nil,
                      i + 2 >= words.count || (words[i + 2] != "of" && Self.month(words[i + 2]) == nil) {
                // "the 4th": the next day of a month with that number
                day = nextDayOfMonth(d); used.insert(i + 1)
            }
            i += 1
        }
        return day
    }

    /// "Friday, December 4 at 3 PM" (the year when it is not this year's).
    public func title(_ moment: Moment) -> String {
        var parts = DateComponents()
        parts.year = moment.year
        parts.month = moment.month
        parts.day = moment.day
        parts.hour = 12
        var text = "\(moment.month >= 1 && moment.month <= 12 ? Self.monthNames[moment.month - 1].1 : "") \(moment.day)"
        if let date = calendar.date(from: parts) {
            let weekday = calendar.component(.weekday, from: date)
            text = Self.weekdayNames[weekday - 1].capitalized + ", " + text
        }
        if moment.year != components(now).year { text += ", \(moment.year)" }
        if let hour = moment.hour {
            let minute = moment.minute ?? 0
            let twelve = hour % 12 == 0 ? 12 : hour % 12
            text += " at \(twelve)\(minute == 0 ? "" : ":\(Self.pad(minute))") \(hour < 12 ? "AM" : "PM")"
        }
        return text
    }

    // MARK: - Durations

    /// A length of time said, in seconds: "10 minutes", "an hour and a half", "half an hour", "2 hours 30",
    /// "90 seconds", "a quarter of an hour". A number alone (no unit) is no duration.
    public static func duration(_ text: String) -> Int? {
        let words = prepare(AnswerReader.contentWords(text))
        var total = 0.0
        var found = false
        var lastUnit: Double?
        var i = 0
        while i < words.count {
            // "half an hour", "a quarter of an hour", "quarter hour"
            var j = i
            var quarters = 1.0
            if words[j] == "a" || words[j] == "an", j + 1 < words.count, words[j + 1] == "half" || words[j + 1] == "quarter" { j += 1 }
            // "3 quarters of an hour"
            if let count = Double(words[j]), [1, 2, 3].contains(count), j + 1 < words.count, words[j + 1] == "quarters" || words[j + 1] == "quarter" {
                quarters = count
                j += 1
            }
            if words[j] == "half" || words[j] == "quarter" || words[j] == "quarters" {
                let fraction = words[j] == "half" ? 0.5 : 0.25 * quarters
                var k = j + 1
                if k < words.count, words[k] == "of" { k += 1 }
                if k < words.count, words[k] == "a" || words[k] == "an" { k += 1 }
                if k < words.count, let unit = units[words[k]] {
                    total += fraction * unit
                    lastUnit = unit
                    found = true
                    i = k + 1
                    continue
                }
            }
            // "fifteen minutes a day", "an hour per week": a rate after the length, not more time ("a week and a
            // day" adds the day).
            if found, ["a", "an", "per", "every", "each"].contains(words[i]), words[i - 1] != "and", i + 1 < words.count,
               units[words[i + 1]] != nil {
                break
            }
            // "eight minutes at two hundred", "ten minutes at level five": what follows "at" after a length is a
            // setting to run at (a heat, a speed), no more time.
            if found, words[i] == "at" { break }
            var amount: Double?
            var next = i + 1
            if let span = SpokenNumbers.number(at: i, in: words), !span.isMoney {
                amount = span.value + (span.pair.map { Double($0) / 100 } ?? 0)
                if span.pair != nil { amount = nil }
                next = span.range.upperBound
            } else if words[i] == "a" || words[i] == "an" {
                amount = 1
            } else if words[i] == "couple", i + 1 < words.count {
                amount = 2
                if words[i + 1] == "of" { next += 1 }
            } else if words[i] == "few" {
                amount = 3
                if i + 1 < words.count, words[i + 1] == "of" { next += 1 }
            }
            // "a solid hour", "a good ten minutes", "ten more minutes": a word that only weighs the length.
            if amount != nil, next + 1 < words.count, Self.lengthAdjectives.contains(words[next]), units[words[next + 1]] != nil { next += 1 }
            if let amount, next < words.count, let unit = units[words[next]] {
                var value = amount * unit
                next += 1
                // "an hour and a half"
                if let (fraction, after) = SpokenNumbers.andFraction(at: next, in: words) {
                    value += fraction * unit
                    next = after
                }
                total += value
                lastUnit = unit
                found = true
                i = next
                continue
            }
            if let amount, found, let unit = lastUnit, let smaller = smallerUnit[unit], amount.rounded() == amount, amount < 60,
               !["a", "an", "few", "couple"].contains(words[i]) {
                // "2 hours 30": the number after a unit counts the next smaller one.
                total += amount * smaller
                lastUnit = smaller
                i = next
                continue
            }
            if amount != nil, words[i] != "a", words[i] != "an", words[i] != "few", words[i] != "couple" {
                // A number with no unit: no duration can be read from it.
                return nil
            }
            i += 1
        }
        guard found, total > 0 else { return nil }
        return Int(total.rounded())
    }

    /// "1 hour and 30 minutes", "10 minutes", "2 days".
    public static func durationTitle(_ seconds: Int) -> String {
        var parts: [String] = []
        var rest = seconds
        for (name, size) in [("day", 86_400), ("hour", 3600), ("minute", 60), ("second", 1)] where rest >= size {
            let count = rest / size
            rest %= size
            parts.append("\(count) \(name)\(count == 1 ? "" : "s")")
        }
        if parts.isEmpty { return "0 seconds" }
        if parts.count == 1 { return parts[0] }
        return parts.dropLast().joined(separator: ", ") + " and " + parts.last!
    }

    // MARK: - Internals

    static let units: [String: Double] = [
        "second": 1, "seconds": 1, "sec": 1, "secs": 1, "minute": 60, "minutes": 60, "min": 60, "mins": 60,
        "hour": 3600, "hours": 3600, "hr": 3600, "hrs": 3600, "day": 86_400, "days": 86_400, "week": 604_800,
        "weeks": 604_800,
    ]
    /// Words between a number and its unit that do not change the length ("a solid hour", "ten more minutes").
    static let lengthAdjectives: Set<String> = ["solid", "good", "full", "whole", "straight", "more", "extra", "long", "quick"]
    static let smallerUnit: [Double: Double] = [3600: 60, 60: 1, 86_400: 3600]
    static let monthNames: [(String, String)] = [
        ("january", "January"), ("february", "February"), ("march", "March"), ("april", "April"), ("may", "May"),
        ("june", "June"), ("july", "July"), ("august", "August"), ("september", "September"), ("october", "October"),
        ("november", "November"), ("december", "December"),
    ]
    static let monthAbbreviations: [String: Int] = [
        "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
    ]
    static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let ordinalDays: [String: Int] = {
        let small = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
                     "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
                     "eighteenth", "nineteenth"]
        var days: [String: Int] = [:]
        for (i, word) in small.enumerated() { days[word] = i + 1 }
        days["twentieth"] = 20
        days["thirtieth"] = 30
        for (i, word) in small.prefix(9).enumerated() {
            days["twenty " + word] = 21 + i
            days["20 " + word] = 21 + i
        }
        days["thirty first"] = 31
        days["30 first"] = 31
        return days
    }()

    static func pad(_ n: Int, _ width: Int = 2) -> String {
        let text = String(n)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    static func month(_ word: String) -> Int? {
        if let index = monthNames.firstIndex(where: { $0.0 == word }) { return index + 1 }
        return monthAbbreviations[word]
    }

    /// "4", "4th" (normalised "fourth"), "24" (from "20 fourth", joined by ``prepare(_:)``).
    static func dayNumber(_ word: String) -> Int? {
        if let d = ordinalDays[word] { return d }
        if let d = Int(word), d >= 1, d <= 31 { return d }
        let digits = word.prefix { $0.isNumber }
        if !digits.isEmpty, ["st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count))), let d = Int(digits), d >= 1, d <= 31 {
            return d
        }
        return nil
    }

    /// Joins "20 fourth" into "twenty fourth", "p m" into "pm", "oclock"; "3pm" into "3 pm"; "12th" stays.
    static func prepare(_ words: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < words.count {
            let word = words[i]
            if (word == "20" || word == "30"), i + 1 < words.count, let joined = ordinalDays["\(word) \(words[i + 1])"] {
                out.append(ordinalWord(joined))
                i += 2
                continue
            }
            if (word == "a" || word == "p"), i + 1 < words.count, words[i + 1] == "m", !out.isEmpty, Int(out.last!) != nil || out.last == "oclock" {
                out.append(word + "m")
                i += 2
                continue
            }
            if word.count > 2, word.first!.isNumber, word.hasSuffix("am") || word.hasSuffix("pm") {
                let digits = String(word.dropLast(2))
                if Int(digits) != nil {
                    out.append(digits)
                    out.append(String(word.suffix(2)))
                    i += 1
                    continue
                }
            }
            // "at for this afternoon", "at to p m": a number heard as the word it sounds like, after "at", where no
            // English sentence has that word (spoken transcripts; "at four" typed is the digit already).
            // The sound-alikes are the open values' own (``OpenValueReader/numberSoundAlikes``).
            if word == "at", i + 1 < words.count, let sound = OpenValueReader.numberSoundAlikes[words[i + 1]],
               let hour = SpokenNumbers.integer(sound),
               i + 2 == words.count || !["the", "a", "an", "me", "us", "you", "them", "it", "what", "least", "once"].contains(words[i + 2]) {
                out.append(word)
                out.append(String(hour))
                i += 2
                continue
            }
            // "say have twelve", "at have six": "half" heard as "have" before an hour (spoken transcripts; "half
            // twelve" is half past, below). Not after a subject: "I have 2" keeps its verb.
            if word == "have", i + 1 < words.count, let hour = Int(words[i + 1]), (1...12).contains(hour),
               i == 0 || ["say", "at", "around", "about", "by", "like"].contains(words[i - 1]) {
                out.append("half")
                i += 1
                continue
            }
            // "ten-ish", "tenish", "six ish": about that number ("ten-ish" is split at its hyphen, "tenish" stays one
            // word); said as "about ten", so that it frames an hour as "about" does.
            // After an hour the number is its minutes ("eight thirty-ish"), and "about" stays out of the time.
            if word == "ish", let last = out.last, Int(last) != nil {
                if out.count < 2 || Int(out[out.count - 2]) == nil { out.insert("about", at: out.count - 1) }
                i += 1
                continue
            }
            if word.count > 5, word.hasSuffix("ish"), let n = SpokenNumbers.integer(String(word.dropLast(3))) {
                out += (out.last.flatMap { Int($0) } == nil ? ["about"] : []) + [String(n)]
                i += 1
                continue
            }
            // "round eleven", "round about noon": "around", as said in Britain.
            if word == "round", i + 1 < words.count, Int(words[i + 1]) != nil || ["about", "noon", "midday", "midnight"].contains(words[i + 1]) {
                out.append("around")
                i += 1
                continue
            }
            // "Christmas Eve", "New Year's Day", "Halloween": holidays on a fixed day, said as that day.
            if let holiday = holidays.first(where: { words[i...].starts(with: $0.words) }) {
                out += holiday.day
                i += holiday.words.count
                continue
            }
            if word == "o", i + 1 < words.count, words[i + 1] == "clock" {
                out.append("oclock")
                i += 2
                continue
            }
            out.append(word)
            i += 1
        }
        return out
    }

    /// Holidays on a fixed day (normalised words, longest first) and that day as a month and a number.
    static let holidays: [(words: [String], day: [String])] = {
        let named: [(String, String)] = [
            ("christmas eve", "december 24"), ("christmas day", "december 25"), ("christmas", "december 25"),
            ("boxing day", "december 26"), ("new years eve", "december 31"), ("new years day", "january 1"),
            ("new years", "january 1"), ("halloween", "october 31"), ("valentines day", "february 14"),
            ("st patricks day", "march 17"), ("saint patricks day", "march 17"), ("independence day", "july 4"),
        ]
        let split: (String) -> [String] = { $0.split(separator: " ").map(String.init) }
        return named.map { (words: split($0.0), day: split($0.1)) }.sorted { $0.words.count > $1.words.count }
    }()

    static func ordinalWord(_ day: Int) -> String {
        ordinalDays.first { $0.value == day && !$0.key.contains(" ") }?.key
            ?? ordinalDays.first { $0.value == day && $0.key.hasPrefix("twenty") || $0.value == day && $0.key.hasPrefix("thirty") }?.key
            ?? String(day)
    }

    /// "2026 12 04" (a written date, normalised) or the raw "2026-12-04T15:00".
    static func isoMoment(_ text: String) -> Moment? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "T" || $0 == ":" || $0.isWhitespace }).map(String.init)
        guard parts.count == 3 || parts.count == 5 || parts.count == 6, parts.allSatisfy({ Int($0) != nil }),
              parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        var moment = Moment(year: y, month: m, day: d)
        if parts.count >= 5, let h = Int(parts[3]), let mi = Int(parts[4]), (0...23).contains(h), (0...59).contains(mi) {
            moment.hour = h
            moment.minute = mi
        }
        return moment
    }

    struct TimeOfDay {
        var hour: Int
        var minute: Int
        /// Said without "am"/"pm" or a part of the day ("at 8"): `hour` is a day's usual one, and another
        /// twelve hours apart may be meant.
        var ambiguous = false
    }

    /// The time of day said: "at 3", "3 pm", "3 30 pm", "half past 6", "quarter to 4", "noon", "in the evening".
    func timeOfDay(_ words: [String]) -> TimeOfDay? {
        var found: TimeOfDay?
        let part = Self.partOfDay(words)
        for (i, word) in words.enumerated() {
            if word == "noon" || word == "midday" { found = TimeOfDay(hour: 12, minute: 0); break }
            if word == "midnight" { found = TimeOfDay(hour: 0, minute: 0); break }
            // "half past 6", "quarter past 6", "quarter to 4", "10 past 3", "20 to 4"
            if (word == "past" || word == "after" || word == "to" || word == "till"), i >= 1, i + 1 < words.count,
               let hour = Int(words[i + 1]), (1...12).contains(hour) {
                var minutes: Int?
                if words[i - 1] == "half" { minutes = 30 }
                else if words[i - 1] == "quarter" { minutes = 15 }
                else if let m = Int(words[i - 1]), (1...59).contains(m) { minutes = m }
                else if words[i - 1] == "minutes", i >= 2, let m = Int(words[i - 2]), (1...59).contains(m) { minutes = m }
                if let minutes, word != "after" || words[i - 1] != "day" {
                    let toward = word == "to" || word == "till"
                    var h = toward ? hour - 1 : hour
                    var m = toward ? 60 - minutes : minutes
                    if h == 0 { h = 12 }
                    if m == 60 { m = 0 }
                    let meridiem = Self.meridiem(after: i + 2, in: words) ?? part
                    found = Self.resolve(hour: h, minute: m, meridiem: meridiem)
                    found?.ambiguous = meridiem == nil
                    break
                }
            }
            // "half nine": half past the hour, as said in Britain and Ireland (not "an hour and a half", "half 9
            // hours", "9 and a half").
            if word == "half", i + 1 < words.count, let hour = Int(words[i + 1]), (1...12).contains(hour),
               i == 0 || !["a", "and", "1", "an"].contains(words[i - 1]),
               i + 2 >= words.count || !(Self.units[words[i + 2]] != nil || ["and", "past", "to", "dollars", "bucks"].contains(words[i + 2])) {
                let meridiem = Self.meridiem(after: i + 2, in: words) ?? part
                found = Self.resolve(hour: hour, minute: 30, meridiem: meridiem)
                found?.ambiguous = meridiem == nil
                break
            }
            // "at 3", "3 pm", "3 30", "3 oclock", "15 00"
            guard let hour = Int(word), hour >= 0, hour <= 23 else { continue }
            // "about 5 past 3", "around 10 to 4": minutes of the hour that follows (read at "past"/"to"), not
            // 5 o'clock.
            if i + 2 < words.count, ["past", "to", "till"].contains(words[i + 1]), let next = Int(words[i + 2]), (1...12).contains(next),
               words[i + 1] == "past" || [5, 10, 15, 20, 25].contains(hour) { continue }
            let previous = i > 0 ? words[i - 1] : ""
            var j = i + 1
            var minute = 0
            if j < words.count, words[j].count == 2, let m = Int(words[j]), (0...59).contains(m) {
                minute = m
                j += 1
            } else if j + 1 < words.count, words[j] == "oh", let m = Int(words[j + 1]), (1...9).contains(m) {
                minute = m
                j += 2
            }
            let meridiem = Self.meridiem(after: j, in: words)
            let oclock = j < words.count && words[j] == "oclock"
            // "ten tonight", "seven in the morning", "nine this evening", "eight tomorrow": a part of the day
            // (or the day) right after the number frames it as an hour; so do "say", "like" before it.
            let partAfter = j < words.count && (Self.dayWordsAfterHour.contains(words[j])
                || (words[j] == "this" && j + 1 < words.count && Self.partWords.contains(words[j + 1]))
                || (words[j] == "in" && j + 2 < words.count && Self.partWords.contains(words[j + 2]))
                // "ten at night"
                || (words[j] == "at" && j + 1 < words.count && words[j + 1] == "night"))
            // "after 5" ("Monday after 5") is the hour things may start; not "after 5 days".
            let after = previous == "after" && !(j < words.count && Self.units[words[j]] != nil)
            // "tomorrow morning, ten", "Sunday, six", "first thing, seven", "crack of dawn, six": a number said last,
            // right after a day or a part of the day, is the hour on it (the comma is gone by now).
            let afterDay = j == words.count && (Self.partWords.contains(previous) || Self.weekdayNames.contains(previous)
                || Self.dayWordsAfterHour.contains(previous) || Self.earlyWords.contains(previous) || previous == "thing" || previous == "early") && hour >= 1 && hour <= 12
            let framed = previous == "at" || previous == "by" || previous == "around" || previous == "about" || after || meridiem != nil
                || oclock || minute > 0 || previous == "say" || previous == "like" || partAfter || afterDay
            // A number before a unit of time is a length, not an hour: "about 20 minutes" answering "when" is in
            // 20 minutes (read below), not 8 PM.
            guard framed, !(j < words.count && Self.units[words[j]] != nil) else { continue }
            // "at 3" on "the 4th"/"december 4" is the day, not the hour: the day numbers are taken as days above.
            if j < words.count, Self.month(words[j]) != nil { continue }
            if hour > 12 && meridiem != nil { continue }
            found = Self.resolve(hour: hour, minute: minute, meridiem: meridiem ?? part)
            found?.ambiguous = meridiem == nil && part == nil && hour >= 1 && hour <= 12
            break
        }
        if found == nil, let part, Self.namesPartOfDay(words) {
            // "tomorrow morning": a usual hour for the part of the day ("early" alone names none: "Monday,
            // early" is a day).
            let hour = ["am": 9, "afternoon": 15, "pm": 19, "night": 20][part] ?? 9
            return TimeOfDay(hour: hour, minute: 0)
        }
        return found
    }

    static func meridiem(after j: Int, in words: [String]) -> String? {
        guard j < words.count else { return nil }
        var k = j
        if words[k] == "oclock" { k += 1 }
        guard k < words.count else { return nil }
        if words[k] == "am" { return "am" }
        if words[k] == "pm" { return "pm" }
        return nil
    }

    /// "in the morning" → "am", "in the afternoon"/"in the evening"/"tonight" → "pm" (nil when not said);
    /// "early" and "first thing" (with no other part of the day) → "am": "early tomorrow, like seven".
    static func partOfDay(_ words: [String]) -> String? {
        if words.contains("morning") { return "am" }
        if words.contains("afternoon") { return "afternoon" }
        if words.contains("evening") { return "pm" }
        // "tonight" alone is 8 PM (docs/dialogue.md), like "night"; an hour said with it is the evening's.
        if words.contains("night") || words.contains("tonight") { return "night" }
        if words.contains("early") || words.contains(where: earlyWords.contains) { return "am" }
        if let first = words.firstIndex(of: "first"), first + 1 < words.count, words[first + 1] == "thing" { return "am" }
        return nil
    }

    /// Whether the words name a part of the day ("morning", "tonight" …), not only "early" or "first thing",
    /// which make a said hour a morning one but are no hour themselves.
    static func namesPartOfDay(_ words: [String]) -> Bool {
        words.contains { partWords.contains($0) || $0 == "tonight" }
    }

    /// The parts of the day a number before them is the hour of ("seven in the morning", "nine this evening").
    static let partWords: Set<String> = ["morning", "afternoon", "evening", "night"]
    /// Words right after a number that make it an hour ("ten tonight", "eight tomorrow").
    static let dayWordsAfterHour: Set<String> = ["tonight", "tomorrow", "today"]
    /// Words for the first light that make an hour said with them a morning one, as "early" does ("the crack of
    /// dawn, six"); no hour themselves.
    static let earlyWords: Set<String> = ["dawn", "sunrise", "daybreak", "sunup"]

    static func resolve(hour: Int, minute: Int, meridiem: String?) -> TimeOfDay {
        var h = hour
        switch meridiem {
        case "am": if h == 12 { h = 0 }
        case "pm", "afternoon", "night": if h < 12 { h += 12 }
        default:
            // No am/pm: a day's usual hours (7–11 in the morning, 12–6 in the afternoon).
            if h >= 1 && h <= 6 { h += 12 }
        }
        return TimeOfDay(hour: h, minute: minute)
    }

    /// "in 2 hours", "in 10 minutes", "in 3 days", "a week from now", "2 hours from now"; whole days from a
    /// day with a time said after it: "a week from tomorrow at noon", "two weeks from today at 5 pm".
    func relativeMoment(_ words: [String]) -> Moment? {
        var spanWords: ArraySlice<String>?
        var base = now
        var after: ArraySlice<String> = []
        if let at = words.firstIndex(of: "in"), at + 1 < words.count {
            spanWords = words[(at + 1)...]
        }
        if let from = words.firstIndex(of: "from"), from + 1 < words.count, ["now", "today", "tomorrow", "tonight"].contains(words[from + 1]) {
            spanWords = words[..<from]
            if words[from + 1] == "tomorrow" { base = calendar.date(byAdding: .day, value: 1, to: now) ?? now }
            after = words[(from + 2)...]
        }
        if words.last == "later", words.count >= 3 { spanWords = words[..<(words.count - 1)] }
        guard let spanWords, let seconds = Self.duration(spanWords.joined(separator: " ")) else { return nil }
        return moment(seconds, after: base, at: timeOfDay(Array(after)))
    }

    /// `seconds` after `base`: a day when they are whole days (at `time` when one was said), else a day and
    /// its time.
    func moment(_ seconds: Int, after base: Date, at time: TimeOfDay? = nil) -> Moment {
        let c = components(base.addingTimeInterval(Double(seconds)))
        guard seconds % 86_400 == 0 else { return Moment(year: c.year, month: c.month, day: c.day, hour: c.hour, minute: c.minute) }
        return Moment(year: c.year, month: c.month, day: c.day, hour: time?.hour, minute: time?.minute)
    }

    func components(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int) {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return (c.year ?? 2000, c.month ?? 1, c.day ?? 1, c.hour ?? 0, c.minute ?? 0)
    }

    func shifted(days: Int) -> (year: Int, month: Int, day: Int) {
        let date = calendar.date(byAdding: .day, value: days, to: now) ?? now
        let c = components(date)
        return (c.year, c.month, c.day)
    }

    /// The next `weekday` (1 = Sunday) after today ("friday", "next friday", "this friday" on a Monday are the
    /// same Friday; said on a Friday, they are a week later).
    func upcoming(weekday: Int, skippingToday: Bool, weekLater: Bool) -> (year: Int, month: Int, day: Int) {
        let today = calendar.component(.weekday, from: now)
        var ahead = (weekday - today + 7) % 7
        if ahead == 0 && skippingToday { ahead = 7 }
        if weekLater { ahead += 7 }
        return shifted(days: ahead)
    }

    /// This year's `month`/`day`, or next year's when it has passed.
    func nextYear(month: Int, day: Int) -> Int {
        let today = components(now)
        return (month, day) < (today.month, today.day) ? today.year + 1 : today.year
    }

    /// The next day numbered `day`: this month's, or next month's when it has passed.
    func nextDayOfMonth(_ day: Int) -> (year: Int, month: Int, day: Int) {
        let today = components(now)
        if day >= today.day { return (today.year, today.month, day) }
        return today.month == 12 ? (today.year + 1, 1, day) : (today.year, today.month + 1, day)
    }

    /// The next day numbered `day` that falls on `weekday` (1 = Sunday), within a year; `nil` when none does.
    func nextDayOfMonth(_ day: Int, weekday: Int) -> (year: Int, month: Int, day: Int)? {
        var candidate = nextDayOfMonth(day)
        for _ in 0..<13 {
            if let date = date(of: candidate), components(date).day == day, calendar.component(.weekday, from: date) == weekday {
                return candidate
            }
            candidate = candidate.month == 12 ? (candidate.year + 1, 1, day) : (candidate.year, candidate.month + 1, day)
        }
        return nil
    }

    /// The day "the first saturday in december", "the second tuesday of next month", "the last friday of the
    /// month" names when the weekday `weekday` (1 = Sunday) is the word at `index` of `words`; `nil` when no
    /// ordinal stands before it or no month after it. A month named without a year is the next one with that
    /// day still ahead.
    func nthWeekday(_ weekday: Int, at index: Int, in words: [String]) -> (year: Int, month: Int, day: Int)? {
        guard index >= 1, index + 2 < words.count, ["in", "of"].contains(words[index + 1]) else { return nil }
        let ordinal = words[index - 1]
        let n: Int
        if ordinal == "last" { n = -1 } else if let d = Self.ordinalDays[ordinal], (1...5).contains(d) { n = d } else { return nil }
        let today = components(now)
        let following = today.month == 12 ? (year: today.year + 1, month: 1) : (year: today.year, month: today.month + 1)
        let months: [(year: Int, month: Int)]
        if let month = Self.month(words[index + 2]) {
            months = [(today.year, month), (today.year + 1, month)]
        } else if words[index + 2] == "the", index + 3 < words.count, words[index + 3] == "month" {
            months = [(today.year, today.month), following]
        } else if words[index + 2] == "next", index + 3 < words.count, words[index + 3] == "month" {
            months = [following]
        } else {
            return nil
        }
        for (year, month) in months {
            guard let first = date(of: (year, month, 1)),
                  let length = calendar.range(of: .day, in: .month, for: first)?.count else { continue }
            let firstWeekday = calendar.component(.weekday, from: first)
            let firstDay = 1 + (weekday - firstWeekday + 7) % 7
            let day = n > 0 ? firstDay + 7 * (n - 1) : firstDay + 7 * ((length - firstDay) / 7)
            guard day <= length, (year, month, day) >= (today.year, today.month, today.day) else { continue }
            return (year, month, day)
        }
        return nil
    }

    /// The first `weekday` (1 = Sunday) after `base` (`direction` 1) or before it (-1), never `base` itself.
    func nearest(weekday: Int, _ direction: Int, from base: (year: Int, month: Int, day: Int)) -> (year: Int, month: Int, day: Int)? {
        guard var date = date(of: base) else { return nil }
        for _ in 0..<7 {
            guard let next = calendar.date(byAdding: .day, value: direction, to: date) else { return nil }
            date = next
            if calendar.component(.weekday, from: date) == weekday {
                let c = components(date)
                return (c.year, c.month, c.day)
            }
        }
        return nil
    }

    /// The start of `day` in the reader's calendar (a day past the month's end rolls over, as `calendar` does).
    func date(of day: (year: Int, month: Int, day: Int)) -> Date? {
        calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
    }

    func valid(_ moment: Moment) -> Bool {
        guard let date = date(of: (moment.year, moment.month, moment.day)) else { return false }
        let c = components(date)
        return c.month == moment.month && c.day == moment.day
    }
}

private func pad(_ n: Int, _ width: Int = 2) -> String { SpokenDates.pad(n, width) }
