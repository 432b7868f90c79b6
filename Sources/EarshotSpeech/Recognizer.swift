import CPocketSphinx
import CSpeechShims
import EarshotAudio
import Foundation

/// What was heard in one turn.
public struct Recognition: Sendable, Equatable {
    public struct Word: Sendable, Equatable {
        public var word: String
        public var start: Double
        public var end: Double
        /// How much worse (log score per frame, acoustic only) this word explains its own stretch of audio
        /// than the free phone loop does there; nil when not measured.
        public var gap: Double? = nil
    }

    /// Which search produced a transcript.
    public enum Pass: String, Sendable {
        case none, grammar, framed, languageModel = "language-model", openEnded = "open-ended"
    }

    /// The transcript (empty when nothing was heard or the speech was rejected).
    public var text: String
    /// 0...1: how much better the grammar explains the audio than free phones do.
    public var confidence: Double
    public var words: [Word]
    /// No speech in the audio.
    public var isSilence: Bool
    /// Speech that the context does not allow (the grammar's best guess was refused).
    public var isRejected: Bool
    /// The grammar's best guess, even when rejected (for developers).
    public var bestGuess: String
    /// The text was transcribed with the context's domain language model, not the grammar: speech the
    /// grammar does not hold, which may be a wording of a phrase nobody wrote down.
    public var isParaphrase = false
    /// The search whose transcript this is (``Pass/none`` for silence and rejected speech).
    public var pass: Pass = .none
}

/// pocketsphinx with the en-us model, recognising against the sentences of a ``RecognitionContext``.
///
/// One decoder per instance; use an instance from one task at a time (pocketsphinx is not thread-safe).
public final class Recognizer {
    /// Where the en-us acoustic model and dictionary are: Debian's `pocketsphinx-en-us` (``debian``), or
    /// that model adapted to espeak-ng's voices (``synthetic(folder:)``); ``for(_:)`` picks by whose
    /// speech is heard.
    public struct Model: Sendable {
        public var acousticModel: String
        public var dictionary: String

        /// The noise suppression its speech is heard with (``Recognizer/noiseSuppression``), nil for none.
        public var noiseSuppression: Int?

        /// Whether answers the grammars take are checked against the answers' language model
        /// (``Recognizer/competitorMargin``): people say things no answer grammar holds.
        public var checksAnswers: Bool

        public init(acousticModel: String, dictionary: String, noiseSuppression: Int? = nil, checksAnswers: Bool = false) {
            self.acousticModel = acousticModel
            self.dictionary = dictionary
            self.noiseSuppression = noiseSuppression
            self.checksAnswers = checksAnswers
        }

        /// Debian's model, for people: recordings and microphones carry a room's noise, taken out first,
        /// and people answer with things that are no answer, which the answers' language model catches.
        public static let debian = Model(
            acousticModel: "/usr/share/pocketsphinx/model/en-us/en-us",
            dictionary: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict",
            noiseSuppression: -15, checksAnswers: true)
    }

    /// How confidence is judged, and where speech is rejected, in one kind of context.
    ///
    /// Confidence = fit × coverage × timing. The fit is 1 at a score gap per frame (phone loop − grammar)
    /// ≤ 0 and falls to 0 at `fitZero`; coverage is the heard words' time ÷ voiced time (full at 85%);
    /// timing comes from the voiced seconds per phone of the heard words (see ``phoneSeconds``).
    public struct Rejection: Sendable, Hashable {
        /// The score gap per frame at which the fit falls to 0.
        public var fitZero: Double
        /// Below this confidence, speech is rejected as outside the context.
        public var threshold: Double

        public init(fitZero: Double, threshold: Double) {
            self.fitZero = fitZero
            self.threshold = threshold
        }

