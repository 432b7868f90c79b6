import EarshotEmbedding
import EarshotMatching
import EarshotModel

/// Flexible matching by meaning (behaviour spec §2.4), the way iOS 17's semantic similarity index
/// does it: the utterance's sentence vector against the vectors of every phrase expansion.
///
/// Exact matches never reach it (the ``Resolver`` takes them first). The best intent matches when its
/// similarity clears ``Settings/threshold`` and beats the best other intent by ``Settings/margin``;
/// closer than that, the device asks which; an utterance closer to a negative phrase than to any phrase
/// matches nothing. Parameter values come only from words said (a value's title or synonym), never
/// from the nearest phrase: the dialogue asks for the rest.
public struct SemanticMatcher: FlexibleMatcher {
    /// Where matching decides.
    public struct Settings: Sendable, Hashable {
        /// The least cosine similarity a match needs.
        public var threshold: Float
        /// How far ahead of the best other intent the best must be; closer, the device asks which.
        public var margin: Float

        public init(threshold: Float, margin: Float) {
            self.threshold = threshold
            self.margin = margin
        }

        /// Calibrated on flexible-dev/devset.tsv (docs/flexible-matching.md).
        public static let calibrated = Settings(threshold: 0.80, margin: 0.03)
    }

    public let encoder: SentenceEncoder
    public let index: SemanticIndex
    public var settings: Settings

    /// A matcher for the apps of `catalog` (the index is built, or read from the cache, now).
    public init(catalog: PhraseCatalog, encoder: SentenceEncoder, settings: Settings = .calibrated,
                cacheFolder: String? = SemanticIndex.defaultCacheFolder()) {
        self.encoder = encoder
        self.index = SemanticIndex(catalog: catalog, encoder: encoder, cacheFolder: cacheFolder)
        self.settings = settings
    }

    public func match(_ utterance: String, normalized: String, in catalog: PhraseCatalog, apps: [Int]) -> Resolution {
        let vector = encoder.encode(utterance)
        return match(vector, normalized: normalized, in: catalog, apps: apps)
    }

    /// The decision for an utterance already encoded.
    public func match(_ vector: Embedding, normalized: String, in catalog: PhraseCatalog, apps: [Int]) -> Resolution {
        // The best expansion of each intent, and the closest negative phrase.
        var best: [String: Candidate] = [:]
        var negative: (score: Float, app: Int)?
        for app in apps where app < index.apps.count {
            let vectors = index.apps[app]
            for (position, phrase) in vectors.phrases.enumerated() {
                let score = phrase.cosine(vector)
                let expansion = catalog.apps[app].expansions[position]
                let key = "\(app)|\(expansion.intent)"
                if score > Float(best[key]?.score ?? -2) {
                    best[key] = Candidate(reference: .init(app: app, expansion: position), expansion: expansion, score: Double(score))
                }
            }
            for phrase in vectors.negatives {
                let score = phrase.cosine(vector)
                if score > negative?.score ?? -2 { negative = (score, app) }
            }
        }
        let ranked = best.values.sorted { ($0.score, $1.expansion.text) > ($1.score, $0.expansion.text) }
        let candidates = Array(ranked.prefix(3))
        guard let top = ranked.first, Float(top.score) >= settings.threshold else {
            return Resolution(mode: .flexible, matches: [], candidates: candidates)
        }
        if let negative, negative.score >= Float(top.score) {
            return Resolution(mode: .flexible, matches: [], candidates: candidates, vetoedBy: negative.app)
        }
        let close = ranked.dropFirst().filter { Float(top.score - $0.score) < settings.margin }
        let winners = [top] + close
        let matches = winners.map { candidate in
            var said = candidate
            said.expansion = Self.expansion(of: candidate, saying: normalized, in: catalog)
            return said
        }
        return Resolution(mode: .flexible, matches: matches, candidates: candidates)
    }

    /// The candidate's intent with only the parameter values whose title or synonym is in the
    /// utterance (the longest form wins where forms overlap, so "clam chowder" beats "chowder").
    static func expansion(of candidate: Candidate, saying normalized: String, in catalog: PhraseCatalog) -> Expansion {
        let manifest = catalog.apps[candidate.reference.app].manifest
        var values: [String: String] = [:]
        let padded = " \(normalized) "
        if let intent = manifest.intent(candidate.expansion.intent) {
            var taken: [Range<String.Index>] = []
            var forms: [(form: String, parameter: String, value: String)] = []
            for parameter in intent.parameters {
                guard let id = parameter.type.valueSetID, let set = manifest.valueSet(id) else { continue }
                for value in set.values {
                    for form in value.spokenForms {
                        forms.append((Normalizer.normalize(form), parameter.id, value.id))
                    }
                }
            }
            for (form, parameter, value) in forms.sorted(by: { $0.form.count > $1.form.count }) where values[parameter] == nil && !form.isEmpty {
                guard let range = padded.range(of: " \(form) "), !taken.contains(where: { $0.overlaps(range) }) else { continue }
                values[parameter] = value
                taken.append(range)
            }
        }
        var expansion = candidate.expansion
        expansion.values = values
        expansion.text = normalized
        expansion.normalized = normalized
        return expansion
    }
}
