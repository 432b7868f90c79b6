/// Reads the answers people give to a device's questions the way they say them (behaviour spec §3.4–3.5):
/// a value named inside a sentence ("um, can I get the tomato one please"), an ordinal ("I'll take the
/// second one"), yes/no ("yeah, go ahead", "uh, no thanks"), "more options" ("what else do you have"),
/// and the core requests ("um, never mind").
///
/// One reader serves typed answers and transcripts alike. Every function accepts raw or normalised text
/// (it normalises with ``Normalizer/normalize(_:)`` itself). A transcript from a language model (rather than
/// a grammar that holds only the expected sentences) may get one word of a value wrong: read it with
/// `approximate: true`, and a title of two or more words is found with one word misheard as a word that
/// sounds close ("ice mocha" for Iced Mocha). Nothing that names no value is ever taken.
///
/// ```swift
/// let reader = AnswerReader()
/// reader.choose("a large iced mocha with soy milk", among: [["Mocha"], ["Iced Mocha"], ["Latte"]]) // .option(1)
/// reader.reply("yeah, go ahead")                                                         // .yes
/// reader.ordinal("I'll take the second one", count: 3)                                 // 1
/// ```
public struct AnswerReader: Sendable {
    /// The text is a language model's transcript: one word of a value's title may be misheard.
    public var approximate: Bool

    public init(approximate: Bool = false) {
        self.approximate = approximate
    }

    /// Which option an answer names.
    public enum Choice: Sendable, Equatable {
        /// One option, by its position in the list given.
        case option(Int)
        /// Two or more different options were named ("tomato or clam chowder"): ask again.
        case several([Int])
        /// No option was named.
        case none

        /// The option, when exactly one was named.
        public var index: Int? {
            if case .option(let index) = self { return index }
            return nil
        }
    }

    /// Yes, no or "more options".
    public enum Reply: Sendable, Equatable {
        case yes, no, moreOptions
    }

    // MARK: - Values

    /// The option an answer names, each option given by its spoken forms (title and synonyms).
    ///
    /// The longest form said wins where forms overlap ("iced coffee" is not "coffee"), a plural counts
    /// ("two lattes"), and when no whole form is said, a word only one option has does ("the tomato one",
    /// "the chicken one"). Two different options named → ``Choice/several(_:)``. When nothing is named, everyday
    /// words for the same thing are tried (``AnswerWords/everydayEquivalents``: "my house" names Home, "a toilet"
    /// Restrooms, "a big one" Extra Large).
    ///
    /// `ignoring`: words that name what is asked rather than one option (the parameter's title, "trail" for
    /// "Which trail?"): said alone they pick no option, even when only one option's title holds them
    /// ("what other trails are there" does not choose Dipsea Trail).
    public func choose(_ text: String, among options: [[String]], ignoring: Set<String> = []) -> Choice {
        let said = Self.contentWords(text)
        let choice = choose(said, among: options, ignoring: ignoring)
        guard choice == .none else { return choice }
        // Nothing named: the same words and forms with everyday equivalents made one ("grandfather" is "grandpa"),
        // and a verb said for its participle ("I'll share a ride" names Shared, "grill me one" Grilled Cheese).
        let everyday: ([String]) -> [String] = { $0.map { Self.stem(AnswerWords.everydayEquivalents[$0] ?? $0) } }
        let words = everyday(said)
        guard words != said else { return .none }
        // The words naming what is asked are ignored in their everyday, stemmed form too ("course" as "cours").
        return choose(words, among: options.map { $0.map { everyday(Self.contentWords($0)).joined(separator: " ") } },
                      ignoring: ignoring.union(everyday(Array(ignoring))))
    }

