import EarshotMatching
import EarshotModel

/// The action a request asks for, told by its verb: "cancel my soup order" names soup and an order as
/// ordering soup does, but its verb asks for something else, and "don't order soup" asks for nothing.
///
/// Sentence vectors weigh the shared nouns; this weighs the verb. A request's verb is the first word
/// after the words people put before one ("I'd like to", "can you", "please" …) when WordNet has it as a
/// verb; an intent's verbs are the first verbs of its phrases and its title, and its category's verb.
public struct ActionVerbs: Sendable {
    /// What a request says about its action.
    public enum Request: Sendable, Equatable {
        /// No verb to judge (a question, a noun first, a light verb such as "get" or "give").
        case unknown
        /// The verb, as WordNet lemmas the word can be.
        case verb([String])
        /// The action is refused: "don't", "never", "do not" before the verb.
        case negated
    }

    public let net: VerbNet
    /// The senses of ``otherActions``.
    let others: Set<Int>

    public init(net: VerbNet = .shared) {
        self.net = net
        others = net.family(Self.otherActions)
    }

    /// Actions that take an app's things but do something else with them than show, make or order them:
    /// take away, undo, end, edit, judge, copy, print, hide, share, sell, complain (the verbs of issue 19
    /// and of the development set's near-misses; WordNet adds the verbs whose commonest sense is one of
    /// their three commonest senses, or a direct hyponym of one). A request with one of them that is none
    /// of an intent's own verbs, nor related to one, is no request for that intent.
    static let otherActions = [
        "delete", "remove", "erase", "clear", "cancel", "undo", "stop", "edit", "rename", "rate", "evaluate",
        "print", "hide", "block", "copy", "duplicate", "reduce", "decrease", "sell", "complain", "report", "translate", "dispute",
        "forget", "shut", "create", "share",
    ]

    /// How a request's verb stands to an intent's verbs.
    public enum Fit: Sendable, Equatable {
        /// The same action, a synonym or a near relative; or nothing to judge.
        case fits
        /// Another verb, not one of ``otherActions``: maybe a wording of the action nobody wrote down.
        case unrelated
        /// The opposite action ("stop" for "start", "unshare" for "share"), another action on the same
        /// things (``otherActions``), or a refusal.
        case conflicts
    }

    /// Words people say before the verb of a request; they say nothing about the action.
    static let lead: Set<String> = [
        "i", "id", "ill", "im", "we", "wed", "well", "you", "please", "just", "quickly", "now", "also", "then", "so", "um", "uh",
        "hey", "ok", "okay", "and", "can", "could", "would", "will", "should", "may", "might", "to", "want", "wanna", "like",
        "need", "gonna", "lets", "let", "go", "ahead", "help", "oh", "hi", "siri", "yo", "actually", "kindly", "again",
        "love", "try", "trying", "going", "able", "be",
    ]

    /// Words that refuse the action that follows.
    static let negations: Set<String> = ["dont", "never", "not", "doesnt", "didnt", "nope"]

    /// Verbs that refuse a refusal: "don't forget to order soup" orders soup.
    static let doubleNegatives: Set<String> = ["forget", "fail", "hesitate"]

    /// Verbs too general to name an action by themselves ("get me some soup", "give me a summary",
    /// "make a list", "tell me"): a request with one of them is not judged by its verb.
    static let light: Set<String> = [
        "get", "give", "have", "take", "make", "do", "let", "go", "see", "tell", "want", "need", "like", "put", "bring", "be",
        "keep", "use", "run", "try",
    ]

    /// Words after which a word WordNet mostly takes for a noun is still the verb: "rate my coffee".
    static let objectStarts: Set<String> = [
        "my", "the", "a", "an", "me", "some", "this", "that", "these", "those", "our", "your", "his", "her", "their", "it", "all",
        "every", "everything", "any", "us", "them", "him", "up", "out", "off", "down", "on", "over", "back", "away",
    ]

    /// Particles that make a two-word verb WordNet lists ("sum up", "pull up", "set up").
    static let particles: Set<String> = ["up", "out", "off", "down", "on", "over", "back", "away", "in"]

