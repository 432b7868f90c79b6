import EarshotDialogue
import EarshotMatching
import EarshotModel

/// What one turn of a conversation test must produce: the `expect:` of a turn. Every key given must
/// hold; a key not given is not checked.
public struct TurnExpectation: Sendable {
    /// The keys an `expect:` may hold, in the order failures are listed.
    public enum Key: String, Sendable, CaseIterable {
        case heard, intent, app, mode, parameters, asks, reply, snippet, outcome
        /// SiriEvaluations' expectations, from Swift scenario files (never keys of `expect:`).
        case calls = "Calls", response = "SiriResponse", onScreen = "OnScreen", finds = "Finds", loads = "Loads"

        /// The keys an `expect:` of a `*.convo.yaml` may hold.
        public static let yamlKeys: [Key] = [.heard, .intent, .app, .mode, .parameters, .asks, .reply, .snippet, .outcome]
    }

    /// What the device heard (the typed text, or what recognition made of the audio).
    public var heard: TextPattern?
    /// The intent of the turn: the one the invocation matched, or the one whose conversation it is;
    /// `.some(nil)`: none (nothing matched).
    public var intent: String??
    /// The app of the turn, by its spoken name; `.some(nil)`: none.
    public var app: String??
    /// How the invocation matched.
    public var mode: MatchMode?
    /// Parameter ids and the value id each must have (`nil`: no value).
    public var parameters: [(id: String, value: String?)] = []
    /// What the device asks for next: a parameter id, `confirmation` or `intent`; `.some(nil)`: nothing.
    public var asks: String??
    /// What the device says.
    public var reply: TextPattern?
    /// What the device shows: the title and then each line, joined by " | "; `.some(nil)`: nothing.
    public var snippet: TextPattern??
    /// How the turn ended.
    public var outcome: Outcome?
    /// Where each key given was written.
    public var locations: [Key: SourceLocation] = [:]

    public init() {}

    /// Whether nothing is checked.
    public var isEmpty: Bool { locations.isEmpty }
}

/// An expectation that did not hold.
public struct ExpectationFailure: Sendable, Equatable {
    public var key: TurnExpectation.Key
    /// What the test file asked for, as a person reads it.
    public var expected: String
    /// What the device did.
    public var actual: String
    /// Where the key was written.
    public var location: SourceLocation?
}

extension TurnExpectation {
    /// The expectations `turn` breaks, in key order (empty: the turn passed).
    public func failures(for turn: Turn) -> [ExpectationFailure] {
        var failures: [ExpectationFailure] = []
        func fail(_ key: Key, _ expected: String, _ actual: String) {
            failures.append(ExpectationFailure(key: key, expected: expected, actual: actual, location: locations[key]))
        }
        if let heard, !heard.matches(turn.heard.text) {
            fail(.heard, heard.source, turn.heard.text.isEmpty ? "(nothing)" : turn.heard.text)
        }
        if let intent {
            let actual = turn.intent ?? turn.match?.intent
            if actual != intent { fail(.intent, intent ?? "~ (none)", actual ?? "~ (none)") }
        }
        if let app {
            let actual = turn.app ?? turn.match?.app
            if actual.map(Normalizer.normalize) != app.map(Normalizer.normalize) { fail(.app, app ?? "~ (none)", actual ?? "~ (none)") }
        }
        if let mode {
            if turn.match?.mode != mode {
                fail(.mode, mode.rawValue, turn.match.map(\.mode.rawValue) ?? "(no invocation matched this turn)")
            }
        }
        for (id, value) in parameters {
            let actual = turn.parameter(id)
            if actual?.id != value {
                fail(.parameters, "\(id): \(value ?? "~ (no value)")",
                     "\(id): " + (actual.map { "\($0.id) (\($0.title))" } ?? "~ (no value)"))
            }
        }
        if let asks, turn.asking != asks {
            fail(.asks, asks ?? "~ (nothing)", turn.asking ?? "~ (nothing)")
        }
        if let reply, !reply.matches(turn.reply.text) {
            fail(.reply, reply.source, turn.reply.text)
        }
        if let snippet {
            let shown = turn.reply.snippet.map(Self.screenText)
            switch (snippet, shown) {
            case (nil, nil): break
            case (nil, let shown?): fail(.snippet, "~ (nothing on screen)", shown)
            case (let pattern?, nil): fail(.snippet, pattern.source, "(nothing on screen)")
            case (let pattern?, let shown?): if !pattern.matches(shown) { fail(.snippet, pattern.source, shown) }
            }
        }
        if let outcome, turn.outcome != outcome {
            fail(.outcome, outcome.rawValue, turn.outcome.rawValue + (turn.error.map { " (\($0))" } ?? ""))
        }
        return failures
    }

    /// A snippet as `snippet:` is matched against: the title, then each line, joined by " | ".
    public static func screenText(_ snippet: Snippet) -> String {
        ([snippet.title] + snippet.lines).joined(separator: " | ")
    }
}
