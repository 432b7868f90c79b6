import CPocketSphinx
import EarshotAudio
import Foundation

extension Recognizer {
    /// Gives `model` to the decoder as a search (once per distinct model), with pronunciations for the
    /// words the dictionary lacks; returns the search's name.
    func prepare(_ model: DomainLanguageModel) throws(SpeechError) -> String {
        try give(model, to: decoder, known: \.languageModels)
    }

    /// Gives `model` to `target` as a search, unless `known` (that decoder's models, by search name) has it,
    /// with pronunciations for the words its dictionary lacks (added first: adding words drops the decoder's
    /// n-gram searches, ``addPronunciations(for:to:)``); returns the search's name.
    func give(_ model: DomainLanguageModel, to target: OpaquePointer,
              known: ReferenceWritableKeyPath<Recognizer, [DomainLanguageModel: String]>) throws(SpeechError) -> String {
        if let name = self[keyPath: known][model] { return name }
        try addPronunciations(for: model.vocabulary, to: target)
        let name = "lm\(self[keyPath: known].count)"
        try load(model, as: name, into: target)
        self[keyPath: known][model] = name
        return name
    }

    /// Loads `model` into `target` as the search `name` (pocketsphinx reads it from an ARPA file).
    func load(_ model: DomainLanguageModel, as name: String, into target: OpaquePointer) throws(SpeechError) {
        try Self.withArpaFile(of: model) { path throws(SpeechError) in
            guard ps_set_lm_file(target, name, path) == 0 else {
                throw SpeechError("pocketsphinx could not load the domain language model.")
            }
        }
    }

    /// Runs `body` with `model` written as an ARPA file in the temporary folder (pocketsphinx reads models
    /// from files), removed afterwards.
    static func withArpaFile<T>(of model: DomainLanguageModel, _ body: (String) throws(SpeechError) -> T) throws(SpeechError) -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("earshot-\(UUID().uuidString).arpa").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try model.arpa.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw SpeechError("could not write the domain language model (\(path)): \(error.localizedDescription).",
                              fix: "Check that the temporary folder is writable (TMPDIR).")
        }
        return try body(path)
    }

    /// Judges the language model's transcript of speech the grammar rejected (`decoded`, from
    /// ``languageModelPass(_:model:)``): the words, unless they are free phones' equal by less than the
    /// language model's own rejection, or a sentence of the grammar (which the grammar search, the better
    /// judge of its own sentences, has just refused).
    func paraphrase(_ decoded: Decoded, context: RecognitionContext, phoneScore: Int32, padding: Double) -> Recognition? {
        let (hypothesis, score, frames) = (decoded.hypothesis, decoded.score, decoded.frames)
        guard decoded.succeeded, !hypothesis.isEmpty, frames > 0, !context.sentences.contains(hypothesis) else { return nil }
        let words = decoded.words.map { Recognition.Word(word: $0.word, start: $0.start - padding, end: $0.end - padding, gap: $0.gap) }
        let gap = Double(phoneScore - score) / Double(frames)
        // Not widened in noise for an open-ended value (``judgeOpenEnded``): its reader takes a number out of
        // any transcript.
        let rejection = context.valueRules == nil ? languageModelRejection(context, spread: lastSpread) : paraphraseRejection
        let fit = max(0, min(1, (rejection.fitZero - gap) / rejection.fitZero))
        guard fit >= rejection.threshold else { return nil }
        return Recognition(text: hypothesis, confidence: (fit * 1000).rounded() / 1000, words: words, isSilence: false,
                           isRejected: false, bestGuess: hypothesis, isParaphrase: true, pass: .languageModel)
    }

    /// Starts the language model's pass over `samples` (the answers' check or the fallback's transcript) on
    /// its own decoder: on another thread when ``parallelPasses`` is on, else at once. Wait for it before
    /// the next pass of that decoder.
    /// Preparing the model (the first time) is charged to `stage`; the decoding's processor time is the
    /// result's own (``Decoded/processorSeconds``), for the reader to charge.
    func languageModelPass(_ samples: [Int16], model: DomainLanguageModel, stage: Stage) throws(SpeechError) -> Pending<Decoded> {
        let name = try charge(stage) { () throws(SpeechError) in try prepareLanguageModelPass(model) }
        let handle = DecoderHandle(pointer: try languageModelDecoder())
        let phones = phoneSegments
        guard parallelPasses else {
            return Pending(finished: Self.decodeWhole(samples, decoder: handle, search: name, phones: phones))
        }
        return Pending { Self.decodeWhole(samples, decoder: handle, search: name, phones: phones) }
    }
}

extension Recognizer {
    /// The search name of pocketsphinx's general en-us language model (dictation).
    static let dictationSearch = "dictation"

    /// Words people say before dictated text (the dialogue's reader takes them off the value), as the
    /// dictation search's second model (``dictationCarrierWeight``).
    static let dictationCarriers = [
        "um", "uh", "oh", "so", "well", "okay", "to", "remind me to", "that i need to", "that i have to", "i need to",
        "call it", "name it", "let's call it", "it's called", "i think it's", "tell him", "tell them", "just say",
        "my question is", "the title is", "something called", "a book called",
    ]

