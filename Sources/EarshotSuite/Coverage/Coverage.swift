import EarshotDialogue
import EarshotMatching
import EarshotModel
import Foundation

/// What the conversations of a run exercised of each app, and what they never did: the figures of
/// `earshot test --coverage`, written by `--coverage-json` and merged across shards.
///
/// Every figure is a list of ``Item``s, each counted once however often it was reached; merging two
/// reports of the same apps gives the union of what each reached.
public struct Coverage: Sendable, Codable, Equatable {
    /// What `format` says in a coverage file.
    public static let format = "earshot-coverage"
    /// The version of the file's layout.
    public static let version = 1

    public var format: String
    public var version: Int
    /// Filled in by ``ReportFile/sign(_:)`` when written, so a later run may replace the file.
    public var signature: String?
    /// By app name, in the order the test files named them.
    public var apps: [App]

    public init(apps: [App]) {
        format = Self.format
        version = Self.version
        signature = nil
        self.apps = apps
    }

    /// One thing that can be reached: a phrase, a value, a dialogue line, a negative phrase, a shortcut on a device.
    public struct Item: Sendable, Codable, Equatable {
        /// The intent it belongs to (none for negative phrases and values).
        public var intent: String?
        /// The phrase or line as written, `valueSet.value` for values, the profile for devices.
        public var name: String
        /// How many turns reached it.
        public var count: Int
        /// Where a value was said (`phrase`, `answer`); for a phrase, the profiles it was said on.
        public var via: [String]

        public init(intent: String?, name: String, count: Int = 0, via: [String] = []) {
            self.intent = intent
            self.name = name
            self.count = count
            self.via = via
        }

        public var covered: Bool { count > 0 }
        var key: String { "\(intent ?? "")\u{1F}\(name)" }
    }

    /// The outcomes the conversations of one intent ended with.
    public struct Outcomes: Sendable, Codable, Equatable {
        public var intent: String
        /// `success`, `error`, `cancelled`, `needs-companion`…, sorted.
        public var reached: [String]
    }

    /// What one app's conversations reached.
    public struct App: Sendable, Codable, Equatable {
        public var app: String
        /// Trigger phrases of its App Shortcuts, as written (`{name}` form), by intent.
        public var phrases: [Item]
        /// Enum cases and suggested entities of the value sets its parameters use.
        public var values: [Item]
        /// Dialogue lines: `prompt <parameter>`, `default question <parameter>`, `confirmation`,
        /// `success`, `error <key>` (`error notFound` included), by intent.
        public var lines: [Item]
        /// Negative phrases as written.
        public var negativePhrases: [Item]
        /// Each shortcut (by intent) on each profile the run used for the app.
        public var devices: [Item]
        public var outcomes: [Outcomes]

        /// The figures by name, in the order reports show them.
        public var figures: [(name: String, items: [Item])] {
            [("phrases", phrases), ("dialogue lines", lines), ("values", values),
             ("negative phrases", negativePhrases), ("devices", devices)]
        }
    }

    /// Covered and total items of `items`; the percentage is 100 when there is nothing to cover.
    public static func ratio(_ items: [Item]) -> (covered: Int, total: Int, percent: Double) {
        let covered = items.filter(\.covered).count
        return (covered, items.count, items.isEmpty ? 100 : Double(covered) * 100 / Double(items.count))
    }

    /// Phrases said over all apps, as a percentage (100 when no app has a phrase): what `--min-coverage` checks.
    public var phrasePercent: Double { Self.ratio(apps.flatMap(\.phrases)).percent }
}

extension Coverage {
    /// The coverage of `result`, a run of cases of `suite`.
    public init(suite: TestSuite, result: SuiteResult) {
        var order: [String] = []
        var manifests: [String: AppManifest] = [:]
        for file in suite.files {
            for app in file.workspace.apps where manifests[app.name] == nil {
                manifests[app.name] = app
                order.append(app.name)
            }
        }
        // The profiles each app's conversations ran on.
        var profiles: [String: Set<String>] = [:]
        for testCase in result.cases {
            for app in suite.files[testCase.testCase.fileIndex].workspace.apps {
                for turn in testCase.turns { profiles[app.name, default: []].insert(turn.turn.profile) }
            }
        }
        var apps: [App] = []
        for name in order {
            guard let manifest = manifests[name] else { continue }
            var tally = Tally(manifest: manifest, profiles: profiles[name, default: []].sorted())
            for testCase in result.cases {
                var previous: Turn?
                for turnResult in testCase.turns {
                    tally.record(turnResult.turn, after: previous)
                    previous = turnResult.turn
                }
            }
            apps.append(tally.app)
        }
        self.init(apps: apps)
    }

