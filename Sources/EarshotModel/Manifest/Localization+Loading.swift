import Foundation
import Yams

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
