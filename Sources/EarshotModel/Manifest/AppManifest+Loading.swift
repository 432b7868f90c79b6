import Foundation
import Yams

extension AppManifest {
    /// At most this many App Shortcuts per app.
    public static let maximumShortcuts = 10
    /// At most this many trigger phrases per app and locale, after expanding parameters.
    public static let maximumExpansions = 1_000
    /// Platform names a manifest may list.
    public static let knownPlatforms = ["iOS", "iPadOS", "watchOS", "macOS", "tvOS", "visionOS"]

    /// Loads a manifest: a YAML or JSON file, or a folder holding `app.yaml` (or `app.json`).
    ///
    /// Every rule of the manifest spec is enforced; the first broken one is thrown with its
    /// file, line and column.
    public init(contentsOf path: String) throws(LoadError) {
        let file = try YAMLFile(contentsOf: Self.manifestPath(for: path))
        var violations: [Violation] = []
        try self.init(file: file, violations: &violations)
        if let first = violations.first { throw first.error }
    }

    /// Loads a manifest from text; `path` names it in errors and sets the handler folder.
    public init(yaml text: String, path: String) throws(LoadError) {
        var violations: [Violation] = []
        try self.init(file: try YAMLFile(path: path, text: text), violations: &violations)
        if let first = violations.first { throw first.error }
    }

    /// A limit rule of the spec that a manifest breaks: the loader refuses the first; `earshot check`
    /// reports them all (``reviewing(contentsOf:)``).
    public struct Violation: Sendable {
        public enum Kind: String, Sendable, CaseIterable {
            /// More than ten App Shortcuts.
            case shortcutCount
            /// More than 1,000 trigger phrases in a locale after expansion.
            case expansionCount
            /// A trigger phrase without `{applicationName}`.
            case applicationName
            /// An open-ended (string, number, date...) parameter in a trigger phrase.
            case openParameter
            /// A trigger phrase with more than one parameter besides `{applicationName}`.
            case parameterCount
        }
        public var kind: Kind
        public var error: LoadError
    }

    /// Loads a manifest for review: the limit rules (``Violation/Kind``) are returned, every one of
    /// them, instead of refusing the manifest; anything else wrong still throws.
    public static func reviewing(contentsOf path: String) throws(LoadError) -> (manifest: AppManifest, violations: [Violation]) {
        let file = try YAMLFile(contentsOf: Self.manifestPath(for: path))
        var violations: [Violation] = []
        let manifest = try AppManifest(file: file, violations: &violations)
        return (manifest, violations)
    }

    /// ``reviewing(contentsOf:)`` over text.
    public static func reviewing(yaml text: String, path: String) throws(LoadError) -> (manifest: AppManifest, violations: [Violation]) {
        var violations: [Violation] = []
        let manifest = try AppManifest(file: try YAMLFile(path: path, text: text), violations: &violations)
        return (manifest, violations)
    }

