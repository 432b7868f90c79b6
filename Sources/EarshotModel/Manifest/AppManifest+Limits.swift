import Foundation
import Yams

/// What no real app needs, refused before a manifest is read further (docs/limits.md). Each limit has
/// its own one-line error naming the line and the number; all are counted on the parsed tree, before
/// any phrase is expanded.
public enum ManifestLimits {
    /// Characters of a name: the app's, a synonym, an id, a title, a trigger phrase, a key.
    public static let nameLength = 200
    /// Characters of any other text (dialogue, summaries, handler arguments, review reasons).
    public static let textLength = 2_000
    /// Synonyms of the app (and of each localization).
    public static let appSynonyms = 50
    /// Intents in an app.
    public static let intents = 200
    /// Parameters of an intent.
    public static let parameters = 50
    /// Enums and entities together.
    public static let valueSets = 200
    /// Cases of an enum, suggested values of an entity, values an app gives an entity at run time
    /// (used in a phrase, 1,001 already pass Apple's 1,000 phrases: that rule says so).
    public static let values = 5_000
    /// Synonyms of one case or value.
    public static let valueSynonyms = 50
    /// App Shortcuts: above ten is reported as Apple's limit (`earshot check` lists it); above this the
    /// manifest is refused outright.
    public static let shortcuts = 100
    /// Trigger phrases as written, per app and locale, before expansion (expanded, Apple allows 1,000).
    public static let phrases = 1_000
    /// Negative phrases.
    public static let negativePhrases = 1_000
    /// Localizations.
    public static let localizations = 50
    /// Quick actions.
    public static let quickActions = 100
    /// Any other list or mapping (dialogue errors, result cases, relevance windows...).
    public static let items = 1_000
    /// Trigger phrases after expansion beyond which a manifest is refused outright; between
    /// ``AppManifest/maximumExpansions`` and this, it is reported as Apple's limit.
    public static let expansions = 10_000

    /// Keys whose text (and everything under them) may be ``textLength`` long; the rest are names.
    static let longTextKeys: Set<String> = ["dialog", "summary", "result", "handler", "review", "subtitle", "prompt", "confirmDefault"]

    /// Checks the manifest's parsed tree against every count and length limit.
    ///
    /// - Throws: ``LoadError`` at the first item past a limit.
    static func check(_ file: YAMLFile) throws(LoadError) {
        guard case .mapping(let root) = file.root else { return }
        func items(_ node: Node?) -> [Node] {
            switch node {
            case .sequence(let sequence)?: Array(sequence)
            case .mapping(let mapping)?: mapping.map(\.value)
            default: []
            }
        }
        func count(_ node: Node?, at most: Int, _ what: String, fix: String) throws(LoadError) {
            let list = items(node)
            guard list.count > most else { return }
            throw LoadError(file.location(of: list[most]), "\(list.count) \(what); at most \(most).", fix: fix)
        }
        let fewer = "Remove some; no real app needs that many."
        try count(root["synonyms"], at: appSynonyms, "app synonyms", fix: fewer)
        try count(root["intents"], at: intents, "intents", fix: fewer)
        for intent in items(root["intents"]) {
            guard case .mapping(let fields) = intent else { continue }
            try count(fields["parameters"], at: parameters, "parameters in one intent", fix: fewer)
        }
        let sets = items(root["enums"]) + items(root["entities"])
        if sets.count > valueSets {
            throw LoadError(file.location(of: sets[valueSets]), "\(sets.count) enums and entities; at most \(valueSets).", fix: fewer)
        }
        for set in sets {
            guard case .mapping(let fields) = set else { continue }
            for key in ["cases", "suggested"] {
                try count(fields[key], at: values, "values in one enum or entity", fix: "Keep the values people say; an entity's others come from the app at run time.")
                for value in items(fields[key]) {
                    guard case .mapping(let valueFields) = value else { continue }
                    try count(valueFields["synonyms"], at: valueSynonyms, "synonyms of one value", fix: fewer)
                }
            }
        }
        try count(root["shortcuts"], at: shortcuts, "App Shortcuts", fix: "An app has at most 10; merge shortcuts with parameters.")
        var written = 0
        for shortcut in items(root["shortcuts"]) {
            guard case .mapping(let fields) = shortcut else { continue }
            for phrase in items(fields["phrases"]) {
                written += 1
                if written > phrases {
                    throw LoadError(file.location(of: phrase), "more than \(phrases) trigger phrases; an app has at most \(phrases), even before expansion.",
                                    fix: "Remove phrases; Siri learns the variations itself.")
                }
            }
        }
        try count(root["negativePhrases"], at: negativePhrases, "negative phrases", fix: fewer)
        try count(root["localizations"], at: localizations, "localizations", fix: fewer)
        for localization in items(root["localizations"]) {
            guard case .mapping(let fields) = localization else { continue }
            try count(fields["synonyms"], at: appSynonyms, "app synonyms in one localization", fix: fewer)
            var written = 0
            for phrase in items(fields["shortcuts"]).flatMap(items) {
                written += 1
                if written > phrases {
                    throw LoadError(file.location(of: phrase), "more than \(phrases) trigger phrases in one localization; at most \(phrases).",
                                    fix: "Remove phrases; Siri learns the variations itself.")
                }
            }
        }
        try count(root["quickActions"], at: quickActions, "quick actions", fix: fewer)
        try checkLengths(file.root, file: file)
    }

