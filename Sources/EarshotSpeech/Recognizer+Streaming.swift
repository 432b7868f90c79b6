import CPocketSphinx
import EarshotAudio
import EarshotMatching
import Foundation

extension Recognizer {
    /// An utterance being recognised as its audio arrives.
    struct Utterance {
        var samples: [Int16] = []
        /// The audio as it came, before noise suppression (for the background's level).
        var raw: [Int16] = []
        var grammarSeconds = 0.0
        var phoneSeconds = 0.0
        var context: RecognitionContext
        /// The state of the noise-floor generator, so an utterance gets the same floor however it is cut.
        var noiseState: UInt32 = 12345
        /// Whether its audio goes through the noise suppression (``Recognizer/noiseSuppression``): not for a
        /// clip from a quiet room (``Recognizer/suppressesQuietClips``).
        var suppresses = true
        /// The level spread of a whole clip, measured once before it is decoded (``recognize(_:in:)``).
        var spread: Double?
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
        lastStageSeconds = [:]
        lastCriticalSeconds = 0
        let grammar = try charge(.prepare) { () throws(SpeechError) in try prepare(context) }
        guard ps_set_search(decoder, grammar) == 0, ps_start_utt(decoder) == 0,
              ps_set_search(phoneDecoder, Self.phoneLoop) == 0, ps_start_utt(phoneDecoder) == 0 else {
            throw SpeechError("pocketsphinx could not start decoding.")
        }
        utterance = Utterance(context: context)
        lastFallback = nil
        // A stream's background carries over from utterance to utterance; what an abandoned one left does not.
        _ = suppressor?.flush()
        lastDiagnostics = (.infinity, 0, 0, 0)
    }

    /// Gives the next stretch of the utterance's audio (16 kHz mono) to both decoders. `whole`: these are
    /// all of the utterance's samples at once (a file), so pocketsphinx normalises the features over the
    /// whole utterance instead of with its running estimate.
    public func process(_ input: [Int16], whole: Bool = false) throws(SpeechError) {
        guard utterance != nil else { throw SpeechError("no utterance was started.") }
        utterance?.raw.append(contentsOf: input)
        guard let noiseSuppression, utterance?.suppresses != false else { return try feed(input, whole: whole) }
        let cleaned = charge(.suppression) {
            if suppressor == nil { suppressor = NoiseSuppressor(suppression: noiseSuppression) }
            return suppressor!.process(input) + (whole ? suppressor!.flush() : [])
        }
        try feed(cleaned, whole: whole)
    }

    /// Gives samples (noise already suppressed) to both decoders, with the noise floor: each on its own
    /// thread when ``parallelPasses`` is on.
    private func feed(_ input: [Int16], whole: Bool) throws(SpeechError) {
        let samples = withNoiseFloor(input)
        let loop = DecoderHandle(pointer: phoneDecoder)
        let (grammar, phones) = both({
            Self.measured { samples.withUnsafeBufferPointer { ps_process_raw(decoder, $0.baseAddress, $0.count, 0, whole ? 1 : 0) } }
        }, {
            Self.measured { samples.withUnsafeBufferPointer { ps_process_raw(loop.pointer, $0.baseAddress, $0.count, 0, whole ? 1 : 0) } }
        })
        account(grammar: grammar, phones: phones)
        utterance?.grammarSeconds += grammar.seconds
        utterance?.phoneSeconds += phones.seconds
        utterance?.samples.append(contentsOf: samples)
        guard grammar.value >= 0, phones.value >= 0 else { throw SpeechError("pocketsphinx failed while decoding.") }
    }

