#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import EarshotMatching
import EarshotModel

/// A device in use: it hears one line a turn and carries the conversation it is in.
///
/// This is what `earshot converse`, `preview` and the tests drive. One session is one device: it
/// remembers how often each shortcut ran (verbal attribution) and the last thing it said (repeat).
public struct Session: Sendable {
    public let resolver: Resolver
    public var settings: DeviceSettings
    public var handlers: HandlerRunner
    /// The locale used for handler requests; `nil` means each manifest's own.
    public var locale: String?
    /// The conversation in progress, if any.
    public internal(set) var conversation: Conversation?
    /// Runs of each app's intents on this device (a household server carries them over between sessions).
    public var runs: [RunKey: Int] = [:]
    /// Shortcuts the person added (Add to Siri): said verbatim, on every device that has the app.
    public var userShortcuts: [UserShortcut] = []
    /// How the answer being heard is read (approximately, when a language model transcribed it).
    var reader = AnswerReader()
    var lastReply: Turn.Reply?
    var lastOutcome: Outcome = .success
    var turnNumber = 0

    public var profile: Profile { resolver.catalog.profile }
    public var catalog: PhraseCatalog { resolver.catalog }

    public init(resolver: Resolver, settings: DeviceSettings = DeviceSettings(), handlers: HandlerRunner = HandlerRunner(), locale: String? = nil) {
        self.resolver = resolver
        self.settings = settings
        self.handlers = handlers
        self.locale = locale
    }

    /// Compiles `apps` for `profile` and starts a session on it.
    public init(apps: [AppManifest], profile: Profile, locale: String? = nil, flexible: (any FlexibleMatcher)? = nil,
                settings: DeviceSettings = DeviceSettings(), handlers: HandlerRunner = HandlerRunner()) {
        self.init(resolver: Resolver(catalog: PhraseCatalog(apps: apps, profile: profile, locale: locale), flexible: flexible),
                  settings: settings, handlers: handlers, locale: locale)
    }

    /// Ends the conversation in progress without a word (a live device that heard no answer).
    public mutating func endConversation() { conversation = nil }

    /// Whether a conversation is waiting for an answer.
    public var isInConversation: Bool { conversation != nil }

    /// Hears one typed line and answers it.
    public mutating func respond(to text: String) async -> Turn {
        await respond(to: Turn.Heard(text: text))
    }

    /// Hears one line (typed or recognised) and answers it.
    public mutating func respond(to heard: Turn.Heard) async -> Turn {
        turnNumber += 1
        reader = AnswerReader(approximate: heard.approximate)
        let normalized = Normalizer.normalize(heard.text)
        var step: Step
        let before = conversation
        // Recognised speech that the context refused arrives as empty text with a confidence.
        let refusedSpeech = heard.source == .audio && heard.confidence != nil
        if normalized.isEmpty {
            step = conversation != nil ? await miss(normalized, raw: heard.text, silent: !refusedSpeech)
                : Step(text: refusedSpeech ? "Sorry, I didn't catch that." : "Sorry, I didn't hear anything.", outcome: .notUnderstood)
        } else if reader.isCancel(normalized), !(conversation?.state == .awaitingConfirmation && reader.startsWithNo(normalized)) {
            // "No, cancel the order" to "Ready to order?" is the no it starts with: declined with the app's line.
            step = Step(text: "OK.", outcome: .cancelled)
            conversation = nil
        } else if reader.isRepeat(normalized) {
            step = repeatLast()
        } else if conversation == nil {
            step = await invoke(heard.text, normalized: normalized)
        } else {
            step = await answer(normalized, raw: heard.text)
        }
        if step.outcome.endsConversation { conversation = nil }
        let shown = conversation ?? step.finished ?? before
        let turn = Turn(
            profile: profile.id, turn: turnNumber, heard: heard, match: step.match, isInvocation: step.isInvocation,
            nearest: step.nearest, parameters: shown?.parameterList ?? [], asking: conversation == nil ? nil : step.asking?.name,
            reply: Turn.Reply(text: step.text, dialog: profile.dialog, snippet: profile.screen == .none ? nil : step.snippet,
                              audio: nil, attribution: step.attribution),
            outcome: step.outcome, error: step.error, blockedBy: step.blockedBy,
            app: shown.map { $0.manifest.name }, intent: shown.map { $0.intent.id })
        if !step.isRepeat {
            lastReply = turn.reply
            lastOutcome = turn.outcome
        }
        return turn
    }

    private func repeatLast() -> Step {
        guard let lastReply else {
            return Step(text: "I haven't said anything yet.", outcome: conversation == nil ? .notUnderstood : .inProgress)
        }
        var step = Step(text: lastReply.text, outcome: conversation == nil ? lastOutcome : .inProgress)
        step.snippet = lastReply.snippet
        step.asking = Step.Asking(conversation?.state)
        step.isRepeat = true
        return step
    }
}

/// What one turn produced, before it becomes a ``Turn``.
struct Step: Sendable {
    var text: String
    var outcome: Outcome
    var snippet: Snippet?
    var asking: Asking?
    var match: Turn.Match?
    var isInvocation = false
    var nearest: [Turn.CandidateInfo]?
    var error: String?
    var attribution: String?
    var isRepeat = false
    /// The app whose negative phrase stopped the utterance.
    var blockedBy: String?
    /// The conversation that just ended, for the turn's parameters.
    var finished: Conversation?

    init(text: String, outcome: Outcome) {
        self.text = text
        self.outcome = outcome
    }

    /// What the device waits for after the step: a parameter's value (or its default confirmed), the
    /// intent confirmed, or one of several intents chosen.
    enum Asking: Sendable, Equatable {
        case parameter(String)
        case confirmation
        case intent

        /// What a conversation in `state` waits for; `nil` with no conversation.
        init?(_ state: Conversation.State?) {
            switch state {
            case .awaitingValue(let id), .awaitingDefaultConfirmation(let id): self = .parameter(id)
            case .awaitingConfirmation: self = .confirmation
            case .awaitingDisambiguation: self = .intent
            case nil: return nil
            }
        }

        /// As a turn writes it (``Turn/asking``): the parameter's id, "confirmation" or "intent".
        var name: String {
            switch self {
            case .parameter(let id): id
            case .confirmation: "confirmation"
            case .intent: "intent"
            }
        }
    }
}
