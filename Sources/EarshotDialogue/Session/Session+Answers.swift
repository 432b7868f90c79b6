#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EarshotMatching
import EarshotModel

extension Session {
    /// A line heard while the conversation waits for an answer. Answers are read the way people say them
    /// (behavior.md §3.4): the value named inside a sentence, an ordinal, yes/no in their common forms.
    mutating func answer(_ normalized: String, raw: String) async -> Step {
        guard var c = conversation else { return Step(text: "OK.", outcome: .cancelled) }
        switch c.state {
        case .awaitingValue(let id):
            guard let parameter = c.intent.parameter(id) else { break }
            let options = c.options(for: parameter)
            // "more options" asks for them, even where an option's synonym holds "more" ("more pillows").
            let onlyMore = !options.isEmpty && reader.asksOnlyForMore(normalized, among: options.map(\.spokenForms))
            switch onlyMore ? .nothing : interpret(normalized, raw: raw, for: parameter, in: c) {
            case .value(let value):
                c.values[id] = value
                conversation = c
                return await advance()
            case .several:
                return await miss(normalized, raw: raw, silent: false, several: true)
            case .nothing:
                break
            }
            if !options.isEmpty, reader.reply(normalized) == .moreOptions {
                let pages = (options.count + profile.spokenOptions - 1) / profile.spokenOptions
                c.page = (c.page + 1) % max(pages, 1)
                conversation = c
                return ask(readOptions: true, prefix: c.page == 0 ? "That's all of them." : nil)
            }
        case .awaitingDefaultConfirmation(let id):
            guard let parameter = c.intent.parameter(id) else { break }
            // A value said instead of yes or no ("no, a cup", "make it a large") is taken.
            let options = c.options(for: parameter)
            switch reader.choose(normalized, among: options.map(\.spokenForms), ignoring: Self.namingWords(of: parameter)) {
            case .option(let index):
                c.values[id] = ParameterValue(id: options[index].id, title: options[index].title)
                conversation = c
                return await advance()
            case .several:
                return await miss(normalized, raw: raw, silent: false, several: true)
            case .none:
                break
            }
            switch reader.reply(normalized) {
            case .yes?:
                if let defaultID = parameter.defaultValue {
                    c.values[id] = c.value(defaultID, of: parameter)
                    conversation = c
                    return await advance()
                }
            case .no?, .moreOptions?:
                // "No" to the default leads to the list of options.
                return await advance()
            case nil:
                break
            }
        case .awaitingConfirmation:
            switch reader.reply(normalized) {
            case .yes?:
                return await perform()
            case .no?:
                var step = Step(text: c.intent.category.lines(verb: c.intent.verb).declined, outcome: .cancelled)
                step.finished = c
                return step
            default:
                break
            }
        case .awaitingDisambiguation:
            let forms = c.choices.map { candidate -> [String] in
                let manifest = catalog.apps[candidate.reference.app].manifest
                var forms = [choiceLabel(candidate), candidate.expansion.text, manifest.intent(candidate.expansion.intent)?.title ?? ""]
                forms += forms.map { "\($0) with \(manifest.name)" }
                return forms
            }
            if let index = reader.choose(normalized, among: forms).index ?? reader.ordinal(normalized, count: c.choices.count) {
                let choice = c.choices[index]
                conversation = nil
                let resolution = Resolution(mode: .exact, matches: [choice], candidates: c.choices, unavailableApp: nil,
                                            vetoedBy: nil, flexibleUnavailable: false)
                var step = await start(choice, resolution: resolution)
                step.match = nil
                return step
            }
        }
        return await miss(normalized, raw: raw, silent: false)
    }

