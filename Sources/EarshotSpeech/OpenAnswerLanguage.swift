/// How people say open-ended values, as sentences for a language model: whole numbers, decimals,
/// amounts of money, dates and times, durations ("four fifty", "three dollars and twenty cents",
/// "tomorrow at three p m", "an hour and a half"). The recognizer transcribes with a model of these
/// (``DomainLanguageModel``, with the commonest English words beside them, so other words around the
/// value are heard as themselves); what the transcript means is the dialogue's parser's to decide.
public enum OpenAnswerLanguage {
    /// The kinds of value, as the dialogue names them (`OpenAnswer` in EarshotDialogue).
    public enum Kind: String, Sendable, CaseIterable {
        case integer, decimal, currency, date, duration
    }

    /// Sentences of `kind`, each also after a few words people start an answer with and before "please".
    public static func sentences(_ kind: Kind) -> [String] {
        let forms: [String]
        switch kind {
        case .integer: forms = integers + integers.prefix(21).flatMap { ["\($0) people", "\($0) of us", "a party of \($0)", "a table for \($0)"] }
        case .decimal: forms = integers.prefix(101) + decimals + integers.prefix(31).map { "\($0) miles" }
        case .currency: forms = currency
        case .date: forms = dates
        case .duration: forms = durations
        }
        let leads = ["um", "uh", "about", "it was", "make it", "set it for", "around", "just", "i think", "it's"]
        var sentences = forms
        for (index, lead) in leads.enumerated() {
            // Each lead before a spread of the forms (every form would multiply the model for little).
            let step = max(1, forms.count / 60)
            sentences += stride(from: index % step, to: forms.count, by: step).map { "\(lead) \(forms[$0])" }
        }
        sentences += forms.enumerated().filter { $0.offset % 5 == 0 }.map { "\($0.element) please" }
        return sentences
    }

    /// The model for answers of `kind`, made once per process.
    public static func model(_ kind: Kind) -> DomainLanguageModel {
        DomainLanguageModel.of(sentences: sentences(kind))
    }

    /// 0…100, the hundreds, and a few larger round numbers, as people say them.
    static let integers: [String] = {
        var out = (0...100).map(NumberSpeller.spell)
        for hundreds in 1...9 {
            out.append("\(NumberSpeller.spell(hundreds)) hundred")
            for rest in [5, 10, 20, 25, 50, 75, 99] {
                out.append("\(NumberSpeller.spell(hundreds)) hundred and \(NumberSpeller.spell(rest))")
            }
        }
        out += ["a hundred", "a hundred and twenty", "a hundred and fifty", "a thousand", "one thousand", "two thousand",
                "one thousand two hundred", "twelve hundred", "fifteen hundred", "a dozen", "a couple", "the two of us"]
        return out
    }()

    static let decimals: [String] = {
        var out: [String] = []
        for whole in 0...30 {
            let w = NumberSpeller.spell(whole)
            out.append("\(w) and a half")
            for tenth in 0...9 { out.append("\(w) point \(NumberSpeller.spell(tenth))") }
            out.append("\(w) point \(NumberSpeller.spell(2)) \(NumberSpeller.spell(5))")
            out.append("\(w) point \(NumberSpeller.spell(7)) \(NumberSpeller.spell(5))")
        }
        return out + ["a half", "half a mile", "a quarter"]
    }()

    static let currency: [String] = {
        var out: [String] = []
        let cents = [5, 10, 15, 20, 25, 30, 40, 45, 50, 60, 75, 80, 90, 95, 99]
        for dollars in Array(1...40) + [45, 50, 60, 75, 80, 99, 100] {
            let d = NumberSpeller.spell(dollars)
            out.append("\(d) dollars")
            out.append("\(d) bucks")
            for cent in cents where dollars <= 40 {
                let c = NumberSpeller.spell(cent)
                if cent.isMultiple(of: 5) { out.append("\(d) \(cent < 10 ? "oh " + c : c)") }
                if cent % 15 == 0 || cent == 20 || cent == 99 || cent == 5 { out.append("\(d) dollars and \(c) cents") }
                if cent == 50 || cent == 25 || cent == 75 { out.append("\(d) dollars \(c)") }
            }
        }
        for cent in [1, 5, 10, 25, 50, 60, 75, 99] { out.append("\(NumberSpeller.spell(cent)) cents") }
        for hundreds in 1...9 {
            out.append("\(NumberSpeller.spell(hundreds)) hundred dollars")
            out.append("\(NumberSpeller.spell(hundreds)) hundred and fifty dollars")
        }
        out += ["a hundred dollars", "a hundred and twenty dollars", "a thousand dollars", "one thousand two hundred dollars",
                "twelve hundred dollars", "a dollar", "a dollar fifty", "one dollar"]
        return out
    }()

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                         "november", "december"]

    /// "first" … "thirty first".
    static let ordinals: [String] = {
        let small = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth", "eleventh",
                     "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth", "eighteenth", "nineteenth"]
        var out = small
        out.append("twentieth")
        out += small.prefix(9).map { "twenty \($0)" }
        out += ["thirtieth", "thirty first"]
        return out
    }()

    static let times: [String] = {
        var out: [String] = []
        for hour in 1...12 {
            let h = NumberSpeller.spell(hour)
            out += ["\(h) a m", "\(h) p m", "\(h)", "\(h) o'clock", "\(h) thirty", "\(h) thirty p m", "\(h) fifteen", "\(h) forty five"]
        }
        return out + ["noon", "midnight"]
    }()

    static let dates: [String] = {
        var out = ["today", "tonight", "tomorrow", "the day after tomorrow", "this morning", "this afternoon", "this evening",
                   "tomorrow morning", "tomorrow afternoon", "tomorrow evening", "tomorrow night", "next week", "next month",
                   "in an hour", "in half an hour", "in a minute", "in a week"]
        for day in weekdays { out += [day, "on \(day)", "next \(day)", "this \(day)"] }
        for time in times {
            out += ["at \(time)", "tomorrow at \(time)", "today at \(time)", "tonight at \(time)"]
        }
        for (index, day) in weekdays.enumerated() {
            for time in stride(from: index, to: times.count, by: 7).map({ times[$0] }) {
                out += ["\(day) at \(time)", "next \(day) at \(time)", "on \(day) at \(time)"]
            }
        }
        for (index, month) in months.enumerated() {
            for (n, ordinal) in ordinals.enumerated() where (n + index) % 3 == 0 || n < 5 {
                out += ["\(month) the \(ordinal)", "\(month) \(ordinal)", "the \(ordinal) of \(month)"]
            }
        }
        for n in 1...30 {
            let number = NumberSpeller.spell(n)
            out += ["in \(number) minutes", "in \(number) hours", "in \(number) days"]
        }
        return out
    }()

    static let durations: [String] = {
        var out = ["an hour", "half an hour", "an hour and a half", "a minute", "a minute and a half", "a quarter of an hour",
                   "a second", "a day", "two and a half hours", "one and a half hours", "ninety minutes"]
        for n in 1...60 {
            let number = NumberSpeller.spell(n)
            out += ["\(number) minutes", "\(number) seconds"]
            if n <= 24 { out += ["\(number) hours", "\(number) and a half hours", "\(number) hours and thirty minutes"] }
            if n <= 10 {
                for seconds in [10, 15, 20, 30, 45] { out.append("\(number) minutes and \(NumberSpeller.spell(seconds)) seconds") }
                out.append("\(number) and a half minutes")
            }
        }
        out += ["one minute", "one hour", "one second", "ninety seconds", "a hundred and twenty seconds"]
        return out
    }()
}