    /// Adds the grammar's and the phone loop's processor times to their stages and to the longest thread's.
    private func account(grammar: Measured<Int32>, phones: Measured<Int32>) {
        lastStageSeconds[.grammar, default: 0] += grammar.processorSeconds
        lastStageSeconds[.phoneLoop, default: 0] += phones.processorSeconds
        lastCriticalSeconds += parallelPasses ? max(grammar.processorSeconds, phones.processorSeconds)
            : grammar.processorSeconds + phones.processorSeconds
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
        guard utterance != nil else { throw SpeechError("no utterance was started.") }
        // The last samples the noise suppressor held back (less than a frame).
        if let rest = suppressor?.flush(), !rest.isEmpty { try feed(rest, whole: false) }
        guard var current = utterance else { throw SpeechError("no utterance was started.") }
        utterance = nil
        let clock = ContinuousClock()
        let loop = DecoderHandle(pointer: phoneDecoder)
        let (ended, phoneEnded) = both({ Self.measured { ps_end_utt(decoder) } }, { Self.measured { ps_end_utt(loop.pointer) } })
        account(grammar: ended, phones: phoneEnded)
        current.grammarSeconds += ended.seconds
        current.phoneSeconds += phoneEnded.seconds
        lastTimings = (current.grammarSeconds, current.phoneSeconds)
        guard ended.value == 0, phoneEnded.value == 0 else { throw SpeechError("pocketsphinx failed while decoding.") }
        let audio = AudioBuffer(samples: current.samples, sampleRate: AudioBuffer.recognitionRate)
        // A streamed utterance spoken quietly is judged at its level (a whole clip, whose spread is set, was
        // raised before it was heard), but never below the noise floor added to what was decoded: the floor
        // alone would then pass for speech.
        let raw = AudioBuffer(samples: current.raw, sampleRate: AudioBuffer.recognitionRate)
        utteranceSilenceRMS = silenceRMS
        if current.spread == nil, let inputLevel, raw.rms >= silenceRMS / 10 {
            let lowered = silenceRMS * pow(10, -raw.levellingGain(to: inputLevel, maximumGain: inputLevelling) / 20)
            utteranceSilenceRMS = max(lowered, 1.5 * Double(noiseFloor) / 3.0.squareRoot() / 32768)
        }
        // How far the speech stands above its background, as it came: far in a quiet room, little in a
        // noisy one, where language models' transcripts sit further from free phones (below).
        lastSpread = current.spread ?? raw.levelSpread()
        // How far the answers' check believes the model's transcript: further in a quiet room for a value or an
        // answer from a list (a reason said after it), not widened in noise for a value ("what's the weather
        // like" at pink 10 dB → "what were one" → 1 mile): ``languageModelRejection(_:spread:)``.
        let languageModelRejection = languageModelRejection(current.context, spread: lastSpread)
        // Silence, or sound without speech in it (steady noise, hum): nothing heard, never a guess.
        guard audio.rms >= utteranceSilenceRMS, audio.soundsLikeSpeech() else {
            return Recognition(text: "", confidence: 0, words: [], isSilence: true, isRejected: false, bestGuess: "")
        }
        phoneSegments = Self.segments(of: phoneDecoder)
        var (hypothesis, grammarScore, frames, words) = Self.result(of: decoder, words: true, phones: phoneSegments)
        words = words.map { Recognition.Word(word: $0.word, start: $0.start - padding, end: $0.end - padding, gap: $0.gap) }
        let (_, phoneScore, _, _) = Self.result(of: phoneDecoder, words: false)
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
        let short = audio.voicedSeconds(threshold: utteranceSilenceRMS * 3) <= longestAnswer
        var accepted: (recognition: Recognition, score: Int32)? = recognition.isRejected ? nil : (recognition, grammarScore)
        let framed = short ? try? charge(.framed, { () throws(SpeechError) in try prepareFramed(current.context) }) : nil
        // The language model's pass (the answers' check of an answer taken, the fallback's transcript of speech
        // refused) decodes the same audio on a decoder of its own: with the framed pass to run, it starts now,
        // beside it, whenever either may want it.
        let model = current.context.languageModel
        let isValue = current.context.valueRules != nil
        let mayCheck = current.context.kind == .answer && (competitorMargin < .infinity || recordsCompetitor || isValue)
        // Not for an answer longer than any answer: a ramble that names a value in passing is no answer.
        let mayFallBack = current.context.kind == .request || short
        var languageModelPass: Pending<Decoded>?
        /// The framed pass's processor seconds, which the language model's pass begun beside it overlaps.
        var besideFramed = 0.0
        defer {
            // A pass nobody read (or left by an error): waited for, so its decoder is free for the next turn.
            if let unread = languageModelPass {
                let decoded = unread.wait()
                lastStageSeconds[.check, default: 0] += decoded.processorSeconds
                lastCriticalSeconds += max(0, decoded.processorSeconds - besideFramed)
            }
        }
        if parallelPasses, framed != nil, let model, mayCheck || (recognition.isRejected && mayFallBack) {
            languageModelPass = try? self.languageModelPass(current.samples, model: model, stage: .check)
        }
        // An answer said inside a sentence ("um, can I get the tomato one please"): the same sentences with
        // the words people put around them. A second pass, so answers said alone are judged as before.
        // Decoded whenever the frame exists: an answer the plain grammar took may be a sentence forced onto
        // a short answer ("I want the chicken noodle soup today" heard as "what did you say"), which the frame
        // explains far better.
        if let framed {
            let start = clock.now
            let processorStart = Self.threadSeconds()
            defer {
                lastTimings.grammar += (clock.now - start).seconds
                besideFramed = Self.threadSeconds() - processorStart
            }
            let (framedHypothesis, score, framedFrames, found) = try charge(.framed) { () throws(SpeechError) in try decode(audio, search: framed) }
            if !framedHypothesis.isEmpty, framedFrames > 0 {
                let words = found.map { Recognition.Word(word: $0.word, start: $0.start - padding, end: $0.end - padding, gap: $0.gap) }
                let diagnostics = lastDiagnostics
                let inSentence = judge(hypothesis: framedHypothesis, score: score, frames: framedFrames, words: words, phoneScore: phoneScore,
                                       audio: audio, rejection: answerRejection)
                let better = recognition.isRejected || frames <= 0
                    || Double(score - grammarScore) / Double(framedFrames) > framedAdvantage
                if !inSentence.isRejected, better {
                    var framedRecognition = inSentence
                    framedRecognition.pass = .framed
                    accepted = (framedRecognition, score)
                } else {
                    lastDiagnostics = diagnostics
                }
            }
        }
        /// The language model's pass, begun above or now; charged to `stage`.
        func passResult(_ model: DomainLanguageModel, _ stage: Stage) -> Decoded? {
            let began = languageModelPass
            let pending = began ?? (try? self.languageModelPass(current.samples, model: model, stage: stage))
            languageModelPass = nil
            guard let decoded = pending?.wait() else { return nil }
            lastStageSeconds[stage, default: 0] += decoded.processorSeconds
            lastCriticalSeconds += began == nil ? decoded.processorSeconds : max(0, decoded.processorSeconds - besideFramed)
            lastTimings.grammar += decoded.seconds
            return decoded
        }
        lastCompetitor = nil
        lastHeardFrame = false
        if let (taken, score) = accepted {
            // An answer the grammars took is checked against what the answers' language model hears, which
            // holds the same answers and the commonest English words: speech that names no value ("start a
            // workout" forced onto "third one") is explained far better by its own words. Then the model's
            // transcript is what was heard, and the dialogue reads it as typed (and asks again if it names no
            // value). Not when the model's words hold the answer's own.
            // Not read when its transcript could not overrule the answer (see `overruled` below): a confident
            // answer that names nothing ("yes", "go ahead") stands whatever the model hears (and the pass is
            // not decoded, unless it began beside the framed pass).
            let namesSomething = !Self.namingWords(of: taken.text, context: current.context).isEmpty
            // "what did you say" forced onto an answer with a reason after it ("it'll have to be Lands End, it was
            // gorgeous out"): in a quiet room, a request to hear the question again is checked like an answer that
            // names something (in noise the model's transcripts are less sure than the request).
            let asksAgain = !namesSomething && current.context.kind == .answer && lastSpread >= quietSpread
                && AnswerReader().isRepeat(taken.text)
            // "no, junior, he's only nine" taken as "no thank you" to a default offered: a no that names nothing is
            // checked too, since the person may have named the value they want instead (twenty-third pass).
            let declines = !namesSomething && current.context.kind == .answer && current.context.valueRules == nil
                && AnswerReader().reply(taken.text) == .no
            let couldBeOverruled = taken.confidence < competitorConfidence || namesSomething || asksAgain || declines
            // An open-ended value is checked with either acoustic model, and overruled whenever the model's
            // transcript does not hold it: its grammar forces any speech onto some number ("tell me a joke"
            // heard "ten minute okay" in an espeak-ng voice with the synthetic-speech model).
            if current.context.kind == .answer, (competitorMargin < .infinity && couldBeOverruled) || recordsCompetitor || isValue,
               let model, let decoded = passResult(model, .check) {
                guard decoded.succeeded else { throw SpeechError("pocketsphinx failed while decoding.") }
                let (heard, heardScore, heardFrames, found) = (decoded.hypothesis, decoded.score, decoded.frames, decoded.words)
                if !heard.isEmpty, heardFrames > 0 {
                    let advantage = Double(heardScore - score) / Double(heardFrames)
                    let gap = Double(phoneScore - heardScore) / Double(heardFrames)
                    let fit = max(0, min(1, (languageModelRejection.fitZero - gap) / languageModelRejection.fitZero))
                    let credible = fit >= languageModelRejection.threshold || !rejects
                    // In noise, a transcript that fits and heard the answer's own sentence with common words
                    // where its value was lost the value, not the answer (``heardFrame``).
                    let holds = Self.holds(heard, answerWordsOf: taken.text, context: current.context)
                        || Self.heardPart(of: taken.text, in: heard, context: current.context)
                        || Self.readsSame(taken.text, as: heard, context: current.context)
                    lastHeardFrame = !holds && lastSpread < quietSpread && credible
                        && Self.heardFrame(of: taken.text, in: heard, context: current.context)
                    let agrees = holds || (keepsFramedValueInNoise && lastHeardFrame)
                    lastCompetitor = (heard, advantage, agrees, taken.text)
                    // The check's transcript as what was heard: the dialogue reads it as typed.
                    func transcript(confidence: Double) -> Recognition {
                        let words = found.map { Recognition.Word(word: $0.word, start: $0.start - padding, end: $0.end - padding, gap: $0.gap) }
                        return Recognition(text: heard, confidence: confidence, words: words, isSilence: false,
                                           isRejected: false, bestGuess: heard, isParaphrase: true, pass: .languageModel)
                    }
                    // The model heard the no, then one of the question's values: the value the grammar dropped
                    // (``declinesNaming``). Or, in a quiet room, the value's first words and then a sentence, where
                    // the grammar forced the sentence onto more of the value ("twenty five minutes were the summit"
                    // against "twenty five minutes forty seven": ``heardValueThenWords``).
                    if declines && Self.declinesNaming(heard, context: current.context)
                        || isValue && lastSpread >= quietSpread && Self.heardValueThenWords(of: taken.text, in: heard, context: current.context) {
                        return transcript(confidence: taken.confidence)
                    }
                    // Overruled: an answer the grammars took with little confidence, whatever the model heard
                    // (a transcript that fails its own fit then rejects it); a confident one only by a
                    // transcript that fits and when it names something (a yes or a "go ahead" said quickly is
                    // heard by the model as "use" or "go had" too often to be overruled).
                    let overruled = taken.confidence < competitorConfidence || (credible && (namesSomething || asksAgain)) || isValue
                    if !agrees, advantage > competitorMargin || isValue, overruled {
                        // A value that fits as answers said do, against a transcript that fits neither the audio nor
                        // as well as it: the model heard nothing better ("just me and my husband" heard "just me
                        // um my house been"). Only in a quiet room: at pink 10 dB the values so kept were number
                        // words the grammar forced ("twenty to five" as "two twenty five").
                        if !credible, isValue, lastSpread >= quietSpread,
                           keepsValue(taken.text, against: heard, takenGap: Double(phoneScore - score) / Double(heardFrames),
                                      advantage: advantage) {
                            return taken
                        }
                        guard credible else {
                            return Recognition(text: "", confidence: 0, words: [], isSilence: false, isRejected: true, bestGuess: heard)
                        }
                        return transcript(confidence: (fit * 1000).rounded() / 1000)
                    }
                }
            }
            return taken
        }
        // Outside the grammar: what the domain language model hears (requests' other wordings on every
        // device, answers in sentences the frame does not hold). A second opinion only: if it cannot be had
        // (a temporary file, a pronunciation), the grammar's rejection stands.
        if recognition.isRejected, let model, mayFallBack, let decoded = passResult(model, .fallback) {
            if decoded.succeeded, decoded.frames > 0 {
                lastFallback = (decoded.hypothesis, Double(phoneScore - decoded.score) / Double(decoded.frames))
            }
            if let paraphrase = paraphrase(decoded, context: current.context, phoneScore: phoneScore, padding: padding) {
                return paraphrase
            }
        }
        // Then, for a flexible device's request, what the general en-us model hears (the domain model's pass has
        // ended above: the two share a decoder).
        if recognition.isRejected, current.context.kind == .request, current.context.generalFallback,
           let general = try? generalTranscript(current.samples, context: current.context, phoneScore: phoneScore, padding: padding) {
            return general
        }
        return recognition
    }

