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
}

/// pocketsphinx with the en-us model, recognising against the sentences of a ``RecognitionContext``.
///
/// One decoder per instance; use an instance from one task at a time (pocketsphinx is not thread-safe).
public final class Recognizer {
    /// Where the en-us acoustic model and dictionary are (Debian's `pocketsphinx-en-us`).
    public struct Model: Sendable {
        public var acousticModel: String
        public var dictionary: String

        public static let debian = Model(
            acousticModel: "/usr/share/pocketsphinx/model/en-us/en-us",
            dictionary: "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")
    }

    /// Below this confidence, speech is rejected as outside the context.
    public var rejectionThreshold: Double
    /// Below this RMS (a fraction of full scale), the audio is silence.
    public var silenceRMS: Double = 0.003

    let decoder: OpaquePointer
    private let config: OpaquePointer
    private let synthesizer = Synthesizer()
    /// Grammars already given to the decoder, by their sentences.
    var grammars: [[String]: String] = [:]
    /// The last recognition's score gap per frame, word coverage of the voiced audio, and voiced seconds.
    public private(set) var lastDiagnostics: (gap: Double, coverage: Double, voiced: Double) = (0, 0, 0)
    /// Words the dictionary lacked, with the pronunciation Earshot derived.
    public private(set) var guessedWords: [String: String] = [:]

    public init(model: Model = .debian, rejectionThreshold: Double = 0.4) throws(SpeechError) {
        for path in [model.acousticModel, model.dictionary] where !FileManager.default.fileExists(atPath: path) {
            throw SpeechError("the speech model is missing (\(path)).", fix: "Install it with `make setup` (Debian package pocketsphinx-en-us).")
        }
        earshot_sphinx_quiet()
        let arguments = ["-hmm", model.acousticModel, "-dict", model.dictionary, "-logfn", "/dev/null"]
        var pointers: [UnsafePointer<CChar>?] = arguments.map { UnsafePointer(strdup($0)) }
        pointers.append(nil)
        defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
        guard let config = earshot_cmd_ln_init(pointers) else { throw SpeechError("pocketsphinx rejected its configuration.") }
        guard let decoder = ps_init(config) else {
            throw SpeechError("pocketsphinx could not start with the en-us model.", fix: "Reinstall pocketsphinx-en-us (`make setup`).")
        }
        self.config = config
        self.decoder = decoder
        self.rejectionThreshold = rejectionThreshold
        // The free phone loop that rejection compares against: one dictionary word per phone, looped in a
        // grammar. (pocketsphinx's own allphone search took 3–10 s per utterance; this takes ~30 ms.)
        for phone in Pronunciation.phones {
            ps_add_word(decoder, "ph_\(phone.lowercased())", phone, 0)
        }
        let loop = Pronunciation.phones.map { "ph_\($0.lowercased())" }.joined(separator: " | ")
        guard ps_set_jsgf_string(decoder, Self.phoneLoop, "#JSGF V1.0;\ngrammar phones;\npublic <phones> = (\(loop))+;\n") == 0 else {
            throw SpeechError("pocketsphinx could not build its phone loop.")
        }
    }

    /// The search name of the free phone loop.
    static let phoneLoop = "phones"

    deinit {
        ps_free(decoder)
        cmd_ln_free_r(config)
    }

    /// Makes sure every word of `context` can be recognised, deriving pronunciations for unknown ones.
    public func prepare(_ context: RecognitionContext) throws(SpeechError) -> String {
        let key = context.sentences
        if let name = grammars[key] { return name }
        let unknown = context.vocabulary.filter { ps_lookup_word(decoder, $0).map { free($0); return false } ?? true }.sorted()
        for (index, word) in unknown.enumerated() {
            let phones = try pronounce(word)
            guard !phones.isEmpty, ps_add_word(decoder, word, phones, index == unknown.count - 1 ? 1 : 0) >= 0 else {
                throw SpeechError("no pronunciation could be made for '\(word)'.", fix: "Spell the word out in the phrase.")
            }
            guessedWords[word] = phones
        }
        let name = "g\(grammars.count)"
        let body = context.sentences.joined(separator: " | ")
        let jsgf = "#JSGF V1.0;\ngrammar earshot;\npublic <utterance> = \(body);\n"
        guard ps_set_jsgf_string(decoder, name, jsgf) == 0 else {
            throw SpeechError("pocketsphinx could not build the grammar for \(context.name).")
        }
        grammars[key] = name
        return name
    }

