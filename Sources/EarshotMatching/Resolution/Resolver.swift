import EarshotModel

/// Matches an invocation against what one device can hear: exact phrases first, then flexible
/// matching where the profile and the app allow it and a ``FlexibleMatcher`` is installed.
public struct Resolver: Sendable {
    public let catalog: PhraseCatalog
    public let flexible: (any FlexibleMatcher)?

    public init(catalog: PhraseCatalog, flexible: (any FlexibleMatcher)? = nil) {
        self.catalog = catalog
        self.flexible = flexible
    }

    /// Resolves one utterance.
    ///
    /// Fillers ("um", "uh") are not words on any device: a request said with them matches its phrase exactly.
    /// Politeness and openings ("hey, can you …", "… please") are forgiven only where flexible matching is
    /// allowed: the phrase said inside them matches with mode `flexible` (score 1). Exact devices (the Watch)
    /// hear them as words the phrase does not have.
    public func resolve(_ utterance: String) -> Resolution {
        let normalized = Normalizer.normalize(utterance)
        let fluent = RequestWords.withoutFillers(normalized, wake: catalog.profile.wake)
        let plain = RequestWords.withoutPoliteness(fluent, wake: catalog.profile.wake)
        var vetoed = catalog.negativeMatches(normalized)
        for variant in [fluent, plain] where variant != normalized && !variant.isEmpty {
            vetoed += catalog.negativeMatches(variant).filter { !vetoed.contains($0) }
        }
        var (matches, unavailable) = exact(normalized, vetoed: vetoed)
        if !matches.isEmpty {
            return Resolution(mode: .exact, matches: matches, candidates: matches)
        }
        if fluent != normalized, !fluent.isEmpty {
            let (fluentMatches, fluentUnavailable) = exact(fluent, vetoed: vetoed)
            if !fluentMatches.isEmpty { return Resolution(mode: .exact, matches: fluentMatches, candidates: fluentMatches) }
            unavailable = unavailable ?? fluentUnavailable
        }
        if plain != fluent, !plain.isEmpty {
            let (plainMatches, plainUnavailable) = exact(plain, vetoed: vetoed)
            let forgiven = plainMatches.filter { catalog.allowsFlexibleMatching(app: $0.reference.app) }
            if !forgiven.isEmpty { return Resolution(mode: .flexible, matches: forgiven, candidates: forgiven) }
            unavailable = unavailable ?? plainUnavailable
        }
        let flexibleApps = catalog.apps.indices.filter { catalog.allowsFlexibleMatching(app: $0) && !vetoed.contains($0) }
        let inside = contained(plain.isEmpty ? fluent : plain, apps: Set(flexibleApps))
        if !inside.isEmpty { return Resolution(mode: .flexible, matches: inside, candidates: inside) }
        if !flexibleApps.isEmpty, let flexible {
            var resolution = fluent == normalized || fluent.isEmpty
                ? flexible.match(utterance, normalized: normalized, in: catalog, apps: flexibleApps)
                : flexible.match(fluent, normalized: fluent, in: catalog, apps: flexibleApps)
            resolution.mode = .flexible
            if resolution.matches.isEmpty { resolution.unavailableApp = resolution.unavailableApp ?? unavailable }
            if resolution.vetoedBy == nil, let app = vetoed.first { resolution.vetoedBy = app }
            return resolution
        }
        return Resolution(mode: .exact, matches: [], candidates: nearest(normalized), unavailableApp: unavailable,
                          vetoedBy: vetoed.first, flexibleUnavailable: flexible == nil && !flexibleApps.isEmpty)
    }

