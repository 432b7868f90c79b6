import EarshotModel

/// What the importer read, before it is written as a manifest: each element with the place it came from.
struct ImportedApp {
    struct Text {
        var value: String
        var location: SourceLocation?
    }

    struct ValueSet {
        var id: String
        var title: Text
        var values: [(id: String, title: String, synonyms: [String], location: SourceLocation?)]
        var location: SourceLocation?
        var note: String?
    }

    struct Parameter {
        var id: String
        var title: Text
        var type: String
        var prompt: Text?
        var defaultValue: Text?
        var optional: Bool
        var location: SourceLocation?
        var note: String?
        var when: [(parameter: String, value: String)] = []
    }

    struct Intent {
        var id: String
        var title: Text
        var description: String?
        var category: String?
        var verb: String?
        var summary: Text?
        var opensApp: Bool?
        var requiresConfirmation: Bool?
        var parameters: [Parameter] = []
        var confirmation: Text?
        var success: Text?
        var successSupporting: Text?
        var errors: [(key: String, line: Text)] = []
        var resultValues: [(key: String, value: String)] = []
        var location: SourceLocation?
    }

    struct Shortcut {
        var intent: String
        var phrases: [Text]
        var shortTitle: Text?
        var systemImage: Text?
        var location: SourceLocation?
        var note: String?
    }

    struct Localization {
        var locale: String
        var name: String?
        var phrases: [(intent: String, phrases: [Text])] = []
        var location: SourceLocation?
    }

    var name: Text?
    var synonyms: [Text] = []
    var locale: String?
    var enums: [ValueSet] = []
    var entities: [ValueSet] = []
    var intents: [Intent] = []
    var shortcuts: [Shortcut] = []
    var negativePhrases: [Text] = []
    var localizations: [Localization] = []
    var quickActions: [(title: String, subtitle: String?, icon: String?, location: SourceLocation)] = []

    func intent(_ id: String) -> Intent? { intents.first { $0.id == id } }
    func hasValueSet(_ id: String) -> Bool { enums.contains { $0.id == id } || entities.contains { $0.id == id } }

    /// The manifest tree.
    func node() -> ImportNode {
        var root: [(String, ImportNode)] = []
        if let name { root.append(("app", .text(name.value, at: name.location))) }
        if !synonyms.isEmpty { root.append(("synonyms", .list(synonyms.map { .text($0.value, at: $0.location) }))) }
        if let locale { root.append(("locale", .text(locale))) }
        if !enums.isEmpty { root.append(("enums", .map(enums.map { ($0.id, Self.valueSetNode($0, listKey: "cases")) }))) }
        if !entities.isEmpty { root.append(("entities", .map(entities.map { ($0.id, Self.valueSetNode($0, listKey: "suggested")) }))) }
        root.append(("intents", .list(intents.map(Self.intentNode))))
        if !shortcuts.isEmpty {
            root.append(("shortcuts", .list(shortcuts.map { shortcut in
                var pairs: [(String, ImportNode)] = [("intent", .text(shortcut.intent, at: shortcut.location))]
                pairs.append(("phrases", .list(shortcut.phrases.map { .text($0.value, at: $0.location) })))
                if let title = shortcut.shortTitle { pairs.append(("shortTitle", .text(title.value, at: title.location))) }
                if let image = shortcut.systemImage { pairs.append(("systemImage", .text(image.value, at: image.location))) }
                var node = ImportNode.map(pairs, at: shortcut.location)
                node.note = shortcut.note
                return node
            })))
        }
        if !negativePhrases.isEmpty {
            root.append(("negativePhrases", .list(negativePhrases.map { .text($0.value, at: $0.location) })))
        }
        if !localizations.isEmpty {
            root.append(("localizations", .map(localizations.map { localization in
                var pairs: [(String, ImportNode)] = []
                if let name = localization.name { pairs.append(("app", .text(name))) }
                if !localization.phrases.isEmpty {
                    pairs.append(("shortcuts", .map(localization.phrases.map { entry in
                        (entry.intent, .list(entry.phrases.map { .text($0.value, at: $0.location) }))
                    })))
                }
                return (localization.locale, .map(pairs, at: localization.location))
            })))
        }
        if !quickActions.isEmpty {
            root.append(("quickActions", .list(quickActions.map { action in
                var pairs: [(String, ImportNode)] = [("title", .text(action.title, at: action.location))]
                if let subtitle = action.subtitle { pairs.append(("subtitle", .text(subtitle))) }
                if let icon = action.icon { pairs.append(("icon", .text(icon))) }
                return .map(pairs, at: action.location)
            })))
        }
        return .map(root)
    }

