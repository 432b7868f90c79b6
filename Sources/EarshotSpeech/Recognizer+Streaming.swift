import CPocketSphinx
import EarshotAudio

extension Recognizer {
    /// An utterance being recognised as its audio arrives.
    struct Utterance {
        var samples: [Int16] = []
        var grammarSeconds = 0.0
        var phoneSeconds = 0.0
        var context: RecognitionContext
        /// The state of the noise-floor generator, so an utterance gets the same floor however it is cut.
        var noiseState: UInt32 = 12345
    }

    /// Starts recognising an utterance against `context`; give it audio with ``process(_:)`` as it comes
    /// (16 kHz mono) and end it with ``finishUtterance()``. Both decoders work while the audio arrives, so
    /// little is left to do after its last sample. One utterance at a time per recognizer.
    public func startUtterance(in context: RecognitionContext) throws(SpeechError) {
        if utterance != nil {
            ps_end_utt(decoder)
            ps_end_utt(phoneDecoder)
            utterance = nil
        }
        let grammar = try prepare(context)
        guard ps_set_search(decoder, grammar) == 0, ps_start_utt(decoder) == 0,
              ps_set_search(phoneDecoder, Self.phoneLoop) == 0, ps_start_utt(phoneDecoder) == 0 else {
            throw SpeechError("pocketsphinx could not start decoding.")
        }
        utterance = Utterance(context: context)
        lastDiagnostics = (.infinity, 0, 0, 0)
    }

    /// Gives the next stretch of the utterance's audio (16 kHz mono) to both decoders. `whole`: these are
    /// all of the utterance's samples at once (a file), so pocketsphinx normalises the features over the
    /// whole utterance instead of with its running estimate.
    public func process(_ input: [Int16], whole: Bool = false) throws(SpeechError) {
        guard utterance != nil else { throw SpeechError("no utterance was started.") }
        let samples = withNoiseFloor(input)
        let clock = ContinuousClock()
        var start = clock.now
        let grammar = samples.withUnsafeBufferPointer { ps_process_raw(decoder, $0.baseAddress, $0.count, 0, whole ? 1 : 0) }
        let middle = clock.now
        let phones = samples.withUnsafeBufferPointer { ps_process_raw(phoneDecoder, $0.baseAddress, $0.count, 0, whole ? 1 : 0) }
        utterance?.grammarSeconds += (middle - start).seconds
        start = clock.now
        utterance?.phoneSeconds += (start - middle).seconds
        utterance?.samples.append(contentsOf: samples)
        guard grammar >= 0, phones >= 0 else { throw SpeechError("pocketsphinx failed while decoding.") }
    }

    /// `samples` with the faint noise floor of ``Recognizer/noiseFloor`` added, continuing the utterance's
    /// generator.
    func withNoiseFloor(_ samples: [Int16]) -> [Int16] {
        guard noiseFloor > 0, var state = utterance?.noiseState else { return samples }
        let span = UInt32(2 * noiseFloor + 1)
        var out = samples
        for index in out.indices {
            state = state &* 1_103_515_245 &+ 12345
            let noise = Int((state >> 16) % span) - noiseFloor
            out[index] = Int16(clamping: Int(out[index]) + noise)
        }
        utterance?.noiseState = state
        return out
    }

    /// The grammar's best sentence for the audio given so far ("" before any word): for end-pointing, not
    /// judged or rejected.
    public var partialHypothesis: String {
        guard utterance != nil else { return "" }
        var score: Int32 = 0
        return ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
    }

    /// Ends the utterance and judges it: silence, rejected, or the grammar's sentence with a confidence.
    public func finishUtterance() throws(SpeechError) -> Recognition {
        try finishUtterance(padding: 0)
    }