    private func choose(_ words: [String], among options: [[String]], ignoring: Set<String>) -> Choice {
        guard !words.isEmpty, words.count <= Self.longestAnswer else { return .none }
        let forms = options.map { $0.map(Normalizer.normalize).filter { !$0.isEmpty }.map { $0.split(separator: " ").map(String.init) } }
        // A whole answer that is a form (carriers aside) is that option, whatever else could be read into it.
        let core = Self.core(words)
        if !core.isEmpty {
            let exact = Set(forms.indices.filter { forms[$0].contains(core) })
            if exact.count == 1 { return .option(exact.first!) }
        }
        var mentions: [Mention] = []
        for (option, optionForms) in forms.enumerated() {
            for form in optionForms {
                mentions += occurrences(of: form, in: words, option: option)
            }
        }
        var chosen = Self.select(mentions)
        if chosen.isEmpty {
            // No whole title: a word that only one option has ("the tomato one").
            let distinctive = Self.distinctiveWords(forms)
            // Every word one option has, describing or not: "my blood pressure tablets" (below).
            var wordsOfOptions: [Mention] = []
            for (position, word) in words.enumerated() where !ignoring.contains(word) && !ignoring.contains(where: { Self.isPlural(word, of: $0) }) {
                for (option, optionWords) in distinctive.enumerated() where optionWords.contains(Self.singular(word, in: optionWords)) {
                    // "what are the other places": the kind of thing asked, not the option "my place".
                    if position > 0, ["other", "different"].contains(words[position - 1]) { continue }
                    let mention = Mention(start: position, length: 1, characters: word.count, option: option, exact: false)
                    wordsOfOptions.append(mention)
                    // "the blue bag by the door" names no "blue suit": a word that only describes in every form
                    // of the option describes something else when a word the option lacks follows it.
                    if Self.describesOther(word, at: position, in: words, forms: forms[option]) { continue }
                    mentions.append(mention)
                }
            }
            chosen = Self.select(mentions)
            // "my blood pressure tablets": one run of words, most of them one option's ("blood pressure"), the rest
            // another's ("tablets" of Allergy Tablets), names the option with the most of them.
            if Set(chosen.map(\.option)).count > 1, let one = Self.mostNamedInOneRun(wordsOfOptions) {
                chosen = wordsOfOptions.filter { $0.option == one }
            }
        }
        // "not a bowl", "without oat milk": a value said only after a negation is not chosen; beside another
        // one it is not named either ("not the tomato, the chowder", "the yoga one, I can't do spin today").
        if !chosen.isEmpty, chosen.allSatisfy({ Self.isNegated(at: $0.start, in: words) }) { return .none }
        chosen.removeAll { Self.isNegated(at: $0.start, in: words) }
        var named = Set(chosen.map(\.option))
        // "shopping, no wait, the work one", "the packing list, sorry, I mean shopping": words that take back
        // what came before them settle on the one option named after them.
        if named.count > 1, let first = chosen.map(\.start).min(), let settled = Self.correction(in: words, after: first) {
            let later = Set(chosen.filter { $0.start >= settled }.map(\.option))
            if later.count == 1 { named = later }
        }
        // "only a small one, I had a big lunch": what the speaker goes on to say of themselves says why; a value's
        // word in that statement describes something else, and the one option named before it is the answer.
        if named.count > 1, let first = chosen.map(\.start).min(), let statement = Self.statement(in: words, after: first) {
            let before = Set(chosen.filter { $0.start + $0.length <= statement }.map(\.option))
            if before.count == 1 { named = before }
        }
        switch named.count {
        case 0: return .none
        case 1: return .option(named.first!)
        default: return .several(named.sorted())
        }
    }

    /// `word` without a participle's "-ed" or a verb's silent "-e", so that "shared" and "share", "grilled" and
    /// "grill" read alike; a stem shorter than three letters keeps the word ("used" is not "us").
    static func stem(_ word: String) -> String {
        let cut = word.hasSuffix("ed") ? 2 : word.hasSuffix("e") ? 1 : 0
        guard cut > 0, word.count - cut >= 3 else { return word }
        return String(word.dropLast(cut))
    }

    /// The option with the most of `mentions` when they are one run of words with no gap ("blood pressure
    /// tablets"), at least two of them its own; `nil` when there is a gap or a tie.
    static func mostNamedInOneRun(_ mentions: [Mention]) -> Int? {
        let sorted = mentions.sorted { $0.start < $1.start }
        guard Set(sorted.map(\.option)).count > 1,
              zip(sorted, sorted.dropFirst()).allSatisfy({ $0.start + $0.length == $1.start }) else { return nil }
        let counts = Dictionary(sorted.map { ($0.option, $0.length) }, uniquingKeysWith: +)
        guard let most = counts.values.max(), most >= 2, counts.values.filter({ $0 == most }).count == 1 else { return nil }
        return counts.first { $0.value == most }?.key
    }

    /// Where a statement of the speaker's own starts after position `start` ("…, I had a big lunch", "…, we have
    /// guests"): a subject the speaker is ("I", "we", "I'm" …) that opens no carrier ("I think …", "I'll take …")
    /// and takes nothing back ("I mean …"). `nil` when there is none.
    static func statement(in words: [String], after start: Int) -> Int? {
        guard start + 2 < words.count else { return nil }
        for i in (start + 1)..<(words.count - 1) where statementSubjects.contains(words[i]) {
            let rest = words[i...]
            if carrierPhrases.contains(where: { rest.starts(with: $0) }) { continue }
            if OpenValueReader.correctingWords.contains(where: { rest.starts(with: $0) }) { continue }
            return i
        }
        return nil
    }

    /// The subjects a statement of the speaker's own opens with (normalised: "I'm" is "im"; not "we're", which
    /// normalises to "were").
    static let statementSubjects: Set<String> = ["i", "im", "ive", "we", "weve"]
    static let carrierPhrases: [[String]] = split(AnswerWords.carriers)