    /// The pronunciation Earshot uses for a word the dictionary lacks.
    public func pronounce(_ word: String) throws(SpeechError) -> String {
        Pronunciation.arpabet(fromIPA: try synthesizer.phonemes(word))
    }

    /// Recognises `audio` (16 kHz mono) against `context`.
    public func recognize(_ audio: AudioBuffer, in context: RecognitionContext) throws(SpeechError) -> Recognition {
        let audio = audio.sampleRate == AudioBuffer.recognitionRate ? audio : audio.resampled(to: AudioBuffer.recognitionRate)
        let silent = Recognition(text: "", confidence: 0, words: [], isSilence: true, isRejected: false, bestGuess: "")
        guard audio.rms >= silenceRMS else { return silent }
        let grammar = try prepare(context)
        let (hypothesis, grammarScore, frames, words) = try decode(audio, search: grammar)
        guard !hypothesis.isEmpty, frames > 0 else {
            // Speech the grammar could not end on: outside the context.
            return Recognition(text: "", confidence: 0, words: [], isSilence: false, isRejected: true, bestGuess: "")
        }
        let (_, phoneScore, _, _) = try decode(audio, search: Self.phoneLoop)
        // Scores are log-probabilities. Against a free phone loop, a grammar sentence that was really
        // said scores about as well per frame (synthesised speech of the examples: gap -13 to +2), while
        // speech forced onto the grammar scores clearly worse (+7 to +18).
        let gap = Double(phoneScore - grammarScore) / Double(frames)
        // The grammar may explain a short stretch with a word and the rest with fillers and silence:
        // the words must cover the speech.
        let voiced = audio.voicedSeconds(threshold: silenceRMS * 3)
        let covered = words.reduce(0) { $0 + ($1.end - $1.start) }
        let coverage = voiced > 0 ? min(1, covered / voiced) : 0
        lastDiagnostics = (gap, coverage, voiced)
        let fit = max(0, min(1, (10 - gap) / 10))
        let confidence = fit * max(0, min(1, coverage / 0.85))
        let rejected = confidence < rejectionThreshold
        return Recognition(text: rejected ? "" : hypothesis, confidence: (confidence * 1000).rounded() / 1000,
                           words: rejected ? [] : words, isSilence: false, isRejected: rejected, bestGuess: hypothesis)
    }

    func decode(_ audio: AudioBuffer, search: String) throws(SpeechError) -> (String, Int32, Int32, [Recognition.Word]) {
        guard ps_set_search(decoder, search) == 0, ps_start_utt(decoder) == 0 else {
            throw SpeechError("pocketsphinx could not start decoding.")
        }
        let processed = audio.samples.withUnsafeBufferPointer { buffer in
            ps_process_raw(decoder, buffer.baseAddress, buffer.count, 0, 1)
        }
        guard processed >= 0, ps_end_utt(decoder) == 0 else { throw SpeechError("pocketsphinx failed while decoding.") }
        var score: Int32 = 0
        let hypothesis = ps_get_hyp(decoder, &score).map { String(cString: $0) } ?? ""
        let frames = ps_get_n_frames(decoder)
        var words: [Recognition.Word] = []
        if search != Self.phoneLoop {
            var segment = ps_seg_iter(decoder)
            while let current = segment {
                var start: Int32 = 0, end: Int32 = 0
                ps_seg_frames(current, &start, &end)
                let word = String(cString: ps_seg_word(current))
                if !word.hasPrefix("<"), !word.hasPrefix("["), word != "sil" {
                    words.append(Recognition.Word(word: word.replacingOccurrences(of: #"\(\d+\)$"#, with: "", options: .regularExpression),
                                                  start: Double(start) / 100, end: Double(end + 1) / 100))
                }
                segment = ps_seg_next(current)
            }
        }
        return (hypothesis, score, frames, words)
    }
}

extension AudioBuffer {
    /// Seconds of 10 ms frames whose RMS is above `threshold` (a fraction of full scale).
    func voicedSeconds(threshold: Double) -> Double {
        let frame = sampleRate / 100
        guard frame > 0 else { return 0 }
        var voiced = 0
        var index = 0
        while index + frame <= samples.count {
            var sum = 0.0
            for sample in samples[index..<(index + frame)] {
                let value = Double(sample) / 32768
                sum += value * value
            }
            if (sum / Double(frame)).squareRoot() > threshold { voiced += 1 }
            index += frame
        }
        return Double(voiced) / 100
    }
}
