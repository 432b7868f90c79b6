import EarshotEmbedding
import EarshotMatching
import EarshotModel

extension SemanticMatcher {
    /// One intent of an app named in a request, with the parts of its score (for the bench's row dumps).
    public struct IntentExplanation: Sendable {
        public var app: Int
        public var intent: String
        /// The intent's score as ``match(_:action:normalized:in:apps:frames:)`` ranks it.
        public var score: Double
        /// 0: the verb fits, 1: unrelated, 2: conflicts (or no verb judged: 0).
        public var fit: Int
        /// Whether the request's verb is one of the intent's own or a synonym.
        public var confirms: Bool
        /// The actions' similarity at the best expansion, and the best expansion's sentence similarity.
        public var action: Float
        public var sentence: Float
        /// Values said (of the app's sets), and how many of them the intent takes.
        public var valuesSaid: Int
        public var valuesTaken: Int
        /// The score with verbs not judged (no verb cost; the value bonus as for a verb that fits).
        public var unjudged: Double
        /// The request with its verb swapped for the intent's, against the request (-1: no swap).
        public var swap: Float
        /// Whether the verb conflicts only as another action on the same things.
        public var otherAction: Bool
        /// The request with its verb swapped for each of the other actions (``ActionVerbs/otherActions``) that
        /// are not the intent's, against the request: the closest (-1: no swap).
        public var contrast: Float
    }

    /// Every intent of the apps named in `normalized`, with its score's parts; whether the request is
    /// refused; the best negative phrase's similarity.
    public func explain(_ vector: Embedding, action: Embedding, normalized: String, in catalog: PhraseCatalog, apps: [Int],
                        frames: [Embedding]) -> (negated: Bool, negative: Float, intents: [IntentExplanation]) {
        let apps = apps.filter { $0 < index.apps.count }
        let named = apps.filter { Self.names(catalog.apps[$0], in: normalized) }
        let said = settings.verbPenalty > 0 ? requestedAction(normalized, apps: apps) : .unknown
        var negative: Float = -2
        var out: [IntentExplanation] = []
        var plain = self
        plain.settings.verbPenalty = 0
        for app in named {
            let unjudged = Dictionary(plain.intentCandidates(of: app, vector, action, normalized: normalized, in: catalog).map { ($0.expansion.intent, $0.score) },
                                      uniquingKeysWith: { first, _ in first })
            var swap: VerbSwap?
            if case .verb = said { swap = VerbSwap(matcher: self, normalized: normalized, apps: apps, action: action) }
            for phrase in index.apps[app].negatives { negative = max(negative, phrase.cosine(vector)) }
            let values = valueForms[app].mentionedSets(in: normalized)
            for candidate in intentCandidates(of: app, vector, action, normalized: normalized, said: said, frames: frames, apps: apps, in: catalog) {
                guard let position = index.apps[app].intents.firstIndex(of: candidate.expansion.intent) else { continue }
                let fit = said == .unknown ? ActionVerbs.Fit.fits
                    : verbs.fit(said, intentVerbs[app][position], answers: answers(said, app: app, intent: position), own: intentOwnVerbs[app][position])
                let takes = intentValueSets[app][position]
                out.append(IntentExplanation(app: app, intent: candidate.expansion.intent, score: candidate.score,
                                             fit: fit == .fits ? 0 : fit == .unrelated ? 1 : 2,
                                             confirms: verbs.confirms(said, intentVerbs[app][position], own: intentOwnVerbs[app][position]),
                                             action: Self.actionSimilarity(index.apps[app], candidate.reference.expansion, action),
                                             sentence: index.apps[app].phrase(candidate.reference.expansion).cosine(vector),
                                             valuesSaid: values.count, valuesTaken: values.filter { !takes.isDisjoint(with: $0) }.count,
                                             unjudged: unjudged[candidate.expansion.intent] ?? candidate.score,
                                             swap: swap?.similarity(to: intentVerbs[app][position]) ?? -1,
                                             otherAction: verbs.conflictsAsOtherAction(said, intentVerbs[app][position], own: intentOwnVerbs[app][position]),
                                             contrast: swap?.similarity(to: Set(ActionVerbs.otherActions).subtracting(intentVerbs[app][position])) ?? -1))
            }
        }
        return (said == .negated, negative, out)
    }
}