    /// An answer that fits nothing: asked again once with the options read out; the second miss ends politely.
    /// `several`: the answer named two different values of the parameter asked ("tomato or clam chowder").
    mutating func miss(_ normalized: String, raw: String, silent: Bool, several: Bool = false) async -> Step {
        guard var c = conversation else { return Step(text: "OK.", outcome: .cancelled) }
        // A new request instead of an answer starts over with it, as a person would expect.
        if !silent, resolver.resolve(raw).isMatch {
            conversation = nil
            return await invoke(raw, normalized: normalized)
        }
        c.misses += 1
        conversation = c
        if c.misses >= 2 {
            var step = Step(text: "Sorry, I'm still not sure what you meant. Let's try again later.", outcome: .notUnderstood)
            step.finished = c
            return step
        }
        // A miss at a default ("Do you want a bowl?") asks for the value with its options read out
        // (behavior.md §3.5): "Which size? Cup or Bowl?".
        if case .awaitingDefaultConfirmation(let id) = c.state {
            c.state = .awaitingValue(parameter: id)
            conversation = c
        }
        let refused = !silent && normalized.isEmpty
        var prefix = silent ? "Sorry, I didn't hear anything." : refused ? "Sorry, I didn't catch that." : "Sorry, I didn't get that."
        // A value that does not exist gets the app's own error for it, when it has one about this parameter
        // (a `notFound` line naming {soup} is not said while the address is asked).
        // What the person named is the words left when carriers and politeness are taken off ("can I get the
        // minestrone please" → "minestrone"); a long sentence names no value, and gets the plain line.
        let named = reader.namedPart(raw)
        if several {
            prefix = "Sorry, I heard more than one."
        } else if !silent, !refused, case .awaitingValue(let id) = c.state, let parameter = c.intent.parameter(id), parameter.type.valueSetID != nil,
                  let line = c.intent.dialog.error("notFound"), line.placeholders.contains(id), !named.isEmpty,
                  named.split(separator: " ").count <= 4, reader.reply(named) == nil {
            prefix = c.render(line, extra: [id: named]).capitalizedFirst
        }
        return ask(readOptions: true, prefix: prefix)
    }

    /// What an answer gave for a parameter.
    enum Reading {
        case value(ParameterValue)
        /// Two different values of the parameter were named: asked again.
        case several
        case nothing
    }

    /// Reads an answer as a value of `parameter`: an option named (the longest title or synonym said, inside
    /// a sentence too), an ordinal among the options read out, or an open-ended value (one parser,
    /// ``OpenValueReader``, for typed and spoken answers).
    func interpret(_ normalized: String, raw: String, for parameter: Parameter, in c: Conversation) -> Reading {
        let options = c.options(for: parameter)
        if !options.isEmpty {
            switch reader.choose(normalized, among: options.map(\.spokenForms), ignoring: Self.namingWords(of: parameter)) {
            case .option(let index):
                return .value(ParameterValue(id: options[index].id, title: options[index].title))
            case .several:
                return .several
            case .none:
                break
            }
            let spoken = profile.dialog == .full ? Array(pageOfOptions(options, page: c.page)) : options
            if let index = reader.ordinal(normalized, count: spoken.count) {
                return .value(ParameterValue(id: spoken[index].id, title: spoken[index].title))
            }
            return .nothing
        }
        if parameter.type.valueSetID != nil { return .nothing }
        // An open answer that is a request for more options, or a no, names nothing ("not now" is no time); a
        // yes may hold the value ("half an hour should do it", "sure, at three").
        // "Six, no, six and a half" corrects a number ("eight, no wait, ten minutes" a length, "tomorrow, no wait,
        // Thursday" a day): its no is not the answer.
        let values = OpenValueReader(now: settings.now ?? Date(), timeZone: settings.timeZone ?? .current)
        if parameter.type != .boolean, parameter.type != .string, let reply = reader.reply(normalized), reply != .yes,
           !values.settles(raw, as: parameter.type) { return .nothing }
        guard let value = values.read(raw, as: parameter.type, question: parameter.prompt, asking: "\(parameter.title) \(parameter.id)") else { return .nothing }
        return .value(ParameterValue(id: value.id, title: value.title))
    }
}

extension Session {
    /// The words that name what `parameter` asks for (its title: "trail" for "Which trail?"), which name no
    /// one option of it.
    static func namingWords(of parameter: Parameter) -> Set<String> {
        Set(Normalizer.normalize(parameter.title).split(separator: " ").map(String.init))
    }
}

extension String {
    func trimmingWhitespaceAndPunctuation() -> String {
        let junk: (Character) -> Bool = { $0.isWhitespace || ($0.isPunctuation && $0 != "'") }
        return String(self.drop(while: junk).reversed().drop(while: junk).reversed())
    }
}