    /// The position just after the last words that take back what was said ("no wait", "actually", "sorry",
    /// "I mean", "make that" …) when they come after position `start`; `nil` when there are none.
    static func correction(in words: [String], after start: Int) -> Int? {
        OpenValueReader.phraseEnds(OpenValueReader.correctingWords, in: words, after: start).first
    }

    /// A 0-based position among `count` options read out: "the second one", "number two", "2",
    /// "the last one", also inside a sentence ("I'll take the second one please"); `nil` when none, or
    /// two different ones, are said.
    public func ordinal(_ text: String, count: Int) -> Int? {
        let words = Self.contentWords(text)
        guard words.count <= Self.longestAnswer else { return nil }
        // "is there a lift to the second floor?": a question of the speaker's own picks nothing.
        guard !OpenValueReader.asksBack(words) else { return nil }
        let core = Self.core(words)
        var positions: Set<Int> = []
        // The whole answer: "2", "second", "last".
        if core.count == 1 {
            if let n = Self.ordinalWords[core[0]] { positions.insert(n) }
            else if Self.lastWords.contains(core[0]) { positions.insert(count) }
            else if let n = Int(core[0]) { positions.insert(n) }
        }
        // "the second to last", "the one before last", "the penultimate one".
        let sentence = " " + words.joined(separator: " ") + " "
        if Self.beforeLast.contains(where: { sentence.contains(" \($0) ") }) {
            return count >= 2 ? count - 2 : nil
        }
        for (i, word) in words.enumerated() {
            let next = i + 1 < words.count ? words[i + 1] : nil
            let previous = i > 0 ? words[i - 1] : nil
            // "not the first one, the second": a position said only to be refused is none.
            let refused = (i >= 1 && words[i - 1] == "not") || (i >= 2 && words[i - 2] == "not" && ["the", "that"].contains(words[i - 1]))
            // "the one you said first", "whichever came second": a position after a verb of the reading.
            let framed = previous == "the" || previous == "that" || next == "1" || next == "option" || next == "choice"
                || (next == nil && core.count <= 2) || (next == nil && previous.map(Self.readingVerbs.contains) == true)
            if refused { continue }
            if let n = Self.ordinalWords[word], framed {
                positions.insert(n)
            } else if Self.lastWords.contains(word), framed, previous != "at" {
                positions.insert(count)
            } else if Self.firstWords.contains(word), framed {
                positions.insert(1)
            } else if word == "middle", framed || previous == "in", count % 2 == 1 {
                // "the middle one", "the one in the middle": of an odd number read out.
                positions.insert((count + 1) / 2)
            } else if word == "number" || word == "option" || word == "choice", let next, let n = Int(next) {
                positions.insert(n)
            }
        }
        guard positions.count == 1, let position = positions.first, position >= 1, position <= count else { return nil }
        return position - 1
    }

    // MARK: - Yes, no, more

    /// Whether the whole answer, without openers and closings, is one of the ways of asking for more options
    /// ("more", "more options please", "something else"), so that it names no option through a word it shares
    /// with one ("more" of "more pillows"): an option's own title or synonym said whole is still that option.
    public func asksOnlyForMore(_ text: String, among forms: [[String]] = []) -> Bool {
        let words = Self.dropClosings(Self.droppingOpeners(Self.contentWords(text)))
        let sentence = words.joined(separator: " ")
        guard Self.moreSet.contains(sentence) else { return false }
        return !forms.joined().contains { Self.contentWords($0).joined(separator: " ") == sentence }
    }

