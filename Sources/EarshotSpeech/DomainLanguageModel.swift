import Foundation
import Synchronization

/// A trigram language model of what people say to a device's apps, written by Earshot as ARPA text, so
/// that wordings nobody wrote down ("can you get me tomato soup from Soup Chef") can still be transcribed
/// on devices that match flexibly. What such a transcript means is the resolver's to decide.
///
/// It is trained on the phrase expansions (which carry the titles and synonyms), each also behind the
/// request carriers people put in front ("give me", "can you") and with "please" after, and on a few
/// words requests are made of ("from", "using", "some"), so the model can move between them.
/// Probabilities are Witten–Bell estimates with back-off: every sequence of its words is possible,
/// those of the phrases most likely. The commonest words of English and its verbs (``GeneralVocabulary``)
/// share a fifth of the single words' probability, so speech no phrase holds is not forced onto the
/// phrases' words.
public struct DomainLanguageModel: Sendable, Hashable {
    /// The share of single-word probability that goes to the general vocabulary.
    public static let generalShare = 0.2

    /// Words people put in front of a request.
    public static let carriers = [
        "give me", "tell me", "show me", "get me", "can you", "could you", "would you", "will you", "please",
        "i want", "i want to", "i'd like", "i'd like to", "i need", "i need to", "let's", "go ahead and",
        "hey", "okay", "can i", "i wanna", "help me",
    ]
    /// Words requests are often made of that phrases may not hold.
    public static let connectives = [
        "from", "using", "via", "with", "in", "on", "for", "to", "at", "of", "my", "the", "a", "an", "some",
        "me", "it", "this", "that", "and", "now", "please", "for me",
    ]

    /// The sentences it was trained on, in recognisable words.
    public private(set) var sentences: [String]
    /// The general words and their probabilities (summing to 1), in the same order.
    public private(set) var generalWords: [String]
    public private(set) var generalProbabilities: [Double]

    /// A model of `phrases` (sentences in recognisable words, see ``RecognitionContext/words(_:)``), with
    /// `general` words beside them.
    ///
    /// `openings`: more words said before a request on this device, each put in front of every phrase like
    /// a carrier: its wake phrases ("hey siri") and hesitations ("um"), which recordings of people hold.
    public init(phrases: [String], general: [(word: String, probability: Double)] = GeneralVocabulary.words, openings: [String] = []) {
        generalWords = general.map(\.word)
        generalProbabilities = general.map(\.probability)
        var seen: Set<String> = []
        let phrases = phrases.map(RecognitionContext.words).filter { !$0.isEmpty && seen.insert($0).inserted }
        var sentences = phrases
        let carriers = Self.carriers + openings.map(RecognitionContext.words).filter { !$0.isEmpty && !Self.carriers.contains($0) }
        for phrase in phrases {
            sentences += carriers.map { "\($0) \(phrase)" }
            sentences.append("\(phrase) please")
        }
        sentences += Self.connectives
        self.sentences = sentences
    }

