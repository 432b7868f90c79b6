import EarshotMatching
import EarshotModel

extension Guideline {
    static let coreCommands = Guideline(.shortcutsAndSuggestions, "Provide default phrases for shortcuts",
        "Don’t commandeer core Siri commands. For example, your app should never suggest a phrase like Call 911 or include the text Hey Siri.")
    static let shortPhrases = Guideline(.shortcutsAndSuggestions, "Provide default phrases for shortcuts",
        "Keep phrases short and memorable. … Two- and three-word phrases tend to work best.")
    static let specificPhrases = Guideline(.shortcutsAndSuggestions, "Provide default phrases for shortcuts",
        "Avoid implying that people can vary a shortcut’s invocation phrase to get a different result. For example, people might interpret a phrase like Order a large clam chowder to mean that your shortcut will give them what they want if they substitute “small” for “large”.")
    static let accuratePhrases = Guideline(.shortcutsAndSuggestions, "Provide default phrases for shortcuts",
        "Make sure the phrases you suggest are accurate and specific … specific to each shortcut’s scope.")
    static let phraseWithoutParameter = Guideline(.appShortcutsSession, "Parameters in phrases",
        "Provide a phrase without the parameter too: when the shortcut is used without one, Siri asks people to choose.")
    static let negativePhrases = Guideline(.appShortcutsSession, "Negative phrases",
        "Negative phrases are for utterances that invoke the app by mistake although they are not its App Shortcuts.")
}

extension Rule {
    /// Words that join the app's name to the rest of a phrase ("... with Soup Chef").
    static let joiningWords: Set<String> = ["with", "in", "on", "using", "from", "to", "for", "via", "at", "by", "through"]

    static let phraseHeySiri = Rule("phrase.hey-siri", .error, "No “Hey Siri” (or “Siri”) in a trigger phrase.",
                                    guideline: .coreCommands) { context in
        context.phrases.compactMap { entry in
            let words = Language.words(entry.phrase.text)
            guard let index = words.firstIndex(of: "siri") else { return nil }
            let said = index > 0 && ["hey", "hi", "ok", "okay"].contains(words[index - 1]) ? "\(words[index - 1]) siri" : "siri"
            return Finding(context.locate(said.replacingOccurrences(of: " ", with: " "), at: entry.phrase.location),
                           "the phrase '\(entry.phrase.text)' says “\(said.capitalized)”.",
                           fix: "Remove it: people say “Hey Siri” to the device before any phrase; a phrase holding it never matches.")
        }
    }

    /// Requests that belong to Siri or the device, never to an app.
    static let coreRequests: [(words: String, what: String, atStart: Bool)] = [
        ("911", "emergency calls", false), ("112", "emergency calls", false), ("999", "emergency calls", false),
        ("emergency", "emergency calls", false), ("timer", "timers", false), ("timers", "timers", false),
        ("alarm", "alarms", false), ("alarms", "alarms", false), ("cancel", "“cancel”, which ends any conversation", true),
        ("stop", "“stop”, which ends any conversation", true), ("never mind", "“never mind”, which ends any conversation", true),
        ("repeat", "“repeat”, which repeats the device's last line", true),
        ("say that again", "“say that again”, which repeats the device's last line", true),
        ("what can i say", "“what can I say”, which lists an app's shortcuts", true),
    ]

    static let phraseCoreCommand = Rule("phrase.core-command", .error,
                                        "No core Siri or device command (emergency calls, timers, alarms, cancel, repeat...) in a trigger phrase.",
                                        guideline: .coreCommands) { context in
        context.englishPhrases.compactMap { entry in
            let literal = Language.tokens(entry.phrase.template).filter { !$0.hasPrefix("{") }.joined(separator: " ")
            guard let hit = coreRequests.first(where: { request in
                request.atStart ? (literal + " ").hasPrefix(request.words + " ") : Language.contains(literal, request.words)
            }) else { return nil }
            return Finding(context.locate(hit.words, at: entry.phrase.location),
                           "the phrase '\(entry.phrase.text)' takes over \(hit.what): that request belongs to Siri and the device, not an app.",
                           fix: "Reword the phrase around what your app does, without “\(hit.words)”.")
        }
    }

    /// The most words a phrase should have besides the app's name and the word joining it.
    static let longPhraseWords = 5

    static let phraseLength = Rule("phrase.length", .warning,
                                   "Trigger phrases of more than \(longPhraseWords) words besides the app name (two or three work best).",
                                   guideline: .shortPhrases) { context in
        context.englishPhrases.compactMap { entry in
            let count = Self.wordCount(of: entry.phrase.template)
            guard count > longPhraseWords else { return nil }
            return Finding(entry.phrase.location,
                           "the phrase '\(entry.phrase.text)' has \(count) words besides the app's name; people must say it word for word.",
                           fix: "Shorten it to two or three words (a placeholder counts as one), e.g. the verb and its object.")
        }
    }

    /// Words of a phrase besides `{applicationName}` and the word that joins it; a placeholder is one word.
    static func wordCount(of template: Template) -> Int {
        var tokens = Language.tokens(template)
        if let index = tokens.firstIndex(of: "{\(Template.applicationName)}") {
            tokens.remove(at: index)
            if index > 0, joiningWords.contains(tokens[index - 1]) {
                tokens.remove(at: index - 1)
            } else if index < tokens.count, joiningWords.contains(tokens[index]) {
                tokens.remove(at: index)
            }
        }
        return tokens.count
    }