    /// The manifest file for a path that may be a folder.
    public static func manifestPath(for path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return path
        }
        for name in ["app.yaml", "app.yml", "app.json"] {
            let candidate = (path as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return (path as NSString).appendingPathComponent("app.yaml")
    }

    init(file: YAMLFile, violations: inout [Violation]) throws(LoadError) {
        try ManifestLimits.check(file)
        let root = try Fields(file.root, in: file, what: "the manifest", allowed: [
            "app", "synonyms", "platforms", "flexibleMatching", "locale", "enums", "entities",
            "intents", "shortcuts", "negativePhrases", "localizations", "quickActions", "review",
        ])
        fieldLocations = root.valueLocations
        source = file.location(of: file.root)
        source.line = nil
        source.column = nil
        directory = (file.path as NSString).deletingLastPathComponent
        if directory.isEmpty { directory = "." }
        name = try root.requiredString("app", fix: "Add 'app: <the spoken app name>' at the top.")
        synonyms = try root.strings("synonyms")?.map(\.value) ?? []
        let platformList = try root.strings("platforms") ?? [Located("iOS", at: root.location)]
        for platform in platformList where !Self.knownPlatforms.contains(platform.value) {
            let near = Spelling.nearest(to: platform.value, in: Self.knownPlatforms)
            throw LoadError(platform.location, "unknown platform '\(platform.value)'.",
                            fix: (near.map { "Did you mean '\($0)'? " } ?? "") + "Use: \(Self.knownPlatforms.joined(separator: ", ")).")
        }
        platforms = platformList.map(\.value)
        flexibleMatching = try root.bool("flexibleMatching") ?? true
        locale = try root.string("locale") ?? "en-US"
        try Self.checkLocale(locale, at: root.location(of: "locale"))

        var valueSets: [ValueSet] = []
        enums = try Self.readValueSets(root["enums"], kind: .enumeration, file: file, into: &valueSets)
        entities = try Self.readValueSets(root["entities"], kind: .entity, file: file, into: &valueSets)

        let intentNodes = try file.sequence(
            try root.require("intents", fix: "Add an 'intents:' list with at least one intent."), what: "'intents'")
        var intents: [Intent] = []
        for node in intentNodes {
            let intent = try Intent(node: node, file: file, valueSets: valueSets)
            if let earlier = intents.first(where: { $0.id == intent.id }) {
                throw LoadError(intent.location, "intent '\(intent.id)' is declared twice (first at line \(earlier.location.line ?? 0)).",
                                fix: "Give each intent its own id.")
            }
            intents.append(intent)
        }
        self.intents = intents

        var shortcuts: [Shortcut] = []
        if let node = root["shortcuts"] {
            for item in try file.sequence(node, what: "'shortcuts'") {
                shortcuts.append(try Shortcut(node: item, file: file, intents: intents))
            }
        }
        if shortcuts.count > Self.maximumShortcuts {
            violations.append(Violation(kind: .shortcutCount, error: LoadError(
                shortcuts[Self.maximumShortcuts].location,
                "\(shortcuts.count) App Shortcuts; an app has at most \(Self.maximumShortcuts).",
                fix: "Merge shortcuts with parameters, or remove the least used ones.")))
        }
        self.shortcuts = shortcuts

        negativePhrases = []
        if let list = try root.strings("negativePhrases") {
            for item in list {
                let phrase = Phrase(template: Template(item.value), location: item.location)
                for name in phrase.template.placeholders where name != Template.applicationName {
                    throw LoadError(item.location, "negative phrase uses '{\(name)}'; only {applicationName} can appear there.",
                                    fix: "Write the words out, or use {applicationName}.")
                }
                negativePhrases.append(phrase)
            }
        }

        localizations = []
        if let node = root["localizations"] {
            for (key, value) in try file.mapping(node, what: "'localizations'") {
                localizations.append(try Localization(locale: key, node: value, file: file, intents: intents))
            }
        }

        quickActions = []
        if let node = root["quickActions"] {
            for item in try file.sequence(node, what: "'quickActions'") {
                quickActions.append(try QuickAction(node: item, file: file, intents: intents))
            }
        }
        silenced = []
        if let node = root["review"] {
            let review = try Fields(node, in: file, what: "'review'", allowed: ["silence"])
            if let list = review["silence"] {
                for item in try file.sequence(list, what: "'silence' of 'review'") {
                    let f = try Fields(item, in: file, what: "a silenced rule", allowed: ["rule", "reason"])
                    let rule = try f.requiredString("rule", fix: "Name the rule's id as `earshot check` prints it, e.g. 'rule: phrase.length'.")
                    let reason = try f.requiredString("reason", fix: "Say why the rule does not apply here: 'reason: <why>'.")
                    silenced.append(Silence(rule: rule, reason: reason, location: f.location(of: "rule")))
                }
            }
        }

        try ManifestLimits.checkExpansions(self)
        violations += phraseViolations()
    }

    static func checkLocale(_ locale: String, at location: SourceLocation) throws(LoadError) {
        let parts = locale.split(separator: "-", omittingEmptySubsequences: false)
        let valid = (1...3).contains(parts.count) && parts[0].count >= 2 && parts[0].count <= 3
            && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber } }
        if !valid {
            throw LoadError(location, "'\(locale)' is not a locale.", fix: "Write a BCP 47 tag like en-US or fr-FR.")
        }
    }

    private static func readValueSets(_ node: Node?, kind: ValueSet.Kind, file: YAMLFile, into all: inout [ValueSet]) throws(LoadError) -> [ValueSet] {
        guard let node else { return [] }
        let section = kind == .enumeration ? "enums" : "entities"
        var sets: [ValueSet] = []
        for (key, value) in try file.mapping(node, what: "'\(section)'") {
            let what = "\(kind == .enumeration ? "enum" : "entity") '\(key.value)'"
            if ParameterType.builtins[key.value] != nil {
                throw LoadError(key.location, "\(what) has the name of a built-in type.", fix: "Rename it (for example '\(key.value.capitalizedFirst)Kind').")
            }
            if let earlier = all.first(where: { $0.id == key.value }) {
                throw LoadError(key.location, "\(what) is declared twice (first at line \(earlier.location.line ?? 0)).",
                                fix: "Enums and entities share one namespace: rename one.")
            }
            let listKey = kind == .enumeration ? "cases" : "suggested"
            let fields = try Fields(value, in: file, what: what, allowed: ["title", listKey])
            let title = try fields.string("title") ?? key.value
            var values: [Value] = []
            var ids: Set<String> = []
            if let list = fields[listKey] {
                for item in try file.sequence(list, what: "'\(listKey)' of \(what)") {
                    let f = try Fields(item, in: file, what: "a value of \(what)", allowed: ["id", "title", "synonyms"])
                    let id = try f.requiredString("id", fix: "Give the value an 'id'.")
                    let value = Value(id: id, title: try f.string("title") ?? id, synonyms: try f.strings("synonyms")?.map(\.value) ?? [])
                    if !ids.insert(id).inserted {
                        throw LoadError(f.location(of: "id"), "\(what) has two values with id '\(id)'.", fix: "Give each value its own id.")
                    }
                    values.append(value)
                }
            } else if kind == .enumeration {
                throw LoadError(fields.location, "\(what) has no 'cases'.", fix: "List its cases with an id and a title each.")
            }
            let set = ValueSet(id: key.value, kind: kind, title: title, values: values, location: key.location)
            sets.append(set)
            all.append(set)
        }
        return sets
    }

    /// Phrase rules that need the whole app: the app name, open-ended parameters, and the expansion
    /// limit per locale. Placeholders that name no parameter (or one twice) still throw.
    private func phraseViolations() -> [Violation] {
        var out: [Violation] = []
        func check(_ phrase: Phrase, of intent: Intent) {
            if let violation = violation(of: phrase, intent: intent) { out.append(violation) }
        }
        for shortcut in shortcuts {
            guard let intent = intent(shortcut.intent) else { continue }
            for phrase in shortcut.phrases { check(phrase, of: intent) }
        }
        for localization in localizations {
            for (intentID, phrases) in localization.shortcuts {
                guard let intent = intent(intentID) else { continue }
                for phrase in phrases { check(phrase, of: intent) }
            }
        }
        for locale in locales {
            var total = 0
            for (phrase, intent) in phrases(in: locale) {
                total += expansionCount(of: phrase, intent: intent)
                if total > Self.maximumExpansions {
                    out.append(Violation(kind: .expansionCount, error: LoadError(phrase.location,
                        "the app's trigger phrases expand to more than \(Self.maximumExpansions) in \(locale) (this phrase passes the limit, counting every enum case and suggested entity).",
                        fix: "Remove phrases, or use a parameter with fewer values in them; a phrase without the parameter lets Siri ask for it.")))
                    break
                }
            }
        }
        return out
    }

    private func violation(of phrase: Phrase, intent: Intent) -> Violation? {
        let names = phrase.template.placeholders
        if !names.contains(Template.applicationName) {
            return Violation(kind: .applicationName, error: LoadError(phrase.location, "the phrase '\(phrase.text)' does not contain {applicationName}.",
                fix: "Every trigger phrase says the app's name: add {applicationName}, e.g. '\(phrase.text) with {applicationName}'."))
        }
        for name in names where name != Template.applicationName {
            if let parameter = intent.parameter(name), parameter.type.valueSetID == nil {
                return Violation(kind: .openParameter, error: LoadError(phrase.location,
                    "the phrase uses '{\(name)}', a \(parameter.type) parameter; only enum and entity parameters can appear in a trigger phrase.",
                    fix: "Remove it from the phrase: Siri asks for open-ended values after the shortcut starts."))
            }
        }
        // Apple's rule: "your app name, and optionally one additional parameter" (Xcode refuses more).
        let parameters = names.filter { $0 != Template.applicationName }
        if parameters.count > 1 {
            let placeholders = parameters.map { "{\($0)}" }
            return Violation(kind: .parameterCount, error: LoadError(phrase.location,
                "the phrase '\(phrase.text)' holds \(parameters.count) parameters (\(placeholders.joined(separator: ", "))); a trigger phrase holds the app name and at most one parameter.",
                fix: "Split it into phrases with one parameter each (e.g. one with \(placeholders[0]), one with \(placeholders[1])), and let Siri ask for the other value in the conversation."))
        }
        return nil
    }

    /// Placeholders of a trigger phrase that are not parameters of its intent, or appear twice: these
    /// make the phrase meaningless, so loading stops.
    fileprivate static func checkPlaceholders(_ phrase: Phrase, of intent: Intent) throws(LoadError) {
        var seen: Set<String> = []
        for name in phrase.template.placeholders where name != Template.applicationName {
            guard intent.parameter(name) != nil else {
                throw LoadError(phrase.location, "the phrase uses '{\(name)}', which is not a parameter of intent '\(intent.id)'.",
                                fix: "Use one of: \(([Template.applicationName] + intent.parameters.map(\.id)).joined(separator: ", ")).")
            }
            if !seen.insert(name).inserted {
                throw LoadError(phrase.location, "the phrase uses '{\(name)}' twice.", fix: "Use each parameter once.")
            }
        }
    }

    /// The phrases of every shortcut in `locale`, with their intents.
    ///
    /// In the manifest's own locale these are the shortcuts' phrases; in another locale, the
    /// phrases its localization gives.
    public func phrases(in locale: String) -> [(phrase: Phrase, intent: Intent)] {
        var out: [(Phrase, Intent)] = []
        if locale == self.locale {
            for shortcut in shortcuts {
                guard let intent = intent(shortcut.intent) else { continue }
                for phrase in shortcut.phrases { out.append((phrase, intent)) }
            }
        } else if let localization = localizations.first(where: { $0.locale == locale }) {
            for (intentID, phrases) in localization.shortcuts {
                guard let intent = intent(intentID) else { continue }
                for phrase in phrases { out.append((phrase, intent)) }
            }
        }
        return out
    }

    /// How many trigger phrases `phrase` counts for: the product of its parameters' value counts.
    public func expansionCount(of phrase: Phrase, intent: Intent) -> Int {
        var count = 1
        for name in phrase.template.placeholders where name != Template.applicationName {
            guard let id = intent.parameter(name)?.type.valueSetID, let set = valueSet(id) else { continue }
            let (product, overflow) = count.multipliedReportingOverflow(by: max(set.values.count, 0))
            count = overflow ? .max : product
        }
        return count
    }

    /// Trigger phrases in `locale` after expansion, as the limit counts them.
    public func expansionCount(in locale: String) -> Int {
        phrases(in: locale).reduce(0) { total, item in
            let (sum, overflow) = total.addingReportingOverflow(expansionCount(of: item.phrase, intent: item.intent))
            return overflow ? .max : sum
        }
    }
}