        /// Requests: sentences really said sit at a gap of −14 … +3 on the fixtures (99th percentile),
        /// out-of-domain speech forced onto them at +11 and up, and a paraphrase forced onto its phrase
        /// ("give me a summary of my shopping list" as "summarize my shopping list") near +6: rejected
        /// above a gap of 5.
        public static let request = Rejection(fitZero: 10, threshold: 0.5)
        /// Answers: one short word leaves free phones room to fit better (right answers up to +13, some
        /// beyond), while out-of-domain speech forced onto answers starts near +13: rejected above 20.
        public static let answer = Rejection(fitZero: 40, threshold: 0.5)
    }

    /// Rejection in request contexts (``RecognitionContext/Kind/request``).
    public var requestRejection = Rejection.request
    /// Rejection in answer contexts (``RecognitionContext/Kind/answer``).
    public var answerRejection = Rejection.answer
    /// Rejection of dictated text (the general en-us model): its probabilities of everyday words put it
    /// further below free phones than a small model's (espeak-ng's "call the dentist" at a gap of 20.4),
    /// and anything said is a text, so only speech free phones explain far better is refused.
    public var dictationRejection = Rejection(fitZero: 80, threshold: 0.5)
    /// The share of dictation's search that goes to a model of the words people say before dictated text
    /// (``dictationCarriers``; the rest is pocketsphinx's general en-us model). 0: the general model alone,
    /// as before 2026-11-27. Set before the first dictation. Measured on the dictated strings of people-dev's
    /// development files (127 rows, clean): 0.3 heard 43 right in Piper's voice (35 alone), 12 in espeak-ng's (13).
    public var dictationCarrierWeight = 0.3
    /// Rejection of transcripts of the domain language model (confidence is the fit alone).
    public var paraphraseRejection = Rejection(fitZero: 40, threshold: 0.5)
    /// Rejection of the language model's transcript that checks an open-ended value (a number, amount, date or
    /// duration) in a quiet room (level spread at least ``quietSpread``): a value said with a reason after it
    /// ("forty minutes, that's usually when I drift off", "three of us, plus a small dog") sits a little
    /// further from free phones than the value alone, and refusing the transcript refused the answer (heard
    /// as nothing). Measured on people-dev's development files heldout9–13 in Piper's voice, clean: values
    /// 157 → 161 of 251 at 50 (60 did no better), out-of-domain answers refused 60 → 59 of 63 (the one lost
    /// was said to an entity's question, which this rule does not judge; the decoders' running state carries
    /// from one row to the next). In noise the transcripts stay at
    /// ``paraphraseRejection``: there the model's number words were forced out of noise.
    public var quietValueRejection = Rejection(fitZero: 50, threshold: 0.5)
    /// The same for the language model's transcript of an answer from a list (the answers' check and the
    /// fallback) in a quiet room: "definitely Japanese, we're going to Tokyo in April".
    public var quietAnswerRejection = Rejection(fitZero: 50, threshold: 0.5)
    /// False: accept whatever sentence the grammar search ends on (for calibrating rejection).
    public var rejects = true
    /// Voiced seconds per phone of the heard words: up to the lower bound the words' timing is
    /// plausible (timing 1), at the upper bound implausible (timing 0). A grammar made to explain speech it
    /// does not hold stretches a few words over it: "dim the bedroom lights" heard as "stop" is 0.3 s a
    /// phone. Words said take 0.05–0.13 s a phone on the fixtures; a person's slow "yes" (0.5 s, three
    /// phones) about 0.17.
    public var phoneSeconds: ClosedRange<Double> = 0.2...0.35
    /// The amplitude (of 32768) of faint noise added to everything decoded: a quiet room's floor. Synthetic
    /// speech (espeak-ng) has stretches of exact digital zeros between words, whose log energy no real
    /// microphone gives; the phone loop fits them better than the grammar's silence and such speech was
    /// rejected. Fresh espeak-ng WAVs of 40 example phrases in the HomePod and Watch voices, on the Watch
    /// (60 of the 80 clips are its phrases): 32 of 60 recognised without the floor, 60 of 60 with it; on
    /// HomePod 80 of 80 with it. (The Opus fixtures hid this: the codec leaves no digital silence.)
    /// About −67 dBFS: far below speech, and below ``silenceRMS``. 0 turns it off.
    public var noiseFloor = 24
    /// Seconds of voiced speech beyond which no answer is taken (a ramble, a conversation in the room):
    /// people answer a question in a few seconds; a dictated text may take longer, but not this long.
    public var longestAnswer = 15.0
    /// How much better per frame (log score) the answers inside their frame must explain the audio than the
    /// plain answers do for the framed transcript to replace a plain one the grammar took.
    public var framedAdvantage = 2.0
    /// How much better per frame (total log score) the answers' language model must explain the audio than
    /// the answer the grammars took, for its transcript to replace that answer when it does not hold the
    /// answer's words. Minus infinity: whenever it does not hold them — a small grammar's prior always
    /// beats a model of many words on total score, so out-of-domain speech forced onto "third one" still
    /// scored 5–12 per frame better than "start work help" (people-dev, BENCHMARKS.md). Infinity: never,
    /// and the model is not decoded. By default from the acoustic model (``Model/checksAnswers``): minus
    /// infinity for people's speech, infinity for the synthetic-speech model (Earshot's own clean voices).
    public var competitorMargin: Double
    /// Below this confidence an answer the grammars took is overruled by the answers' language model
    /// whatever it heard (a transcript that fails its own fit then rejects the answer); at or above it,
    /// only by a transcript that fits and only when the answer names something (not a bare "yes"). A check
    /// that could also reject confident answers refused espeak-ng's "the second one" (en-us+f3) and took a
    /// quick "yes" as "use" from run to run in the speech suite.
    public var competitorConfidence = 0.6
    /// Decodes the competitor even when it cannot win (calibration): ``lastCompetitor``.
    public var recordsCompetitor = false
    /// The last answer's competitor: the language model's transcript, its advantage per frame over the
    /// answer taken, whether it holds the answer's words, and the answer the grammars took.
    public internal(set) var lastCompetitor: (text: String, advantage: Double, agrees: Bool, taken: String)?
    /// The last utterance's fallback: the language model's transcript of speech the grammars refused and its
    /// score gap per frame against free phones (whether or not it was taken), for calibrating.
    public internal(set) var lastFallback: (text: String, gap: Double)?
    /// An open-ended value the grammars took stands against a check whose transcript fails its own fit, in a
    /// quiet room (a level spread of at least ``quietSpread``), when the value explains the audio about as well as free phones do — a score gap per frame up to
    /// ``keptValueGap`` —, the model's transcript explains it worse by at least ``keptValueMargin`` per
    /// frame, and the transcript holds half of the value's words (``keepsValue(_:against:takenGap:advantage:)``).
    /// Minus infinity: off (the value is refused, as before the fourteenth pass).
    public var keptValueGap = 8.0
    /// See ``keptValueGap``.
    public var keptValueMargin = 12.0
    /// Pads a file's clip with its own quietest tenth of a second (its background: a room's noise, or
    /// nothing) rather than with faint noise.
    public var padsWithOwnNoise = false
    /// Noise suppression before decoding (``NoiseSuppressor``, speexdsp): the most the background is pushed
    /// down, in dB (negative); nil: none. The model's own setting (``Model/noiseSuppression``) by default.
    public var noiseSuppression: Int? {
        didSet { suppressor = nil }
    }
    /// The suppressor of the current stream (a clip given to ``recognize(_:in:)`` gets a fresh one).
    var suppressor: NoiseSuppressor?
    /// Whether a whole clip (``recognize(_:in:)``) from a quiet room — its level spread (``AudioBuffer/levelSpread()``)
    /// at least ``quietSpread`` — goes through the noise suppression too. False: such a clip is decoded as it
    /// came. Learnt from a short clip that is nearly all speech, speexdsp's estimate of the background is
    /// speech, and it takes out the speech's weaker sounds: dictated text spoken by Piper, clean, was heard
    /// right 16 times in 59 with it and 20 without ("remind me to call the dentist" → "… call the benches").
    /// Streams keep theirs: their estimate is learnt from the pauses between utterances.
    public var suppressesQuietClips = false
    /// Whether the general en-us language model is loaded (``prepareOpenEnded(_:)``).
    var hasDictation = false
    /// The general en-us model as read for mixing (``prepareGeneral(mixedWith:in:)``), once.
    var generalModel: OpaquePointer?
    /// The general en-us model as read for dictation's search on the main decoder (``prepareOpenEnded(_:)``),
    /// once: the search is made again whenever words are added to that decoder.
    var dictationGeneralModel: OpaquePointer?
    /// The mixed general-and-domain searches of the language-model passes' decoder, by domain model.
    var mixedSearches: [DomainLanguageModel: String] = [:]
    /// The domain model's share of the mix the general fallback decodes with
    /// (``generalTranscript(_:context:phoneScore:padding:)``; 0.5 and 0.75 measured the same on the
    /// development files, BENCHMARKS.md).
    public var generalFallbackDomainWeight = 0.5
    /// Below this RMS (a fraction of full scale), the audio is silence.
    public var silenceRMS: Double = 0.003
    /// The speech level (dB of full scale, ``AudioBuffer/speechLevel``) a whole clip (``recognize(_:in:)``)
    /// quieter than this is raised to before it is heard, by ``inputLevelling``'s most: the thresholds on
    /// voiced time and silence are absolute, and a person recorded from across a room speaks 20–30 dB
    /// under a synthesizer's full-scale clips. nil: clips are heard at the level they came.
    public var inputLevel: Double? = -24
    /// The most a clip is raised by (dB) to reach ``inputLevel``: far enough for a whisper-quiet recording,
    /// not so far that a silent room's hiss becomes loud.
    public var inputLevelling = 40.0
    /// The gain (dB) the last whole clip was raised by to reach ``inputLevel`` (0 when none).
    public internal(set) var lastInputGain = 0.0
    /// ``silenceRMS`` for the utterance being judged: a streamed utterance (``process(_:whole:)``, not raised
    /// as a whole clip is) quieter than ``inputLevel`` has its silence and voiced-time thresholds lowered
    /// by the gain that would raise it there, down to just above the ``noiseFloor`` (about 13 dB). A live
    /// microphone's speech must also pass ``VoiceLevel``'s −55 dBFS to start an utterance.
    var utteranceSilenceRMS = 0.003
    /// In noise, language models' transcripts sit further from free phones, which fit noise well: the gap
    /// at which those of the answers' check and of the fallback (not open-ended answers') are refused moves this much
    /// (per frame) further for every dB that the utterance's level spread — its loud frames over its quiet
    /// ones, as it came, before noise suppression (``lastSpread``) — falls short of ``quietSpread``. 0: off.
    public var noiseAllowance = 0.3
    /// Whether, in noise (a level spread under ``quietSpread``), an answer the grammars took stands when the
    /// answers' language model heard its sentence with common words where its value was
    /// (``heardFrame(of:in:context:)``): "I'd rather have a cup" at pink 10 dB, taken by the frame as "i'd
    /// rather have uh cup" and heard by the model as "i'd rather have on", is a cup, not a question asked
    /// again. False: the check overrules it, as before 2026-11-26.
    public var keepsFramedValueInNoise = true
    /// Whether the last answer's check heard its sentence with common words where its value was, in noise
    /// (what ``keepsFramedValueInNoise`` keeps), for calibrating.
    public internal(set) var lastHeardFrame = false
    /// The level spread (dB) at and above which speech is heard as in a quiet room (no allowance, and a whole
    /// clip not suppressed: ``suppressesQuietClips``): Piper's clean clips spread 48–81 dB, with pink noise
    /// 10 dB under them 13–17 dB.
    public var quietSpread = 30.0
    /// The last utterance's level spread, dB (``AudioBuffer/levelSpread()``).
    public internal(set) var lastSpread = 0.0

