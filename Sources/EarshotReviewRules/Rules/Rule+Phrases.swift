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

    /// Requests that belong to Siri or the device, never to an app: emergency services anywhere in a
    /// phrase; the device's own commands when they are the whole phrase besides the app's name ("Cancel
    /// with Soup Chef", not "Cancel my ride with Soup Chef"); setting a timer or an alarm, said the way
    /// people ask Siri for one ("Set a timer with …", not "Set a sleep timer with …").
    static func coreRequest(in template: Template) -> (words: String, what: String)? {
        var tokens = Language.tokens(template).map { Language.spokenDigits($0) }
        // "9 1 1", "nine one one", "9-1-1": one number.
        var joined: [String] = []
        for token in tokens {
            if let last = joined.last, !token.isEmpty, token.allSatisfy(\.isNumber), last.allSatisfy(\.isNumber), !last.isEmpty {
                joined[joined.count - 1] = last + token
            } else {
                joined.append(token)
            }
        }
        tokens = joined
        let all = tokens.filter { !$0.hasPrefix("{") }.joined(separator: " ")
        for number in ["911", "112", "999", "000"] where Language.contains(all, number) { return (number, "emergency calls") }
        for service in ["emergency", "the police", "an ambulance", "the fire department", "the fire brigade"] where Language.contains(all, service) {
            return (service, "emergency calls")
        }
        let rest = Self.withoutApplicationName(tokens).filter { !$0.hasPrefix("{") && !["my", "the", "please"].contains($0) }.joined(separator: " ")
        for command in ["cancel", "stop", "never mind", "repeat", "say that again", "what can i say", "help"] where rest == command {
            return (command, "“\(command)”, which the device answers itself")
        }
        if let match = rest.range(of: #"^(set|start|create|make) (a |an )?(timer|alarm)\b"#, options: .regularExpression) {
            return (String(rest[match]), "timers and alarms, which Siri sets itself")
        }
        return nil
    }

    /// Tokens without `{applicationName}` and the word joining it.
    static func withoutApplicationName(_ tokens: [String]) -> [String] {
        var tokens = tokens
        if let index = tokens.firstIndex(of: "{\(Template.applicationName)}") {
            tokens.remove(at: index)
            if index > 0, joiningWords.contains(tokens[index - 1]) {
                tokens.remove(at: index - 1)
            } else if index < tokens.count, joiningWords.contains(tokens[index]) {
                tokens.remove(at: index)
            }
        }
        return tokens
    }

    static let phraseCoreCommand = Rule("phrase.core-command", .error,
                                        "No core Siri or device command in a trigger phrase: emergency calls, “set a timer”, a bare “cancel” or “repeat”.",
                                        guideline: .coreCommands) { context in
        context.englishPhrases.compactMap { entry in
            guard let hit = coreRequest(in: entry.phrase.template) else { return nil }
            return Finding(context.locate(hit.words, at: entry.phrase.location),
                           "the phrase '\(entry.phrase.text)' takes over \(hit.what): that request belongs to Siri and the device, not an app.",
                           fix: "Reword the phrase around what your app does (“Cancel my ride with …”, “Set a sleep timer with …”).")
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
        withoutApplicationName(Language.tokens(template)).count
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
                // A phrase that says the default does what it says ("Turn on the lights" when on is the default).
                for value in set.values where !reported && value.id != parameter.defaultValue {
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
