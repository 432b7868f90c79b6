import EarshotModel

extension Guideline {
    static let summaryEach = Guideline(.shortcutsAndSuggestions, "Make shortcuts customizable",
        "Provide a parameter summary for each custom intent you support. At minimum, your parameter summary should include all parameters your intent requires.")
    static let summaryVerb = Guideline(.shortcutsAndSuggestions, "Make shortcuts customizable",
        "Craft a short parameter summary that’s clearly related to your intent’s title … it’s helpful to begin both phrases with the same verb.")
    static let summarySentence = Guideline(.shortcutsAndSuggestions, "Make shortcuts customizable",
        "Aim for a parameter summary that reads like a sentence … Punctuation within a summary — especially colons, semicolons, and parentheses — can make the summary hard to read and understand.")
    static let summaryVariants = Guideline(.shortcutsAndSuggestions, "Make shortcuts customizable",
        "Provide multiple parameter summaries when necessary … Be sure to use a consistent grammatical structure and parameter order in all variants of the summary that you create.")
}

extension Rule {
    /// Parameters the intent requires: every one not marked optional (a default gives a value, it does
    /// not make the parameter optional).
    static func required(_ intent: Intent) -> [Parameter] {
        intent.parameters.filter { !$0.optional }
    }

    /// Every summary of an intent: `otherwise` first, then the variants.
    static func summaries(_ intent: Intent) -> [(text: String, when: [Condition], location: SourceLocation)] {
        (intent.summary.map { [($0, [], intent.location(of: "summary"))] } ?? [])
            + intent.summaryVariants.map { ($0.text, $0.when, $0.location) }
    }

    static let summaryMissing = Rule("summary.missing", .warning, "Every intent with parameters has a parameter summary.",
                                     guideline: .summaryEach) { context in
        context.manifest.intents.compactMap { intent in
            guard intent.summary == nil, intent.summaryVariants.isEmpty, !intent.parameters.isEmpty else { return nil }
            let example = ([intent.title] + required(intent).map { "{\($0.id)}" }).joined(separator: " ")
            return Finding(intent.location(of: "title"), "\(intent.id) has parameters but no parameter summary.",
                           fix: "Add 'summary:', a sentence with its parameters that starts with the title's verb, like '\(example)'.")
        }
    }

    static let summaryRequired = Rule("summary.required", .warning, "A parameter summary shows every parameter the intent requires.",
                                      guideline: .summaryEach) { context in
        var out: [Finding] = []
        for intent in context.manifest.intents {
            for summary in summaries(intent) {
                let shown = Set(Template(summary.text).placeholders)
                let missing = required(intent).filter { parameter in
                    // A chained parameter belongs only in the variants whose conditions enable it.
                    let applies = parameter.when.allSatisfy { condition in summary.when.contains { $0.parameter == condition.parameter && $0.value == condition.value } }
                    return applies && !shown.contains(parameter.id)
                }
                guard !missing.isEmpty else { continue }
                let names = missing.map { "{\($0.id)}" }.joined(separator: ", ")
                out.append(Finding(summary.location, "the summary '\(summary.text)' of \(intent.id) leaves out \(names), which the intent requires.",
                                   fix: "Add \(names) to it, so people can see and edit \(missing.count == 1 ? "that value" : "those values") in Shortcuts."))
            }
        }
        return out
    }

    static let summaryVerb = Rule("summary.verb", .warning, "A parameter summary starts with its intent title's verb.",
                                  guideline: .summaryVerb) { context in
        guard context.isEnglish else { return [] }
        var out: [Finding] = []
        for intent in context.manifest.intents {
            // A title without a verb is title.verb's finding; there is no verb to match.
            guard let verb = Language.firstWord(intent.title), Language.isVerb(verb) else { continue }
            for summary in summaries(intent) where Language.firstWord(summary.text) != verb {
                out.append(Finding(summary.location, "the summary '\(summary.text)' of \(intent.id) does not start with “\(verb)”, as its title '\(intent.title)' does.",
                                   fix: "Start both with the same verb, e.g. '\(verb.prefix(1).uppercased() + verb.dropFirst()) …'."))
            }
        }
        return out
    }

    static let summaryPunctuation = Rule("summary.punctuation", .warning,
                                         "A parameter summary has no colons, semicolons, parentheses or ending punctuation.",
                                         guideline: .summarySentence) { context in
        var out: [Finding] = []
        for intent in context.manifest.intents {
            for summary in summaries(intent) {
                let literal = Template(summary.text).pieces.map { piece -> String in
                    if case .text(let text) = piece { return text }
                    return "x"
                }.joined()
                guard let mark = literal.first(where: { ":;()".contains($0) }) ?? (Language.endsWithPunctuation(literal) ? literal.trimmingCharacters(in: .whitespaces).last : nil) else { continue }
                out.append(Finding(context.locate(String(mark), at: summary.location),
                                   "the summary '\(summary.text)' of \(intent.id) has “\(mark)”.",
                                   fix: "Write it as one plain sentence without it."))
            }
        }
        return out
    }

    static let summaryVariantsRule = Rule("summary.variants", .warning,
                                          "An intent with a chained parameter has a summary variant that shows it.",
                                          guideline: .summaryVariants) { context in
        var out: [Finding] = []
        for intent in context.manifest.intents where intent.summary != nil || !intent.summaryVariants.isEmpty {
            for parameter in intent.parameters where !parameter.when.isEmpty && !parameter.optional {
                let claims = { (variant: SummaryVariant) in
                    parameter.when.allSatisfy { condition in variant.when.contains { $0.parameter == condition.parameter && $0.value == condition.value } }
                }
                // A variant for its parent's value shows it; or, when no variant claims that value, the
                // summary used otherwise does ("… at {store}" for pickup, a variant "… to {address}" for delivery).
                let covered = intent.summaryVariants.contains { claims($0) && Template($0.text).placeholders.contains(parameter.id) }
                    || (!intent.summaryVariants.contains(where: claims) && intent.summary.map { Template($0).placeholders.contains(parameter.id) } == true)
                guard !covered else { continue }
                let condition = parameter.when.map { "\($0.parameter): \($0.value)" }.joined(separator: ", ")
                out.append(Finding(intent.location(of: "summary"),
                                   "\(intent.id)'s summary has no variant for \(condition), where {\(parameter.id)} is asked.",
                                   fix: "Give 'summary:' as a list: the summary for otherwise, and '- when: { \(condition) }' with a text that adds {\(parameter.id)}."))
            }
        }
        return out
    }

    static let summaryVariantOrder = Rule("summary.variant-order", .warning,
                                          "Summary variants keep the same verb and parameter order.",
                                          guideline: .summaryVariants) { context in
        var out: [Finding] = []
        for intent in context.manifest.intents {
            guard let base = intent.summary else { continue }
            let order = Template(base).placeholders
            for variant in intent.summaryVariants {
                let mine = Template(variant.text).placeholders
                let shared = mine.filter(order.contains)
                let expected = order.filter(mine.contains)
                let sameVerb = Language.firstWord(variant.text) == Language.firstWord(base)
                guard shared != expected || !sameVerb else { continue }
                let what = sameVerb ? "puts \(shared.map { "{\($0)}" }.joined(separator: " ")) in another order than" : "starts with another word than"
                out.append(Finding(variant.location, "the summary variant '\(variant.text)' of \(intent.id) \(what) '\(base)'.",
                                   fix: "Keep the structure of the main summary and add the chained parameter, e.g. '\(base) …'."))
            }
        }
        return out
    }
}
