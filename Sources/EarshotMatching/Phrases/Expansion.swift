import EarshotModel

/// One way to say a shortcut: a phrase with the app name and every parameter filled in.
public struct Expansion: Sendable, Hashable {
    /// The app's position in its ``PhraseCatalog``.
    public var app: Int
    /// The intent the phrase runs.
    public var intent: String
    /// The phrase as written in the manifest, in `{name}` form.
    public var phrase: String
    /// The phrase as said, e.g. "Order Clam Chowder with Soup Chef".
    public var text: String
    /// Parameter id → value id, for the parameters the phrase fills.
    public var values: [String: String]
    /// `text` through ``Normalizer/normalize(_:)``: the index key, computed once.
    public var normalized: String

    public init(app: Int, intent: String, phrase: String, text: String, values: [String: String], normalized: String) {
        self.app = app
        self.intent = intent
        self.phrase = phrase
        self.text = text
        self.values = values
        self.normalized = normalized
    }
}

/// An app ready to be matched on one device and locale: its manifest and every expansion of its phrases.
public struct CompiledApp: Sendable {
    public var manifest: AppManifest
    public var locale: String
    public var expansions: [Expansion]
    /// Negative phrases expanded over the app's names.
    public var negativeExpansions: [String]

    /// Expands every phrase of `manifest` in `locale` over the app's names and its parameters'
    /// titles and synonyms.
    public init(_ manifest: AppManifest, locale: String? = nil, index: Int = 0) {
        self.manifest = manifest
        let locale = locale ?? manifest.locale
        self.locale = locale
        let names = manifest.names(in: locale)
        var expansions: [Expansion] = []
        for (phrase, intent) in manifest.phrases(in: locale) {
            Self.expand(phrase.template.pieces[...], prefix: "", values: [:], names: names, intent: intent,
                        manifest: manifest) { text, values in
                expansions.append(Expansion(app: index, intent: intent.id, phrase: phrase.text, text: text, values: values,
                                            normalized: Normalizer.normalize(text)))
            }
        }
        self.expansions = expansions
        negativeExpansions = manifest.negativePhrases.flatMap { phrase in
            names.map { name in phrase.template.render { $0 == Template.applicationName ? name : nil } }
        }
    }

    private static func expand(_ pieces: ArraySlice<Template.Piece>, prefix: String, values: [String: String],
                               names: [String], intent: Intent, manifest: AppManifest,
                               emit: (String, [String: String]) -> Void) {
        guard let piece = pieces.first else {
            emit(prefix, values)
            return
        }
        let rest = pieces.dropFirst()
        switch piece {
        case .text(let text):
            expand(rest, prefix: prefix + text, values: values, names: names, intent: intent, manifest: manifest, emit: emit)
        case .placeholder(let name) where name == Template.applicationName:
            for appName in names {
                expand(rest, prefix: prefix + appName, values: values, names: names, intent: intent, manifest: manifest, emit: emit)
            }
        case .placeholder(let name):
            guard let id = intent.parameter(name)?.type.valueSetID, let set = manifest.valueSet(id) else { return }
            for value in set.values {
                var values = values
                values[name] = value.id
                for form in value.spokenForms {
                    expand(rest, prefix: prefix + form, values: values, names: names, intent: intent, manifest: manifest, emit: emit)
                }
            }
        }
    }
}
