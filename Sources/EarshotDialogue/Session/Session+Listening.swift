import EarshotMatching
import EarshotModel

extension Session {
    /// What the device can understand at this moment, as sentences for a speech recognizer's grammar
    /// (behaviour follows the conversation state).
    ///
    /// - invocation: every phrase expansion of the apps, "what can I say with <app>", and the core
    ///   requests. Apps the device does not have are in it too, so it can hear their phrases and say so
    ///   ("Sorry, Trail Log isn't available on Apple Watch.", behavior.md scenario 13), as it does typed;
    /// - a value: its titles and synonyms, ordinals, "more options", and the core requests;
    /// - a default or the confirmation: yes/no forms (and the values, for a default);
    /// - disambiguation: the choices and ordinals.
    ///
    /// `nil` when the answer is open-ended (a string, date or duration parameter): no grammar can hold it.
    public var expectedSentences: (name: String, sentences: [String])? {
        guard let c = conversation else {
            var sentences: [String] = []
            for app in catalog.apps {
                sentences += app.expansions.map(\.text)
                sentences += app.manifest.names(in: app.locale).map { "what can I say with \($0)" }
            }
            return ("invocation", sentences + Self.coreSentences)
        }
        switch c.state {
        case .awaitingValue(let id):
            guard let parameter = c.intent.parameter(id) else { return nil }
            let options = c.options(for: parameter)
            switch parameter.type {
            case .values:
                return ("answer: \(id)", options.flatMap(\.spokenForms) + Self.ordinalSentences(count: options.count)
                        + Self.moreSentences + Self.coreSentences)
            case .boolean:
                return ("answer: \(id)", Self.yesSentences + Self.noSentences + Self.coreSentences)
            case .integer, .decimal, .currency:
                return ("answer: \(id)", (0...100).map { String($0) } + Self.coreSentences)
            case .string, .date, .duration:
                return nil
            }
        case .awaitingDefaultConfirmation(let id):
            let values = c.intent.parameter(id).map { c.options(for: $0).flatMap(\.spokenForms) } ?? []
            return ("default: \(id)", Self.yesSentences + Self.noSentences + values + Self.coreSentences)
        case .awaitingConfirmation:
            return ("confirmation", Self.yesSentences + Self.noSentences + Self.coreSentences)
        case .awaitingDisambiguation:
            let labels = c.choices.map(choiceLabel)
            return ("disambiguation", labels + Self.ordinalSentences(count: labels.count) + Self.coreSentences)
        }
    }

    /// The kind of open-ended answer the device waits for now (a string, number, amount, date or
    /// duration parameter), or nil. Speech recognition hears these with a language model rather than a
    /// grammar of sentences (docs/speech.md, "Answers as people say them").
    public var openAnswer: OpenAnswer? {
        guard let c = conversation, case .awaitingValue(let id) = c.state, let parameter = c.intent.parameter(id) else { return nil }
        switch parameter.type {
        case .string: return .text
        case .integer: return .integer
        case .decimal: return .decimal
        case .currency: return .currency
        case .date: return .date
        case .duration: return .duration
        case .values, .boolean: return nil
        }
    }

    /// Words people put around an answer, for a grammar that hears answers inside sentences: before the
    /// value (fillers, carriers, articles, yes/no before a correction), any number of them, and after it
    /// (politeness, hedges, "one"). What the sentence means is the dialogue's to decide (behavior.md §3.4).
    ///
    /// `sentences`: more answers for inside that frame: the runs of words of the titles ("tomato" of
    /// Tomato Soup), each value with an article or "one" ("the tomato one", "a large", "my work list").
    /// (Not in ``expectedSentences``: said alone they are rare, and the plain grammar stays as measured.)
    public var answerFrame: (leading: [String], trailing: [String], sentences: [String]) {
        var trailing = Self.answerTrailing
        var sentences: [String] = []
        if let c = conversation, case .awaitingValue(let id) = c.state, let parameter = c.intent.parameter(id) {
            let options = c.options(for: parameter)
            let forms = options.flatMap(\.spokenForms) + options.flatMap { Self.titleParts($0.title) }
            sentences = forms
                + forms.flatMap { ["the \($0)", "a \($0)", "my \($0)", "the \($0) one", "\($0) one"] }
        }
        if let c = conversation, case .awaitingValue(let id) = c.state, let parameter = c.intent.parameter(id) {
            trailing.append(parameter.title)
            if let id = parameter.type.valueSetID, let set = c.manifest.valueSet(id) { trailing.append(set.title) }
        }
        return (Self.answerLeading, trailing, sentences)
    }

