import EarshotModel

extension Session {
    /// What the device can understand at this moment, as sentences for a speech recognizer's grammar
    /// (behaviour follows the conversation state).
    ///
    /// - invocation: every phrase expansion of the apps, "what can I say with <app>", and the core
    ///   requests. Apps the device does not have are in it too, so it can hear their phrases and say so
    ///   ("Sorry, Trail Log isn't available on Apple Watch.", behavior.md scenario 13), as it does typed;
    /// - a value: its titles and synonyms, ordinals, "more options", and the core requests;
    /// - a default or the confirmation: yes/no forms (and the values, for a default);
    /// - disambiguation: the choices and ordinals.
    ///
    /// `nil` when the answer is open-ended (a string, date or duration parameter): no grammar can hold it.
    public var expectedSentences: (name: String, sentences: [String])? {
        guard let c = conversation else {
            var sentences: [String] = []
            for app in catalog.apps {
                sentences += app.expansions.map(\.text)
                sentences += app.manifest.names(in: app.locale).map { "what can I say with \($0)" }
            }
            return ("invocation", sentences + Self.coreSentences)
        }
        switch c.state {
        case .awaitingValue(let id):
            guard let parameter = c.intent.parameter(id) else { return nil }
            let options = c.options(for: parameter)
            switch parameter.type {
            case .values:
                return ("answer: \(id)", options.flatMap(\.spokenForms) + Self.ordinalSentences(count: options.count)
                        + Self.moreSentences + Self.coreSentences)
            case .boolean:
                return ("answer: \(id)", Self.yesSentences + Self.noSentences + Self.coreSentences)
            case .integer, .decimal, .currency:
                return ("answer: \(id)", (0...100).map { String($0) } + Self.coreSentences)
            case .string, .date, .duration:
                return nil
            }
        case .awaitingDefaultConfirmation(let id):
            let values = c.intent.parameter(id).map { c.options(for: $0).flatMap(\.spokenForms) } ?? []
            return ("default: \(id)", Self.yesSentences + Self.noSentences + values + Self.coreSentences)
        case .awaitingConfirmation:
            return ("confirmation", Self.yesSentences + Self.noSentences + Self.coreSentences)
        case .awaitingDisambiguation:
            let labels = c.choices.map(choiceLabel)
            return ("disambiguation", labels + Self.ordinalSentences(count: labels.count) + Self.coreSentences)
        }
    }

    static let coreSentences = ["cancel", "stop", "never mind", "repeat", "repeat that", "say that again", "what did you say"]
    static let moreSentences = ["more options", "more", "something else", "what else"]
    static let yesSentences = ["yes", "yeah", "yep", "sure", "okay", "yes please", "correct", "that's right", "go ahead", "do it"]
    static let noSentences = ["no", "nope", "no thanks", "no thank you", "don't"]

    static func ordinalSentences(count: Int) -> [String] {
        let words = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
        var sentences = ["the last one", "last one"]
        for index in 0..<min(count, words.count) {
            sentences += ["the \(words[index]) one", "\(words[index]) one", "the \(words[index])", "number \(index + 1)"]
        }
        return sentences
    }
}
