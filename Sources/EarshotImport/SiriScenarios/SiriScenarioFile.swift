import EarshotModel

/// The SiriEvaluations scenarios of one Swift test file, as ``SiriScenarioReader`` reads them: each scenario's
/// turns and expectations, every one with the Swift `file:line:column` it was written at.
///
/// The shapes follow Apple's SiriEvaluations and AppIntentsTesting frameworks: a `SiriScenario` of
/// `UserTurn`s, each with `Calls`, `Finds`, `OnScreen`, `Loads` and `SiriResponse` expectations, and
/// scenario-level expectations in its `expectation:` closure.
public struct SiriScenarioFile: Sendable {
    /// The Swift file's path as given.
    public var path: String
    /// In the order written.
    public var scenarios: [SiriScenarioTest]

    public init(path: String, scenarios: [SiriScenarioTest]) {
        self.path = path
        self.scenarios = scenarios
    }
}

/// One `SiriScenario`: turns in order, and the expectations on the scenario as a whole.
public struct SiriScenarioTest: Sendable {
    /// The constant it is bound to (`let waterBasil = SiriScenario { … }`), or where it starts.
    public var name: String
    public var location: EarshotModel.SourceLocation
    public var turns: [SiriScenarioTurn]
    /// The `expectation:` closure: checked against all turns together.
    public var expectations: [SiriExpectation]

    public init(name: String, location: EarshotModel.SourceLocation, turns: [SiriScenarioTurn], expectations: [SiriExpectation]) {
        self.name = name
        self.location = location
        self.turns = turns
        self.expectations = expectations
    }
}

/// One `UserTurn`: what the person says and what must come of it in that turn only.
public struct SiriScenarioTurn: Sendable {
    public var utterance: String
    public var location: EarshotModel.SourceLocation
    public var expectations: [SiriExpectation]

    public init(utterance: String, location: EarshotModel.SourceLocation, expectations: [SiriExpectation]) {
        self.utterance = utterance
        self.location = location
        self.expectations = expectations
    }
}

/// One expectation of a turn or a scenario.
public struct SiriExpectation: Sendable {
    /// The order `Calls` requires (`Calls.Ordering`).
    public enum Ordering: String, Sendable, CaseIterable {
        /// The intents are called in the order written (the default); other calls may come between.
        case ordered
        /// Every intent is called, in any order.
        case unordered
        /// None of the intents is called, nor put to the person to confirm.
        case disallowed
    }

    public enum Kind: Sendable {
        /// `Calls(ordering) { intents }`.
        case calls(Ordering, [SiriIntentExpectation])
        /// `SiriResponse(.contains(…), …)`: every check must hold.
        case response([SiriResponseCheck])
        /// `OnScreen { entities }`: by identity only.
        case onScreen([SiriEntityExpectation])
        /// `Finds { entities }`.
        case finds([SiriEntityExpectation])
        /// `Loads(.required|.preferred) { skills }`: App Skills, which Earshot does not emulate.
        case loads(required: Bool, skills: [String])
    }

    public var kind: Kind
    /// Where the expectation starts (`Calls`, `SiriResponse`…).
    public var location: EarshotModel.SourceLocation

    public init(kind: Kind, location: EarshotModel.SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// Its Swift name: `Calls`, `SiriResponse`, `OnScreen`, `Finds` or `Loads`.
    public var name: String {
        switch kind {
        case .calls: "Calls"
        case .response: "SiriResponse"
        case .onScreen: "OnScreen"
        case .finds: "Finds"
        case .loads: "Loads"
        }
    }
}

/// An intent a `Calls` names, with the value expectations of its parameters
/// (`definitions.intents["OrderSoup"].expect(soup: .equals("tomato"))`).
public struct SiriIntentExpectation: Sendable {
    /// The intent's type name.
    public var intent: String
    public var parameters: [SiriPropertyExpectation]
    public var location: EarshotModel.SourceLocation

    public init(intent: String, parameters: [SiriPropertyExpectation], location: EarshotModel.SourceLocation) {
        self.intent = intent
        self.parameters = parameters
        self.location = location
    }
}

/// A labeled argument of `expect(…)`: a parameter (or an entity's property) and what its value must be.
public struct SiriPropertyExpectation: Sendable {
    public var name: String
    public var value: SiriValueExpectation
    public var location: EarshotModel.SourceLocation

    public init(name: String, value: SiriValueExpectation, location: EarshotModel.SourceLocation) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// AppIntentsTesting's value expectations.
public enum SiriValueExpectation: Sendable, Equatable {
    /// `.equals("…")`: exact and case-sensitive.
    case equals(String)
    /// `.contains("…")`: exact and case-sensitive.
    case contains(String)
    /// `.contains(regex: …)`: the pattern's text.
    case matches(String)
    /// `.isNil`: no value.
    case isNil
    /// `.notNil`: some value.
    case notNil
    /// An entity (or enum) definition, alone (any value of that type) or with `.expectIdentifier("…")`.
    case entity(type: String, identifier: String?)

    /// As Swift writes it.
    public var swift: String {
        switch self {
        case .equals(let text): ".equals(\(SiriScenarioWriting.literal(text)))"
        case .contains(let text): ".contains(\(SiriScenarioWriting.literal(text)))"
        case .matches(let pattern): ".contains(regex: \(SiriScenarioWriting.literal(pattern)))"
        case .isNil: ".isNil"
        case .notNil: ".notNil"
        case .entity(let type, let identifier):
            "entities[\(SiriScenarioWriting.literal(type))]" + (identifier.map { ".expectIdentifier(\(SiriScenarioWriting.literal($0)))" } ?? "")
        }
    }
}

/// An entity a `Finds` or `OnScreen` names: its type, optionally one instance, and (for `Finds`) its properties.
public struct SiriEntityExpectation: Sendable {
    /// The entity's (or enum's) type name.
    public var type: String
    /// `.expectIdentifier("…")`.
    public var identifier: String?
    /// `.expect(title: …)`.
    public var properties: [SiriPropertyExpectation]
    public var location: EarshotModel.SourceLocation

    public init(type: String, identifier: String?, properties: [SiriPropertyExpectation], location: EarshotModel.SourceLocation) {
        self.type = type
        self.identifier = identifier
        self.properties = properties
        self.location = location
    }
}

/// One `SiriResponse.Text` check: `.contains(text, caseSensitive:)`; plain text, never a pattern.
public struct SiriResponseCheck: Sendable {
    public var text: String
    /// True unless written `caseSensitive: false`.
    public var caseSensitive: Bool
    public var location: EarshotModel.SourceLocation

    public init(text: String, caseSensitive: Bool = true, location: EarshotModel.SourceLocation) {
        self.text = text
        self.caseSensitive = caseSensitive
        self.location = location
    }
}

/// Writing Swift source text.
public enum SiriScenarioWriting {
    /// `text` as a Swift string literal.
    public static func literal(_ text: String) -> String {
        QuotedText.quoted(text) { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : nil }
    }
}
