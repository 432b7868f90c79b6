import EarshotImport
import EarshotModel
import Foundation

extension ConversationTestFile {
    /// The file name ending of a Swift file of SiriEvaluations scenarios.
    public static let swiftSuffix = ".swift"

    /// A suite of Apple's SiriEvaluations scenarios: each `SiriScenario` a conversation, each `UserTurn` a
    /// typed turn (spoken in `--audio` runs), each expectation graded as SiriEvaluations grades it. Scenarios
    /// name no device: they run on `profiles` (a scenario named in `scenarioProfiles` on its own).
    ///
    /// - Parameters:
    ///   - scenarios: the scenarios as ``SiriScenarioReader`` read them.
    ///   - apps: the apps under test (manifests, folders holding `app.yaml`, or the apps' Swift sources).
    ///   - profiles: the devices (default: HomePod).
    public init(scenarios: SiriScenarioFile, apps: [Located<String>], profiles: [Located<String>],
                settings: TestSettings = TestSettings(), scenarioProfiles: [String: [Located<String>]] = [:]) {
        path = scenarios.path
        self.apps = apps
        self.profiles = profiles.isEmpty ? [Located("homepod", at: SourceLocation(file: scenarios.path))] : profiles
        self.settings = settings
        conversations = scenarios.scenarios.map { ConversationTest(scenario: $0, profiles: scenarioProfiles[$0.name]) }
    }

    /// Reads the Swift scenario file at `path` with the apps and profiles given on the command line.
    ///
    /// - Throws: ``LoadError`` at the Swift line of what cannot be read.
    public init(swiftScenarios path: String, apps: [String], profiles: [String]) throws(LoadError) {
        guard !apps.isEmpty else {
            throw LoadError(SourceLocation(file: path), "SiriEvaluations scenarios name no app.",
                            fix: "Give the app with --app (its Swift sources or a manifest), or name this file in a *.convo.yaml with 'apps:' and 'scenarios:'.")
        }
        let scenarios = try SiriScenarioReader().read(contentsOf: path)
        let given = SourceLocation(file: "the command line")
        self.init(scenarios: scenarios, apps: apps.map { Located($0, at: given) }, profiles: profiles.map { Located($0, at: given) })
    }
}

extension ConversationTest {
    /// A SiriEvaluations scenario as a conversation: every turn runs and is graded, and the scenario's own
    /// expectations see them all.
    init(scenario: SiriScenarioTest, profiles: [Located<String>]?) {
        name = scenario.name
        location = scenario.location
        self.profiles = profiles
        settings = TestSettings()
        tags = ["siri-evaluations"]
        turns = scenario.turns.map { TestTurn(input: .say($0.utterance), expectation: TurnExpectation(), location: $0.location, siri: $0.expectations) }
        siri = scenario.expectations
        gradesEveryTurn = true
    }
}

extension TestSuite {
    /// Checks the names SiriEvaluations expectations use against the apps: intents, their parameters,
    /// entity and enum types and their values, each at its Swift line with the nearest name.
    static func checkScenarios(_ test: ConversationTestFile, against apps: [AppManifest]) throws(LoadError) {
        let intents = apps.flatMap(\.intents)
        let sets = apps.flatMap { $0.enums + $0.entities }
        func unknown(_ what: String, _ name: String, in known: [String], at location: SourceLocation, extra: String = "") -> LoadError {
            let near = Spelling.nearest(to: name, in: known)
            return LoadError(location, "no \(what) '\(name)' in the apps under test\(extra).",
                             fix: (near.map { "Did you mean '\($0)'? " } ?? "") + "Known: \(known.isEmpty ? "none" : known.joined(separator: ", ")).")
        }
        func checkEntity(_ type: String, identifier: String?, at location: SourceLocation) throws(LoadError) {
            guard let set = sets.first(where: { $0.id == type }) else { throw unknown("entity or enum type", type, in: sets.map(\.id), at: location) }
            if let identifier, !set.values.isEmpty, set.value(identifier) == nil {
                throw unknown("\(type) with identifier", identifier, in: set.values.map(\.id), at: location)
            }
        }
        var expectations: [SiriExpectation] = []
        for conversation in test.conversations {
            expectations += conversation.siri + conversation.turns.flatMap(\.siri)
        }
        for expectation in expectations {
            switch expectation.kind {
            case .calls(_, let calls):
                for call in calls {
                    guard let intent = intents.first(where: { $0.id == call.intent }) else {
                        throw unknown("intent", call.intent, in: intents.map(\.id), at: call.location)
                    }
                    for parameter in call.parameters {
                        guard let declared = intent.parameters.first(where: { $0.id == parameter.name }) else {
                            throw unknown("parameter", parameter.name, in: intent.parameters.map(\.id), at: parameter.location, extra: " of \(intent.id)")
                        }
                        let set = declared.type.valueSetID.flatMap { id in sets.first { $0.id == id } }
                        switch parameter.value {
                        case .entity(let type, let identifier):
                            try checkEntity(type, identifier: identifier, at: parameter.location)
                        case .equals(let text):
                            if let set, !set.values.isEmpty, set.value(text) == nil {
                                throw unknown("value", text, in: set.values.map(\.id), at: parameter.location, extra: " of \(set.id) (ids, not titles)")
                            }
                        default: break
                        }
                    }
                }
            case .finds(let entities), .onScreen(let entities):
                for entity in entities { try checkEntity(entity.type, identifier: entity.identifier, at: entity.location) }
            case .response, .loads: break
            }
        }
    }
}
