import Foundation

/// The source-language text of localization keys: an app that writes `LocalizedStringResource("row.title")`
/// or `shortTitle: "Intent.Title"` says the text its String Catalog (or `Localizable.strings`) gives the key.
struct LocalizedText {
    private(set) var values: [String: String] = [:]

    init(paths: [String]) {
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            if path.hasSuffix(".xcstrings") {
                guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let strings = json["strings"] as? [String: Any] else { continue }
                let source = json["sourceLanguage"] as? String ?? "en"
                for (key, entry) in strings where values[key] == nil {
                    guard let entry = entry as? [String: Any], let localizations = entry["localizations"] as? [String: Any],
                          let own = localizations[source] as? [String: Any], let unit = own["stringUnit"] as? [String: Any],
                          let value = unit["value"] as? String, !value.isEmpty else { continue }
                    values[key] = value
                }
            } else if let pairs = (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: String] {
                for (key, value) in pairs where values[key] == nil && !value.isEmpty { values[key] = value }
            }
        }
    }

    /// The text for `key`, or the key itself (Xcode's default: the key is the source-language text).
    func text(_ key: String) -> String {
        guard !key.contains("{"), let value = values[key], !value.contains("%") else { return key }
        return value
    }
}

extension ImportedApp {
    /// Titles, prompts, short titles, enum and entity titles and synonyms written as localization keys,
    /// replaced by their source-language text.
    mutating func resolveLocalizationKeys(_ localized: LocalizedText) {
        func fix(_ text: inout Text) { text.value = localized.text(text.value) }
        for i in intents.indices {
            fix(&intents[i].title)
            for p in intents[i].parameters.indices {
                fix(&intents[i].parameters[p].title)
                if intents[i].parameters[p].prompt != nil { fix(&intents[i].parameters[p].prompt!) }
            }
        }
        for i in shortcuts.indices where shortcuts[i].shortTitle != nil { fix(&shortcuts[i].shortTitle!) }
        for i in enums.indices {
            fix(&enums[i].title)
            for v in enums[i].values.indices {
                enums[i].values[v].title = localized.text(enums[i].values[v].title)
                enums[i].values[v].synonyms = enums[i].values[v].synonyms.map(localized.text)
            }
        }
        for i in entities.indices { fix(&entities[i].title) }
    }
}