    /// The search an open-ended context decodes with: the general en-us model for dictation (loaded once
    /// per recognizer; the app's words it lacks are added to it), else the context's own model.
    func prepareOpenEnded(_ context: RecognitionContext) throws(SpeechError) -> String {
        guard context.dictation else {
            guard let model = context.languageModel else { throw SpeechError("an open-ended context has no language model.") }
            return try prepare(model)
        }
        // The app's words the dictionary lacks, added before the search is made (adding words drops the decoder's
        // n-gram searches, ``addPronunciations(for:to:)``): the grammars and the models of other contexts know
        // them; the general model does not, so an app's name outside its words is not dictated.
        try addPronunciations(for: Set(context.dictationWords.flatMap { $0.split(separator: " ").map(String.init) }))
        if !hasDictation {
            // Mixed with a small model of the words people say before dictated text ("remind me to", "that i
            // need to", "call it", "um"): alone, the general model heard a sentence's first words as others
            // ("that i need to" → "then they need to", "call my sister" → "all my sister").
            let carriers = DomainLanguageModel.of(sentences: Self.dictationCarriers)
            if dictationCarrierWeight > 0 { try addPronunciations(for: carriers.vocabulary) }
            if dictationGeneralModel == nil { dictationGeneralModel = try Self.readGeneralModel(for: decoder) }
            var search = ngram_model_retain(dictationGeneralModel)!
            if dictationCarrierWeight > 0 {
                let own = try Self.readModel(carriers, for: decoder, failure: "pocketsphinx could not load the model of the words said before dictation.")
                search = try Self.mix(search, own, ownName: "carriers", weight: dictationCarrierWeight, for: decoder,
                                      failure: "pocketsphinx could not mix the general en-us model with the words said before dictation.")
            }
            // The search keeps its own reference of the model.
            defer { ngram_model_free(search) }
            guard ps_set_lm(decoder, Self.dictationSearch, search) == 0 else {
                throw SpeechError("pocketsphinx could not load its general en-us language model (\(GeneralVocabulary.path)).",
                                  fix: "Reinstall pocketsphinx-en-us (`make setup`).")
            }
            hasDictation = true
        }
        return Self.dictationSearch
    }

    /// Judges the transcript of an open-ended context's language model: its fit against free phones
    /// (``paraphraseRejection``), and not longer than ``longestAnswer``.
    func judgeOpenEnded(hypothesis: String, score: Int32, frames: Int32, words: [Recognition.Word], phoneScore: Int32,
                        audio: AudioBuffer, dictation: Bool) -> Recognition {
        // Not widened in noise (``noiseAllowance``): the open values' reader takes a number out of any
        // transcript, and noise transcribed at a wider gap held one ("what's the weather like" at pink 10 dB
        // → "what were one" → 1 mile).
        let paraphraseRejection = dictation ? dictationRejection : paraphraseRejection
        let gap = Double(phoneScore - score) / Double(max(frames, 1))
        let voiced = audio.voicedSeconds(threshold: utteranceSilenceRMS * 3)
        lastDiagnostics = (gap, 1, voiced, 0)
        let fit = max(0, min(1, (paraphraseRejection.fitZero - gap) / paraphraseRejection.fitZero))
        let rejected = rejects && (hypothesis.isEmpty || fit < paraphraseRejection.threshold || voiced > longestAnswer)
        return Recognition(text: rejected ? "" : hypothesis, confidence: (fit * 1000).rounded() / 1000, words: rejected ? [] : words,
                           isSilence: false, isRejected: rejected, bestGuess: hypothesis, pass: rejected ? .none : .openEnded)
    }
}

extension Recognizer {
    /// How much further (score gap per frame) from free phones a language model's transcript may sit in
    /// noise: ``noiseAllowance`` per dB that the utterance's level spread (``lastSpread``) falls short of
    /// ``quietSpread``; nothing in a quiet room.
    func noiseWidening(spread: Double) -> Double {
        noiseAllowance * max(0, quietSpread - spread)
    }

    /// ``paraphraseRejection`` for an utterance whose level spread is `spread` (dB).
    func paraphraseRejection(spread: Double) -> Rejection {
        paraphraseRejection.widened(by: noiseWidening(spread: spread))
    }

    /// The rejection of the language model's transcript in `context` for an utterance whose level spread
    /// is `spread`: open-ended values and answers from a list believe it further in a quiet room
    /// (``quietValueRejection``, ``quietAnswerRejection``); in noise a value's stays at
    /// ``paraphraseRejection`` (its number words are forced out of noise), the others widen with the noise.
    func languageModelRejection(_ context: RecognitionContext, spread: Double) -> Rejection {
        let quiet = spread >= quietSpread
        if context.valueRules != nil { return quiet ? quietValueRejection : paraphraseRejection }
        if quiet, context.kind == .answer { return quietAnswerRejection }
        return paraphraseRejection(spread: spread)
    }
}

extension Recognizer.Rejection {
    /// The same rejection, with the gap at which confidence reaches the threshold moved `gap` further.
    func widened(by gap: Double) -> Self {
        guard gap > 0, threshold < 1 else { return self }
        // fit = (fitZero − g) / fitZero reaches the threshold at g = fitZero × (1 − threshold).
        return Self(fitZero: fitZero + gap / (1 - threshold), threshold: threshold)
    }
}