extension Intent {
    init(node: Node, file: YAMLFile, valueSets: [ValueSet]) throws(LoadError) {
        let fields = try Fields(node, in: file, what: Fields.peek(node, "id").map { "intent '\($0)'" } ?? "an intent", allowed: [
            "id", "title", "category", "verb", "summary", "opensApp", "requiresConfirmation",
            "parameters", "dialog", "result", "handler",
        ])
        id = try fields.requiredString("id", fix: "Give the intent an 'id': its AppIntent type's name.")
        let what = "intent '\(id)'"
        location = fields.location
        fieldLocations = fields.valueLocations
        title = try fields.requiredString("title", fix: "Add a 'title' that starts with a verb, like 'Order soup'.")
        category = try fields.oneOf("category", IntentCategory.self) ?? .generic
        if let verb = try fields.string("verb") {
            guard category.verbs.contains(verb.lowercased()) else {
                throw LoadError(fields.location(of: "verb"), "'\(verb)' is not a verb of the \(category.rawValue) category.",
                                fix: "Use one of: \(category.verbs.joined(separator: ", ")), or choose another category.")
            }
            self.verb = verb.lowercased()
        } else {
            verb = category.defaultVerb
        }
        opensApp = try fields.bool("opensApp") ?? false
        requiresConfirmation = try fields.bool("requiresConfirmation") ?? false

        var parameters: [Parameter] = []
        if let list = fields["parameters"] {
            for item in try file.sequence(list, what: "'parameters' of \(what)") {
                let parameter = try Parameter(node: item, file: file, intent: id, valueSets: valueSets, earlier: parameters)
                parameters.append(parameter)
            }
        }
        self.parameters = parameters
        (summary, summaryVariants) = try Self.readSummary(fields, file: file, what: what, parameters: parameters, valueSets: valueSets)

        if let list = fields["handler"] {
            let parts = try file.strings(list, what: "'handler' of \(what)").map(\.value)
            if parts.isEmpty || parts[0].isEmpty {
                throw LoadError(fields.location(of: "handler"), "'handler' of \(what) is empty.",
                                fix: "Write the program and its arguments, like [python3, handlers/order.py].")
            }
            handler = parts
        } else {
            handler = nil
        }

        result = try ResultSpec(node: fields["result"], file: file, intent: id, parameters: parameters, valueSets: valueSets)
        dialog = try Dialog(node: fields["dialog"], file: file, intent: id)

        // Every case error names a dialogue error; every dialogue placeholder is a parameter or a result value.
        for resultCase in result.cases {
            if let key = resultCase.error, dialog.error(key) == nil {
                throw LoadError(resultCase.errorLocation ?? resultCase.location, "the case's error '\(key)' is not a key of dialog.errors of \(what).",
                                fix: "Add 'dialog: errors: \(key): <what the device says>', or use one of: \(dialog.errors.map(\.key).joined(separator: ", ")).")
            }
        }
        let known = Set(parameters.map(\.id)).union(result.values.map(\.key)).union(result.cases.flatMap { $0.values.map(\.key) })
        let lines: [(String, Template?)] = [("confirmation", dialog.confirmation), ("success", dialog.success),
                                            ("successSupporting", dialog.successSupporting)]
            + dialog.errors.map { ("errors.\($0.key)", $0.line) }
        for (key, template) in lines {
            let dialogLocation = dialog.locations[key] ?? fields.location(of: "dialog")
            guard let template else { continue }
            for name in template.placeholders where !known.contains(name) {
                let hint = name == Template.applicationName
                    ? "The device names the app itself (verbal attribution): remove {applicationName}."
                    : "Use a parameter (\(parameters.map(\.id).joined(separator: ", "))) or a result value"
                        + (handler == nil ? " listed under result.values." : "; list the values the handler returns under result.values, with defaults.")
                throw LoadError(dialogLocation, "dialog.\(key) of \(what) uses '{\(name)}', which is neither a parameter nor a result value.", fix: hint)
            }
        }
    }
}

