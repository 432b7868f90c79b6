import EarshotMatching
import EarshotModel

extension ReviewContext {
    /// Every way `entry`'s phrase can be said (app names × parameter titles and synonyms), normalised.
    public func expansions(of entry: PhraseEntry) -> [String] {
        let names = manifest.names(in: entry.locale)
        var out: [String] = []
        func expand(_ pieces: ArraySlice<Template.Piece>, _ prefix: String) {
            guard let piece = pieces.first else {
                out.append(Normalizer.normalize(prefix))
                return
            }
            let rest = pieces.dropFirst()
            switch piece {
            case .text(let text):
                expand(rest, prefix + text)
            case .placeholder(let name) where name == Template.applicationName:
                for appName in names { expand(rest, prefix + appName) }
            case .placeholder(let name):
                guard let id = entry.intent.parameter(name)?.type.valueSetID, let set = manifest.valueSet(id) else { return }
                for form in set.values.flatMap(\.spokenForms) { expand(rest, prefix + form) }
            }
        }
        expand(entry.phrase.template.pieces[...], "")
        return out
    }

    /// One way to say `entry`'s phrase: the app's name and each parameter's first value.
    public func firstExpansion(of entry: PhraseEntry) -> String {
        entry.phrase.template.render { name in
            if name == Template.applicationName { return manifest.names(in: entry.locale).first }
            guard let id = entry.intent.parameter(name)?.type.valueSetID else { return nil }
            return manifest.valueSet(id)?.values.first?.title
        }
    }

    /// The negative phrases said with each of the app's names, normalised, with the phrase.
    public func negativeExpansions(in locale: String) -> [(phrase: Phrase, normalized: String)] {
        manifest.negativePhrases.flatMap { phrase in
            manifest.names(in: locale).map { name in
                (phrase, Normalizer.normalize(phrase.template.render { $0 == Template.applicationName ? name : nil }))
            }
        }
    }
}