    /// The union of `reports`: apps by name, items by intent and name, counts added.
    public static func merged(_ reports: [Coverage]) -> Coverage {
        var apps: [App] = []
        for report in reports {
            for app in report.apps {
                guard let index = apps.firstIndex(where: { $0.app == app.app }) else {
                    apps.append(app)
                    continue
                }
                var into = apps[index]
                into.phrases = merge(into.phrases, app.phrases)
                into.values = merge(into.values, app.values)
                into.lines = merge(into.lines, app.lines)
                into.negativePhrases = merge(into.negativePhrases, app.negativePhrases)
                into.devices = merge(into.devices, app.devices)
                for outcome in app.outcomes {
                    if let at = into.outcomes.firstIndex(where: { $0.intent == outcome.intent }) {
                        into.outcomes[at].reached = Array(Set(into.outcomes[at].reached + outcome.reached)).sorted()
                    } else {
                        into.outcomes.append(outcome)
                    }
                }
                apps[index] = into
            }
        }
        return Coverage(apps: apps)
    }

    private static func merge(_ a: [Item], _ b: [Item]) -> [Item] {
        var out = a
        for item in b {
            if let at = out.firstIndex(where: { $0.key == item.key }) {
                out[at].count += item.count
                out[at].via = Array(Set(out[at].via + item.via)).sorted()
            } else {
                out.append(item)
            }
        }
        return out
    }
}

/// Counting what the turns of one app reached.
private struct Tally {
    let manifest: AppManifest
    var app: Coverage.App
    /// Each negative phrase's expansions over the app's names, normalised.
    private let negativeForms: [[String]]
    /// Each line's template as a pattern, by the line's index in `app.lines`.
    private var linePatterns: [Int: NSRegularExpression] = [:]

    init(manifest: AppManifest, profiles: [String]) {
        self.manifest = manifest
        var phrases: [Coverage.Item] = []
        var devices: [Coverage.Item] = []
        for shortcut in manifest.shortcuts {
            for phrase in shortcut.phrases where !phrases.contains(where: { $0.intent == shortcut.intent && $0.name == phrase.text }) {
                phrases.append(.init(intent: shortcut.intent, name: phrase.text))
            }
            for profile in profiles { devices.append(.init(intent: shortcut.intent, name: profile)) }
        }
        var values: [Coverage.Item] = []
        var usedSets: [String] = []
        for intent in manifest.intents {
            for parameter in intent.parameters {
                if let id = parameter.type.valueSetID, !usedSets.contains(id) { usedSets.append(id) }
            }
        }
        for id in usedSets {
            for value in manifest.valueSet(id)?.values ?? [] { values.append(.init(intent: nil, name: "\(id).\(value.id)")) }
        }
        var lines: [Coverage.Item] = []
        var patterns: [Int: NSRegularExpression] = [:]
        func add(_ intent: Intent, _ name: String, _ template: Template?) {
            if let template, let pattern = Self.pattern(template) { patterns[lines.count] = pattern }
            lines.append(.init(intent: intent.id, name: name))
        }
        for intent in manifest.intents {
            // A required parameter is asked for unless a default fills it without a question.
            for parameter in intent.parameters where !parameter.optional {
                if parameter.defaultValue == nil || parameter.confirmDefault != nil {
                    add(intent, "prompt \(parameter.id)", parameter.prompt.map(Template.init))
                }
                if let question = parameter.confirmDefault { add(intent, "default question \(parameter.id)", Template(question)) }
            }
            if intent.needsConfirmation { add(intent, "confirmation", intent.dialog.confirmation) }
            add(intent, "success", intent.dialog.success)
            for (key, line) in intent.dialog.errors { add(intent, "error \(key)", line) }
        }
        negativeForms = manifest.negativePhrases.map { phrase in
            manifest.names.map { name in Normalizer.normalize(phrase.template.render { $0 == Template.applicationName ? name : nil }) }
        }
        app = Coverage.App(app: manifest.name, phrases: phrases, values: values, lines: lines,
                           negativePhrases: manifest.negativePhrases.map { .init(intent: nil, name: $0.text) },
                           devices: devices, outcomes: [])
        linePatterns = patterns
    }