extension Intent {
    /// `summary:` as text, or as a list of variants: `{ when: {parent: value}, text: ... }` items and one
    /// without `when`, used otherwise. Every placeholder is a parameter.
    fileprivate static func readSummary(_ fields: Fields, file: YAMLFile, what: String, parameters: [Parameter],
                                        valueSets: [ValueSet]) throws(LoadError) -> (String?, [SummaryVariant]) {
        guard let node = fields["summary"] else { return (nil, []) }
        func checked(_ text: String, at location: SourceLocation) throws(LoadError) -> String {
            for name in Template(text).placeholders where !parameters.contains(where: { $0.id == name }) {
                let near = Spelling.nearest(to: name, in: parameters.map(\.id))
                throw LoadError(location, "the summary of \(what) uses '{\(name)}', which is not a parameter.",
                                fix: (near.map { "Did you mean '{\($0)}'? " } ?? "")
                                    + "A parameter summary shows parameters: use one of \(parameters.map { "{\($0.id)}" }.joined(separator: ", ")).")
            }
            return text
        }
        if case .scalar = node {
            return (try checked(try file.scalar(node, what: "'summary' of \(what)"), at: file.location(of: node)), [])
        }
        var otherwise: String?
        var variants: [SummaryVariant] = []
        for item in try file.sequence(node, what: "'summary' of \(what)") {
            let f = try Fields(item, in: file, what: "a summary of \(what)", allowed: ["when", "text"])
            let text = try checked(try f.requiredString("text", fix: "Write the summary under 'text:'."), at: f.location(of: "text"))
            if f["when"] == nil {
                if otherwise != nil {
                    throw LoadError(f.location, "\(what) has two summaries without 'when'.",
                                    fix: "Keep one summary for 'otherwise'; give the others a 'when: { parent: value }'.")
                }
                otherwise = text
            } else {
                let conditions = try Condition.read(f["when"], file: file, what: "'when' of a summary of \(what)", parameters: parameters,
                                                    valueSets: valueSets, scope: "a parameter of the intent")
                variants.append(SummaryVariant(when: conditions, text: text, location: f.location(of: "text")))
            }
        }
        return (otherwise, variants)
    }
}

