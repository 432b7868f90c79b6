extension OpenValueReader {
    /// `text` with a clitic written onto a number, a time or a unit made its own word: "ninety's good" →
    /// "ninety is good", "ten minutes'll do" → "ten minutes will do", "tomorrow's fine" → "tomorrow is fine".
    /// Typed answers are written that way; without the split the value's word is lost ("ninetys"). Other
    /// words keep their apostrophes ("we're", "don't", "o'clock").
    static func splittingClitics(_ text: String) -> String {
        let tokens = text.split(separator: " ", omittingEmptySubsequences: false)
        return tokens.indices.map { index -> String in
            let token = tokens[index]
            // "New Year's Day" is a holiday's name, not "new year is day".
            if index > 0, Normalizer.normalize(String(tokens[index - 1])) == "new", Normalizer.normalize(String(token)) == "years" {
                return String(token)
            }
            let isMark: (Character) -> Bool = { ($0.isPunctuation || $0.isSymbol) && !isApostrophe($0) }
            let lead = token.prefix(while: isMark)
            let core = token.dropFirst(lead.count).reversed().drop(while: isMark).reversed()
            let trail = token.suffix(token.count - lead.count - core.count)
            guard let apostrophe = core.lastIndex(where: isApostrophe) else { return String(token) }
            let stem = String(core[..<apostrophe])
            let clitic = String(core[apostrophe...].dropFirst()).lowercased()
            guard let word = cliticWords[clitic], !stem.isEmpty, holdsValue(Normalizer.normalize(stem)) else { return String(token) }
            return lead + stem + " " + word + trail
        }.joined(separator: " ")
    }

    /// Whether `character` is an apostrophe, typed straight or curly.
    static func isApostrophe(_ character: Character) -> Bool {
        character == "'" || character == "\u{2019}"
    }

    /// What each clitic stands for after a value ("five's" = "five is").
    static let cliticWords: [String: String] = ["s": "is", "ll": "will", "d": "would", "re": "are", "ve": "have"]

    /// Whether a normalised word is a number, a day, a time of day or a unit, so a clitic on it is a verb.
    private static func holdsValue(_ word: String) -> Bool {
        guard !word.contains(" ") else { return false }
        if word.allSatisfy(\.isNumber) || !SpokenNumbers.spans([word]).isEmpty { return true }
        return valueWords.contains(word)
    }

    /// Words of a date, time, length or amount a clitic may be written onto ("noon's", "minutes'll").
    static let valueWords: Set<String> = Set(SpokenDates.monthNames.map(\.0) + SpokenDates.weekdayNames + [
        "today", "tonight", "tomorrow", "noon", "midday", "midnight", "morning", "afternoon", "evening", "night",
        "oclock", "am", "pm", "second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week",
        "weeks", "month", "months", "year", "years", "percent", "dollar", "dollars", "bucks", "cents", "half",
        "quarter", "dozen",
    ] + SpokenDates.ordinalDays.keys)
}