    /// A model of `sentences` as they are (in recognisable words), with no carriers added: answers and
    /// open-ended values, whose sentences already hold the words around them.
    public init(sentences: [String], general: [(word: String, probability: Double)] = GeneralVocabulary.words) {
        generalWords = general.map(\.word)
        generalProbabilities = general.map(\.probability)
        var seen: Set<String> = []
        self.sentences = sentences.map(RecognitionContext.words).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The model of `sentences` (``init(sentences:general:)``), made once per process.
    public static func of(sentences: [String]) -> DomainLanguageModel {
        let key = ["<sentences>"] + sentences
        if let model = made.withLock({ $0[key] }) { return model }
        let model = DomainLanguageModel(sentences: sentences)
        made.withLock { cache in
            if cache.count > 64 { cache.removeAll() }
            cache[key] = model
        }
        return model
    }

    /// A model of answers said inside sentences: each answer alone, after some of `leading` (fillers,
    /// carriers) and before some of `trailing` ("please"), and those words alone, so the model can move
    /// between them; with the commonest English words beside them for everything else people say.
    public static func of(answers: [String], leading: [String], trailing: [String]) -> DomainLanguageModel {
        var sentences = answers + leading + trailing
        // Each answer after a spread of the leading words (every one of them multiplied the model by a hundred
        // for little: the back-off joins the rest) and before each trailing one.
        let step = 8
        for (index, answer) in answers.enumerated() {
            sentences += stride(from: index % step, to: leading.count, by: step).map { "\(leading[$0]) \(answer)" }
            sentences += trailing.enumerated().filter { ($0.offset + index) % 3 == 0 }.map { "\(answer) \($0.element)" }
        }
        return of(sentences: sentences)
    }

    /// Models already made in this process, by the phrases they were made of.
    private static let made = Mutex<[[String]: DomainLanguageModel]>([:])

    /// The model of `phrases`, made once per process for the same phrases (a device asks for it on every
    /// request; making it anew took tens of milliseconds for the examples).
    public static func of(phrases: [String], openings: [String] = []) -> DomainLanguageModel {
        let key = phrases + ["<openings>"] + openings
        if let model = made.withLock({ $0[key] }) { return model }
        let model = DomainLanguageModel(phrases: phrases, openings: openings)
        made.withLock { cache in
            if cache.count > 64 { cache.removeAll() }
            cache[key] = model
        }
        return model
    }

    /// Every word of the model.
    public var vocabulary: Set<String> { Set(sentences.flatMap { $0.split(separator: " ").map(String.init) }).union(generalWords) }

    /// The model as ARPA text (log10 probabilities and back-off weights), with `<s>` and `</s>`.
    public var arpa: String {
        // Counts of 1-, 2- and 3-grams over the sentences with their boundaries.
        var counts: [[[String]: Int]] = [[:], [:], [:]]
        for sentence in sentences {
            let words = ["<s>"] + sentence.split(separator: " ").map(String.init) + ["</s>"]
            for order in 1...3 where words.count >= order {
                for start in 0...(words.count - order) {
                    let gram = Array(words[start..<(start + order)])
                    if order == 1, gram == ["<s>"] { continue }
                    counts[order - 1][gram, default: 0] += 1
                }
            }
        }
        // Unigrams: add-one over the vocabulary (every word possible anywhere).
        let unigramTotal = counts[0].values.reduce(0, +)
        let vocabularySize = counts[0].count
        var probability: [[String]: Double] = [:]
        for (gram, count) in counts[0] {
            probability[gram] = Double(count + 1) / Double(unigramTotal + vocabularySize)
        }
        // The general words' share of the single words' probability (words of both get both parts).
        if !generalWords.isEmpty {
            let share = Self.generalShare
            for (gram, p) in probability { probability[gram] = (1 - share) * p }
            for (word, p) in zip(generalWords, generalProbabilities) {
                probability[[word], default: 0] += share * p
                if counts[0][[word]] == nil { counts[0][[word]] = 0 }  // listed among the 1-grams
            }
        }
        // Higher orders: Witten–Bell, P(w | h) = c(h w) / (c(h) + T(h)) for seen w; the mass
        // T(h) / (c(h) + T(h)) goes to the lower order, scaled by the back-off weight.
        var backoff: [[String]: Double] = [:]
        for order in 2...3 {
            var historyCount: [[String]: Int] = [:]
            var historyTypes: [[String]: Int] = [:]
            for (gram, count) in counts[order - 1] {
                let history = Array(gram.dropLast())
                historyCount[history, default: 0] += count
                historyTypes[history, default: 0] += 1
            }
            var seenLower: [[String]: Double] = [:]
            for (gram, count) in counts[order - 1] {
                let history = Array(gram.dropLast())
                probability[gram] = Double(count) / Double(historyCount[history]! + historyTypes[history]!)
                seenLower[history, default: 0] += lowerProbability(Array(gram.dropFirst()), probability, backoff)
            }
            for (history, total) in historyCount {
                let left = Double(historyTypes[history]!) / Double(total + historyTypes[history]!)
                backoff[history] = left / max(1e-12, 1 - min(seenLower[history]!, 1 - 1e-12))
            }
        }
        var lines = ["\\data\\"]
        for order in 1...3 { lines.append("ngram \(order)=\(counts[order - 1].count + (order == 1 ? 1 : 0))") }
        for order in 1...3 {
            lines.append("")
            lines.append("\\\(order)-grams:")
            var grams = counts[order - 1].keys.map { $0 }
            if order == 1 { grams.append(["<s>"]) }
            for gram in grams.sorted(by: { $0.joined(separator: " ") < $1.joined(separator: " ") }) {
                let p = gram == ["<s>"] ? "-99" : String(format: "%.5f", log10(probability[gram]!))
                var line = "\(p) \(gram.joined(separator: " "))"
                if order < 3, gram != ["</s>"] {
                    line += String(format: " %.5f", log10(backoff[gram] ?? 1))
                }
                lines.append(line)
            }
        }
        lines.append("")
        lines.append("\\end\\")
        return lines.joined(separator: "\n") + "\n"
    }

    /// P(w | h) under the model so far: the n-gram if seen, otherwise the back-off weight of h times the
    /// probability one order down.
    private func lowerProbability(_ gram: [String], _ probability: [[String]: Double], _ backoff: [[String]: Double]) -> Double {
        if let p = probability[gram] { return p }
        guard gram.count > 1 else { return 0 }
        return (backoff[Array(gram.dropLast())] ?? 1) * lowerProbability(Array(gram.dropFirst()), probability, backoff)
    }
}
