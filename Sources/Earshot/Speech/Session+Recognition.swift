import EarshotDialogue
import EarshotSpeech

extension Session {
    /// What the device can understand now, as a recognition context: every request it takes while no
    /// conversation is open, the answers the conversation waits for while one is. Nil while it waits for
    /// an open-ended answer (text, a date), which no grammar holds. Requests also get a domain language
    /// model of the device's phrases and negative phrases, for wordings nobody wrote down: a flexible
    /// device matches them by meaning, an exact one says it can't help ("no-match") rather than that it
    /// didn't catch them, and a negative phrase said is heard as one, so it matches nothing.
    public var recognitionContext: RecognitionContext? {
        guard let expected = expectedSentences else { return nil }
        guard !isInConversation else {
            return RecognitionContext(name: expected.name, sentences: expected.sentences, kind: .answer)
        }
        let phrases = catalog.apps.flatMap { $0.expansions.map(\.text) + $0.negativeExpansions }
        return RecognitionContext(name: expected.name, sentences: expected.sentences, kind: .request,
                                  languageModel: phrases.isEmpty ? nil : DomainLanguageModel.of(phrases: phrases))
    }
}
