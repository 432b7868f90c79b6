import CPocketSphinx
import CSpeechShims
import EarshotSemantic
import Foundation

/// The commonest words of English with their probabilities, read from the general language model Debian
/// ships with pocketsphinx's en-us model (`en-us.lm.bin`): its 1,000 most probable words (``size``), and
/// the verbs among its 10,000 most probable (``verbReach``: words WordNet's tagged corpus uses as verbs at
/// least as often as otherwise, ``VerbNet/isMostlyVerb(_:)``, the matcher's own test of a verb).
///
/// The domain language model gives them a small share of its probability (``DomainLanguageModel/generalShare``),
/// so speech no phrase holds is heard as common words rather than forced onto the phrases' own: "Pull the
/// key points from my shopping list with Demo" was heard "will that need what's from my shopping list
/// with demo", which the flexible matcher took for a request.
///
/// The verbs are there because requests are made with them, and the actions people ask apps for are
/// rarer words than the commonest thousand ("pull" is the model's 1,130th word, "delete" its 3,835th,
/// "cancel" its 5,147th). A verb the recogniser cannot hear becomes other words, and the matcher can only
/// judge the verb it is given (issue 19): "Cancel my soup order with Soup Chef" was heard "can small my
/// soup order with soup chef" and ordered soup, "Remove milk from my shopping list with Demo" "through
/// built from my shopping list with demo" and summarised the list; with the verbs, both are heard with
/// their verbs and match nothing. Some 920 verbs join the thousand words, at their own probabilities:
/// raised to the thousandth word's, more verbs of requests were heard ("cancel" is still heard "can to"
/// at times), but so were rare ones inside phrases said (en-gb "Schedule a trip" heard "shed you'll a
/// trip"). Chosen over the development files spoken (BENCHMARKS.md, "Verbs the recognizer hears").
public enum GeneralVocabulary {
    /// Debian's general en-us language model.
    public static let path = (Recognizer.Model.debian.dictionary as NSString).deletingLastPathComponent + "/en-us.lm.bin"
    /// How many of its words, most probable first.
    public static let size = 1_000
    /// How far down its words, most probable first, its verbs are taken too (``words``).
    public static let verbReach = 10_000

    /// The words with their probabilities (summing to 1), read once per process; empty when the model
    /// cannot be read, and the domain language model is then the phrases' alone.
    public static let words: [(word: String, probability: Double)] = read(path: path, count: size, verbsWithin: verbReach) {
        VerbNet.shared.isMostlyVerb($0)
    }

    /// The `count` most probable plain words (letters and apostrophes) of the language model at `path`,
    /// and those of the `verbsWithin` most probable that `isVerb`, most probable first, their
    /// probabilities scaled to sum to 1.
    public static func read(path: String, count: Int, verbsWithin: Int = 0,
                            isVerb: (String) -> Bool = { _ in false }) -> [(word: String, probability: Double)] {
        guard FileManager.default.isReadableFile(atPath: path) else { return [] }
        earshot_sphinx_quiet()
        guard let logmath = logmath_init(1.0001, 0, 0) else { return [] }
        defer { logmath_free(logmath) }
        guard let model = ngram_model_read(nil, path, NGRAM_AUTO, logmath) else { return [] }
        defer { ngram_model_free(model) }
        // Every word id, with its single-word probability (Debian's sphinxbase exports no n-gram iterator).
        var unigrams: [(word: String, probability: Double)] = []
        let size = ngram_model_get_counts(model).map { Int($0[0]) } ?? 0
        for id in 0..<Int32(size) {
            guard let text = ngram_word(model, id) else { continue }
            let word = String(cString: text)
            guard !word.isEmpty, word.first != "'", word.allSatisfy({ $0.isLetter || $0 == "'" }) else { continue }
            var words: [UnsafePointer<CChar>?] = [text]
            let score = ngram_prob(model, &words, 1)
            unigrams.append((word, exp(logmath_log_to_ln(logmath, score))))
        }
        let ranked = unigrams.sorted { ($0.probability, $1.word) > ($1.probability, $0.word) }
        let top = ranked.prefix(count) + ranked.prefix(verbsWithin).dropFirst(count).filter { isVerb($0.word) }
        let total = top.reduce(0) { $0 + $1.probability }
        return total > 0 ? top.map { ($0.word, $0.probability / total) } : []
    }
}
