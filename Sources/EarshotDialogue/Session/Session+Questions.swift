import EarshotMatching
import EarshotModel

extension Session {
    /// Moves the conversation on after any change: the next question, the confirmation, or perform.
    /// Perform runs only after every required value and the confirmation (behavior.md §4.4), so an
    /// error the app gives (a sold-out soup) is heard after "Do you want a bowl?" and "Ready to order?".
    mutating func advance() async -> Step {
        guard var c = conversation else { return Step(text: "OK.", outcome: .cancelled) }
        for parameter in c.intent.parameters where c.values[parameter.id] == nil && c.isEnabled(parameter) && !parameter.optional {
            if let id = parameter.defaultValue, parameter.confirmDefault == nil {
                c.values[parameter.id] = c.value(id, of: parameter)
                continue
            }
            if parameter.confirmDefault != nil, !c.offeredDefaults.contains(parameter.id) {
                c.offeredDefaults.insert(parameter.id)
                c.state = .awaitingDefaultConfirmation(parameter: parameter.id)
            } else {
                c.state = .awaitingValue(parameter: parameter.id)
            }
            // A new question reads its options from the first page, whatever page the last one was on.
            c.page = 0
            c.misses = 0
            conversation = c
            return ask(readOptions: false)
        }
        conversation = c
        if c.intent.needsConfirmation && !c.confirmationAsked {
            return await confirm()
        }
        return await perform()
    }

    /// The current question as a step: the prompt, and the options read out when the profile speaks
    /// full dialogue (or `readOptions` forces it, on a re-ask).
    func ask(readOptions: Bool, prefix: String? = nil) -> Step {
        guard let c = conversation else { return Step(text: "OK.", outcome: .cancelled) }
        var step = Step(text: "", outcome: .inProgress)
        step.asking = Step.Asking(c.state)
        let image = c.manifest.shortcut(for: c.intent.id)?.systemImage
        switch c.state {
        case .awaitingValue(let id):
            guard let parameter = c.intent.parameter(id) else { break }
            let options = c.options(for: parameter)
            var text = parameter.question
            if !options.isEmpty, profile.dialog == .full || readOptions {
                let page = pageOfOptions(options, page: c.page)
                let more = (c.page + 1) * profile.spokenOptions < options.count
                text = Speech.join(text, Speech.list(page.map(\.title), more: more) + "?")
            }
            step.text = text
            step.snippet = Snippet(title: c.title, lines: options.isEmpty ? [parameter.question] : options.map(\.title), image: image)
        case .awaitingDefaultConfirmation(let id):
            guard let parameter = c.intent.parameter(id) else { break }
            step.text = parameter.confirmDefault ?? parameter.question
            step.snippet = Snippet(title: c.title, lines: [c.value(parameter.defaultValue ?? "", of: parameter).title], image: image)
        case .awaitingConfirmation:
            step.text = confirmationLine(c)
            step.snippet = Snippet(title: c.title, lines: [c.summaryLine], image: image)
        case .awaitingDisambiguation:
            step.text = disambiguationQuestion(c.choices)
            step.snippet = Snippet(title: "Which one?", lines: c.choices.map(choiceLabel), image: nil)
        }
        step.text = Speech.join(prefix, step.text)
        return step
    }

    func pageOfOptions(_ options: [Value], page: Int) -> ArraySlice<Value> {
        let size = profile.spokenOptions
        let start = min(page * size, options.count)
        return options[start..<min(start + size, options.count)]
    }

    /// The intent's custom confirmation line, then the category's default ("... Ready to order?").
    func confirmationLine(_ c: Conversation) -> String {
        let results: [String: String]
        switch c.confirmedResult {
        case .values(let values)?: results = values
        default: results = [:]
        }
        return Speech.join(c.intent.dialog.confirmation.map { c.render($0, results: results).capitalizedFirst },
                           c.intent.category.lines(verb: c.intent.verb).confirmation)
    }
}
