import EarshotDialogue
import EarshotImport
import EarshotModel
import Foundation

/// Grades SiriEvaluations expectations against what an Earshot device did, with the framework's semantics
/// as Apple documents them:
///
/// - `Calls` is satisfied by intents that *ran* (a turn that ended in `success`); `.ordered` needs them in the
///   order written, `.unordered` in any order, and neither minds other calls. `.disallowed` fails when a
///   named intent (with the parameter values it names, if any) ran, or was put to the person to confirm.
/// - Parameter values follow AppIntentsTesting: `.equals` and `.contains` are exact and case-sensitive,
///   compared with the value's id (the words said, the number, the enum case's raw value, the entity's
///   identifier); `nil` leaves a parameter unchecked; `.isNil` needs no value.
/// - `SiriResponse(.contains(…, caseSensitive:))`: the reply contains the text, case-sensitive unless told.
/// - `Finds`: a value of that entity (or enum) type was resolved in the turn (newly given or changed).
/// - `OnScreen`: the snippet shows the entity's title; a device without a screen shows nothing.
/// - `Loads`: App Skills are not emulated, so it is skipped, with a note.
///
/// A turn's expectations see that turn only; a scenario's see all its turns.
struct SiriGrader {
    let apps: [AppManifest]

    /// A call the device made: an intent that ran, or one it asked the person to confirm.
    struct Call {
        var intent: String
        var parameters: [(id: String, value: ParameterValue?)]
        var turn: Int
        var confirmationOnly: Bool

        var description: String {
            let values = parameters.map { "\($0.id): \($0.value?.id ?? "nil")" }.joined(separator: ", ")
            return "\(intent)(\(values))" + (confirmationOnly ? " put to the person to confirm" : "")
        }
    }

    /// A value resolved in a turn.
    struct Found {
        var valueSet: String?
        var value: ParameterValue
    }

    /// The failures and skipped expectations of `expectations` over `turns` (`first` is the index of the first
    /// of them in the conversation; `previous` the turn before it, for what was newly resolved; `scenario`: the
    /// scenario's own expectations, over all its turns).
    func grade(_ expectations: [SiriExpectation], turns: [Turn], first: Int, previous: Turn?,
               scenario: Bool = false) -> (failures: [ExpectationFailure], skipped: [SkippedExpectation]) {
        var failures: [ExpectationFailure] = []
        var skipped: [SkippedExpectation] = []
        let scope = scenario ? "any turn" : "this turn"
        var calls: [Call] = []
        var found: [Found] = []
        var before = previous
        for (offset, turn) in turns.enumerated() {
            let intent = turn.intent ?? turn.match?.intent
            if let intent, turn.outcome == .success {
                calls.append(Call(intent: intent, parameters: turn.parameters, turn: first + offset + 1, confirmationOnly: false))
            } else if let intent, turn.asking == "confirmation" {
                calls.append(Call(intent: intent, parameters: turn.parameters, turn: first + offset + 1, confirmationOnly: true))
            }
            found += resolved(in: turn, after: before)
            before = turn
        }
        for expectation in expectations {
            switch expectation.kind {
            case .calls(let ordering, let intents):
                failures += grade(calls: intents, ordering: ordering, against: calls, scope: scope, turns: turns)
            case .response(let checks):
                let reply = turns.last?.reply.text ?? ""
                for check in checks {
                    let holds = check.caseSensitive ? reply.contains(check.text)
                        : reply.range(of: check.text, options: [.caseInsensitive]) != nil
                    if !holds {
                        failures.append(ExpectationFailure(key: .response, expected: "the reply contains \"\(check.text)\""
                            + (check.caseSensitive ? "" : " (case ignored)"), actual: reply.isEmpty ? "(no reply)" : reply, location: check.location))
                    }
                }
            case .finds(let entities):
                for entity in entities {
                    var unchecked: [SiriPropertyExpectation] = []
                    let holds = found.contains { matches(entity, $0, unchecked: &unchecked) }
                    for property in unchecked where !skipped.contains(where: { $0.location == property.location }) {
                        skipped.append(SkippedExpectation(key: .finds, note: "Earshot's values have an id and a title only; '\(property.name)' of \(entity.type) is not checked",
                                                          location: property.location))
                    }
                    if !holds {
                        let seen = found.map { "\($0.valueSet ?? "?") \($0.value.id) (\($0.value.title))" }
                        failures.append(ExpectationFailure(key: .finds, expected: describe(entity) + " resolved in \(scope)",
                                                           actual: seen.isEmpty ? "no value resolved" : "resolved " + seen.joined(separator: ", "),
                                                           location: entity.location))
                    }
                }
            case .onScreen(let entities):
                let screens = turns.compactMap(\.reply.snippet).map(TurnExpectation.screenText)
                for entity in entities {
                    let titles = values(of: entity.type).filter { entity.identifier == nil || $0.id == entity.identifier }.map(\.title)
                    let holds = screens.contains { screen in titles.contains { screen.range(of: $0, options: .caseInsensitive) != nil } }
                    if !holds {
                        failures.append(ExpectationFailure(key: .onScreen, expected: describe(entity) + " on screen in \(scope)",
                                                           actual: screens.isEmpty ? "(nothing on screen)" : screens.joined(separator: " / "),
                                                           location: entity.location))
                    }
                }
            case .loads(let required, let skills):
                skipped.append(SkippedExpectation(key: .loads, note: "Loads(.\(required ? "required" : "preferred")) { \(skills.joined(separator: ", ")) }: "
                    + "App Skills are not emulated by Earshot, so this is not checked", location: expectation.location))
            }
        }
        return (failures, skipped)
    }