extension Parameter {
    init(node: Node, file: YAMLFile, intent: String, valueSets: [ValueSet], earlier: [Parameter]) throws(LoadError) {
        let named = Fields.peek(node, "id").map { "parameter '\($0)' of intent '\(intent)'" } ?? "a parameter of intent '\(intent)'"
        let fields = try Fields(node, in: file, what: named, allowed: [
            "id", "title", "type", "prompt", "default", "confirmDefault", "optional", "when",
        ])
        let id = try fields.requiredString("id", fix: "Give the parameter an 'id'.")
        self.id = id
        let what = "parameter '\(id)' of intent '\(intent)'"
        if id == Template.applicationName {
            throw LoadError(fields.location(of: "id"), "\(what) cannot be called applicationName.", fix: "Rename it.")
        }
        if earlier.contains(where: { $0.id == id }) {
            throw LoadError(fields.location(of: "id"), "\(what) is declared twice.", fix: "Give each parameter its own id.")
        }
        location = fields.location
        fieldLocations = fields.valueLocations
        title = try fields.string("title") ?? id
        let typeName = try fields.requiredString("type", fix: "Give it a 'type': an enum or entity of this manifest, or string, integer, decimal, boolean, date, duration or currency.")
        if let builtin = ParameterType.builtins[typeName] {
            type = builtin
        } else if valueSets.contains(where: { $0.id == typeName }) {
            type = .values(typeName)
        } else {
            let names = valueSets.map(\.id) + ParameterType.builtins.keys.sorted()
            let near = Spelling.nearest(to: typeName, in: names)
            throw LoadError(fields.location(of: "type"), "\(what) has type '\(typeName)', which is not declared.",
                            fix: (near.map { "Did you mean '\($0)'? " } ?? "") + "Declare it under enums or entities, or use: \(names.joined(separator: ", ")).")
        }
        prompt = try fields.string("prompt")
        optional = try fields.bool("optional") ?? false
        defaultValue = try fields.string("default")
        confirmDefault = try fields.string("confirmDefault")
        if let defaultValue {
            try Self.check(value: defaultValue, of: type, valueSets: valueSets, at: fields.location(of: "default"), what: "the default of \(what)")
        }
        if confirmDefault != nil, defaultValue == nil {
            throw LoadError(fields.location(of: "confirmDefault"), "\(what) has 'confirmDefault' but no 'default'.",
                            fix: "Add the 'default' value that the question offers.")
        }
        let conditions = try Condition.read(fields["when"], file: file, what: "'when' of \(what)", parameters: earlier,
                                            valueSets: valueSets, scope: "a parameter declared before it")
        when = conditions
    }

