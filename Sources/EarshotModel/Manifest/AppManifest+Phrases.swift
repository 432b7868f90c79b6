import Foundation
import Yams

extension AppManifest {
    /// Phrase rules that need the whole app: the app name, open-ended parameters, and the expansion
    /// limit per locale. Placeholders that name no parameter (or one twice) still throw.
    func phraseViolations() -> [Violation] {
        var out: [Violation] = []
        func check(_ phrase: Phrase, of intent: Intent) {
            if let violation = violation(of: phrase, intent: intent) { out.append(violation) }
        }
        for shortcut in shortcuts {
            guard let intent = intent(shortcut.intent) else { continue }
            for phrase in shortcut.phrases { check(phrase, of: intent) }
        }
        for localization in localizations {
            for (intentID, phrases) in localization.shortcuts {
                guard let intent = intent(intentID) else { continue }
                for phrase in phrases { check(phrase, of: intent) }
            }
        }
        for locale in locales {
            var total = 0
            for (phrase, intent) in phrases(in: locale) {
                total += expansionCount(of: phrase, intent: intent)
                if total > Self.maximumExpansions {
                    out.append(Violation(kind: .expansionCount, error: LoadError(phrase.location,
                        "the app's trigger phrases expand to more than \(Self.maximumExpansions) in \(locale) (this phrase passes the limit, counting every enum case and suggested entity).",
                        fix: "Remove phrases, or use a parameter with fewer values in them; a phrase without the parameter lets Siri ask for it.")))
                    break
                }
            }
        }
        return out
    }

    private func violation(of phrase: Phrase, intent: Intent) -> Violation? {
        let names = phrase.template.placeholders
        if !names.contains(Template.applicationName) {
            return Violation(kind: .applicationName, error: LoadError(phrase.location, "the phrase '\(phrase.text)' does not contain {applicationName}.",
                fix: "Every trigger phrase says the app's name: add {applicationName}, e.g. '\(phrase.text) with {applicationName}'."))
        }
        for name in names where name != Template.applicationName {
            if let parameter = intent.parameter(name), parameter.type.valueSetID == nil {
                return Violation(kind: .openParameter, error: LoadError(phrase.location,
                    "the phrase uses '{\(name)}', a \(parameter.type) parameter; only enum and entity parameters can appear in a trigger phrase.",
                    fix: "Remove it from the phrase: Siri asks for open-ended values after the shortcut starts."))
            }
        }
        // Apple's rule: "your app name, and optionally one additional parameter" (Xcode refuses more).
        let parameters = names.filter { $0 != Template.applicationName }
        if parameters.count > 1 {
            let placeholders = parameters.map { "{\($0)}" }
            return Violation(kind: .parameterCount, error: LoadError(phrase.location,
                "the phrase '\(phrase.text)' holds \(parameters.count) parameters (\(placeholders.joined(separator: ", "))); a trigger phrase holds the app name and at most one parameter.",
                fix: "Split it into phrases with one parameter each (e.g. one with \(placeholders[0]), one with \(placeholders[1])), and let Siri ask for the other value in the conversation."))
        }
        return nil
    }

    /// Placeholders of a trigger phrase that are not parameters of its intent, or appear twice: these
    /// make the phrase meaningless, so loading stops.
    static func checkPlaceholders(_ phrase: Phrase, of intent: Intent) throws(LoadError) {
        var seen: Set<String> = []
        for name in phrase.template.placeholders where name != Template.applicationName {
            guard intent.parameter(name) != nil else {
                throw LoadError(phrase.location, "the phrase uses '{\(name)}', which is not a parameter of intent '\(intent.id)'.",
                                fix: "Use one of: \(([Template.applicationName] + intent.parameters.map(\.id)).joined(separator: ", ")).")
            }
            if !seen.insert(name).inserted {
                throw LoadError(phrase.location, "the phrase uses '{\(name)}' twice.", fix: "Use each parameter once.")
            }
        }
    }

    /// The phrases of every shortcut in `locale`, with their intents.
    ///
    /// In the manifest's own locale these are the shortcuts' phrases; in another locale, the
    /// phrases its localization gives.
    public func phrases(in locale: String) -> [(phrase: Phrase, intent: Intent)] {
        var out: [(Phrase, Intent)] = []
        if locale == self.locale {
            for shortcut in shortcuts {
                guard let intent = intent(shortcut.intent) else { continue }
                for phrase in shortcut.phrases { out.append((phrase, intent)) }
            }
        } else if let localization = localizations.first(where: { $0.locale == locale }) {
            for (intentID, phrases) in localization.shortcuts {
                guard let intent = intent(intentID) else { continue }
                for phrase in phrases { out.append((phrase, intent)) }
            }
        }
        return out
    }

    /// How many trigger phrases `phrase` counts for: the product of its parameters' value counts.
    public func expansionCount(of phrase: Phrase, intent: Intent) -> Int {
        var count = 1
        for name in phrase.template.placeholders where name != Template.applicationName {
            guard let id = intent.parameter(name)?.type.valueSetID, let set = valueSet(id) else { continue }
            let (product, overflow) = count.multipliedReportingOverflow(by: max(set.values.count, 0))
            count = overflow ? .max : product
        }
        return count
    }

    /// Trigger phrases in `locale` after expansion, as the limit counts them.
    public func expansionCount(in locale: String) -> Int {
        phrases(in: locale).reduce(0) { total, item in
            let (sum, overflow) = total.addingReportingOverflow(expansionCount(of: item.phrase, intent: item.intent))
            return overflow ? .max : sum
        }
    }
}