    static let phraseLiteralValue = Rule("phrase.literal-value", .warning,
                                         "A value of the intent's own parameters written into a phrase instead of its placeholder.",
                                         guideline: .specificPhrases) { context in
        var out: [Finding] = []
        for entry in context.englishPhrases {
            let literal = " " + entry.phrase.template.pieces.map { piece -> String in
                if case .text(let text) = piece { return Normalizer.normalize(text) }
                return "|"
            }.joined(separator: " ") + " "
            var reported = false
            for parameter in entry.intent.parameters where !reported {
                guard let id = parameter.type.valueSetID, let set = context.manifest.valueSet(id) else { continue }
                for value in set.values where !reported {
                    guard let form = value.spokenForms.first(where: { form in
                        let normalized = Normalizer.normalize(form)
                        return !normalized.isEmpty && literal.contains(" \(normalized) ")
                    }) else { continue }
                    reported = true
                    out.append(Finding(context.locate(form, at: entry.phrase.location),
                                       "the phrase '\(entry.phrase.text)' says “\(form)”, a value of {\(parameter.id)}: people will think they can say another \(parameter.title.lowercased()) there.",
                                       fix: "Write {\(parameter.id)} in its place, or leave the value out and let Siri ask “\(parameter.question)”."))
                }
            }
        }
        return out
    }

    static let phraseSameExpansion = Rule("phrase.same-expansion", .error,
                                          "The same trigger phrase, once expanded, reaches two intents.",
                                          guideline: .accuratePhrases) { context in
        var owner: [String: ReviewContext.PhraseEntry] = [:]
        var out: [Finding] = []
        var reported: Set<String> = []
        for entry in context.phrases {
            for text in context.expansions(of: entry) {
                let key = "\(entry.locale)|\(text)"
                guard let first = owner[key] else {
                    owner[key] = entry
                    continue
                }
                guard first.intent.id != entry.intent.id else { continue }
                let pair = "\(first.phrase.location)|\(entry.phrase.location)"
                guard reported.insert(pair).inserted else { continue }
                out.append(Finding(entry.phrase.location,
                                   "“\(text)” is a trigger of \(entry.intent.id) and of \(first.intent.id) (line \(first.phrase.location.line ?? 0)): the device cannot know which one is meant.",
                                   fix: "Reword one of the two phrases so each says what its own shortcut does."))
            }
        }
        return out
    }

    static let phraseDuplicate = Rule("phrase.duplicate", .note, "Two phrases of one shortcut expand to the same words.",
                                      guideline: .accuratePhrases) { context in
        var owner: [String: ReviewContext.PhraseEntry] = [:]
        var out: [Finding] = []
        var reported: Set<String> = []
        for entry in context.phrases {
            for text in Set(context.expansions(of: entry)) {
                let key = "\(entry.locale)|\(text)"
                guard let first = owner[key] else {
                    owner[key] = entry
                    continue
                }
                guard first.intent.id == entry.intent.id, reported.insert("\(entry.phrase.location)").inserted else { continue }
                out.append(Finding(entry.phrase.location,
                                   "“\(text)” is already a trigger of \(entry.intent.id) by the phrase at line \(first.phrase.location.line ?? 0).",
                                   fix: "Remove one of the two; it adds nothing but counts toward the 1,000 limit."))
            }
        }
        return out
    }

    static let phraseEntityRequired = Rule("phrase.entity-required", .warning,
                                           "Every phrase of a shortcut holds an entity parameter: no phrase works before the app's entities are known.",
                                           guideline: .phraseWithoutParameter) { context in
        context.manifest.shortcuts.compactMap { shortcut in
            guard let intent = context.manifest.intent(shortcut.intent) else { return nil }
            let placed = shortcut.phrases.map { Set($0.template.placeholders) }
            let always = intent.parameters.filter { parameter in
                guard let id = parameter.type.valueSetID, context.manifest.entities.contains(where: { $0.id == id }) else { return false }
                return placed.allSatisfy { $0.contains(parameter.id) }
            }
            guard let parameter = always.first else { return nil }
            return Finding(shortcut.location(of: "phrases"),
                           "every phrase of the \(intent.id) shortcut says {\(parameter.id)}: with no \(parameter.title.lowercased()) known yet, or one not among them, nothing starts it.",
                           fix: "Add a phrase without {\(parameter.id)}, e.g. one naming the \(parameter.title.lowercased()) in general; Siri then asks “\(parameter.question)”.")
        }
    }

    static let negativeEqualsPhrase = Rule("negative.equals-phrase", .error,
                                           "A negative phrase that is also a trigger phrase (it blocks the app's own shortcut).",
                                           guideline: .negativePhrases) { context in
        var out: [Finding] = []
        var reported: Set<String> = []
        for locale in context.manifest.locales {
            let positives = Dictionary(context.phrases.filter { $0.locale == locale }.flatMap { entry in
                context.expansions(of: entry).map { ($0, entry) }
            }, uniquingKeysWith: { first, _ in first })
            for (phrase, text) in context.negativeExpansions(in: locale) {
                guard let entry = positives[text], reported.insert("\(phrase.location)").inserted else { continue }
                out.append(Finding(phrase.location,
                                   "the negative phrase '\(phrase.text)' is also a trigger of \(entry.intent.id) (line \(entry.phrase.location.line ?? 0)): the app cannot both answer it and refuse it.",
                                   fix: "Remove the negative phrase, or the trigger phrase: a negative phrase is for what must not start the app."))
            }
        }
        return out
    }
}