    /// Whether an open-ended value the grammars took (`value`) stands against the check's `transcript` that
    /// failed its own fit: the value's score gap per frame against free phones (`takenGap`) is within
    /// ``keptValueGap``, the transcript scores at least ``keptValueMargin`` per frame worse than it
    /// (`advantage`: the transcript's score over the value's), and the transcript holds at least half of the
    /// value's words, counted with repeats (the model heard the same sentence, badly: "just me um my house
    /// been" for "just me and my husband"). Speech that is no value, forced onto the value's grammar, sits
    /// 10 and more from free phones, or shares a word or none with it ("one forty two kilos" for "I
    /// honestly didn't look, my phone died halfway", heard "i lot mostly didn't look by phone bad half one").
    func keepsValue(_ value: String, against transcript: String, takenGap: Double, advantage: Double) -> Bool {
        Self.keepsValue(value, against: transcript, takenGap: takenGap, advantage: advantage, gap: keptValueGap, margin: keptValueMargin)
    }

    /// ``keepsValue(_:against:takenGap:advantage:)`` with its bounds given.
    static func keepsValue(_ value: String, against transcript: String, takenGap: Double, advantage: Double,
                           gap: Double, margin: Double) -> Bool {
        guard takenGap <= gap, advantage <= -margin else { return false }
        var heard = transcript.split(separator: " ").map(String.init)
        let words = value.split(separator: " ").map(String.init)
        var shared = 0
        for word in words {
            if let index = heard.firstIndex(of: word) {
                heard.remove(at: index)
                shared += 1
            }
        }
        return !words.isEmpty && 2 * shared >= words.count
    }