    private func grade(calls expected: [SiriIntentExpectation], ordering: SiriExpectation.Ordering, against calls: [Call],
                       scope: String, turns: [Turn]) -> [ExpectationFailure] {
        let ran = calls.filter { !$0.confirmationOnly }
        var failures: [ExpectationFailure] = []
        func actual() -> String {
            if !ran.isEmpty { return "performed " + ran.map(\.description).joined(separator: ", ") }
            guard scope == "this turn", let turn = turns.first else { return "no intent performed in any turn" }
            return "no intent performed in this turn (it ended \(turn.outcome.rawValue)" + (turn.asking.map { ", asking \($0)" } ?? "") + ")"
        }
        switch ordering {
        case .ordered, .unordered:
            var next = 0
            var used = Set<Int>()
            for intent in expected {
                let candidates = ordering == .ordered ? Array(ran.indices.dropFirst(next)) : ran.indices.filter { !used.contains($0) }
                if let hit = candidates.first(where: { satisfies(ran[$0], intent) }) {
                    next = hit + 1
                    used.insert(hit)
                    continue
                }
                // A call of that intent with other values: point at the first parameter it breaks.
                var location = intent.location
                if let near = ran.first(where: { $0.intent == intent.intent }) {
                    let broken = intent.parameters.first { parameter in
                        let value = near.parameters.first { $0.id == parameter.name }?.value ?? nil
                        return !holds(parameter.value, value, setID: valueSetID(intent.intent, parameter.name))
                    }
                    if let broken { location = broken.location }
                }
                let order = ordering == .ordered && ran.contains(where: { satisfies($0, intent) }) ? " (after the calls before it)" : ""
                failures.append(ExpectationFailure(key: .calls, expected: "Siri calls " + describe(intent) + order + " in \(scope)",
                                                   actual: actual(), location: location))
            }
        case .disallowed:
            for intent in expected {
                if let hit = calls.first(where: { satisfies($0, intent) }) {
                    failures.append(ExpectationFailure(key: .calls, expected: "Siri does not call \(describe(intent)), nor ask to confirm it, in \(scope)",
                                                       actual: (hit.confirmationOnly ? "asked to confirm " : "performed ") + hit.description + " in turn \(hit.turn)",
                                                       location: intent.location))
                }
            }
        }
        return failures
    }

    private func satisfies(_ call: Call, _ expectation: SiriIntentExpectation) -> Bool {
        guard call.intent == expectation.intent else { return false }
        return expectation.parameters.allSatisfy { parameter in
            let value = call.parameters.first { $0.id == parameter.name }?.value ?? nil
            return holds(parameter.value, value, setID: valueSetID(call.intent, parameter.name))
        }
    }

    func holds(_ expectation: SiriValueExpectation, _ value: ParameterValue?, setID: String?) -> Bool {
        switch expectation {
        case .equals(let text): return value?.id == text
        case .contains(let text): return value.map { $0.id.contains(text) } ?? false
        case .matches(let pattern):
            guard let id = value?.id, let regex = try? NSRegularExpression(pattern: pattern) else { return false }
            return regex.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil
        case .isNil: return value == nil
        case .notNil: return value != nil
        case .entity(let type, let identifier):
            guard let value, setID == type else { return false }
            return identifier == nil || value.id == identifier
        }
    }

    /// Whether `found` is `entity`; properties Earshot's values lack are gathered in `unchecked`.
    private func matches(_ entity: SiriEntityExpectation, _ found: Found, unchecked: inout [SiriPropertyExpectation]) -> Bool {
        guard found.valueSet == entity.type, entity.identifier == nil || found.value.id == entity.identifier else { return false }
        for property in entity.properties {
            let text: String
            switch property.name {
            case "id", "identifier": text = found.value.id
            case "title", "displayRepresentation": text = found.value.title
            default:
                unchecked.append(property)
                continue
            }
            let value = ParameterValue(id: text, title: text)
            if !holds(property.value, value, setID: nil) { return false }
        }
        return true
    }

    /// The values of `turn` that were given or changed in it.
    private func resolved(in turn: Turn, after previous: Turn?) -> [Found] {
        let intent = turn.intent ?? turn.match?.intent
        let previousIntent = previous.flatMap { $0.intent ?? $0.match?.intent }
        var out: [Found] = []
        for (id, value) in turn.parameters {
            guard let value else { continue }
            if let previous, previousIntent == intent, !previous.outcome.endsConversation, previous.parameter(id)?.id == value.id { continue }
            out.append(Found(valueSet: intent.flatMap { valueSetID($0, id) }, value: value))
        }
        return out
    }

    func valueSetID(_ intent: String, _ parameter: String) -> String? {
        for app in apps {
            if let declared = app.intents.first(where: { $0.id == intent })?.parameters.first(where: { $0.id == parameter }) {
                return declared.type.valueSetID
            }
        }
        return nil
    }

    func values(of valueSet: String) -> [EarshotModel.Value] {
        apps.flatMap { $0.enums + $0.entities }.first { $0.id == valueSet }?.values ?? []
    }

    func describe(_ intent: SiriIntentExpectation) -> String {
        intent.intent + (intent.parameters.isEmpty ? "" : "(" + intent.parameters.map { "\($0.name): \($0.value.swift)" }.joined(separator: ", ") + ")")
    }

    func describe(_ entity: SiriEntityExpectation) -> String {
        entity.type + (entity.identifier.map { " \"\($0)\"" } ?? "")
            + (entity.properties.isEmpty ? "" : " with " + entity.properties.map { "\($0.name): \($0.value.swift)" }.joined(separator: ", "))
    }
}
