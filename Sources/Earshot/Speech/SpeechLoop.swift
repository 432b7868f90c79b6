import EarshotAudio
import EarshotDialogue
import EarshotModel
import EarshotSpeech

/// The whole audio path around a ``Session``: audio in, recognised in the context of the conversation,
/// resolved, and the reply spoken in the profile's voice.
///
/// Decoding and synthesis run on a queue of the loop's own (``WorkQueue``), outside Swift's shared
/// concurrency pool, one at a time.
public final class SpeechLoop {
    /// The loop's recognizer. Use it directly only while no ``recognize(_:session:)`` or
    /// ``turn(_:session:replyPath:)`` of this loop is running.
    public let recognizer: Recognizer
    public let synthesizer = Synthesizer()
    private let work = WorkQueue(label: "earshot.speech-loop")

    /// - Parameters:
    ///   - recognizer: the recognizer to use; by default one with the acoustic model for `source`.
    ///   - source: whose speech the loop hears: a person's (microphones, recordings) or espeak-ng's (what
    ///     Earshot synthesises itself), which picks the acoustic model.
    public init(recognizer: Recognizer? = nil, source: SpeechSource = .person) throws(SpeechError) {
        if let recognizer {
            self.recognizer = recognizer
        } else {
            self.recognizer = try Recognizer(model: try .for(source))
        }
    }

    /// What the device makes of `audio` at this point of `session`.
    public func recognize(_ audio: AudioBuffer, session: Session) async throws(SpeechError) -> Recognition {
        guard let context = session.recognitionContext else {
            throw SpeechError("the device is waiting for an open-ended answer, which speech recognition cannot take yet.",
                              fix: "Type that answer (earshot converse).")
        }
        // The recognizer is only ever used by one job of the serial queue at a time.
        nonisolated(unsafe) let recognizer = recognizer
        return try await work.run { () throws(SpeechError) in try recognizer.recognize(audio, in: context) }
    }

    /// One turn from audio: recognise, answer, and speak the reply (written to `replyPath` when given).
    public func turn(_ audio: AudioBuffer, session: inout Session, replyPath: String? = nil) async throws -> Turn {
        let recognition = try await recognize(audio, session: session)
        var turn = await respond(to: recognition, session: &session)
        if let replyPath {
            try AudioFile.write(try await speak(turn.reply.text, profile: session.profile), to: replyPath)
            turn.reply.audio = replyPath
        }
        return turn
    }

    /// The session's answer to what was recognised (silence: "I didn't hear anything").
    public func respond(to recognition: Recognition, session: inout Session) async -> Turn {
        await Self.respond(to: recognition, session: &session)
    }

    /// The session's answer to what was recognised, by whichever loop recognised it.
    public static func respond(to recognition: Recognition, session: inout Session) async -> Turn {
        let heard = Turn.Heard(text: recognition.text, source: .audio,
                               confidence: recognition.isSilence ? 0 : recognition.confidence,
                               words: recognition.words.map { Turn.Heard.Word(word: $0.word, start: $0.start, end: $0.end) },
                               approximate: recognition.isParaphrase)
        var turn: Turn
        if recognition.isSilence {
            turn = await session.respond(to: Turn.Heard(text: "", source: .audio, confidence: nil, words: []))
            turn.heard = heard
        } else {
            turn = await session.respond(to: heard)
        }
        return turn
    }

    /// `text` spoken in `profile`'s voice (16 kHz mono): an espeak-ng voice, or Piper's when the voice's
    /// name is `piper` (``Piper``).
    public func speak(_ text: String, profile: Profile) async throws(SpeechError) -> AudioBuffer {
        let voice = profile.voice
        if Piper.isVoice(voice.name) { return try await Piper.speak(text, voice: voice.name) }
        let synthesizer = synthesizer
        return try await work.run { () throws(SpeechError) in
            try synthesizer.speak(text, voice: .init(name: voice.name, rate: voice.rate, pitch: voice.pitch))
        }
    }
}