    /// Yes, no or "more options", as people say them: "yeah, go ahead", "sure, do it", "uh, no thanks",
    /// "no, that's wrong", "what else do you have". "I know" is not "no"; "I don't know" is neither;
    /// an answer with both a yes and a no ("yeah, no") is neither.
    public func reply(_ text: String) -> Reply? {
        var words = Self.contentWords(text)
        // "okay then", "alright then": a yes whose first word is also an opener.
        if Self.yesSet.contains(Self.dropClosings(words).joined(separator: " ")) { return .yes }
        words = Self.droppingOpeners(words)
        guard !words.isEmpty, words.count <= Self.longestAnswer else { return nil }
        let sentence = words.joined(separator: " ")
        if Self.moreSet.contains(sentence) || Self.contains(words, anyOf: Self.moreMarkers) || Self.asksForTheOthers(words)
            || Self.asksForTheNext(words) {
            return .moreOptions
        }
        // "what soups do you have", "which ones are there": a question about the options is a request to hear them.
        if ["what", "which"].contains(words[0]), Self.optionQuestionEnds.contains(where: { words.count > $0.count && Array(words.suffix($0.count)) == $0 }) {
            return .moreOptions
        }
        if Self.contains(words, anyOf: Self.unsureWords) { return nil }
        let withoutClosing = Self.dropClosings(words)
        let whole = withoutClosing.joined(separator: " ")
        if Self.yesSet.contains(whole) || Self.yesSet.contains(sentence) { return .yes }
        if Self.noSet.contains(whole) || Self.noSet.contains(sentence) { return .no }
        // Idioms that hold a "no" and mean yes ("why not", "no problem") count as yes words.
        var rest = words
        var yes = false
        for idiom in Self.yesIdioms {
            while let at = Self.find(idiom, in: rest) {
                rest.replaceSubrange(at..<(at + idiom.count), with: ["·"])
                yes = true
            }
        }
        // "ninety nine, don't laugh", "no kidding, two": a remark that holds a no and refuses nothing.
        for remark in Self.remarkIdioms {
            while let at = Self.find(remark, in: rest) { rest.replaceSubrange(at..<(at + remark.count), with: ["·"]) }
        }
        if Self.emphaticNo.contains(where: { words.count >= $0.count && Array(words.prefix($0.count)) == $0 }) { return .no }
        // "forget it, that's too dear", "never mind, I'll do it later": a dismissal with a reason after it is a no
        // (said alone, it cancels: ``isCancel(_:)``).
        if Self.dismissals.contains(where: { words.count > $0.count && words.starts(with: $0) }) { return .no }
        let no = Self.contains(rest, anyOf: Self.noWords)
        // A yes phrase right after a negation is part of the no: "wait, no, don't order it".
        let saidYes = Self.contains(rest, anyOf: Self.yesWords) { $0 == 0 || !Self.negations.contains(rest[$0 - 1]) }
        yes = yes || Self.yesLeads.contains(words[0]) || saidYes
        if no {
            // "No, go ahead" and "yeah, no" say both: neither is taken. A leading no wins over weak yes words
            // later on ("no, that's fine").
            if Self.strongYes.contains(words[0]) { return nil }
            if Self.noLeads.contains(words[0]) || !yes { return .no }
            return nil
        }
        return yes ? .yes : nil
    }

    /// Whether `text` (normalised) starts with a plain no ("no, cancel the order", "nope, never mind"), openers
    /// aside ("actually no, forget it", "oh no, never mind"): said to a confirmation, that no is the answer,
    /// and what follows it only says so again.
    public func startsWithNo(_ text: String) -> Bool {
        var words = text.split(separator: " ").map(String.init)
        while words.count > 1, Self.openerSet.contains(words[0]) { words.removeFirst() }
        return words.first.map { Self.plainNo.contains($0) } ?? false
    }

    /// `words` without the openers before what is said ("well", "oh", "on second thoughts"), and without the
    /// single words `also` takes off; one word is always left.
    static func droppingOpeners(_ words: [String], also: (String) -> Bool = { _ in false }) -> [String] {
        var words = words
        while words.count > 1 {
            if openerSet.contains(words[0]) || also(words[0]) {
                words.removeFirst()
            } else if let phrase = openerPhrases.first(where: { words.count > $0.count && words.starts(with: $0) }) {
                words.removeFirst(phrase.count)
            } else {
                break
            }
        }
        return words
    }

    /// The openers of more than one word ("all right") and second thoughts ("on second thoughts"), longest first.
    static let openerPhrases: [[String]] = split(AnswerWords.openers.filter { $0.contains(" ") } + AnswerWords.secondThoughts)

    /// The words that are a no on their own, and nothing else.
    static let plainNo: Set<String> = ["no", "nope", "nah"]

    /// "cancel", "stop", "never mind" and their common forms ("um, never mind", "cancel the order").
    public func isCancel(_ text: String) -> Bool {
        var words = Self.contentWords(text)
        let sentence = words.joined(separator: " ")
        if Self.cancelSet.contains(sentence) { return true }
        words = Self.droppingOpeners(words) { $0 == "no" || $0 == "just" }
        words = Self.dropClosings(words)
        return Self.cancelSet.contains(words.joined(separator: " "))
    }

    /// "repeat", "say that again", "what did you say" and their common forms ("sorry, can you repeat that").
    public func isRepeat(_ text: String) -> Bool {
        var words = Self.contentWords(text)
        if Self.repeatSet.contains(words.joined(separator: " ")) { return true }
        words = Self.droppingOpeners(words) { $0 == "sorry" }
        words = Self.dropClosings(words)
        return Self.repeatSet.contains(words.joined(separator: " "))
    }

    /// The answer without fillers, openers, carriers, articles and closings: "um, can I get the tomato one
    /// please" → "tomato". What is left is what the person named.
    public func core(_ text: String) -> String {
        Self.core(Self.contentWords(text)).joined(separator: " ")
    }

