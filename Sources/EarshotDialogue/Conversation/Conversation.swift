import EarshotMatching
import EarshotModel

/// One conversation with one app: an explicit state machine over the behaviour spec §3 and §4.
public struct Conversation: Sendable {
    /// What the device is waiting for.
    public enum State: Sendable, Equatable {
        /// The value of a parameter; the options are read a page at a time.
        case awaitingValue(parameter: String)
        /// Yes or no to a parameter's default ("Do you want a bowl?").
        case awaitingDefaultConfirmation(parameter: String)
        /// Yes or no to "Ready to order?".
        case awaitingConfirmation
        /// Which of several matched shortcuts was meant.
        case awaitingDisambiguation
    }

    /// The app's position in the catalog.
    public var app: Int
    public var manifest: AppManifest
    public var intent: Intent
    public var state: State
    /// Values so far, by parameter id.
    public var values: [String: ParameterValue] = [:]
    /// Misses on the current question; the second ends the conversation.
    public var misses = 0
    /// The page of options last read out.
    public var page = 0
    /// Parameters whose default was already offered.
    public var offeredDefaults: Set<String> = []
    /// The result the app gave before confirming, used when the person says yes.
    public var confirmedResult: PerformResult?
    /// Whether confirmation has been asked (never twice a run).
    public var confirmationAsked = false
    /// The candidates being chosen between while disambiguating.
    public var choices: [Candidate] = []

    init(app: Int, manifest: AppManifest, intent: Intent, state: State) {
        self.app = app
        self.manifest = manifest
        self.intent = intent
        self.state = state
    }

    /// Whether a parameter's `when` conditions hold for the values so far.
    public func isEnabled(_ parameter: Parameter) -> Bool {
        parameter.when.allSatisfy { values[$0.parameter]?.id == $0.value }
    }

    /// The intent's parameters in declared order with their values.
    var parameterList: [(id: String, value: ParameterValue?)] {
        intent.parameters.map { ($0.id, values[$0.id]) }
    }

    /// The value set of a parameter, if its values are known ahead.
    func options(for parameter: Parameter) -> [Value] {
        guard let id = parameter.type.valueSetID else { return [] }
        return manifest.valueSet(id)?.values ?? []
    }

    /// A parameter value from a value id (or a literal for open types).
    func value(_ id: String, of parameter: Parameter) -> ParameterValue {
        if let option = options(for: parameter).first(where: { $0.id == id }) {
            return ParameterValue(id: option.id, title: option.title)
        }
        return ParameterValue(id: id, title: id)
    }

    /// Fills a template with parameter titles and result values.
    func render(_ template: Template, results: [String: String] = [:], extra: [String: String] = [:]) -> String {
        template.render { name in extra[name] ?? values[name]?.title ?? results[name] }
    }

    /// The parameter summary with the values so far ("Order 1 Bowl Tomato Soup").
    var summaryLine: String {
        guard let summary = intent.summary(for: values.mapValues(\.id)) else { return intent.title }
        return Template(summary).render { name in values[name]?.title ?? intent.parameter(name)?.title.lowercased() }
    }

    /// The shortcut's short title, or the intent's title.
    var title: String {
        manifest.shortcut(for: intent.id)?.shortTitle ?? intent.title
    }
}