    /// A template as a pattern over a reply: its literal runs in order, anything for a placeholder.
    static func pattern(_ template: Template) -> NSRegularExpression? {
        let body = template.pieces.map { piece -> String in
            switch piece {
            case .text(let text): NSRegularExpression.escapedPattern(for: text)
            case .placeholder: ".+?"
            }
        }.joined()
        return try? NSRegularExpression(pattern: body, options: [.caseInsensitive])
    }

    private func says(_ index: Int, _ reply: String) -> Bool {
        guard let pattern = linePatterns[index] else { return false }
        return pattern.firstMatch(in: reply, range: NSRange(reply.startIndex..., in: reply)) != nil
    }

    private static func hit(_ items: inout [Coverage.Item], intent: String?, name: String, via: String? = nil) {
        guard let at = items.firstIndex(where: { $0.intent == intent && $0.name == name }) else { return }
        items[at].count += 1
        if let via, !items[at].via.contains(via) { items[at].via = (items[at].via + [via]).sorted() }
    }

    mutating func record(_ turn: Turn, after previous: Turn?) {
        let heard = Normalizer.normalize(turn.heard.text)
        // Negative phrases: said as the whole utterance, whether or not another app took it.
        for (index, forms) in negativeForms.enumerated() where forms.contains(heard) {
            app.negativePhrases[index].count += 1
        }
        if let match = turn.match, match.app == manifest.name {
            Self.hit(&app.phrases, intent: match.intent, name: match.phrase, via: turn.profile)
            Self.hit(&app.devices, intent: match.intent, name: turn.profile)
        }
        guard turn.app == manifest.name, let intentID = turn.intent, let intent = manifest.intent(intentID) else { return }
        // Values: those the matched phrase holds a placeholder for, and those answered to a question.
        let phrase = turn.match.map { Template($0.phrase).placeholders } ?? []
        for parameter in intent.parameters {
            guard let set = parameter.type.valueSetID, let value = turn.parameter(parameter.id) else { continue }
            if turn.match != nil, phrase.contains(parameter.id) {
                Self.hit(&app.values, intent: nil, name: "\(set).\(value.id)", via: "phrase")
            } else if turn.match == nil, previous?.asking == parameter.id, previous?.parameter(parameter.id) != value,
                      let known = manifest.valueSet(set)?.value(value.id),
                      known.spokenForms.contains(where: { heard.contains(Normalizer.normalize($0)) }) {
                Self.hit(&app.values, intent: nil, name: "\(set).\(value.id)", via: "answer")
            }
        }
        // Dialogue lines.
        let reply = turn.reply.text
        for index in app.lines.indices where app.lines[index].intent == intentID {
            let name = app.lines[index].name
            let reached: Bool
            if name.hasPrefix("prompt ") {
                let id = String(name.dropFirst("prompt ".count))
                let asksDefault = app.lines.indices.contains { other in
                    app.lines[other].intent == intentID && app.lines[other].name == "default question \(id)" && says(other, reply)
                }
                reached = turn.asking == id && !asksDefault
            } else if name.hasPrefix("default question ") {
                reached = turn.asking == String(name.dropFirst("default question ".count)) && says(index, reply)
            } else if name == "confirmation" {
                reached = turn.asking == "confirmation"
            } else if name == "success" {
                reached = turn.outcome == .success
            } else {
                reached = turn.outcome != .success && says(index, reply)
            }
            if reached { app.lines[index].count += 1 }
        }
        if turn.outcome.endsConversation {
            let outcome = turn.outcome.rawValue
            if let at = app.outcomes.firstIndex(where: { $0.intent == intentID }) {
                if !app.outcomes[at].reached.contains(outcome) { app.outcomes[at].reached = (app.outcomes[at].reached + [outcome]).sorted() }
            } else {
                app.outcomes.append(.init(intent: intentID, reached: [outcome]))
            }
        }
    }
}
