import Earshot
import EarshotEmbedding
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Foundation

extension FlexibleMatchingAccuracy {
    /// Each row of `files` with every intent of the apps it names and the parts of their scores at
    /// `settings`, as TSV (one line per row and intent): for studying new signals offline (leave one app out)
    /// before building them. Also the similarity of the request's action with each intent's title and
    /// summary (placeholders said as the parameters' titles), and the words of the intent's phrases, title
    /// and summary.
    public static func features(folder: String = defaultFolder(), files: [String], encoder: SentenceEncoder,
                                settings: SemanticMatcher.Settings) throws -> String {
        let apps = try apps(folder: folder)
        let catalog = PhraseCatalog(apps: apps, profile: try Bundled.profiles().profile("homepod"))
        var matcher = SemanticMatcher(catalog: catalog, encoder: encoder, cacheFolder: nil)
        matcher.settings = settings
        let flexible = catalog.apps.indices.filter { catalog.allowsFlexibleMatching(app: $0) }
        // Each intent's title and summary, and its words.
        var described: [String: (title: Embedding, summary: Embedding, words: String)] = [:]
        for app in catalog.apps {
            let phrases = app.manifest.phrases(in: app.locale)
            for intent in app.manifest.intents {
                // Placeholders said as their parameters' titles.
                let summary = Template(intent.summary ?? intent.title).pieces.map { piece -> String in
                    switch piece {
                    case .text(let text): text
                    case .placeholder(let id): intent.parameters.first { $0.id == id }?.title.lowercased() ?? " "
                    }
                }.joined()
                let texts = phrases.filter { $0.intent.id == intent.id }.map { phrase in
                    phrase.phrase.template.pieces.map { piece -> String in
                        if case .text(let text) = piece { return text }
                        return " "
                    }.joined()
                } + [intent.title, summary]
                let vectors = encoder.encode([Normalizer.normalize(intent.title), Normalizer.normalize(summary)])
                described["\(app.manifest.name)/\(intent.id)"] = (vectors[0], vectors[1],
                                                                   texts.map(Normalizer.normalize).joined(separator: " | "))
            }
        }
        var lines = ["file\trow\tutterance\texpected\tkind\tnegated\tnegative\trequestAction\tapp\tintent\tscore\tfit\tconfirms\taction\tsentence\tvaluesSaid\tvaluesTaken\ttitleAction\tsummaryAction\ttitleRequest\tsummaryRequest\tcategory\tunjudged\tswap\totherAction\tcontrast\twords"]
        for file in files {
            let rows = try Self.rows(folder: folder, file: file)
            let requests = rows.map { SemanticMatcher.request(in: Normalizer.normalize($0.utterance)) }
            let actionTexts = requests.map { matcher.action(of: $0, apps: flexible) }
            let vectors = encoder.encode(requests)
            let actions = encoder.encode(actionTexts)
            for (position, row) in rows.enumerated() {
                let normalized = Normalizer.normalize(row.utterance)
                let expected = row.app.map { "\($0)/\(row.intent ?? "")" } ?? "-"
                guard catalog.exactMatches(normalized).isEmpty else { continue }
                let frames = matcher.verbFrames(normalized, apps: flexible)
                let explained = matcher.explain(vectors[position], action: actions[position], normalized: normalized, in: catalog,
                                                apps: flexible, frames: frames)
                let head = "\(file)\t\(position)\t\(row.utterance)\t\(expected)\t\(row.kind)\t\(explained.negated ? 1 : 0)\t\(explained.negative)\t\(actionTexts[position])"
                if explained.intents.isEmpty { lines.append(head + "\t-\t-\t-2\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t-\t0\t0\t0\t0\t-") }
                for intent in explained.intents {
                    let name = catalog.apps[intent.app].manifest.name
                    let key = "\(name)/\(intent.intent)"
                    guard let description = described[key] else { continue }
                    let category = catalog.apps[intent.app].manifest.intent(intent.intent).map { "\($0.category)" } ?? "-"
                    lines.append(head + "\t\(name)\t\(intent.intent)\t\(intent.score)\t\(intent.fit)\t\(intent.confirms ? 1 : 0)\t\(intent.action)\t\(intent.sentence)\t\(intent.valuesSaid)\t\(intent.valuesTaken)\t\(description.title.cosine(actions[position]))\t\(description.summary.cosine(actions[position]))\t\(description.title.cosine(vectors[position]))\t\(description.summary.cosine(vectors[position]))\t\(category)\t\(intent.unjudged)\t\(intent.swap)\t\(intent.otherAction ? 1 : 0)\t\(intent.contrast)\t\(description.words)")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
