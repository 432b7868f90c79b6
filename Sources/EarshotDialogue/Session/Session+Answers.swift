import EarshotMatching
import EarshotModel

extension Session {
    /// A line heard while the conversation waits for an answer.
    mutating func answer(_ normalized: String, raw: String) async -> Step {
        guard var c = conversation else { return Step(text: "OK.", outcome: .cancelled) }
        switch c.state {
        case .awaitingValue(let id):
            guard let parameter = c.intent.parameter(id) else { break }
            let options = c.options(for: parameter)
            if !options.isEmpty, Answers.isMoreOptions(normalized) {
                let pages = (options.count + profile.spokenOptions - 1) / profile.spokenOptions
                c.page = (c.page + 1) % max(pages, 1)
                conversation = c
                return ask(readOptions: true, prefix: c.page == 0 ? "That's all of them." : nil)
            }
            if let value = interpret(normalized, raw: raw, for: parameter, in: c) {
                c.values[id] = value
                conversation = c
                return await advance()
            }
        case .awaitingDefaultConfirmation(let id):
            guard let parameter = c.intent.parameter(id) else { break }
            if Answers.isYes(normalized), let defaultID = parameter.defaultValue {
                c.values[id] = c.value(defaultID, of: parameter)
                conversation = c
                return await advance()
            }
            if Answers.isNo(normalized) {
                // "No" to the default leads to the list of options.
                return await advance()
            }
            let options = c.options(for: parameter)
            if let index = Answers.choose(normalized, among: options.map { $0.spokenForms.map(Normalizer.normalize) }) {
                c.values[id] = ParameterValue(id: options[index].id, title: options[index].title)
                conversation = c
                return await advance()
            }
        case .awaitingConfirmation:
            if Answers.isYes(normalized) {
                return await perform()
            }
            if Answers.isNo(normalized) {
                var step = Step(text: c.intent.category.lines(verb: c.intent.verb).declined, outcome: .cancelled)
                step.finished = c
                return step
            }
        case .awaitingDisambiguation:
            let forms = c.choices.map { candidate -> [String] in
                let manifest = catalog.apps[candidate.reference.app].manifest
                var forms = [choiceLabel(candidate), candidate.expansion.text, manifest.intent(candidate.expansion.intent)?.title ?? ""]
                forms += forms.map { "\($0) with \(manifest.name)" }
                return forms.map(Normalizer.normalize)
            }
            if let index = Answers.ordinal(normalized, count: c.choices.count) ?? Answers.choose(normalized, among: forms) {
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
    mutating func miss(_ normalized: String, raw: String, silent: Bool) async -> Step {
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
        if !silent, !refused, case .awaitingValue(let id) = c.state, let parameter = c.intent.parameter(id), parameter.type.valueSetID != nil,
           let line = c.intent.dialog.error("notFound"), line.placeholders.contains(id) {
            prefix = c.render(line, extra: [id: raw.trimmingWhitespaceAndPunctuation()]).capitalizedFirst
        }
        return ask(readOptions: true, prefix: prefix)
    }

    /// Reads an answer as a value of `parameter`.
    func interpret(_ normalized: String, raw: String, for parameter: Parameter, in c: Conversation) -> ParameterValue? {
        let options = c.options(for: parameter)
        if !options.isEmpty {
            let spoken = profile.dialog == .full ? Array(pageOfOptions(options, page: c.page)) : options
            if let index = Answers.ordinal(normalized, count: spoken.count) {
                return ParameterValue(id: spoken[index].id, title: spoken[index].title)
            }
            if let index = Answers.choose(normalized, among: options.map { $0.spokenForms.map(Normalizer.normalize) }) {
                return ParameterValue(id: options[index].id, title: options[index].title)
            }
            return nil
        }
        let words = Answers.strip(normalized).split(separator: " ")
        switch parameter.type {
        case .boolean:
            if Answers.isYes(normalized) { return ParameterValue(id: "true", title: "yes") }
            if Answers.isNo(normalized) { return ParameterValue(id: "false", title: "no") }
            return nil
        case .integer:
            let numbers = words.compactMap { Int($0) }
            return numbers.count == 1 ? ParameterValue(id: String(numbers[0]), title: String(numbers[0])) : nil
        case .decimal, .currency:
            guard let number = Answers.decimal(words.map(String.init)) else {
                return parameter.type == .currency && !raw.isEmpty ? literal(raw) : nil
            }
            let text = number.rounded() == number ? String(Int(number)) : String(number)
            return ParameterValue(id: text, title: text)
        case .string, .date, .duration, .values:
            return literal(raw)
        }
    }

    private func literal(_ raw: String) -> ParameterValue? {
        let text = raw.trimmingWhitespaceAndPunctuation()
        return text.isEmpty ? nil : ParameterValue(id: text, title: text)
    }
}

extension String {
    func trimmingWhitespaceAndPunctuation() -> String {
        let junk: (Character) -> Bool = { $0.isWhitespace || ($0.isPunctuation && $0 != "'") }
        return String(self.drop(while: junk).reversed().drop(while: junk).reversed())
    }
}
