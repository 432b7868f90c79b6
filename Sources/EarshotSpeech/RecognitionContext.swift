import EarshotMatching

/// What the device can understand at this moment: the sentences of a grammar.
///
/// On invocation, every phrase expansion of the apps the device has; while a value is asked, its
/// titles, synonyms, ordinals and the core words; while confirming, yes/no forms.
public struct RecognitionContext: Sendable, Hashable {
    /// What the device waits for, which sets how strictly speech is held to the grammar.
    public enum Kind: Sendable, Hashable {
        /// A request: whole sentences (phrase expansions), where speech that was really said fits the
        /// grammar about as well as free phones do.
        case request
        /// An answer within a conversation: a value, an ordinal, yes or no, often one short word, which free
        /// phones fit better than the grammar even when it was said.
        case answer
    }

    /// A name for logs and caches ("invocation", "answer: soup", "confirmation").
    public var name: String
    /// What the device waits for.
    public var kind: Kind
    /// Sentences in recognisable words: lower case, apostrophes kept, numbers spelled out.
    public private(set) var sentences: [String]
    /// The model that transcribes speech the grammar rejects (a request's other wordings, an answer said
    /// in a sentence the grammar does not hold); with no sentences, the only model (open-ended answers).
    public var languageModel: DomainLanguageModel?
    /// Words that may come before a sentence, any number of them in any order (fillers, carriers:
    /// "um can i get"), and after it ("please", "i think"): answers said inside sentences.
    public private(set) var leading: [String]
    public private(set) var trailing: [String]
    /// More sentences for inside that frame only ("the tomato one").
    public private(set) var framedSentences: [String]
    /// An open-ended text answer: transcribed with pocketsphinx's general en-us language model (with
    /// `dictationWords` added), not a grammar.
    public var dictation: Bool
    /// Words of the app a dictated answer may hold that the general model lacks.
    public var dictationWords: [String]
    /// A request: speech that neither the grammar nor the domain language model takes is transcribed by
    /// pocketsphinx's general en-us model, with `dictationWords` added (``Recognizer/generalTranscript``), for
    /// a flexible device's matcher to judge: people's own wordings hold words the phrases never had.
    public var generalFallback = false
    /// JSGF rules defining `<value>` (an open-ended value's forms, ``OpenAnswerGrammar``): the grammar holds
    /// `<value>` beside the sentences, and the frame goes around both.
    public private(set) var valueRules: String?
    /// How the dialogue reads an open-ended value out of words (``ValueReading``): the answers' check lets
    /// the value the grammar took stand when the model's transcript means the same value in other words
    /// ("fourteen dollar" and "fourteen dollars"). Nil: words only.
    public var valueReading: ValueReading?

    public init(name: String, sentences: [String], kind: Kind = .request, languageModel: DomainLanguageModel? = nil,
                leading: [String] = [], trailing: [String] = [], framedSentences: [String] = [], dictation: Bool = false,
                dictationWords: [String] = [], valueRules: String? = nil) {
        self.name = name
        self.kind = kind
        self.languageModel = languageModel
        var seen: Set<String> = []
        self.sentences = sentences.map(Self.words).filter { !$0.isEmpty && seen.insert($0).inserted }
        var seenLeading: Set<String> = []
        self.leading = leading.map(Self.words).filter { !$0.isEmpty && seenLeading.insert($0).inserted }
        var seenTrailing: Set<String> = []
        self.trailing = trailing.map(Self.words).filter { !$0.isEmpty && seenTrailing.insert($0).inserted }
        var seenFramed = seen
        self.framedSentences = framedSentences.map(Self.words).filter { !$0.isEmpty && seenFramed.insert($0).inserted }
        self.dictation = dictation
        self.dictationWords = dictationWords.map(Self.words).filter { !$0.isEmpty }
        self.valueRules = valueRules
    }

    /// Whether speech is transcribed by a language model alone (open-ended answers): no sentences to
    /// choose among.
    public var isOpenEnded: Bool { sentences.isEmpty && valueRules == nil && (dictation || languageModel != nil) }

    /// Whether the context has a grammar to decode with: sentences, or an open-ended value's rules.
    public var hasGrammar: Bool { !sentences.isEmpty || valueRules != nil }

    /// Every word the grammar uses.
    public var vocabulary: Set<String> {
        Set((sentences + framedSentences + dictationWords).flatMap { $0.split(separator: " ").map(String.init) })
            .union(frameWords).union(valueWords)
    }

    /// The words of the frame around answers: ``leading`` and ``trailing`` (fillers, carriers, politeness).
    var frameWords: Set<String> { Set((leading + trailing).flatMap { $0.split(separator: " ").map(String.init) }) }

    /// The words of the open-ended value's rules (none without them).
    var valueWords: Set<String> { valueRules.map(OpenAnswerGrammar.words(in:)) ?? [] }

    /// "What's on my Shopping list in Demo?" → "what's on my shopping list in demo"; "2" → "two".
    public static func words(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            if let number = Int(current) { words.append(NumberSpeller.spell(number)) }
            else if current.allSatisfy({ $0 == "'" }) {} else { words.append(current) }
            current = ""
        }
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber || ch == "'" {
                if ch.isNumber != (current.last?.isNumber ?? ch.isNumber), !current.isEmpty { flush() }
                current.append(ch == "’" ? "'" : ch)
            } else if ch == "’" {
                current.append("'")
            } else if ch == "&" {
                flush()
                words.append("and")
            } else {
                flush()
            }
        }
        flush()
        return words.map { $0.trimmingCharacters(in: "'") }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

extension String {
    func trimmingCharacters(in character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}

/// How the dialogue reads an open-ended value out of words: the value's id ("14.00", "2026-11-26T12:00",
/// "3600"), or nil when the words hold none. Compared by `key` (the kind of value) only: two contexts that
/// differ only in the reader's clock are one context, and the check reads with the turn's own context.
public struct ValueReading: Sendable, Hashable {
    public let key: String
    let read: @Sendable (String) -> String?

    public init(key: String, read: @escaping @Sendable (String) -> String?) {
        self.key = key
        self.read = read
    }

    /// The value `words` name, if any.
    public func callAsFunction(_ words: String) -> String? { read(words) }

    public static func == (a: ValueReading, b: ValueReading) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}
