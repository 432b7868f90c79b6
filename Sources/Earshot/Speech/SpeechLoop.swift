import EarshotAudio
import EarshotDialogue
import EarshotSpeech

/// The whole audio path around a ``Session``: audio in, recognised in the context of the conversation,
/// resolved, and the reply spoken in the profile's voice.
public final class SpeechLoop {
    public let recognizer: Recognizer
    public let synthesizer = Synthesizer()

    public init(recognizer: Recognizer? = nil) throws(SpeechError) {
        if let recognizer {
            self.recognizer = recognizer
        } else {
            self.recognizer = try Recognizer()
        }
    }

    /// What the device makes of `audio` at this point of `session`.
    public func recognize(_ audio: AudioBuffer, session: Session) throws(SpeechError) -> Recognition {
        guard let expected = session.expectedSentences else {
            throw SpeechError("the device is waiting for an open-ended answer, which speech recognition cannot take yet.",
                              fix: "Type that answer (earshot converse).")
        }
        return try recognizer.recognize(audio, in: RecognitionContext(name: expected.name, sentences: expected.sentences))
    }

    /// One turn from audio: recognise, answer, and speak the reply (written to `replyPath` when given).
    public func turn(_ audio: AudioBuffer, session: inout Session, replyPath: String? = nil) async throws -> Turn {
        let recognition = try recognize(audio, session: session)
        let heard = Turn.Heard(text: recognition.text, source: .audio,
                               confidence: recognition.isSilence ? 0 : recognition.confidence,
                               words: recognition.words.map { Turn.Heard.Word(word: $0.word, start: $0.start, end: $0.end) })
        var turn: Turn
        if recognition.isSilence {
            turn = await session.respond(to: Turn.Heard(text: "", source: .audio, confidence: nil, words: []))
            turn.heard = heard
        } else {
            turn = await session.respond(to: heard)
        }
        if let replyPath {
            let voice = session.profile.voice
            let speech = try synthesizer.speak(turn.reply.text, voice: .init(name: voice.name, rate: voice.rate, pitch: voice.pitch))
            try AudioFile.write(speech, to: replyPath)
            turn.reply.audio = replyPath
        }
        return turn
    }
}
