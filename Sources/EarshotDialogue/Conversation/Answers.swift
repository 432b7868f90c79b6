import EarshotMatching

/// Understands the short answers people give to the device's questions (behaviour spec §2.7, §3.4):
/// yes/no in their common forms, ordinals, core requests, and a value by title or synonym.
/// Every function takes text already through ``Normalizer/normalize(_:)``.
public enum Answers {
    static let yes: Set<String> = [
        "yes", "yeah", "yep", "yup", "ya", "yes please", "sure", "sure thing", "ok", "okay", "ok sure", "correct",
        "right", "thats right", "yes thats right", "affirmative", "do it", "go ahead", "go for it", "please do",
        "sounds good", "of course", "absolutely", "definitely", "confirm", "i confirm", "yes confirm", "please",
        "uh huh", "yes i do", "i do", "that is right", "thats correct", "yes it is", "alright", "all right",
    ]
    static let no: Set<String> = [
        "no", "nope", "nah", "no thanks", "no thank you", "negative", "not really", "dont", "no dont", "i dont",
        "not now", "no way", "wrong", "no i dont", "thats wrong", "not that", "no its not", "incorrect",
    ]
    static let cancel: Set<String> = [
        "cancel", "stop", "never mind", "nevermind", "forget it", "cancel that", "cancel it", "quit", "exit", "abort",
        "stop it", "cancel please", "please cancel", "forget about it",
    ]
    static let repeatRequests: Set<String> = [
        "repeat", "repeat that", "say that again", "say it again", "again", "what did you say", "pardon",
        "come again", "sorry what", "what", "repeat please", "please repeat", "can you repeat that",
        "could you repeat that", "say again",
    ]
    static let moreOptions: Set<String> = [
        "more", "more options", "other options", "something else", "what else", "next", "anything else",
        "more please", "others", "other ones", "the other ones", "more choices", "what are the other options",
        "what other options", "what are my options", "list more", "read more",
    ]
    static let ordinalWords: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10,
    ]
    static let leadingFillers = [
        "i would like the", "i would like a", "i would like", "id like the", "id like a", "id like", "i want the",
        "i want a", "i want", "ill have the", "ill have a", "ill have", "ill take the", "ill take a", "ill take",
        "lets do the", "lets do", "lets go with the", "lets go with", "how about the", "how about", "make it a",
        "make it", "give me the", "give me a", "give me", "just the", "just", "um", "uh", "oh", "well", "hmm",
        "the", "a", "an", "some", "my",
    ]
    static let trailingFillers = ["please", "thanks", "thank you", "1", "please thanks"]

    static func strip(_ text: String) -> String {
        var text = " " + text + " "
        var changed = true
        while changed {
            changed = false
            for filler in leadingFillers where text.hasPrefix(" \(filler) ") {
                text = String(text.dropFirst(filler.count + 1))
                changed = true
            }
            for filler in trailingFillers where text.hasSuffix(" \(filler) ") && text.count > filler.count + 2 {
                text = String(text.dropLast(filler.count + 1))
                changed = true
            }
        }
        return String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    public static func isYes(_ text: String) -> Bool { yes.contains(text) || yes.contains(strip(text)) }
    public static func isNo(_ text: String) -> Bool { no.contains(text) || no.contains(strip(text)) }
    public static func isCancel(_ text: String) -> Bool { cancel.contains(text) || cancel.contains(strip(text)) }
    public static func isRepeat(_ text: String) -> Bool { repeatRequests.contains(text) || repeatRequests.contains(strip(text)) }
    public static func isMoreOptions(_ text: String) -> Bool { moreOptions.contains(text) || moreOptions.contains(strip(text)) }

    /// "the second one", "number two", "2", "the last one" → a 0-based position among `count` options.
    public static func ordinal(_ text: String, count: Int) -> Int? {
        var words = text.split(separator: " ").map(String.init)
        words.removeAll { $0 == "the" || $0 == "please" || $0 == "option" || $0 == "choice" }
        if words.count == 2, words[1] == "1", ordinalWords[words[0]] != nil || words[0] == "last" { words.removeLast() }
        // "that one", "2 one" — but "number one" is the first.
        if words.count == 2, words[0] != "number", words[1] == "1" { words.removeLast() }
        var position: Int?
        if words.count == 1 {
            if let n = ordinalWords[words[0]] { position = n }
            else if words[0] == "last" { position = count }
            else if let n = Int(words[0]) { position = n }
        } else if words.count == 2, words[0] == "number", let n = Int(words[1]) {
            position = n
        }
        guard let position, position >= 1, position <= count else { return nil }
        return position - 1
    }

    /// A number from normalised words: "7", "7.4", "7 point 4", "7 and a half", "half".
    public static func decimal(_ words: [String]) -> Double? {
        var words = words.filter { !["about", "around", "roughly", "miles", "mile", "dollars", "dollar", "and", "a"].contains($0) }
        if words == ["half"] { return 0.5 }
        var fraction = 0.0
        if words.last == "half" { fraction = 0.5; words.removeLast() }
        else if words.last == "quarter" { fraction = 0.25; words.removeLast() }
        if words.count == 3, words[1] == "point", let whole = Int(words[0]), words[2].allSatisfy(\.isNumber) {
            return Double("\(whole).\(words[2])")
        }
        let numbers = words.compactMap { Double($0) }
        guard numbers.count == 1, words.count == 1 else { return nil }
        return numbers[0] + fraction
    }

    /// The option whose title or synonym the answer says: exactly (fillers aside), or else the one
    /// whose spoken form appears in the answer, the longest winning; `nil` when none or two tie.
    public static func choose(_ text: String, among options: [[String]]) -> Int? {
        let stripped = strip(text)
        for (i, forms) in options.enumerated() where forms.contains(where: { $0 == text || $0 == stripped }) {
            return i
        }
        let padded = " \(text) "
        var bestLength = 0
        var best: Set<Int> = []
        for (i, forms) in options.enumerated() {
            for form in forms where !form.isEmpty && padded.contains(" \(form) ") {
                if form.count > bestLength {
                    bestLength = form.count
                    best = [i]
                } else if form.count == bestLength {
                    best.insert(i)
                }
            }
        }
        return best.count == 1 ? best.first : nil
    }

    /// "what can I say with Soup Chef" (or "what can Soup Chef do") → "soup chef".
    public static func helpRequest(_ text: String) -> String? {
        let prefixes = ["what can i say with ", "what can i say to ", "what can i do with ", "what can you do with ",
                        "what can i ask ", "help with ", "what does "]
        for prefix in prefixes where text.hasPrefix(prefix) {
            var rest = String(text.dropFirst(prefix.count))
            if prefix == "what does " {
                guard rest.hasSuffix(" do") else { continue }
                rest = String(rest.dropLast(3))
            }
            return rest.isEmpty ? nil : rest
        }
        if text.hasPrefix("what can "), text.hasSuffix(" do"), text.count > 12 {
            return String(text.dropFirst(9).dropLast(3))
        }
        return nil
    }
}