    /// Every scalar within its length, every list and mapping within ``items``: names
    /// ``nameLength``, text under ``longTextKeys`` ``textLength``.
    private static func checkLengths(_ root: Node, file: YAMLFile) throws(LoadError) {
        var stack: [(node: Node, long: Bool, key: String)] = [(root, false, "")]
        while let (node, long, key) = stack.popLast() {
            switch node {
            case .scalar(let scalar):
                let limit = long ? textLength : nameLength
                let length = scalar.string.unicodeScalars.count
                if length > limit {
                    throw LoadError(file.location(of: node), "\(key.isEmpty ? "a value" : "'\(LoadError.quote(key, limit: 40))'") is \(length) characters long; at most \(limit).",
                                    fix: "Shorten it.")
                }
            case .mapping(let mapping):
                if mapping.count > items, key != "enums", key != "entities" {
                    throw LoadError(file.location(of: node), "\(mapping.count) keys in one mapping; at most \(items).", fix: "Remove some; no real app needs that many.")
                }
                for (keyNode, value) in mapping {
                    let name = keyNode.scalar?.string ?? ""
                    stack.append((keyNode, false, "a key"))
                    stack.append((value, long || longTextKeys.contains(name), name))
                }
            case .sequence(let sequence):
                if sequence.count > items, key != "cases", key != "suggested" {
                    throw LoadError(file.location(of: node), "\(sequence.count) items in one list; at most \(items).", fix: "Remove some; no real app needs that many.")
                }
                for item in sequence { stack.append((item, long, key)) }
            default:
                break
            }
        }
    }

    /// Refuses a manifest whose trigger phrases expand past ``expansions`` in a locale: counted by
    /// multiplying value counts, never by expanding.
    static func checkExpansions(_ manifest: AppManifest) throws(LoadError) {
        for locale in manifest.locales {
            var total = 0
            for (phrase, intent) in manifest.phrases(in: locale) {
                let (sum, overflow) = total.addingReportingOverflow(manifest.expansionCount(of: phrase, intent: intent))
                total = overflow ? .max : sum
                if total > expansions {
                    throw LoadError(phrase.location, "the app's trigger phrases expand to more than \(expansions) in \(locale) (at this phrase); Apple allows \(AppManifest.maximumExpansions).",
                                    fix: "Remove phrases, or use a parameter with fewer values in them; a phrase without the parameter lets Siri ask for it.")
                }
            }
        }
    }
}