    /// Whether passes that do not wait for each other run at the same time on two threads: the grammar
    /// search beside the phone loop while audio comes, and the language model's pass (the answers' check,
    /// the fallback's transcript) beside the framed pass. The same results either way; the clock's time
    /// of a turn falls, its processor time does not (the language model's pass is then decoded even when
    /// its transcript goes unused). On by default where there is more than one processor.
    public var parallelPasses = ProcessInfo.processInfo.activeProcessorCount > 1

    let decoder: OpaquePointer
    private let config: OpaquePointer
    /// The main decoder's arguments beyond the model's, for starting the language-model passes' decoder.
    let decoderArguments: [String]
    /// More pocketsphinx arguments for the language-model passes' decoder (the answers' check, the fallback's
    /// transcript) beyond the main decoder's, such as narrower beams; set before its first use.
    public var languageModelPassOptions: [String] = []
    /// The language-model passes' decoder and its configuration, once started (``languageModelDecoder()``).
    var secondDecoder: (config: OpaquePointer, decoder: OpaquePointer)?
    /// Language models already given to the language-model passes' decoder, by model.
    var passLanguageModels: [DomainLanguageModel: String] = [:]
    /// The phone loop's own decoder.
    let phoneDecoder: OpaquePointer
    private let phoneConfig: OpaquePointer
    /// The utterance being streamed, if any.
    var utterance: Utterance?
    /// The phone loop's path over the last utterance (for the words' own gaps).
    var phoneSegments: [Segment] = []
    private let synthesizer = Synthesizer()
    /// Grammars already given to the decoder, by their sentences (and the words around them).
    var grammars: [[String]: String] = [:]
    /// Language models already given to the decoder, by model (its sentences and general words).
    var languageModels: [DomainLanguageModel: String] = [:]
    /// The last recognition's score gap per frame, word coverage of the voiced audio, voiced seconds and
    /// the number of phones of the heard words.
    public internal(set) var lastDiagnostics: (gap: Double, coverage: Double, voiced: Double, phones: Int) = (0, 0, 0, 0)
    /// Seconds the last recognition spent decoding with the grammar and with the phone loop.
    public internal(set) var lastTimings: (grammar: Double, phoneLoop: Double) = (0, 0)
    /// Processor seconds of the last recognition along its longest thread: passes that ran at the same
    /// time (``parallelPasses``) count once, by the longer of the two. What the clock shows for a turn when
    /// each thread has a processor to itself; the sum of ``lastStageSeconds`` when the passes run one after
    /// the other.
    public internal(set) var lastCriticalSeconds = 0.0
    /// Processor seconds (of the decoding thread) the last recognition spent in each ``Stage``.
    public internal(set) var lastStageSeconds: [Stage: Double] = [:]
    /// The acoustic model and dictionary the decoders were started with.
    public let model: Model
    /// Words the dictionary lacked, with the pronunciation Earshot derived.
    public internal(set) var guessedWords: [String: String] = [:]

