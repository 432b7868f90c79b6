import EarshotDialogue
import EarshotSpeech

extension Session {
    /// What the device can understand now, as a recognition context: every request it takes while no
    /// conversation is open, the answers the conversation waits for while one is. Nil while it waits for
    /// an open-ended answer (text, a date), which no grammar holds.
    public var recognitionContext: RecognitionContext? {
        guard let expected = expectedSentences else { return nil }
        return RecognitionContext(name: expected.name, sentences: expected.sentences,
                                  kind: conversation == nil ? .request : .answer)
    }
}