    private static func valueSetNode(_ set: ValueSet, listKey: String) -> ImportNode {
        var pairs: [(String, ImportNode)] = [("title", .text(set.title.value, at: set.title.location))]
        pairs.append((listKey, .list(set.values.map { value in
            var item: [(String, ImportNode)] = [("id", .text(value.id, at: value.location)), ("title", .text(value.title))]
            if !value.synonyms.isEmpty { item.append(("synonyms", .list(value.synonyms.map { .text($0) }))) }
            return .map(item, at: value.location)
        })))
        var node = ImportNode.map(pairs, at: set.location)
        node.note = set.note
        return node
    }

    private static func intentNode(_ intent: Intent) -> ImportNode {
        var pairs: [(String, ImportNode)] = [("id", .text(intent.id, at: intent.location)),
                                             ("title", .text(intent.title.value, at: intent.title.location))]
        if let category = intent.category { pairs.append(("category", .text(category))) }
        if let verb = intent.verb { pairs.append(("verb", .text(verb))) }
        if let summary = intent.summary { pairs.append(("summary", .text(summary.value, at: summary.location))) }
        if let opens = intent.opensApp { pairs.append(("opensApp", .plain(opens ? "true" : "false"))) }
        if let confirm = intent.requiresConfirmation { pairs.append(("requiresConfirmation", .plain(confirm ? "true" : "false"))) }
        if !intent.parameters.isEmpty {
            pairs.append(("parameters", .list(intent.parameters.map { parameter in
                var item: [(String, ImportNode)] = [("id", .text(parameter.id, at: parameter.location)),
                                                    ("title", .text(parameter.title.value, at: parameter.title.location)),
                                                    ("type", .text(parameter.type))]
                if let prompt = parameter.prompt { item.append(("prompt", .text(prompt.value, at: prompt.location))) }
                if let value = parameter.defaultValue { item.append(("default", .text(value.value, at: value.location))) }
                if parameter.optional { item.append(("optional", .plain("true"))) }
                if !parameter.when.isEmpty { item.append(("when", .map(parameter.when.map { ($0.parameter, .text($0.value)) }))) }
                var node = ImportNode.map(item, at: parameter.location)
                node.note = parameter.note
                return node
            })))
        }
        var dialog: [(String, ImportNode)] = []
        if let line = intent.confirmation { dialog.append(("confirmation", .text(line.value, at: line.location))) }
        if let line = intent.success { dialog.append(("success", .text(line.value, at: line.location))) }
        if let line = intent.successSupporting { dialog.append(("successSupporting", .text(line.value, at: line.location))) }
        if !intent.errors.isEmpty { dialog.append(("errors", .map(intent.errors.map { ($0.key, .text($0.line.value, at: $0.line.location)) }))) }
        if !dialog.isEmpty { pairs.append(("dialog", .map(dialog))) }
        if !intent.resultValues.isEmpty {
            pairs.append(("result", .map([("values", .map(intent.resultValues.map { ($0.key, .text($0.value)) }))])))
        }
        var node = ImportNode.map(pairs, at: intent.location)
        if let description = intent.description { node.note = "description: \(description)" }
        return node
    }
}