    /// - Parameters:
    ///   - decoderOptions: more pocketsphinx arguments for the grammar decoder (e.g. wider beams for
    ///     long sentences with pauses, such as a device's replies).
    ///   - frontEndOptions: pocketsphinx arguments for both decoders (the grammar's and the phone loop's),
    ///     such as its feature front end's (`-remove_noise`).
    ///   - phoneLoopOptions: the phone loop decoder's own settings (``phoneLoopOptions``), for calibrating.
    public init(model: Model = .debian, decoderOptions: [String] = [], frontEndOptions: [String] = [],
                phoneLoopOptions: [String] = Recognizer.phoneLoopOptions) throws(SpeechError) {
        for path in [model.acousticModel, model.dictionary] where !FileManager.default.fileExists(atPath: path) {
            throw SpeechError("the speech model is missing (\(path)).", fix: "Install it with `make setup` (Debian package pocketsphinx-en-us).")
        }
        earshot_sphinx_quiet()
        self.model = model
        noiseSuppression = model.noiseSuppression
        competitorMargin = model.checksAnswers ? -.infinity : .infinity
        decoderArguments = frontEndOptions + decoderOptions
        (config, decoder) = try Self.start(model, options: decoderArguments)
        (phoneConfig, phoneDecoder) = try Self.start(model, options: frontEndOptions + phoneLoopOptions)
        // The free phone loop that rejection compares against: one dictionary word per phone, looped in a
        // grammar. (pocketsphinx's own allphone search took 3–10 s per utterance; this takes ~30 ms.) It
        // runs on a decoder of its own, so both can take a live stream's audio as it comes.
        for decoder in [decoder, phoneDecoder] {
            for phone in Pronunciation.phones {
                ps_add_word(decoder, "ph_\(phone.lowercased())", phone, 0)
            }
            let loop = Pronunciation.phones.map { "ph_\($0.lowercased())" }.joined(separator: " | ")
            guard ps_set_jsgf_string(decoder, Self.phoneLoop, "#JSGF V1.0;\ngrammar phones;\npublic <phones> = (\(loop))+;\n") == 0,
                  ps_set_search(decoder, Self.phoneLoop) == 0 else {
                throw SpeechError("pocketsphinx could not build its phone loop.")
            }
        }
    }