    /// Ends the utterance; `padding` seconds of added near-silence lead it (word times are given without).
    func finishUtterance(padding: Double) throws(SpeechError) -> Recognition {
        guard var current = utterance else { throw SpeechError("no utterance was started.") }
        utterance = nil
        let clock = ContinuousClock()
        let start = clock.now
        let ended = ps_end_utt(decoder)
        let middle = clock.now
        let phoneEnded = ps_end_utt(phoneDecoder)
        current.grammarSeconds += (middle - start).seconds
        current.phoneSeconds += (clock.now - middle).seconds
        lastTimings = (current.grammarSeconds, current.phoneSeconds)
        guard ended == 0, phoneEnded == 0 else { throw SpeechError("pocketsphinx failed while decoding.") }
        let audio = AudioBuffer(samples: current.samples, sampleRate: AudioBuffer.recognitionRate)
        // Silence, or sound without speech in it (steady noise, hum): nothing heard, never a guess.
        guard audio.rms >= silenceRMS, audio.soundsLikeSpeech() else {
            return Recognition(text: "", confidence: 0, words: [], isSilence: true, isRejected: false, bestGuess: "")
        }
        var (hypothesis, grammarScore, frames, words) = result(of: decoder, words: true)
        words = words.map { Recognition.Word(word: $0.word, start: $0.start - padding, end: $0.end - padding) }
        let (_, phoneScore, _, _) = result(of: phoneDecoder, words: false)
        if current.context.isOpenEnded {
            return judgeOpenEnded(hypothesis: frames > 0 ? hypothesis : "", score: grammarScore, frames: frames, words: words,
                                  phoneScore: phoneScore, audio: audio, dictation: current.context.dictation)
        }
        let recognition = if hypothesis.isEmpty || frames <= 0 {
            // Speech the grammar could not end on: outside the context.
            Recognition(text: "", confidence: 0, words: [], isSilence: false, isRejected: true, bestGuess: "")
        } else {
            judge(hypothesis: hypothesis, score: grammarScore, frames: frames, words: words, phoneScore: phoneScore, audio: audio,
                  rejection: current.context.kind == .request ? requestRejection : answerRejection)
        }
        let short = audio.voicedSeconds(threshold: silenceRMS * 3) <= longestAnswer
        // An answer said inside a sentence ("um, can I get the tomato one please"): the same sentences with
        // the words people put around them. A second pass, so answers said alone are judged as before.
        // Decoded whenever the frame exists: an answer the plain grammar took may be a sentence forced onto
        // a short answer ("I want the chicken noodle soup today" heard as "what did you say"), which the frame
        // explains far better.
        if short, let framed = try? prepareFramed(current.context) {
            let start = clock.now
            defer { lastTimings.grammar += (clock.now - start).seconds }
            let (framedHypothesis, score, framedFrames, found) = try decode(audio, search: framed)
            if !framedHypothesis.isEmpty, framedFrames > 0 {
                let words = found.map { Recognition.Word(word: $0.word, start: $0.start - padding, end: $0.end - padding) }
                let diagnostics = lastDiagnostics
                let inSentence = judge(hypothesis: framedHypothesis, score: score, frames: framedFrames, words: words, phoneScore: phoneScore,
                                       audio: audio, rejection: answerRejection)
                let better = recognition.isRejected || frames <= 0
                    || Double(score - grammarScore) / Double(framedFrames) > framedAdvantage
                if !inSentence.isRejected, better { return inSentence }
                lastDiagnostics = diagnostics
            }
        }
        // Outside the grammar: what the domain language model hears (requests' other wordings on every
        // device, answers in sentences the frame does not hold). Not for an answer longer than any answer:
        // a ramble that names a value in passing is no answer.
        if recognition.isRejected, let model = current.context.languageModel, current.context.kind == .request || short {
            let start = clock.now
            defer { lastTimings.grammar += (clock.now - start).seconds }
            // A second opinion only: if it cannot be had (a temporary file, a pronunciation), the grammar's
            // rejection stands.
            if let paraphrase = try? paraphrase(current.samples, model: model, context: current.context,
                                                phoneScore: phoneScore, padding: padding) {
                return paraphrase
            }
        }
        return recognition
    }

