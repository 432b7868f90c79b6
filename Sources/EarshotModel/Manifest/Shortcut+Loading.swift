import Foundation
import Yams

extension Shortcut {
    init(node: Node, file: YAMLFile, intents: [Intent]) throws(LoadError) {
        let fields = try Fields(node, in: file, what: "a shortcut", allowed: ["intent", "phrases", "shortTitle", "systemImage", "relevance"])
        location = fields.location
        let intent = try fields.requiredString("intent", fix: "Name the intent the shortcut runs.")
        self.intent = intent
        guard intents.contains(where: { $0.id == intent }) else {
            throw LoadError(fields.location(of: "intent"), "the shortcut's intent '\(intent)' is not declared.",
                            fix: Spelling.didYouMean(intent, in: intents.map(\.id),
                                                     then: "Declare it under intents, or use one of: \(intents.map(\.id).joined(separator: ", "))."))
        }
        let list = try fields.strings("phrases") ?? []
        if list.isEmpty {
            throw LoadError(fields.location, "the shortcut for '\(intent)' has no phrases.", fix: "Add 'phrases:' with at least one phrase containing {applicationName}.")
        }
        phrases = list.map { Phrase(template: Template($0.value), location: $0.location) }
        if let declared = intents.first(where: { $0.id == intent }) {
            for phrase in phrases { try AppManifest.checkPlaceholders(phrase, of: declared) }
        }
        shortTitle = try fields.string("shortTitle")
        systemImage = try fields.string("systemImage")
        fieldLocations = fields.valueLocations
        if let list = fields["relevance"] {
            for item in try file.sequence(list, what: "'relevance' of the shortcut for '\(intent)'") {
                let f = try Fields(item, in: file, what: "a relevance window", allowed: ["from", "to"])
                let from = try Self.minutes(try f.requiredString("from", fix: "Write 'from: \"07:00\"'."), at: f.location(of: "from"))
                let to = try Self.minutes(try f.requiredString("to", fix: "Write 'to: \"10:00\"'."), at: f.location(of: "to"))
                relevance.append(TimeWindow(from: from, to: to))
            }
        }
    }

    /// "07:30" → 450.
    static func minutes(_ text: String, at location: SourceLocation) throws(LoadError) -> Int {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]), (0...24).contains(hours), (0..<60).contains(minutes),
              hours * 60 + minutes <= 24 * 60 else {
            throw LoadError(location, "'\(text)' is not a time of day.", fix: "Write hours and minutes, 24-hour clock, like \"07:30\" (quoted).")
        }
        return hours * 60 + minutes
    }
}

extension QuickAction {
    init(node: Node, file: YAMLFile, intents: [Intent]) throws(LoadError) {
        let fields = try Fields(node, in: file, what: "a quick action", allowed: ["title", "subtitle", "icon", "intent"])
        location = fields.location
        fieldLocations = fields.valueLocations
        title = try fields.requiredString("title", fix: "Give the quick action a 'title' that says what it does, like 'New message'.")
        subtitle = try fields.string("subtitle")
        icon = try fields.string("icon")
        intent = try fields.string("intent")
        if let intent, !intents.contains(where: { $0.id == intent }) {
            throw LoadError(fields.location(of: "intent"), "the quick action's intent '\(intent)' is not declared.",
                            fix: Spelling.didYouMean(intent, in: intents.map(\.id), then: "Use one of: \(intents.map(\.id).joined(separator: ", "))."))
        }
    }
}