    static func start(_ model: Model, options: [String] = []) throws(SpeechError) -> (OpaquePointer, OpaquePointer) {
        // Without pocketsphinx's noise removal (spectral subtraction): on the audio fixtures it cost
        // follow-up answers 2 points (94.7% → 96.7% heard right, before rejection).
        // No `-logfn`: pocketsphinx's log is already off (earshot_sphinx_quiet), and `-logfn` makes every
        // ps_init close and reopen one process-wide log file, which two recognizers starting at once
        // (`earshot test --jobs 2`) closed twice: glibc deadlocked in fclose.
        let arguments = ["-hmm", model.acousticModel, "-dict", model.dictionary, "-remove_noise", "no"] + options
        var pointers: [UnsafePointer<CChar>?] = arguments.map { UnsafePointer(strdup($0)) }
        pointers.append(nil)
        defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
        // Decoders are used one per thread, but starting one touches pocketsphinx's process-wide state
        // (its log, the model files): one start at a time.
        Self.starting.lock()
        defer { Self.starting.unlock() }
        earshot_sphinx_quiet()
        guard let config = earshot_cmd_ln_init(pointers) else { throw SpeechError("pocketsphinx rejected its configuration.") }
        guard let decoder = ps_init(config) else {
            cmd_ln_free_r(config)
            throw SpeechError("pocketsphinx could not start with the en-us model.", fix: "Reinstall pocketsphinx-en-us (`make setup`).")
        }
        return (config, decoder)
    }

