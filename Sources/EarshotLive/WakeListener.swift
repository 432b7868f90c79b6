import EarshotAudio
import EarshotSignal
import EarshotSpeech
import Foundation

/// A wake phrase heard in the stream: which, the stream sample (counted from the last reset) where it
/// ended, and the samples given since (the beginning of the request).
public struct WakeDetection: Sendable, Equatable {
    public var phrase: String
    public var endSample: Int
    public var following: [Int16]
}

/// Listens for a device's wake phrases ("hey siri", "siri") in a stream of 16 kHz mono audio, the way
/// people call a device: the phrase said on its own, then a pause ("Hey Siri, … order soup").
///
/// Every stretch of speech short enough to be a wake phrase (0.2–1.4 s between pauses of 0.1 s) is
/// recognised against a grammar of the wake phrases, with the recognizer's rejection (grammar against a
/// free phone loop): it wakes when the confidence reaches the threshold. Longer speech is never decoded.
/// pocketsphinx's keyword search was measured first and dropped (docs/live.md): on the fixtures it
/// either missed "hey siri" in two of three voices or woke on 100–170 sound-alikes an hour.
public final class WakeListener {
    /// The wake phrases, as the recognizer hears them.
    public let phrases: Set<String>
    /// The grammar: the wake phrases and the sound-alikes that compete with them.
    public let context: RecognitionContext
    /// Short words that sound like "siri" to the model (measured on espeak-ng's voices: "three" was heard
    /// as "siri" with full confidence).
    static let decoys = ["three", "number three", "series", "serious", "seriously", "cereal", "sorry", "city", "thirty"]
    /// The confidence (0–1) a stretch of speech needs to wake the device.
    public let threshold: Double
    /// The threshold `earshot listen` uses unless told otherwise.
    public static let defaultThreshold = 0.3

    private let recognizer: Recognizer
    private var recent: [Int16] = []
    private var recentStart = 0
    private var consumed = 0
    private var pending: [Int16] = []
    private var level = VoiceLevel()
    private var runStart: Int?
    private var lastVoicedEnd = 0
    private var quietFrames = 0

    static let frame = VoiceLevel.frame
    static let pauseFrames = 10
    static let shortest = 0.2
    static let longest = 1.4

    /// - Parameters:
    ///   - recognizer: decodes the candidates; used only while `process` runs.
    public init(phrases: [String], recognizer: Recognizer, threshold: Double = WakeListener.defaultThreshold) {
        self.phrases = Set(phrases.map(RecognitionContext.words))
        // Sound-alikes compete with the wake phrases in the grammar: "three" is heard as "three", not
        // forced onto "siri".
        context = RecognitionContext(name: "wake", sentences: phrases + Self.decoys, kind: .request)
        self.recognizer = recognizer
        self.threshold = threshold
    }

    /// Forgets what was heard; samples are counted from zero again.
    public func reset() {
        recent = []
        recentStart = 0
        consumed = 0
        pending = []
        runStart = nil
        quietFrames = 0
    }

    /// Feeds the next samples; returns the wake phrase heard (once), or nil.
    public func process(_ samples: [Int16]) throws(SpeechError) -> WakeDetection? {
        pending += samples
        recent += samples
        var index = 0
        var heard: WakeDetection?
        while index + Self.frame <= pending.count {
            let frame = pending[index..<(index + Self.frame)]
            index += Self.frame
            let start = consumed
            consumed += Self.frame
            if heard == nil, let detection = try judge(frame, at: start) { heard = detection }
        }
        pending.removeFirst(index)
        if let end = heard?.endSample {
            heard?.following = Array(recent[min(recent.count, max(0, end - recentStart))...])
        }
        let keep = 3 * AudioBuffer.recognitionRate
        if recent.count > keep {
            recentStart += recent.count - keep
            recent.removeFirst(recent.count - keep)
        }
        return heard
    }

    private func judge(_ frame: ArraySlice<Int16>, at start: Int) throws(SpeechError) -> WakeDetection? {
        if level.isVoiced(frame) {
            if runStart == nil { runStart = start }
            lastVoicedEnd = start + frame.count
            quietFrames = 0
            return nil
        }
        quietFrames += 1
        guard quietFrames == Self.pauseFrames, let run = runStart else { return nil }
        runStart = nil
        let rate = Double(AudioBuffer.recognitionRate)
        let length = Double(lastVoicedEnd - run) / rate
        guard length >= Self.shortest, length <= Self.longest else { return nil }
        // The stretch with a little of the quiet either side.
        let from = max(recentStart, run - AudioBuffer.recognitionRate / 10) - recentStart
        let to = min(recentStart + recent.count, lastVoicedEnd + AudioBuffer.recognitionRate / 10) - recentStart
        guard from < to else { return nil }
        let recognition = try recognizer.recognize(AudioBuffer(samples: Array(recent[from..<to]), sampleRate: AudioBuffer.recognitionRate),
                                                   in: context)
        guard !recognition.isSilence, phrases.contains(recognition.bestGuess), recognition.confidence >= threshold else { return nil }
        return WakeDetection(phrase: recognition.bestGuess, endSample: lastVoicedEnd, following: [])
    }
}
