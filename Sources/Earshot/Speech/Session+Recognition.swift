import EarshotDialogue
import EarshotSpeech

extension Session {
    /// What the device can understand now, as a recognition context: every request it takes while no
    /// conversation is open, the answers the conversation waits for while one is. Nil while it waits for
    /// an open-ended answer (text, a date), which no grammar holds. Requests to apps that may be matched
    /// flexibly also get a domain language model of their phrases, for wordings nobody wrote down.
    public var recognitionContext: RecognitionContext? {
        guard let expected = expectedSentences else { return nil }
        guard !isInConversation else {
            return RecognitionContext(name: expected.name, sentences: expected.sentences, kind: .answer)
        }
        // Only a flexible matcher can make anything of a transcript outside the phrases.
        let flexible = resolver.flexible == nil ? [] : catalog.apps.indices.filter { catalog.allowsFlexibleMatching(app: $0) }
        let phrases = flexible.flatMap { catalog.apps[$0].expansions.map(\.text) }
        return RecognitionContext(name: expected.name, sentences: expected.sentences, kind: .request,
                                  languageModel: phrases.isEmpty ? nil : DomainLanguageModel.of(phrases: phrases))
    }
}
