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
            throw LoadError(platform.location, "unknown platform '\(platform.value)'.",
                            fix: Spelling.didYouMean(platform.value, in: Self.knownPlatforms, then: "Use: \(Self.knownPlatforms.joined(separator: ", "))."))
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
}