    /// Confidence from how the grammar's best sentence compares with the free phone loop on the same
    /// audio, and how much of the voiced audio its words cover; below the threshold it is rejected.
    func judge(hypothesis: String, score: Int32, frames: Int32, words: [Recognition.Word], phoneScore: Int32,
               audio: AudioBuffer, rejection: Rejection) -> Recognition {
        // Scores are log-probabilities (per frame here): a sentence that was really said scores about as
        // well under the grammar as under the phone loop; speech forced onto the grammar scores worse.
        let gap = Double(phoneScore - score) / Double(frames)
        // The grammar may explain a short stretch with a word and the rest with fillers and silence:
        // the words must cover the speech.
        let voiced = audio.voicedSeconds(threshold: silenceRMS * 3)
        let covered = words.reduce(0) { $0 + ($1.end - $1.start) }
        let coverage = voiced > 0 ? min(1, covered / voiced) : 0
        let fit = max(0, min(1, (rejection.fitZero - gap) / rejection.fitZero))
        // Speech forced onto a short sentence stretches its phones far beyond speaking pace.
        let phones = words.reduce(0) { $0 + phoneCount($1.word) }
        lastDiagnostics = (gap, coverage, voiced, phones)
        let pace = phones > 0 ? voiced / Double(phones) : .infinity
        let timing = max(0, min(1, (phoneSeconds.upperBound - pace) / (phoneSeconds.upperBound - phoneSeconds.lowerBound)))
        let confidence = fit * max(0, min(1, coverage / 0.85)) * timing
        let rejected = rejects && confidence < rejection.threshold
        return Recognition(text: rejected ? "" : hypothesis, confidence: (confidence * 1000).rounded() / 1000,
                           words: rejected ? [] : words, isSilence: false, isRejected: rejected, bestGuess: hypothesis)
    }

    /// The number of phones of `word` in the decoder's dictionary (0 for a word it lacks).
    func phoneCount(_ word: String) -> Int {
        guard let pronunciation = ps_lookup_word(decoder, word) else { return 0 }
        defer { free(pronunciation) }
        return String(cString: pronunciation).split(separator: " ").count
    }

    /// The hypothesis, its score, the frames decoded and (for grammars) the word timings of `decoder`'s
    /// last utterance.
    func result(of decoder: OpaquePointer, words wanted: Bool) -> (String, Int32, Int32, [Recognition.Word]) {
        var score: Int32 = 0
        let hypothesis = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
        let frames = ps_get_n_frames(decoder)
        var words: [Recognition.Word] = []
        if wanted {
            var segments: [(word: String, start: Int32, end: Int32)] = []
            var segment = ps_seg_iter(decoder)
            while let current = segment {
                var start: Int32 = 0, end: Int32 = 0
                ps_seg_frames(current, &start, &end)
                segments.append((String(cString: ps_seg_word(current)), start, end))
                segment = ps_seg_next(current)
            }
            // Streamed utterances (not `whole`) number their frames on from the decoder's earlier
            // utterances in this pocketsphinx: the last segment ends at the utterance's last frame.
            let lastEnd = segments.map(\.end).max() ?? 0
            let offset = max(0, lastEnd + 1 - frames)
            // Not silences, fillers, or the grammar's empty transitions ("(NULL)").
            for (word, start, end) in segments where !word.hasPrefix("<") && !word.hasPrefix("[") && !word.hasPrefix("(") && word != "sil" {
                words.append(Recognition.Word(word: word.replacingOccurrences(of: #"\(\d+\)$"#, with: "", options: .regularExpression),
                                              start: Double(start - offset) / 100, end: Double(end + 1 - offset) / 100))
            }
        }
        return (hypothesis, score, frames, words)
    }
}