    /// 0.1 s of faint noise (±30 of 32768, about −67 dB; repeatable; digital silence suits the model's
    /// silence worse): what `recognize` puts around a clip.
    static let padding = AudioBuffer.faintNoise(count: AudioBuffer.recognitionRate / 10, amplitude: 30, seed: 12345)

    /// The quietest `count` samples of `samples` (by RMS over 10 ms steps), or nil when it is shorter than
    /// three times that: a clip's own background, to pad it with.
    static func quietestStretch(of samples: [Int16], count: Int) -> [Int16]? {
        guard count > 0, samples.count >= 3 * count else { return nil }
        let step = AudioBuffer.recognitionRate / 100
        var best = 0, bestEnergy = Double.infinity
        var start = 0
        while start + count <= samples.count {
            var energy = 0.0
            for index in stride(from: start, to: start + count, by: 4) { energy += Double(samples[index]) * Double(samples[index]) }
            if energy < bestEnergy { bestEnergy = energy; best = start }
            start += step
        }
        return Array(samples[best..<(best + count)])
    }

    /// The phone loop decoder's settings: it is a yardstick, searched once per utterance over every phone, so
    /// its scoring of the acoustic model's Gaussians is most of its cost.
    /// - Narrower beams: a wide one costs as much as the grammar.
    /// - No phone lookahead (`-pl_window 0`): pocketsphinx runs a second, context-independent phone loop a
    ///   few frames ahead of every search to prune language-model searches; a grammar search (the loop is
    ///   one) does not read it, so its scores are the same without it (its saving was within the noise of
    ///   the development runs: 0.147 → 0.146 s per second of audio, warm).
    /// Not `-topn 2` (the best 2 Gaussians of each mixture instead of 4): the loop 15% cheaper, but one
    /// out-of-domain answer fewer refused in Piper's voice at pink 10 dB and in espeak-ng's voices
    /// (BENCHMARKS.md, "Recognition speed: one pass fewer").
    public static let phoneLoopOptions = ["-beam", "1e-10", "-pbeam", "1e-10", "-wbeam", "1e-8", "-pl_window", "0"]

