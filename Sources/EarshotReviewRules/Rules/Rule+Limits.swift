import EarshotModel

extension Guideline {
    static let limits = Guideline(.appShortcutsSession, "Limits",
        "An app can have at most ten App Shortcuts, and at most 1,000 trigger phrases in all, counting every combination of parameter values.")
    static let appNameInPhrase = Guideline(.appShortcutsSession, "Trigger phrases",
        "Every trigger phrase must include the app's name or one of its synonyms.")
    static let openEnded = Guideline(.appShortcutsSession, "Parameters in phrases",
        "App Shortcuts support parameters with a fixed set of values; open-ended values such as “find X in my app” are not supported.")
    static let oneParameter = Guideline(.appShortcutsSession, "Parameters in phrases",
        "A trigger phrase holds your app name, and optionally one additional parameter.")
}

extension Rule {
    /// The loader's own limit rules, as review findings (every one, not only the first).
    static func violation(_ kind: AppManifest.Violation.Kind) -> @Sendable (ReviewContext) -> [Finding] {
        { context in
            context.violations.filter { $0.kind == kind }.map { Finding($0.error.location, $0.error.message, fix: $0.error.fix ?? "") }
        }
    }

    static let limitShortcuts = Rule("limits.shortcuts", .error, "At most ten App Shortcuts per app.",
                                     guideline: .limits, check: violation(.shortcutCount))

    static let limitExpansions = Rule("limits.expansions", .error,
                                      "At most 1,000 trigger phrases per locale, counting every parameter value.",
                                      guideline: .limits, check: violation(.expansionCount))

    static let limitExpansionsNear = Rule("limits.expansions-near", .warning,
                                          "Trigger phrases at 80% or more of the 1,000 limit in a locale.",
                                          guideline: .limits) { context in
        let manifest = context.manifest
        var out: [Finding] = []
        for locale in manifest.locales {
            let count = manifest.expansionCount(in: locale)
            let limit = AppManifest.maximumExpansions
            guard count * 5 >= limit * 4, count <= limit else { continue }
            // Point at the phrase that expands the most.
            let phrases = manifest.phrases(in: locale)
            let biggest = phrases.max { manifest.expansionCount(of: $0.phrase, intent: $0.intent) < manifest.expansionCount(of: $1.phrase, intent: $1.intent) }
            let location = biggest?.phrase.location ?? manifest.source
            let share = biggest.map { manifest.expansionCount(of: $0.phrase, intent: $0.intent) } ?? 0
            out.append(Finding(location,
                               "the trigger phrases expand to \(count) of \(limit) in \(locale) (\(count * 100 / limit)%); this phrase alone to \(share).",
                               fix: "Leave room for entities people add: fewer parameters per phrase, or a phrase without the parameter so Siri asks for it."))
        }
        return out
    }

    static let phraseAppName = Rule("phrase.app-name", .error, "Every trigger phrase holds {applicationName}.",
                                    guideline: .appNameInPhrase, check: violation(.applicationName))

    static let phraseOpenParameter = Rule("phrase.open-parameter", .error,
                                          "No open-ended (string, number, date...) parameter in a trigger phrase.",
                                          guideline: .openEnded, check: violation(.openParameter))

    static let phraseOneParameter = Rule("phrase.one-parameter", .error,
                                         "At most one parameter besides {applicationName} in a trigger phrase.",
                                         guideline: .oneParameter, check: violation(.parameterCount))
}