    /// The words of an answer that name its value, as they were written: "um, can I get the minestrone
    /// please" → "minestrone" (for a line such as "Sorry, minestrone isn't on the menu today.").
    public func namedPart(_ text: String) -> String {
        var tokens = text.split(whereSeparator: \.isWhitespace).map { (raw: String($0), word: Normalizer.normalize(String($0))) }
            .filter { !$0.word.isEmpty && !AnswerWords.fillers.contains($0.word) }
        func matches(_ phrase: [String], at start: Int) -> Bool {
            start >= 0 && start + phrase.count <= tokens.count && tokens[start..<(start + phrase.count)].map(\.word) == phrase
        }
        var changed = true
        while changed {
            changed = false
            for phrase in Self.leadingPhrases where tokens.count > phrase.count && matches(phrase, at: 0) {
                tokens.removeFirst(phrase.count)
                changed = true
                break
            }
        }
        changed = true
        while changed {
            changed = false
            for phrase in Self.closingPhrases where tokens.count > phrase.count && matches(phrase, at: tokens.count - phrase.count) {
                tokens.removeLast(phrase.count)
                changed = true
                break
            }
        }
        if tokens.count >= 2, tokens.last?.word == "1" || tokens.last?.word == "ones" { tokens.removeLast() }
        let junk: (Character) -> Bool = { $0.isWhitespace || ($0.isPunctuation && $0 != "'") }
        let joined = tokens.map(\.raw).joined(separator: " ")
        return String(joined.drop(while: junk).reversed().drop(while: junk).reversed())
    }

    // MARK: - Internals

    /// The most words (fillers aside) an answer has: past this it is a ramble, and nothing is taken from it,
    /// however many titles it happens to hold (issue 18, "Bad input").
    public static let longestAnswer = 25

    struct Mention {
        var start: Int
        var length: Int
        var characters: Int
        var option: Int
        var exact: Bool
    }

    /// Where `form` is said in `words` (a plural of its last word counts); approximately, one word of a form
    /// of two or more words may be a close-sounding other word.
    private func occurrences(of form: [String], in words: [String], option: Int) -> [Mention] {
        guard !form.isEmpty, form.count <= words.count else { return [] }
        var found: [Mention] = []
        let characters = form.joined(separator: " ").count
        for start in 0...(words.count - form.count) {
            var misses = 0
            var sure = true
            for (k, formWord) in form.enumerated() {
                let word = words[start + k]
                if word == formWord || (k == form.count - 1 && Self.isPlural(word, of: formWord)) { continue }
                if approximate, form.count >= 2, Self.soundsClose(word, formWord) {
                    misses += 1
                    sure = false
                } else {
                    misses = 2
                    break
                }
            }
            if misses <= 1 {
                found.append(Mention(start: start, length: form.count, characters: characters, option: option, exact: sure))
            }
        }
        return found
    }

    /// The mentions that stand where mentions overlap: the one covering more words first, then the one said
    /// exactly, then the longer in letters.
    static func select(_ mentions: [Mention]) -> [Mention] {
        let ordered = mentions.sorted {
            ($0.length, $0.exact ? 1 : 0, $0.characters, -$0.start) > ($1.length, $1.exact ? 1 : 0, $1.characters, -$1.start)
        }
        var taken: Set<Int> = []
        var kept: [Mention] = []
        for mention in ordered {
            let span = Set(mention.start..<(mention.start + mention.length))
            if span.isDisjoint(with: taken) {
                taken.formUnion(span)
                kept.append(mention)
            }
        }
        return kept
    }

    /// Whether `word` (at `position` of `words`) describes a thing the option is not: it is never the last word
    /// of one of the option's `forms` ("blue" of "the blue suit") and the next word said is a content word
    /// none of the forms has ("the blue bag"), not "one" ("the blue one", "1" once normalised: a number) nor a
    /// closing or function word.
    static func describesOther(_ word: String, at position: Int, in words: [String], forms: [[String]]) -> Bool {
        // "counter's easiest" is normalised "counters easiest": a plural (or "'s") of a form's last word ends that form.
        guard position + 1 < words.count,
              !forms.contains(where: { $0.last == word || $0.last.map { isPlural(word, of: $0) } == true }) else { return false }
        let next = words[position + 1]
        let formWords = Set(forms.flatMap { $0 })
        return !formWords.contains(next) && !formWords.contains(singular(next, in: formWords)) && !commonWords.contains(next)
            && !closingWords.contains(next) && !AnswerWords.articles.contains(next) && Int(next) == nil
    }

    /// For each option, the words of its forms that no other option has and that say something
    /// (not "the", "soup" when two soups have it, nor a carrier's words).
    static func distinctiveWords(_ forms: [[[String]]]) -> [Set<String>] {
        let perOption = forms.map { Set($0.flatMap { $0 }) }
        var count: [String: Int] = [:]
        for words in perOption { for word in words { count[word, default: 0] += 1 } }
        return perOption.map { words in
            Set(words.filter { count[$0] == 1 && $0.count >= 3 && !commonWords.contains($0) && Int($0) == nil })
        }
    }

    static func singular(_ word: String, in words: Set<String>) -> String {
        if words.contains(word) { return word }
        for candidate in [String(word.dropLast()), String(word.dropLast(2)), String(word.dropLast(3)) + "y"]
        where word.count > 3 && words.contains(candidate) {
            if isPlural(word, of: candidate) { return candidate }
        }
        return word
    }

