import EarshotMatching
import EarshotModel

extension Session {
    /// A line heard with no conversation in progress: a core request or an invocation.
    mutating func invoke(_ text: String, normalized: String) async -> Step {
        guard profile.supportsAppShortcuts else {
            var step = Step(text: "Sorry, App Shortcuts need \(profile.name) software \(profile.minimumOS ?? "") or later.", outcome: .unavailable)
            step.isInvocation = true
            return step
        }
        if let name = Answers.helpRequest(normalized) {
            return help(for: name)
        }
        if let step = await runUserShortcut(text, normalized: normalized) { return step }
        let resolution = resolver.resolve(text)
        var step: Step
        if resolution.isAmbiguous {
            step = disambiguate(resolution)
        } else if let best = resolution.matches.first {
            step = await start(best, resolution: resolution)
        } else {
            step = noMatch(resolution)
        }
        step.isInvocation = true
        return step
    }

    /// A shortcut the person added, said word for word, for an app this device has: its intent starts
    /// with the values the person preset. Elsewhere the phrase is just words (matched as any other).
    private mutating func runUserShortcut(_ text: String, normalized: String) async -> Step? {
        guard let shortcut = userShortcuts.first(where: { Normalizer.normalize($0.phrase) == normalized }),
              let app = catalog.apps.firstIndex(where: { $0.manifest.name == shortcut.app }), catalog.available[app],
              catalog.apps[app].manifest.intent(shortcut.intent) != nil else { return nil }
        let expansion = Expansion(app: app, intent: shortcut.intent, phrase: shortcut.phrase, text: text, values: shortcut.values,
                                  normalized: normalized)
        let candidate = Candidate(reference: PhraseCatalog.Reference(app: app, expansion: -1), expansion: expansion, score: 1)
        var step = await start(candidate, resolution: Resolution(mode: .exact, matches: [candidate], candidates: [candidate]))
        step.isInvocation = true
        return step
    }

    func candidateInfo(_ candidate: Candidate) -> Turn.CandidateInfo {
        Turn.CandidateInfo(app: catalog.apps[candidate.reference.app].manifest.name, intent: candidate.expansion.intent,
                           phrase: candidate.expansion.phrase, said: candidate.expansion.text,
                           score: (candidate.score * 1000).rounded() / 1000)
    }

    private func noMatch(_ resolution: Resolution) -> Step {
        var text = "Sorry, I can't help with that."
        if let app = resolution.unavailableApp, resolution.vetoedBy != app {
            text = "Sorry, \(catalog.apps[app].manifest.name) isn't available on \(profile.name)."
        }
        var step = Step(text: text, outcome: .noMatch)
        step.nearest = resolution.candidates.map(candidateInfo)
        step.blockedBy = resolution.vetoedBy.map { catalog.apps[$0].manifest.name }
        return step
    }

    /// "what can I say with Soup Chef": the app's shortcut titles.
    private func help(for spokenName: String) -> Step {
        let found = catalog.apps.indices.first { index in
            catalog.apps[index].manifest.names(in: catalog.apps[index].locale).contains { Normalizer.normalize($0) == spokenName }
        }
        guard let index = found else {
            return Step(text: "Sorry, I don't know an app called \(spokenName).", outcome: .noMatch)
        }
        let manifest = catalog.apps[index].manifest
        guard catalog.available[index] else {
            return Step(text: "Sorry, \(manifest.name) isn't available on \(profile.name).", outcome: .noMatch)
        }
        guard !manifest.shortcuts.isEmpty else {
            return Step(text: "\(manifest.name) has no shortcuts you can say yet.", outcome: .success)
        }
        // The shortcuts' short titles (behavior.md §2.7), lower-cased inside the sentence as disambiguation
        // says them ("order soup, track order, and open menu"); the intent's title when there is none.
        let shown = manifest.shortcuts.map { $0.shortTitle ?? manifest.intent($0.intent)?.title ?? $0.intent }
        var step = Step(text: "You can ask \(manifest.name) to \(Speech.list(shown.map(Speech.inline), conjunction: "and")).", outcome: .success)
        step.snippet = Snippet(title: manifest.name, lines: shown, image: nil)
        return step
    }

    /// Several shortcuts too close to call: ask which, naming each by its short title.
    private mutating func disambiguate(_ resolution: Resolution) -> Step {
        let choices = Array(resolution.matches.prefix(profile.spokenOptions))
        let first = choices[0]
        let manifest = catalog.apps[first.reference.app].manifest
        guard let intent = manifest.intent(first.expansion.intent) else { return Step(text: "Sorry, I can't help with that.", outcome: .noMatch) }
        var conversation = Conversation(app: first.reference.app, manifest: manifest, intent: intent, state: .awaitingDisambiguation)
        conversation.choices = choices
        self.conversation = conversation
        var step = Step(text: disambiguationQuestion(choices), outcome: .inProgress)
        step.asking = .intent
        step.nearest = nil
        step.match = Turn.Match(app: manifest.name, intent: intent.id, shortcut: conversation.title, phrase: first.expansion.phrase,
                                mode: resolution.mode, score: first.score, candidates: resolution.candidates.map(candidateInfo))
        step.snippet = Snippet(title: "Which one?", lines: choices.map(choiceLabel), image: nil)
        return step
    }

    func choiceLabel(_ candidate: Candidate) -> String {
        let manifest = catalog.apps[candidate.reference.app].manifest
        let title = manifest.shortcut(for: candidate.expansion.intent)?.shortTitle ?? manifest.intent(candidate.expansion.intent)?.title ?? candidate.expansion.intent
        return title
    }

    func disambiguationQuestion(_ choices: [Candidate]) -> String {
        let apps = Set(choices.map { catalog.apps[$0.reference.app].manifest.name })
        var labels = choices.map { candidate -> String in
            var label = Speech.inline(choiceLabel(candidate))
            if apps.count > 1 { label += " with \(catalog.apps[candidate.reference.app].manifest.name)" }
            return label
        }
        if Set(labels).count < labels.count {
            labels = choices.map { Speech.inline($0.expansion.text) }
        }
        return "Do you want to \(Speech.list(labels))?"
    }

    /// Starts the conversation for a matched shortcut.
    mutating func start(_ candidate: Candidate, resolution: Resolution) async -> Step {
        let manifest = catalog.apps[candidate.reference.app].manifest
        guard let intent = manifest.intent(candidate.expansion.intent) else {
            return Step(text: "Sorry, I can't help with that.", outcome: .noMatch)
        }
        var conversation = Conversation(app: candidate.reference.app, manifest: manifest, intent: intent, state: .awaitingConfirmation)
        for (parameterID, valueID) in candidate.expansion.values {
            if let parameter = intent.parameter(parameterID) {
                conversation.values[parameterID] = conversation.value(valueID, of: parameter)
            }
        }
        let match = Turn.Match(app: manifest.name, intent: intent.id, shortcut: conversation.title, phrase: candidate.expansion.phrase,
                               mode: resolution.mode, score: (candidate.score * 1000).rounded() / 1000,
                               candidates: resolution.candidates.map(candidateInfo))
        self.conversation = conversation
        var step: Step
        if intent.opensApp && !profile.opensApps {
            step = Step(text: "You'll need to continue in \(manifest.name) on your iPhone.", outcome: .needsCompanion)
            step.snippet = Snippet(title: conversation.title, lines: ["Continue on iPhone"], image: manifest.shortcut(for: intent.id)?.systemImage)
            step.finished = conversation
        } else {
            step = await advance()
        }
        step.match = match
        return step
    }
}
