import Foundation
import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSpeech

extension Session {
    /// What the device can understand now, as a recognition context.
    ///
    /// - No conversation open: every request it takes (a grammar of the phrases), and a domain language
    ///   model of the device's phrases and negative phrases (each also after the profile's wake phrases and
    ///   "um", "uh", as recordings of people start) for wordings nobody wrote down: a flexible
    ///   device matches them by meaning, an exact one says it can't help ("no-match") rather than that it
    ///   didn't catch them, and a negative phrase said is heard as one, so it matches nothing. On a flexible
    ///   device, what both refuse is heard last by the general en-us model mixed with that domain model
    ///   (``RecognitionContext/generalFallback``): people's own wordings hold words no phrase has.
    /// - Waiting for a value, a yes/no or a choice: its sentences inside a frame of words people put
    ///   around answers (fillers, carriers, politeness: `answerFrame`), and a language model of those
    ///   answers in sentences with the commonest English words, for what the grammar does not hold ("a
    ///   large latte with oat milk"). On every device: exact matching is for trigger phrases.
    /// - Waiting for an open-ended answer: dictated text, pocketsphinx's general en-us model alone; a number,
    ///   amount, date or duration, a grammar of its spoken forms (``OpenAnswerGrammar``) inside the answer
    ///   frame first, then a language model of those forms with the commonest English words.
    public var recognitionContext: RecognitionContext? {
        if let open = openAnswer {
            let name = expectedSentences?.name ?? "answer: \(open.rawValue)"
            if open == .text {
                return RecognitionContext(name: name, sentences: [], kind: .answer, dictation: true,
                                          dictationWords: catalog.apps.flatMap { $0.manifest.names(in: $0.locale) })
            }
            guard let kind = OpenAnswerLanguage.Kind(rawValue: open.rawValue) else { return nil }
            // The text side's spoken forms (each reads back as a value) and Earshot's wider set of them.
            let type: ParameterType = switch kind {
            case .integer: .integer
            case .decimal: .decimal
            case .currency: .currency
            case .date: .date
            case .duration: .duration
            }
            // With the conversation's own words ("cancel", "repeat that", "what else"), which the device takes
            // here too (without them the fixtures' "cancel" and "say that again" after "How many miles" went unheard).
            let model = DomainLanguageModel.of(sentences: SpokenForms.sentences(for: type) + OpenAnswerLanguage.sentences(kind)
                                               + Session.coreSentences + Session.conversationPhrases)
            // First a grammar of the value's forms (with the core requests beside them), alone and inside the
            // answer frame, judged like any answer; the language model checks what it took and transcribes
            // what it rejected (docs/speech.md, "Open-ended values").
            let frame = answerFrame
            var context = RecognitionContext(name: name, sentences: Session.coreSentences, kind: .answer, languageModel: model,
                                             leading: frame.leading + OpenAnswerGrammar.leading(kind),
                                             trailing: frame.trailing + OpenAnswerGrammar.trailing,
                                             valueRules: OpenAnswerGrammar.rules(kind))
            // The dialogue's reader, so the answers' check compares what the grammar and the model heard as values
            // ("fourteen dollar" and "fourteen dollars" are one amount), at one clock for both.
            let reader = OpenValueReader(now: settings.now ?? Date(), timeZone: settings.timeZone ?? .current)
            context.valueReading = ValueReading(key: kind.rawValue) { reader.read($0, as: type)?.id }
            return context
        }
        guard let expected = expectedSentences else { return nil }
        guard !isInConversation else {
            let frame = answerFrame
            let model = DomainLanguageModel.of(answers: expected.sentences + frame.sentences + Session.conversationPhrases,
                                               leading: frame.leading, trailing: frame.trailing)
            return RecognitionContext(name: expected.name, sentences: expected.sentences, kind: .answer, languageModel: model,
                                      leading: frame.leading, trailing: frame.trailing, framedSentences: frame.sentences)
        }
        let phrases = catalog.apps.flatMap { $0.expansions.map(\.text) + $0.negativeExpansions }
        // A recording of a person often starts with the wake phrase, or a hesitation: "um, hey Siri, …".
        let openings = profile.wake + ["um", "uh"]
        var context = RecognitionContext(name: expected.name, sentences: expected.sentences, kind: .request,
                                         languageModel: phrases.isEmpty ? nil : DomainLanguageModel.of(phrases: phrases, openings: openings),
                                         dictationWords: catalog.apps.flatMap { $0.manifest.names(in: $0.locale) } + phrases)
        // A device that matches by meaning hears what the phrases never said with the general en-us model last.
        context.generalFallback = profile.matching == .flexible && !phrases.isEmpty
        return context
    }
}