    /// Whether `word` is `base` with a plural ending: "-s", "-es", or "-ies" for a "-y" ("groceries").
    static func isPlural(_ word: String, of base: String) -> Bool {
        guard base.count >= 3, word.count > base.count else { return false }
        if base.hasSuffix("y"), word == base.dropLast() + "ies" { return true }
        guard word.hasPrefix(base) else { return false }
        let tail = word.dropFirst(base.count)
        return tail == "s" || tail == "es"
    }

    /// Words that take back the value said right after them (an article, and a verb of wanting or taking,
    /// between): "not a bowl", "without oat milk", "I don't want the tomato", "I can't do spin". Not "no":
    /// "no, a cup" answers a default with another value.
    static let negations: Set<String> = ["not", "dont", "never", "without", "cant", "wont", "doesnt", "didnt"]
    /// Words between a negation and the value it takes back: verbs of wanting or taking ("don't want", "can't
    /// take", "don't feel like", "won't go for") and "really" ("I don't really want …").
    /// Words of how much between an article and a negated value ("not a whole bowl"). These sets and
    /// ``negatedVerbs`` hold their ``stem(_:)`` too: the answer may be read again with its words stemmed.
    static let wholeWords: Set<String> = withStems(["whole", "full", "entire"])
    static let negatedVerbs: Set<String> = withStems(["want", "like", "take", "do", "have", "need", "fancy", "feel", "handle",
                                                      "stand", "really", "get", "eat", "drink", "go", "for"])
    static func withStems(_ words: [String]) -> Set<String> { Set(words + words.map(stem)) }

    /// Whether the word at `start` of `words` follows a negation ("not the tomato", "without milk", "I
    /// don't want the tomato", "I can't take boxing").
    static func isNegated(at start: Int, in words: [String]) -> Bool {
        var i = start - 1
        // "not a whole bowl", "not the full eighteen": a word of how much, between the article and the value.
        if i >= 1, wholeWords.contains(words[i]), AnswerWords.articles.contains(words[i - 1]) || negations.contains(words[i - 1]) {
            i -= 1
        }
        if i >= 0, AnswerWords.articles.contains(words[i]) { i -= 1 }
        var verbs = 0
        while i >= 0, verbs < 3, negatedVerbs.contains(words[i]) {
            i -= 1
            verbs += 1
        }
        return i >= 0 && negations.contains(words[i])
    }

    /// Two words a recognizer could confuse: one letter apart (or two in long words), same first letter
    /// or same ending ("ice" / "iced", "noodles" / "noodle", "chowder" / "powder").
    static func soundsClose(_ a: String, _ b: String) -> Bool {
        guard a.count >= 3, b.count >= 3, Int(a) == nil, Int(b) == nil else { return false }
        let distance = editDistance(Array(a), Array(b))
        let longest = max(a.count, b.count)
        return distance <= (longest >= 7 ? 2 : 1)
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }

    /// The normalised words without fillers ("um", "uh") wherever they are; "uh huh" and "mm hmm" stay yes.
    static func contentWords(_ text: String) -> [String] {
        let words = Normalizer.normalize(text).split(separator: " ").map(String.init)
        var kept: [String] = []
        var i = 0
        while i < words.count {
            if ["uh", "um", "mm"].contains(words[i]), i + 1 < words.count, ["huh", "hmm", "hm"].contains(words[i + 1]) {
                kept += ["uh", "huh"]
                i += 2
                continue
            }
            if !AnswerWords.fillers.contains(words[i]) { kept.append(words[i]) }
            i += 1
        }
        return kept
    }

    /// The words left when openers, carriers, articles and closings are taken off the ends.
    static func core(_ words: [String]) -> [String] {
        var words = words
        var changed = true
        while changed && !words.isEmpty {
            changed = false
            for phrase in leadingPhrases where words.count > phrase.count && Array(words.prefix(phrase.count)) == phrase {
                words.removeFirst(phrase.count)
                changed = true
                break
            }
        }
        words = dropClosings(words)
        // "the tomato one" → "tomato"; "that one" stays (it names nothing, and is no value).
        if words.count >= 2, words.last == "1" || words.last == "ones" { words.removeLast() }
        while words.count > 1, let first = words.first, AnswerWords.articles.contains(first) { words.removeFirst() }
        return words
    }

    static func dropClosings(_ words: [String]) -> [String] {
        var words = words
        var changed = true
        while changed {
            changed = false
            for phrase in closingPhrases where words.count > phrase.count && Array(words.suffix(phrase.count)) == phrase {
                words.removeLast(phrase.count)
                changed = true
                break
            }
        }
        return words
    }

