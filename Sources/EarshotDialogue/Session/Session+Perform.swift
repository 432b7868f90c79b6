import EarshotMatching
import EarshotModel

extension Session {
    /// Asks the app what the order comes to, then "<custom line> Ready to <verb>?". An app error at this
    /// point is not heard yet: the confirmation is asked with the values the app gave, and the error comes
    /// from perform, after "yes" (behavior.md §4.4). A handler that fails to answer ends the conversation.
    mutating func confirm() async -> Step {
        guard var c = conversation else { return Step(text: "OK.", outcome: .cancelled) }
        let result = await run(c, phase: .confirm)
        c.confirmationAsked = true
        switch result {
        case .values(let values), .appError(_, let values):
            c.confirmedResult = .values(values)
            c.state = .awaitingConfirmation
            c.misses = 0
            conversation = c
            return ask(readOptions: false)
        case .failure:
            conversation = c
            return finish(c, with: result)
        }
    }

    /// Authenticates if the intent needs it, performs, and speaks the response.
    mutating func perform() async -> Step {
        guard let c = conversation else { return Step(text: "OK.", outcome: .cancelled) }
        if c.intent.category.requiresAuthentication, let refusal = authenticationRefusal() {
            var step = Step(text: refusal, outcome: .needsAuthentication)
            step.snippet = Snippet(title: c.title, lines: [refusal], image: nil)
            step.finished = c
            return step
        }
        return finish(c, with: await run(c, phase: .perform))
    }

    /// Why the device cannot authenticate the person now, as the reply; `nil` when it can.
    func authenticationRefusal() -> String? {
        switch profile.authentication {
        case .none:
            return "You'll need to use your iPhone for that."
        case .personalRequests where !settings.personalRequests:
            return "Personal Requests are off for your voice, so you'll need to use your iPhone for that."
        case .wrist where !settings.worn:
            return "Your watch needs to be on your wrist for that. You can use your iPhone instead."
        case .passcode where !settings.unlocked:
            return "You'll need to unlock your iPhone first."
        default:
            return nil
        }
    }

    /// Runs `perform()`: the manifest's result, or its handler.
    func run(_ c: Conversation, phase: PerformPhase) async -> PerformResult {
        guard let handler = c.intent.handler else {
            return c.intent.staticResult(for: c.values)
        }
        var parameters: [String: ParameterValue?] = [:]
        for parameter in c.intent.parameters { parameters[parameter.id] = c.values[parameter.id] }
        let request = HandlerRunner.Request(
            intent: c.intent.id, phase: phase, parameters: parameters,
            profile: .init(id: profile.id, name: profile.name, screen: profile.screen, dialog: profile.dialog),
            locale: locale ?? c.manifest.locale)
        let result = await handlers.run(handler, in: c.manifest.directory, request: request)
        // The manifest's result values are the defaults under what the handler returns.
        var defaults: [String: String] = [:]
        for (key, value) in c.intent.result.values { defaults[key] = value }
        switch result {
        case .values(let values): return .values(defaults.merging(values) { $1 })
        case .appError(let key, let values): return .appError(key: key, values: defaults.merging(values) { $1 })
        case .failure: return result
        }
    }

    /// The response to a perform: success or error lines, attribution, and the run counted.
    mutating func finish(_ c: Conversation, with result: PerformResult) -> Step {
        let key = RunKey(app: c.manifest.name, intent: c.intent.id)
        let runsBefore = runs[key, default: 0]
        let attribute = runsBefore < profile.attributionRuns
        let lines = c.intent.category.lines(verb: c.intent.verb)
        let image = c.manifest.shortcut(for: c.intent.id)?.systemImage
        var step: Step
        switch result {
        case .values(let values):
            runs[key] = runsBefore + 1
            let custom: Template?
            switch profile.dialog {
            case .full: custom = c.intent.dialog.success
            case .supporting: custom = c.intent.dialog.successSupporting ?? c.intent.dialog.success
            }
            let customLine = custom.map { c.render($0, results: values).capitalizedFirst }
            let categoryLine = customLine != nil && lines.successOnlyWithoutCustomLine ? nil : lines.success
            step = Step(text: Speech.join(categoryLine, attributed(customLine, app: c.manifest.name, attribute)), outcome: .success)
            step.snippet = Snippet(title: c.title, lines: [c.summaryLine] + (customLine.map { [$0] } ?? []), image: image)
        case .appError(let errorKey, let values):
            runs[key] = runsBefore + 1
            if let line = c.intent.dialog.error(errorKey) {
                let text = c.render(line, results: values).capitalizedFirst
                step = Step(text: attributed(text, app: c.manifest.name, attribute) ?? text, outcome: .error)
                step.snippet = Snippet(title: c.title, lines: [text], image: image)
            } else {
                step = Step(text: lines.error, outcome: .error)
                step.error = "the app returned error '\(errorKey)', which has no line in dialog.errors"
                step.snippet = Snippet(title: c.title, lines: [step.text], image: image)
            }
        case .failure(let reason):
            step = Step(text: "Sorry, something went wrong.", outcome: .error)
            step.error = reason
            step.snippet = Snippet(title: c.title, lines: [step.text], image: image)
        }
        if attribute, step.text.contains("\(c.manifest.name) says") { step.attribution = c.manifest.name }
        step.finished = c
        return step
    }

    /// The app's own line, named as the app's for its first runs on a device ("Soup Chef says: ...").
    private func attributed(_ line: String?, app: String, _ attribute: Bool) -> String? {
        guard let line else { return nil }
        return attribute ? "\(app) says: \(line)" : line
    }
}