    /// Whether `transcript` holds the words of `answer` that name something: not the frame's words
    /// (fillers, carriers, politeness) and not the articles and "one" around a value; one of three or more
    /// may be missing (a misheard word). An answer of frame words only ("yes please") must be there whole,
    /// and so must an open-ended value's (a number word misheard is another value: "a hundred three and a
    /// half miles" taken for "um, three and a half miles").
    static func holds(_ transcript: String, answerWordsOf answer: String, context: RecognitionContext) -> Bool {
        let heard = Set(transcript.split(separator: " ").map(String.init))
        let all = answer.split(separator: " ").map(String.init)
        let naming = namingWords(of: answer, context: context)
        guard !naming.isEmpty else { return all.allSatisfy(heard.contains) }
        let missing = naming.filter { !heard.contains($0) }.count
        return missing == 0 || (missing == 1 && naming.count >= 3 && context.valueRules == nil)
    }

    /// Words around a list answer's value that name none ("the", "one", "number": "the third one", "number two").
    static let listArticles: Set<String> = ["the", "a", "an", "one", "number"]

    /// The words of `answer` that name something: not the frame's (fillers, carriers, politeness, yes and
    /// no) and not the articles and "one" around a value. For an open-ended value, every word of its
    /// grammar names something ("a" of "a hundred", "one" of "one hour").
    static func namingWords(of answer: String, context: RecognitionContext) -> [String] {
        var frame = context.frameWords
        if context.valueRules != nil {
            frame.subtract(context.valueWords)
        } else {
            frame.formUnion(Self.listArticles)
        }
        return answer.split(separator: " ").map(String.init).filter { !frame.contains($0) }
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
        let voiced = audio.voicedSeconds(threshold: utteranceSilenceRMS * 3)
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
                           words: rejected ? [] : words, isSilence: false, isRejected: rejected, bestGuess: hypothesis,
                           pass: rejected ? .none : .grammar)
    }

    /// The number of phones of `word` in the decoder's dictionary (0 for a word it lacks).
    func phoneCount(_ word: String) -> Int {
        guard let pronunciation = ps_lookup_word(decoder, word) else { return 0 }
        defer { free(pronunciation) }
        return String(cString: pronunciation).split(separator: " ").count
    }

    /// One segment of a decoder's best path: a word (or a phone of the loop, a silence, a filler), its
    /// frames in the utterance, and its acoustic score.
    struct Segment {
        var word: String
        var start: Int32
        var end: Int32
        var acoustic: Int32
    }

    /// The segments of `decoder`'s last utterance, frames counted from the utterance's start.
    static func segments(of decoder: OpaquePointer) -> [Segment] {
        var segments: [Segment] = []
        var segment = ps_seg_iter(decoder)
        while let current = segment {
            var start: Int32 = 0, end: Int32 = 0, acoustic: Int32 = 0, language: Int32 = 0, backoff: Int32 = 0
            ps_seg_frames(current, &start, &end)
            _ = ps_seg_prob(current, &acoustic, &language, &backoff)
            segments.append(Segment(word: String(cString: ps_seg_word(current)), start: start, end: end, acoustic: acoustic))
            segment = ps_seg_next(current)
        }
        // Streamed utterances (not `whole`) number their frames on from the decoder's earlier
        // utterances in this pocketsphinx: the last segment ends at the utterance's last frame.
        let frames = ps_get_n_frames(decoder)
        let lastEnd = segments.map(\.end).max() ?? 0
        let offset = max(0, lastEnd + 1 - frames)
        return segments.map { Segment(word: $0.word, start: $0.start - offset, end: $0.end - offset, acoustic: $0.acoustic) }
    }

    /// How much worse per frame `segment` explains its frames acoustically than the free phone loop's path
    /// (`phones`) does over the same frames (the loop's segments that straddle its edges counted in
    /// proportion).
    static func localGap(of segment: Segment, phones: [Segment]) -> Double? {
        let length = Double(segment.end - segment.start + 1)
        guard length > 0, !phones.isEmpty else { return nil }
        var loop = 0.0
        for phone in phones where phone.end >= segment.start && phone.start <= segment.end {
            let overlap = Double(min(phone.end, segment.end) - max(phone.start, segment.start) + 1)
            loop += Double(phone.acoustic) * overlap / Double(phone.end - phone.start + 1)
        }
        // Scores are in pocketsphinx's log base (1.0001); per frame, scaled like the utterance's gap.
        return ((loop - Double(segment.acoustic)) / length).rounded() / 1
    }

    /// The hypothesis, its score, the frames decoded and (for grammars) the word timings of `decoder`'s
    /// last utterance, each word with its gap against `phones` (the phone loop's path over the same audio).
    static func result(of decoder: OpaquePointer, words wanted: Bool, phones: [Segment] = []) -> (String, Int32, Int32, [Recognition.Word]) {
        var score: Int32 = 0
        let hypothesis = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
        let frames = ps_get_n_frames(decoder)
        var words: [Recognition.Word] = []
        if wanted {
            // Not silences, fillers, or the grammar's empty transitions ("(NULL)").
            for segment in segments(of: decoder) where !segment.word.hasPrefix("<") && !segment.word.hasPrefix("[")
                && !segment.word.hasPrefix("(") && segment.word != "sil" {
                words.append(Recognition.Word(word: segment.word.replacingOccurrences(of: #"\(\d+\)$"#, with: "", options: .regularExpression),
                                              start: Double(segment.start) / 100, end: Double(segment.end + 1) / 100,
                                              gap: Self.localGap(of: segment, phones: phones)))
            }
        }
        return (hypothesis, score, frames, words)
    }
}