    /// Where `phrase` is first said in `words` at a start that `accepted` allows, or `nil`.
    static func find(_ phrase: [String], in words: [String], where accepted: (Int) -> Bool = { _ in true }) -> Int? {
        guard !phrase.isEmpty, phrase.count <= words.count else { return nil }
        for start in 0...(words.count - phrase.count) where Array(words[start..<(start + phrase.count)]) == phrase && accepted(start) {
            return start
        }
        return nil
    }

    /// Whether one of `phrases` is said in `words` at a start that `accepted` allows.
    static func contains(_ words: [String], anyOf phrases: [[String]], where accepted: (Int) -> Bool = { _ in true }) -> Bool {
        phrases.contains { find($0, in: words, where: accepted) != nil }
    }

    private static func split(_ phrases: [String]) -> [[String]] {
        phrases.map { $0.split(separator: " ").map(String.init) }.sorted { $0.count > $1.count }
    }

    /// Words for the last option read out ("the last one", "the final one", "the bottom one").
    static let lastWords: Set<String> = ["last", "final", "bottom"]
    /// Words for the first option besides "first" ("the top one").
    static let firstWords: Set<String> = ["top"]
    /// The option before the last: "the second to last", "the one before last".
    static let beforeLast = ["second to last", "2 to last", "next to last", "1 before last", "1 before the last", "penultimate"]
    /// Verbs of reading the options out, after which a position names one ("the one you said first").
    static let readingVerbs: Set<String> = ["said", "say", "came", "mentioned", "listed", "read", "named", "gave"]
    static let ordinalWords: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10,
    ]
    static let leadingPhrases: [[String]] = split(AnswerWords.openers + AnswerWords.carriers + Array(AnswerWords.articles))
    static let closingPhrases: [[String]] = split(AnswerWords.closings)
    /// The first words of the closings ("please", "thanks", "if" …).
    static let closingWords: Set<String> = Set(closingPhrases.compactMap(\.first))
    static let openerSet: Set<String> = Set(AnswerWords.openers.filter { !$0.contains(" ") })
    static let yesSet = Set(AnswerWords.yesPhrases)
    static let noSet = Set(AnswerWords.noPhrases)
    static let moreSet = Set(AnswerWords.morePhrases)
    static let cancelSet = Set(AnswerWords.cancelPhrases)
    static let repeatSet = Set(AnswerWords.repeatPhrases)
    /// Parts of a sentence that ask for more options wherever they are.
    static let moreMarkers = split([
        "what else", "other options", "more options", "something else", "anything else", "other ones", "more choices",
        "other choices", "what are my options", "what are the options", "what do you have", "what have you got",
        "none of those", "none of them", "something different", "different options", "are there more",
        // The heads of the construction itself: the others, the rest, any other one, what other kinds.
        "others", "the rest", "any other", "what other", "which other",
        // Asking where or who else there is: "where else can I go", "who else is there", "somewhere else".
        "where else", "who else", "else is there", "somewhere else", "someplace else", "anywhere else", "someone else", "anyone else",
        // Asking what the other ones are: "what are the other places", "what were the other soups".
        "what are the other", "what were the other", "whats the other", "what are your other",
        // Asking to hear more of them: "can you list a few more" (not "a few more minutes").
        "list a few more", "read a few more", "name a few more", "list some more", "read some more", "name some more",
        "list more", "read more",
        // Telling some more of them: "tell me a few more" ("give me a few more" alone: ``AnswerWords/morePhrases``;
        // "give me a few more minutes" asks for time).
        "tell me a few more", "tell me some more", "tell me more", "show me a few more", "show me some more",
        // More beside the ones read: "any more besides those", "anything other than these".
        "besides those", "besides these", "other than those", "other than these", "apart from those",
        "apart from these",
        // Asking whether there are more: "are there any more on the list".
        "are there any more", "is there any more", "are there any others",
        // Asking whether there are others at all: "are there other trails?", "is there another one?".
        "are there other", "is there another", "is there other",
        // The next of the list: "the next ones", "next lot" ("next few": ``asksForTheNext(_:)``).
        "next ones", "next lot", "next batch", "next bunch", "next options", "next choices",
        // Going on with the reading: "read out some more", "carry on with the list", "and after that?".
        "read out some more", "read out more", "read me some more", "read me more", "carry on with the list",
        "carry on reading", "keep reading", "go on with the list", "continue the list", "continue with the list",
        "and after that", "what comes next", "what comes after that", "anything different", "something other",
        // Asking whether those were all: "is that all of them?", "are those all the choices?".
        "is that all", "is that everything", "are those all", "are these all", "is that the lot", "are those the only",
    ])
    /// Whether `words` ask for the next few options: "next few please", "the next few", "next few options"; not
    /// "in the next few days", which is a time.
    static func asksForTheNext(_ words: [String]) -> Bool {
        guard let at = find(["next", "few"], in: words) else { return false }
        let after = at + 2 < words.count ? words[at + 2] : nil
        return after.map { ["options", "ones", "choices", "of", "then"].contains($0) || closingWords.contains($0) } ?? true
    }
    /// Asking to hear the others: "tell me the other places", "read me the other ones" (not "the other one",
    /// which picks one).
    static let hearTheOthers = split(["tell me the other", "read me the other", "read the other", "list the other",
                                      "name the other", "say the other"])

    /// Whether `words` ask to hear the other options ("tell me the other places"), not to take the other one.
    static func asksForTheOthers(_ words: [String]) -> Bool {
        hearTheOthers.contains { phrase in
            guard let at = find(phrase, in: words) else { return false }
            return at + phrase.count >= words.count || !["one", "1"].contains(words[at + phrase.count])
        }
    }
    static let optionQuestionEnds = split(["do you have", "have you got", "do you got", "you got", "are there", "are available",
                                           "can i get", "can i have", "can i choose from", "are my choices", "are my options"])
    static let unsureWords = split(AnswerWords.unsurePhrases.filter { $0 != "maybe" })
    static let yesIdioms = split(["why not", "no problem", "not a problem", "no doubt", "no worries", "not bad",
                                  // "that's right, no hurry tonight": no rush is a reason, not a refusal.
                                  "no hurry", "no rush", "no bother", "no trouble", "not a bother"])
    /// Remarks that hold a negation and refuse nothing: "don't laugh", "don't judge me", "no kidding".
    static let remarkIdioms = split(["dont laugh", "dont judge", "dont judge me", "dont ask", "no kidding", "no joke",
                                     "no lie", "not gonna lie", "not going to lie", "dont tell anyone", "no pressure"])
    static let noWords = split(["no", "nope", "nah", "naw", "not", "dont", "never", "wrong", "incorrect", "negative",
                                "rather not", "hold off", "do not"] + AnswerWords.passingPhrases)
    static let yesWords = split(["yes", "yeah", "yep", "yup", "sure", "go ahead", "do it", "do that", "sounds good",
                                 "thats right", "that is right", "thats correct", "correct", "please do", "go for it",
                                 "of course", "absolutely", "definitely", "confirm", "perfect", "that works", "fine",
                                 "you bet", "put it through", "lock it in", "about right", "exactly right", "just right",
                                 // The confirmed action itself, on what was read back: "forty dollars? buy them".
                                 "buy it", "buy them", "book it", "book them", "order it", "order them", "send it",
                                 "place it", "reserve it", "post it", "submit it", "by all means",
                                 // Agreement with "then" before the go-ahead: "go on then, put us down".
                                 "go on then", "ok then", "okay then", "alright then", "fine then",
                                 "sounds great", "sounds lovely", "sounds nice", "sounds perfect", "sounds fine", "sounds right"])
    /// A strong yes word before "not" is a strong no ("definitely not", "of course not").
    static let emphaticNo = split(["definitely not", "absolutely not", "certainly not", "of course not", "surely not"])
    /// Core cancels that open a no when a reason follows them ("forget it, that's too dear").
    static let dismissals = split(["forget it", "forget that", "forget about it", "never mind", "nevermind"])
    static let yesLeads: Set<String> = ["yes", "yeah", "yea", "yep", "yup", "ya", "yah", "sure", "absolutely",
                                        "definitely", "certainly", "correct", "right", "ok", "okay", "alright", "perfect",
                                        "great", "fine", "affirmative", "exactly", "uh", "cool"]
    static let strongYes: Set<String> = ["yes", "yeah", "yea", "yep", "yup", "ya", "yah", "sure", "absolutely", "definitely",
                                         "certainly", "affirmative", "exactly"]
    static let noLeads: Set<String> = ["no", "nope", "nah", "naw", "negative", "dont", "not", "never", "wrong", "incorrect"]
    /// Words that say nothing about which option is meant. The short prepositions and pronouns ("in", "it", "of"
    /// …) are never an option's distinctive word (those have three letters or more), but they are no other thing
    /// a describing word could describe either: "the one with clams in it" still names the clam chowder.
    static let commonWords: Set<String> = [
        "in", "on", "it", "of", "to", "at", "by", "as", "or", "so", "up", "if", "my", "me", "we", "us", "i", "do",
        "the", "and", "with", "for", "from", "one", "ones", "that", "this", "these", "those", "some", "any", "your", "you",
        "our", "their", "his", "her", "its", "please", "thanks", "like", "want", "have", "take", "get", "give", "make",
        "what", "which", "who", "how", "when", "where", "about", "just", "not", "but", "also", "then", "there", "here",
        "all", "yes", "yeah", "okay", "sure", "more", "else", "other", "something", "anything", "thing", "can", "could",
        "would", "will", "should", "may", "might", "let", "lets", "ill", "id", "im", "ive", "dont", "doesnt", "isnt",
        "was", "were", "are", "is", "be", "been", "say", "said", "tell", "think", "guess", "know", "now", "today",
        "option", "options", "choice", "number", "first", "second", "third", "last", "next", "time", "day", "way",
    ]
}