    /// Every run of consecutive words of `title` ("chicken noodle soup" → "chicken", "chicken noodle",
    /// "noodle soup"…): people name a value by part of its title ("the tomato one").
    static func titleParts(_ title: String) -> [String] {
        let words = title.split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        guard words.count > 1 else { return [] }
        var parts: [String] = []
        for start in words.indices {
            for end in start..<words.count where !(start == 0 && end == words.count - 1) {
                parts.append(words[start...end].joined(separator: " "))
            }
        }
        return parts.filter { !answerLeading.contains($0.lowercased()) }
    }

    /// Before a value: the text side's fillers, openers, carriers and articles (``AnswerWords``), a yes or
    /// no before a correction ("no, just a cup"), and words that lead a value in the examples' questions.
    static let answerLeading: [String] = {
        // Not the one-syllable words ("a", "to", "ah", "mm"): in a loop they explain any noise.
        let short: Set<String> = ["ah", "eh", "mm", "hm", "uhm", "umm", "uhh", "like", "and", "so", "please"]
        var words = Array(AnswerWords.fillers).sorted() + AnswerWords.openers.map(AnswerWords.spoken) + AnswerWords.spokenCarriers
        words += ["yes", "yeah", "no", "nope"]
        words += ["it's for", "it was", "send it to", "deliver it to", "bring it to", "read me", "use", "let me hear",
                  "let me get", "let me have", "i'd rather have", "i'd go for", "i'd pick", "we did", "i did", "i went", "i hiked",
                  "let's use"]
        return words.filter { !short.contains($0) }
    }()
    /// After a value: the text side's closings, "one" ("the tomato one") and the kind of thing named.
    static let answerTrailing: [String] = AnswerWords.spokenClosings + ["one", "one please", "list", "album", "trail", "sounds good",
                                                                       "is fine", "would be great", "that's right"]

    /// The core requests said while a conversation is open.
    public static let coreSentences = ["cancel", "stop", "never mind", "repeat", "repeat that", "say that again", "what did you say"]
    static let moreSentences = ["more options", "more", "something else", "what else"]
    static let yesSentences = ["yes", "yeah", "yep", "sure", "okay", "yes please", "correct", "that's right", "go ahead", "do it"]
    static let noSentences = ["no", "nope", "no thanks", "no thank you", "don't"]

    /// The text side's longer lists of yes, no, "more options", cancel and repeat as people say them
    /// (``AnswerWords``): for a language model of answers, not the grammar, where so many short sentences
    /// would take speech that names a value ("I went up Mount Tam" heard as "what was that").
    public static let conversationPhrases: [String] = AnswerWords.spokenYes + AnswerWords.spokenNo + AnswerWords.spokenMore
        + AnswerWords.cancelPhrases.map(AnswerWords.spoken) + AnswerWords.repeatPhrases.map(AnswerWords.spoken)

    static func ordinalSentences(count: Int) -> [String] {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        var sentences = ["the last one", "last one"]
        for index in 0..<min(count, words.count) {
            sentences += ["the \(words[index]) one", "\(words[index]) one", "the \(words[index])", "number \(index + 1)"]
        }
        // The middle of an odd number read out, as the text side reads it (``AnswerReader/ordinal(_:count:)``;
        // twenty-seventh pass: Piper's "the one in the middle" was heard "the one then them little").
        if count >= 3, count % 2 == 1 { sentences += ["the middle one", "the one in the middle"] }
        return sentences
    }
}

/// The kind of open-ended answer a device waits for: what it listens for in place of a list of values.
public enum OpenAnswer: String, Sendable, CaseIterable {
    /// A string parameter: what was said, dictated.
    case text
    /// Whole numbers ("a hundred and twenty").
    case integer
    /// Numbers with a fraction ("twelve point five", "three and a half").
    case decimal
    /// Amounts of money ("four fifty", "three dollars and twenty cents").
    case currency
    /// Dates and times ("tomorrow at three p m", "next Friday", "December the fourth", "in two hours").
    case date
    /// Durations ("ten minutes", "an hour and a half").
    case duration
}
