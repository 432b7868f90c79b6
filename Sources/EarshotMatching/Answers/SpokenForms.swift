import EarshotModel

/// Sentences people say for an open-ended answer, in words a pronunciation dictionary has ("tomorrow at three
/// p m", "four fifty", "an hour and a half"), for a speech recognizer's grammar or language model. Every
/// sentence reads back as a value with ``OpenValueReader`` (the tests check it), so what the recognizer can
/// hear, the dialogue understands.
public enum SpokenForms {
    /// Typical sentences for an answer of `type`; empty for `string` (dictation has no fixed sentences) and
    /// for enum and entity types (their titles are the sentences).
    public static func sentences(for type: ParameterType) -> [String] {
        switch type {
        case .integer: integers
        case .decimal: decimals
        case .currency: amounts
        case .date: dates
        case .duration: durations
        case .boolean: AnswerWords.spokenYes + AnswerWords.spokenNo
        case .string, .values: []
        }
    }

    static let integers: [String] = {
        var sentences = (0...100).map(SpokenNumbers.spell)
        sentences += [110, 120, 125, 150, 200, 250, 300, 500, 1000, 1200, 1500, 2000, 5000, 10_000].map(SpokenNumbers.spell)
        sentences += ["a hundred", "a hundred and twenty", "a hundred and fifty", "a thousand", "twelve hundred", "fifteen hundred",
                      "a dozen", "two dozen", "a couple"]
        return sentences
    }()

    static let decimals: [String] = {
        var sentences: [String] = []
        for whole in 0...20 {
            let w = SpokenNumbers.spell(whole)
            sentences.append(w)
            sentences += ["one", "two", "five", "seven"].map { "\(w) point \($0)" }
            if whole > 0 { sentences += ["\(w) and a half", "\(w) and a quarter"] }
        }
        sentences += ["a half", "half", "a quarter", "twelve point five", "three point one four"]
        return sentences
    }()

    static let amounts: [String] = {
        var sentences: [String] = []
        for whole in 1...20 {
            let w = SpokenNumbers.spell(whole)
            sentences += ["\(w) dollars", "\(w) bucks"]
            for cents in [25, 50, 75, 99] {
                sentences += ["\(w) \(SpokenNumbers.spell(cents))", "\(w) dollars and \(SpokenNumbers.spell(cents)) cents"]
            }
        }
        sentences += [25, 30, 40, 50, 100].map { "\(SpokenNumbers.spell($0)) dollars" }
        sentences += ["fifty cents", "twenty five cents", "ninety nine cents", "a dollar", "a dollar fifty", "a hundred dollars",
                      "a fiver", "a tenner"]
        return sentences
    }()

    static let dates: [String] = {
        let hours = (1...12).map(SpokenNumbers.spell)
        var times = ["noon", "midnight", "in the morning", "in the afternoon", "in the evening"]
        for hour in hours {
            times += ["at \(hour)", "at \(hour) a m", "at \(hour) p m", "at \(hour) o'clock", "at \(hour) thirty", "at half past \(hour)",
                      "at quarter past \(hour)", "at quarter to \(hour)"]
        }
        let weekdays = SpokenDates.weekdayNames
        var days = ["today", "tonight", "tomorrow", "the day after tomorrow", "tomorrow morning", "tomorrow afternoon",
                    "tomorrow evening", "this evening"]
        days += weekdays + weekdays.map { "next \($0)" } + weekdays.map { "on \($0)" } + weekdays.map { "this \($0)" }
        let ordinals = SpokenDates.ordinalDays.keys.filter { !$0.first!.isNumber }.sorted()
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for (index, (month, _)) in SpokenDates.monthNames.enumerated() {
            days += ordinals.filter { SpokenDates.ordinalDays[$0]! <= lengths[index] }.map { "\(month) \($0)" }
            days += ["first", "fourth", "fifteenth", "twentieth"].map { "\(month) the \($0)" }
            days += ["first", "tenth"].map { "the \($0) of \(month)" }
        }
        var sentences = days
        for day in ["today", "tomorrow", "on friday", "next monday", "december the fourth"] {
            sentences += times.filter { $0.hasPrefix("at ") || $0 == "noon" }.map { "\(day) \($0.hasPrefix("at ") ? $0 : "at \($0)")" }
        }
        sentences += times.filter { $0.hasPrefix("at ") }
        for amount in ["one", "two", "three", "five", "ten", "twenty", "thirty", "forty five"] {
            sentences += ["in \(amount) minutes", "in \(amount) hours", "in \(amount) days"]
        }
        sentences += ["in an hour", "in half an hour", "in a week", "in a few minutes", "in two weeks", "an hour from now"]
        return sentences
    }()

    static let durations: [String] = {
        var sentences: [String] = []
        for amount in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 45, 50, 60, 90] {
            let a = SpokenNumbers.spell(amount)
            sentences += ["\(a) minutes", "\(a) seconds"]
            if amount <= 12 { sentences += ["\(a) hours", "\(a) days", "\(a) and a half hours"] }
        }
        sentences += ["a minute", "a second", "an hour", "a day", "a week", "half an hour", "an hour and a half", "a quarter of an hour",
                      "an hour and a quarter", "half a minute", "a couple of minutes", "a few minutes", "one hour and thirty minutes",
                      "two hours and fifteen minutes", "an hour and ten minutes", "one minute thirty", "two hours thirty"]
        return sentences
    }()
}