    /// The action of `request` (normalised, carriers and app names and values taken out).
    public func request(_ words: [Substring]) -> Request {
        scan(words).request
    }

    /// Where the verb of `request` is among its words (one word, or two for a two-word verb such as
    /// "pull up"), when it names one.
    public func verbRange(_ words: [Substring]) -> Range<Int>? {
        scan(words).range
    }

    /// The action of a request and where its verb is.
    func scan(_ words: [Substring]) -> (request: Request, range: Range<Int>?) {
        var index = 0
        var negated = false
        while index < words.count {
            let word = String(words[index])
            if Self.negations.contains(word) || (word == "do" && index + 1 < words.count && words[index + 1] == "not") {
                negated = true
                index += word == "do" ? 2 : 1
                continue
            }
            if Self.lead.contains(word) || word == "do" {
                index += 1
                continue
            }
            let lemmas = lemmas(words, at: index)
            if negated, lemmas.contains(where: Self.doubleNegatives.contains) {
                negated = false
                index += 1
                continue
            }
            if negated { return (.negated, nil) }
            guard !lemmas.isEmpty, !lemmas.contains(where: Self.light.contains) else { return (.unknown, nil) }
            let next = index + 1 < words.count ? String(words[index + 1]) : nil
            let isVerb = lemmas.contains(where: net.isMostlyVerb) || next.map(Self.objectStarts.contains) ?? true
            return isVerb ? (.verb(lemmas), index..<(index + (lemmas[0].contains("_") ? 2 : 1))) : (.unknown, nil)
        }
        return (negated ? .negated : .unknown, nil)
    }

    /// The verb lemmas of the word at `index`, as a two-word verb with the next word when WordNet has one.
    func lemmas(_ words: [Substring], at index: Int) -> [String] {
        let word = String(words[index])
        if index + 1 < words.count, Self.particles.contains(String(words[index + 1])) {
            let phrasal = net.lemmas(of: word).map { "\($0)_\(words[index + 1])" }.filter { net.senses[$0] != nil }
            if !phrasal.isEmpty { return phrasal }
        }
        return net.lemmas(of: word)
    }

    /// The verbs of an intent: each phrase's first verb (placeholders and app names left out), its
    /// title's, and its verb (the category's default when it names none).
    public func verbs(of intent: Intent, phrases: [Phrase]) -> Set<String> {
        var out: Set<String> = []
        let texts = phrases.map { phrase in
            phrase.template.pieces.map { piece -> String in
                if case .text(let text) = piece { return text }
                return " "
            }.joined()
        } + [intent.title]
        for text in texts {
            let words = Normalizer.normalize(text).split(separator: " ")
            var index = 0
            while index < words.count, Self.lead.contains(String(words[index])) { index += 1 }
            guard index < words.count else { continue }
            out.formUnion(lemmas(words, at: index))
        }
        out.formUnion(net.lemmas(of: Normalizer.normalize(intent.verb)))
        for verb in intent.category.verbs { out.formUnion(net.lemmas(of: Normalizer.normalize(verb).replacingOccurrences(of: " ", with: "_"))) }
        return out
    }

    /// A verb lemma as the sentence model hears it on its own with an object: "pull_up" → "pull up it".
    public static func frame(_ lemma: String) -> String {
        lemma.replacingOccurrences(of: "_", with: " ") + " it"
    }

    /// How a request's verb stands to an intent's verbs.
    public func fit(_ request: Request, _ verbs: Set<String>) -> Fit {
        switch request {
        case .unknown: return .fits
        case .negated: return .conflicts
        case .verb(let lemmas):
            guard !verbs.isEmpty else { return .fits }
            let relations = lemmas.flatMap { lemma in verbs.map { net.relation(lemma, $0) } }
            if relations.contains(.same) || relations.contains(.related) { return .fits }
            if relations.contains(.opposite) || lemmas.contains(where: { net.isIn($0, family: others) }) { return .conflicts }
            return .unrelated
        }
    }
}
