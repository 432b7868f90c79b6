import EarshotModel

extension Guideline {
    static let memorablePhrases = Guideline(.appShortcutsSession, "Trigger phrases",
        "It's important to choose memorable phrases … people have many apps with App Shortcuts, so the exact phrase is hard to remember; synonyms of the app name widen how people can invoke it.")
    static let speakPhrases = Guideline(.shortcutsAndSuggestions, "Provide default phrases for shortcuts",
        "Bear in mind that people must speak your phrase verbatim, so long or confusing phrases may result in mistakes and frustration.")
    static let flexibleMatching = Guideline(.appShortcutsSession, "Flexible matching",
        "Flexible matching matches what people say against an on-device semantic similarity index built from your phrases; test with App Shortcuts Preview rather than writing phrases flexible matching already covers.")
}

extension Rule {
    package static let pronunciationGuessed = Rule("pronunciation.guessed", .note,
                                           "Words of the app the recognizer's dictionary lacks: their pronunciation is guessed.",
                                           guideline: .speakPhrases, needs: .speechModel) { context in
        (context.guessedWords ?? []).map { guess in
            Finding(context.firstMention(of: guess.word) ?? context.manifest.source,
                    "“\(guess.word)” is not in the recognizer's dictionary; Earshot guessed \(guess.phones.isEmpty ? "no pronunciation" : guess.phones).",
                    fix: "Hear the guess with `earshot say \(guess.word) -o \(guess.word).wav`; if it sounds wrong, add a synonym spelled as it sounds.")
        }
    }

    package static let phraseAcousticConfusion = Rule("phrase.acoustic-confusion", .warning,
                                              "Spoken, the phrase is recognised as another intent's (`--acoustic`, several voices).",
                                              guideline: .speakPhrases, needs: .acoustic) { context in
        (context.acousticConfusions ?? []).map { confusion in
            let heard = confusion.heard.map { "\($0.voice): “\($0.text)” → \($0.intent)" }.joined(separator: "; ")
            return Finding(confusion.phrase.location,
                           "“\(confusion.text)” (\(confusion.intent)), spoken, was heard as another intent's phrase in \(confusion.heard.count) of \(confusion.voices) voices (\(heard)).",
                           fix: "Make the phrases of different shortcuts sound different: another verb, or more distinct words.")
        }
    }

    package static let phraseSemanticOverlap = Rule("phrase.semantic-overlap", .warning,
                                            "Phrases of different intents so close in meaning that a paraphrase falls within flexible matching's margin.",
                                            guideline: .flexibleMatching, needs: .sentenceModel) { context in
        (context.semanticOverlaps ?? []).map { overlap in
            Finding(overlap.phrase.location,
                    "“\(overlap.text)” (\(overlap.intent)) scores \(String(format: "%.2f", overlap.score)) against \(overlap.otherIntent)'s “\(overlap.otherText)”: within twice the matching margin (\(String(format: "%.2f", overlap.margin))) of its own phrase, so a wording nobody wrote down can land within the margin of both, and then the device asks which one was meant.",
                    fix: "Word the two shortcuts' phrases further apart, or make them one intent with a parameter (the seeds: avoid several actions for the same basic task).")
        }
    }
}

extension Guideline {
    static let silencing = Guideline(.earshot, "Silencing a rule",
        "A manifest silences a rule by its id, with the reason a reader of the manifest will need; a silence that no longer silences anything should go.")
}

extension Rule {
    static let reviewUnknownRule = Rule("review.unknown-rule", .error, "A silenced rule id that is not a rule.",
                                        guideline: .silencing) { context in
        let ids = Rule.all.map(\.id)
        return context.manifest.silenced.compactMap { silence in
            guard !ids.contains(silence.rule) else { return nil }
            return Finding(silence.location, "'\(silence.rule)' is not a rule of earshot check.",
                           fix: Spelling.didYouMean(silence.rule, in: ids, then: "See `earshot check --rules` for every id."))
        }
    }

    /// Filled by the reviewer, which knows which silences were used.
    package static let reviewUnusedSilence = Rule("review.unused-silence", .note, "A silenced rule that found nothing to silence.",
                                          guideline: .silencing) { _ in [] }
}