    /// Checks that `value` is a value of `type` (an id for enums and entities).
    static func check(value: String, of type: ParameterType, valueSets: [ValueSet], at location: SourceLocation, what: String) throws(LoadError) {
        switch type {
        case .values(let id):
            guard let set = valueSets.first(where: { $0.id == id }) else { return }
            if set.value(value) == nil {
                throw LoadError(location, "\(what) is '\(value)', which is not a value of \(set.id).",
                                fix: "Use one of its ids: \(set.values.map(\.id).joined(separator: ", ")).")
            }
        case .integer:
            if Int(value) == nil { throw LoadError(location, "\(what) is '\(value)', not a whole number.", fix: "Write a whole number.") }
        case .decimal:
            if Double(value) == nil { throw LoadError(location, "\(what) is '\(value)', not a number.", fix: "Write a number.") }
        case .boolean:
            if !["true", "false"].contains(value.lowercased()) {
                throw LoadError(location, "\(what) is '\(value)', not true or false.", fix: "Write true or false.")
            }
        case .string, .date, .duration, .currency:
            break
        }
    }
}

extension Condition {
    /// Reads `when: { parameter: value }`: each parameter one of `parameters`, each value one of its values.
    static func read(_ node: Node?, file: YAMLFile, what: String, parameters: [Parameter], valueSets: [ValueSet],
                     scope: String) throws(LoadError) -> [Condition] {
        guard let node else { return [] }
        var conditions: [Condition] = []
        for (key, valueNode) in try file.mapping(node, what: what) {
            guard let parameter = parameters.first(where: { $0.id == key.value }) else {
                throw LoadError(key.location, "\(what) names '\(key.value)', which is not \(scope).",
                                fix: "Name one of: \(parameters.map(\.id).joined(separator: ", ")).")
            }
            let value = try file.scalar(valueNode, what: "'when: \(key.value)'")
            try Parameter.check(value: value, of: parameter.type, valueSets: valueSets, at: file.location(of: valueNode),
                                what: "'when: \(key.value)' of \(what)")
            conditions.append(Condition(parameter: key.value, value: value, location: key.location))
        }
        return conditions
    }
}