    /// A phrase said word for word inside a request, where matching is flexible (issue 18, twenty-seventh pass):
    /// "okay pay okay reserve a locker with snowline" (a hesitation written as words before it), "top up my card
    /// with snowline it's run dry" (a reason after it). At most ``RequestWords/longestLead`` words before the
    /// phrase; none of the words around it refuses, asks, takes back or makes a condition
    /// (``RequestWords/unsettling``): "don't order soup with soup chef" and "order soup with soup chef, no wait"
    /// are not the phrase. The longest phrase said wins; two intents said as long are all returned (asked).
    /// `apps`: those that allow flexible matching here and no negative phrase vetoes.
    private func contained(_ normalized: String, apps: Set<Int>) -> [Candidate] {
        let words = normalized.split(separator: " ").map(String.init)
        guard words.count > 2, !apps.isEmpty else { return [] }
        let vetoed = catalog.apps.indices.filter { !apps.contains($0) }
        var valueForms: [Int: Set<String>] = [:]
        var best: [Candidate] = []
        var bestLength = 0
        for start in 0...min(RequestWords.longestLead, words.count - 1) {
            guard !words[..<start].contains(where: RequestWords.unsettling.contains) else { break }
            for end in stride(from: words.count, to: start + 1, by: -1) where end - start >= max(bestLength, 3) {
                guard start > 0 || end < words.count,
                      !words[end...].contains(where: RequestWords.unsettling.contains) else { continue }
                let outside = Array(words[..<start] + words[end...])
                let found = exact(words[start..<end].joined(separator: " "), vetoed: vetoed).matches.filter { candidate in
                    let app = candidate.reference.app
                    if valueForms[app] == nil { valueForms[app] = Self.valueForms(of: catalog.apps[app].manifest) }
                    return !Self.saysValue(outside, forms: valueForms[app] ?? [])
                }
                guard !found.isEmpty else { continue }
                if end - start > bestLength { best = []; bestLength = end - start }
                best += found.filter { f in !best.contains { $0.reference == f.reference } }
            }
        }
        return best
    }

    /// The normalised titles and synonyms of an app's enum and entity values.
    static func valueForms(of manifest: AppManifest) -> Set<String> {
        Set((manifest.enums + manifest.entities).flatMap { $0.values.flatMap { $0.spokenForms.map(Normalizer.normalize) } })
    }

    /// Whether `words` (said around a phrase) hold a number or one of `forms` (an app's values): "order soup
    /// with soup chef for delivery" says more than the phrase, which flexible matching reads.
    static func saysValue(_ words: [String], forms: Set<String>) -> Bool {
        if words.contains(where: { Double($0) != nil }) { return true }
        for length in 1...3 where length <= words.count {
            for start in 0...(words.count - length) where forms.contains(words[start..<(start + length)].joined(separator: " ")) {
                return true
            }
        }
        return false
    }

    /// The phrases `normalized` is exactly, on the apps no negative phrase vetoes, and the first app it names
    /// that is not on this device.
    private func exact(_ normalized: String, vetoed: [Int]) -> (matches: [Candidate], unavailable: Int?) {
        var matches: [Candidate] = []
        var unavailable: Int?
        for reference in catalog.exactMatches(normalized) where !vetoed.contains(reference.app) {
            guard catalog.available[reference.app] else {
                unavailable = unavailable ?? reference.app
                continue
            }
            let expansion = catalog.expansion(reference)
            // The same shortcut and values reached through two spellings is one match, not two.
            let duplicate = matches.contains {
                $0.reference.app == reference.app && $0.expansion.intent == expansion.intent && $0.expansion.values == expansion.values
            }
            if !duplicate {
                matches.append(Candidate(reference: reference, expansion: expansion, score: 1))
            }
        }
        return (matches, unavailable)
    }

    /// On a miss, the closest phrases of the device's apps by shared words (Dice coefficient), so a
    /// developer sees how close the utterance came. A scan: it runs only when nothing matched.
    public func nearest(_ normalized: String, limit: Int = 3) -> [Candidate] {
        let words = normalized.split(separator: " ")
        guard !words.isEmpty else { return [] }
        var best: [String: Candidate] = [:]
        for (appIndex, app) in catalog.apps.enumerated() where catalog.available[appIndex] {
            for (i, expansion) in app.expansions.enumerated() {
                let other = expansion.normalized.split(separator: " ")
                var pool = other
                var common = 0
                for word in words {
                    if let at = pool.firstIndex(of: word) {
                        common += 1
                        pool.remove(at: at)
                    }
                }
                let score = Double(2 * common) / Double(words.count + other.count)
                let key = "\(appIndex)|\(expansion.phrase)"
                if score > (best[key]?.score ?? 0) {
                    best[key] = Candidate(reference: .init(app: appIndex, expansion: i), expansion: expansion, score: score)
                }
            }
        }
        return best.values.sorted { ($0.score, $1.expansion.text) > ($1.score, $0.expansion.text) }.prefix(limit).map { $0 }
    }
}
