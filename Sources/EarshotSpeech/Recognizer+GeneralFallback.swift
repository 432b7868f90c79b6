import CPocketSphinx
import Foundation

extension Recognizer {
    /// What pocketsphinx's general en-us model hears in a request that neither the grammar nor the domain
    /// language model took (``RecognitionContext/generalFallback``), on the language-model passes' decoder,
    /// with the context's `dictationWords` (the apps' names and their phrases' words) added; `nil` when its
    /// transcript sits further from free phones than dictation may (``dictationRejection``, widened in noise
    /// like the domain model's). The matcher judges the words: a request names its app, and a flexible match
    /// has to clear the matcher's own threshold.
    ///
    /// The domain language model is built from the phrases, so a wording with many words the phrases never
    /// had ("has my lunch left the kitchen yet, Soup Chef") fits it badly and is refused; the general model
    /// hears it nearly word for word.
    func generalTranscript(_ samples: [Int16], context: RecognitionContext, phoneScore: Int32,
                           padding: Double) throws(SpeechError) -> Recognition? {
        guard let domain = context.languageModel else { return nil }
        let target = try languageModelDecoder()
        let search = try charge(.fallback) { () throws(SpeechError) -> String in
            // Words the dictionary lacks are added before the mix is made: adding words drops the decoder's
            // n-gram searches (``addPronunciations(for:to:)``), and no model of the mix learns them.
            try addPronunciations(for: Set(context.dictationWords.flatMap { $0.split(separator: " ").map(String.init) }), to: target)
            return try prepareGeneral(mixedWith: domain, in: target)
        }
        let decoded = Self.decodeWhole(samples, decoder: DecoderHandle(pointer: target), search: search, phones: phoneSegments)
        lastStageSeconds[.fallback, default: 0] += decoded.processorSeconds
        lastCriticalSeconds += decoded.processorSeconds
        lastTimings.grammar += decoded.seconds
        guard decoded.succeeded, !decoded.hypothesis.isEmpty, decoded.frames > 0 else { return nil }
        let rejection = dictationRejection.widened(by: noiseWidening(spread: lastSpread))
        let gap = Double(phoneScore - decoded.score) / Double(decoded.frames)
        let fit = max(0, min(1, (rejection.fitZero - gap) / rejection.fitZero))
        guard fit >= rejection.threshold || !rejects else { return nil }
        let words = decoded.words.map { Recognition.Word(word: $0.word, start: $0.start - padding, end: $0.end - padding, gap: $0.gap) }
        return Recognition(text: decoded.hypothesis, confidence: (fit * 1000).rounded() / 1000, words: words, isSilence: false,
                           isRejected: false, bestGuess: decoded.hypothesis, isParaphrase: true, pass: .languageModel)
    }

    /// The search of the general en-us model mixed with `domain` at ``generalFallbackDomainWeight`` on `target`
    /// (the language-model passes' decoder): the general model knows how people talk, the domain model the
    /// apps' names and values (alone, the general model heard Bin Day as "been day"). One search per domain
    /// model; the general model is read once and shared.
    func prepareGeneral(mixedWith domain: DomainLanguageModel, in target: OpaquePointer) throws(SpeechError) -> String {
        if let name = mixedSearches[domain] { return name }
        try addPronunciations(for: domain.vocabulary, to: target)
        if generalModel == nil { generalModel = try Self.readGeneralModel(for: target) }
        let own = try Self.readModel(domain, for: target, failure: "pocketsphinx could not load the domain language model.")
        // The set holds a reference of each model: the shared general model's is taken here.
        let mixed = try Self.mix(ngram_model_retain(generalModel), own, ownName: "domain", weight: generalFallbackDomainWeight, for: target,
                                 failure: "pocketsphinx could not mix the general and domain language models.")
        // The search keeps its own reference of the set.
        defer { ngram_model_free(mixed) }
        let name = "mixed\(mixedSearches.count)"
        guard ps_set_lm(target, name, mixed) == 0 else {
            throw SpeechError("pocketsphinx could not load the mixed language model.")
        }
        mixedSearches[domain] = name
        return name
    }
}