extension ResultSpec {
    init(node: Node?, file: YAMLFile, intent: String, parameters: [Parameter], valueSets: [ValueSet]) throws(LoadError) {
        guard let node else {
            values = []
            cases = []
            location = nil
            return
        }
        let what = "the result of intent '\(intent)'"
        let fields = try Fields(node, in: file, what: what, allowed: ["values", "cases"])
        location = fields.location
        values = try Self.readValues(fields["values"], file: file, what: what)
        var cases: [ResultCase] = []
        if let list = fields["cases"] {
            for item in try file.sequence(list, what: "'cases' of \(what)") {
                let f = try Fields(item, in: file, what: "a case of \(what)", allowed: ["when", "values", "error"])
                let conditions = try Condition.read(f["when"], file: file, what: "'when' of a case of \(what)", parameters: parameters,
                                                    valueSets: valueSets, scope: "a parameter of the intent")
                cases.append(ResultCase(when: conditions, values: try Self.readValues(f["values"], file: file, what: "a case of \(what)"),
                                        error: try f.string("error"), location: f.location,
                                        errorLocation: f["error"] == nil ? nil : f.location(of: "error")))
            }
        }
        self.cases = cases
    }

    private static func readValues(_ node: Node?, file: YAMLFile, what: String) throws(LoadError) -> [(key: String, value: String)] {
        guard let node else { return [] }
        var out: [(String, String)] = []
        for (key, value) in try file.mapping(node, what: "'values' of \(what)") {
            out.append((key.value, try file.scalar(value, what: "result value '\(key.value)'")))
        }
        return out
    }
}