    /// Held while a decoder starts.
    private static let starting = NSLock()

    /// The search name of the free phone loop.
    static let phoneLoop = "phones"

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
        ps_free(phoneDecoder)
        cmd_ln_free_r(phoneConfig)
        if let secondDecoder {
            ps_free(secondDecoder.decoder)
            cmd_ln_free_r(secondDecoder.config)
        }
        if let generalModel { ngram_model_free(generalModel) }
        if let dictationGeneralModel { ngram_model_free(dictationGeneralModel) }
    }

    /// Makes sure every word of `context` can be recognised, deriving pronunciations for unknown ones.
    public func prepare(_ context: RecognitionContext) throws(SpeechError) -> String {
        if context.isOpenEnded { return try prepareOpenEnded(context) }
        let key = context.sentences + (context.valueRules.map { ["<rules>", $0] } ?? [])
        if let name = grammars[key] { return name }
        try addPronunciations(for: context.vocabulary)
        let name = "g\(grammars.count)"
        guard ps_set_jsgf_string(decoder, name, Self.jsgf(context)) == 0 else {
            throw SpeechError("pocketsphinx could not build the grammar for \(context.name).")
        }
        grammars[key] = name
        return name
    }

    /// The JSGF grammar of a context: one public rule holding its sentences, factored into a tree of
    /// common beginnings ("order (soup with (soup chef | soup app) | …)"), so the decoder follows one
    /// path per distinct word rather than one per sentence (several times faster on many phrases).
    /// An open-ended value's rules (``RecognitionContext/valueRules``) add `<value>` beside the sentences.
    public static func jsgf(_ context: RecognitionContext) -> String {
        "#JSGF V1.0;\ngrammar earshot;\n\(context.valueRules ?? "")public <utterance> = \(choices(context.sentences, context));\n"
    }

    /// The alternatives of a grammar's public rule: `sentences` as a tree, and `<value>` beside them when
    /// the context has an open-ended value's rules.
    static func choices(_ sentences: [String], _ context: RecognitionContext) -> String {
        guard context.valueRules != nil else { return WordTree(sentences).jsgf }
        return sentences.isEmpty ? "<value>" : "<value> | \(WordTree(sentences).jsgf)"
    }

    /// The grammar of a context's sentences inside their frame (answers said in sentences): the
    /// sentences, as ``prepare(_:)`` gives them, with ``RecognitionContext/leading`` and
    /// ``RecognitionContext/trailing`` words around them. Nil for a context without a frame.
    func prepareFramed(_ context: RecognitionContext) throws(SpeechError) -> String? {
        guard !context.leading.isEmpty || !context.trailing.isEmpty, context.hasGrammar else { return nil }
        let key = context.sentences + context.framedSentences + ["<leading>"] + context.leading + ["<trailing>"] + context.trailing
            + (context.valueRules.map { ["<rules>", $0] } ?? [])
        if let name = grammars[key] { return name }
        try addPronunciations(for: context.vocabulary)
        let name = "g\(grammars.count)"
        guard ps_set_jsgf_string(decoder, name, Self.framedJSGF(context)) == 0 else {
            throw SpeechError("pocketsphinx could not build the grammar for \(context.name) in sentences.")
        }
        grammars[key] = name
        return name
    }

    /// `[<leading> [<leading>]] sentences [<trailing> [<trailing>]]`: at most two phrases either side (a loop
    /// of them explained any noise with fillers).
    public static func framedJSGF(_ context: RecognitionContext) -> String {
        var rules = "#JSGF V1.0;\ngrammar earshot;\n" + (context.valueRules ?? "")
        var body = "(\(choices(context.sentences + context.framedSentences, context)))"
        if !context.leading.isEmpty {
            rules += "<leading> = \(WordTree(context.leading).jsgf);\n"
            body = "[<leading> [<leading>]] " + body
        }
        if !context.trailing.isEmpty {
            rules += "<trailing> = \(WordTree(context.trailing).jsgf);\n"
            body += " [<trailing> [<trailing>]]"
        }
        return rules + "public <utterance> = \(body);\n"
    }

    /// The pronunciation Earshot uses for a word the dictionary lacks.
    public func pronounce(_ word: String) throws(SpeechError) -> String {
        Pronunciation.arpabet(fromIPA: try synthesizer.phonemes(word))
    }

    /// Recognises `audio` (16 kHz mono) against `context`: raised to ``inputLevel`` when it speaks more
    /// quietly, then ``startUtterance(in:)``, all of the audio to ``process(_:)``, and ``finishUtterance()``.
    public func recognize(_ audio: AudioBuffer, in context: RecognitionContext) throws(SpeechError) -> Recognition {
        var audio = audio.sampleRate == AudioBuffer.recognitionRate ? audio : audio.resampled(to: AudioBuffer.recognitionRate)
        // A quiet recording raised to a speaking level first; a clip all but silent (under a tenth of
        // ``silenceRMS``) is left as it came.
        lastInputGain = 0
        if let inputLevel, audio.rms >= silenceRMS / 10 {
            (audio, lastInputGain) = audio.levelled(to: inputLevel, maximumGain: inputLevelling)
        }
        try startUtterance(in: context)
        // Its background's level against its speech (the same samples as the utterance's `raw` below; raising
        // a quiet clip does not change it).
        let spread = audio.levelSpread()
        utterance?.spread = spread
        // A clip from a quiet room has no background to take out (``suppressesQuietClips``).
        if noiseSuppression != nil, !suppressesQuietClips, spread >= quietSpread {
            suppressor = nil
            utterance?.suppresses = false
        } else if let noiseSuppression {
            // A whole clip: its background is learnt from all of it first, so its first words are cleaned too.
            charge(.suppression) {
                suppressor = NoiseSuppressor(suppression: noiseSuppression)
                suppressor?.learn(audio.samples)
            }
        }
        // A tenth of a second of near-silence either side: a clip that starts or ends mid-word (synthesised
        // speech does) leaves the decoder no silence to begin and end the sentence in.
        let pad = padsWithOwnNoise ? Self.quietestStretch(of: audio.samples, count: Self.padding.count) ?? Self.padding : Self.padding
        try process(pad + audio.samples + pad, whole: true)
        // The background is the clip's own, not the padding's.
        utterance?.raw = audio.samples
        var recognition = try finishUtterance(padding: Double(pad.count) / Double(AudioBuffer.recognitionRate))

        recognition.words = recognition.words.map { Recognition.Word(word: $0.word, start: max(0, $0.start), end: min(audio.duration, $0.end), gap: $0.gap) }
        return recognition
    }

    /// Decodes all of `audio` with the search `search` of the main decoder.
    func decode(_ audio: AudioBuffer, search: String) throws(SpeechError) -> (String, Int32, Int32, [Recognition.Word]) {
        let decoded = Self.decodeWhole(audio.samples, decoder: DecoderHandle(pointer: decoder), search: search, phones: phoneSegments)
        guard decoded.succeeded else { throw SpeechError("pocketsphinx failed while decoding.") }
        return (decoded.hypothesis, decoded.score, decoded.frames, decoded.words)
    }
}