extension Dialog {
    init(node: Node?, file: YAMLFile, intent: String) throws(LoadError) {
        guard let node else {
            confirmation = nil
            success = nil
            successSupporting = nil
            errors = []
            locations = [:]
            return
        }
        let what = "the dialog of intent '\(intent)'"
        let fields = try Fields(node, in: file, what: what, allowed: ["confirmation", "success", "successSupporting", "errors"])
        confirmation = try fields.string("confirmation").map(Template.init)
        success = try fields.string("success").map(Template.init)
        successSupporting = try fields.string("successSupporting").map(Template.init)
        var locations: [String: SourceLocation] = [:]
        for key in ["confirmation", "success", "successSupporting"] where fields[key] != nil {
            locations[key] = fields.location(of: key)
        }
        var errors: [(String, Template)] = []
        if let errorsNode = fields["errors"] {
            for (key, value) in try file.mapping(errorsNode, what: "'errors' of \(what)") {
                errors.append((key.value, Template(try file.scalar(value, what: "error '\(key.value)'"))))
                locations["errors.\(key.value)"] = file.location(of: value)
            }
        }
        self.errors = errors
        self.locations = locations
    }
}

extension Shortcut {
    init(node: Node, file: YAMLFile, intents: [Intent]) throws(LoadError) {
        let fields = try Fields(node, in: file, what: "a shortcut", allowed: ["intent", "phrases", "shortTitle", "systemImage", "relevance"])
        location = fields.location
        let intent = try fields.requiredString("intent", fix: "Name the intent the shortcut runs.")
        self.intent = intent
        guard intents.contains(where: { $0.id == intent }) else {
            let near = Spelling.nearest(to: intent, in: intents.map(\.id))
            throw LoadError(fields.location(of: "intent"), "the shortcut's intent '\(intent)' is not declared.",
                            fix: (near.map { "Did you mean '\($0)'? " } ?? "") + "Declare it under intents, or use one of: \(intents.map(\.id).joined(separator: ", ")).")
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
            let near = Spelling.nearest(to: intent, in: intents.map(\.id))
            throw LoadError(fields.location(of: "intent"), "the quick action's intent '\(intent)' is not declared.",
                            fix: (near.map { "Did you mean '\($0)'? " } ?? "") + "Use one of: \(intents.map(\.id).joined(separator: ", ")).")
        }
    }
}

extension Localization {
    init(locale: Located<String>, node: Node, file: YAMLFile, intents: [Intent]) throws(LoadError) {
        try AppManifest.checkLocale(locale.value, at: locale.location)
        self.locale = locale.value
        location = locale.location
        let what = "localization '\(locale.value)'"
        let fields = try Fields(node, in: file, what: what, allowed: ["app", "synonyms", "shortcuts"])
        name = try fields.string("app")
        synonyms = try fields.strings("synonyms")?.map(\.value)
        var phrases: [(String, [Phrase])] = []
        if let node = fields["shortcuts"] {
            for (key, value) in try file.mapping(node, what: "'shortcuts' of \(what)") {
                guard intents.contains(where: { $0.id == key.value }) else {
                    throw LoadError(key.location, "\(what) gives phrases for '\(key.value)', which is not an intent.",
                                    fix: "Use an intent id: \(intents.map(\.id).joined(separator: ", ")).")
                }
                let list = try file.strings(value, what: "phrases for '\(key.value)'")
                let localized = list.map { Phrase(template: Template($0.value), location: $0.location) }
                if let intent = intents.first(where: { $0.id == key.value }) {
                    for phrase in localized { try AppManifest.checkPlaceholders(phrase, of: intent) }
                }
                phrases.append((key.value, localized))
            }
        }
        shortcuts = phrases
    }
}
