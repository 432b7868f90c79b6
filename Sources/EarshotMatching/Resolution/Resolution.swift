import EarshotModel

/// How an utterance was matched.
public enum MatchMode: String, Sendable, Codable {
    case exact, flexible
}

/// A phrase expansion and how well the utterance fits it (1.0 for an exact match).
public struct Candidate: Sendable, Hashable {
    public var reference: PhraseCatalog.Reference
    public var expansion: Expansion
    public var score: Double

    public init(reference: PhraseCatalog.Reference, expansion: Expansion, score: Double) {
        self.reference = reference
        self.expansion = expansion
        self.score = score
    }
}

/// What the resolver made of an invocation.
public struct Resolution: Sendable {
    /// The matching that decided.
    public var mode: MatchMode
    /// The winner, or several too close to call (distinct intents or values); empty for no match.
    public var matches: [Candidate]
    /// Every candidate considered, best first: the runners-up, or on no match the nearest phrases.
    public var candidates: [Candidate]
    /// An app the utterance names exactly that is not on this device.
    public var unavailableApp: Int?
    /// The app whose negative phrase the utterance is.
    public var vetoedBy: Int?
    /// Set when the profile allows flexible matching but no flexible matcher is installed.
    public var flexibleUnavailable: Bool

    public init(mode: MatchMode, matches: [Candidate], candidates: [Candidate], unavailableApp: Int? = nil,
                vetoedBy: Int? = nil, flexibleUnavailable: Bool = false) {
        self.mode = mode
        self.matches = matches
        self.candidates = candidates
        self.unavailableApp = unavailableApp
        self.vetoedBy = vetoedBy
        self.flexibleUnavailable = flexibleUnavailable
    }

    public var isMatch: Bool { !matches.isEmpty }
    public var isAmbiguous: Bool { matches.count > 1 }
}

/// Flexible matching (behaviour spec §2.4): scores an utterance by meaning against the phrases of the
/// apps that allow it. Exact matches never reach it.
///
/// The resolver calls it only for apps where ``PhraseCatalog/allowsFlexibleMatching(app:)`` holds.
public protocol FlexibleMatcher: Sendable {
    /// Decides what `utterance` means among `apps` of `catalog`.
    ///
    /// - Returns: the winner (or several too close to call) in `matches`, every candidate scored
    ///   in `candidates`, and `vetoedBy` when a negative phrase is closer than any phrase.
    func match(_ utterance: String, normalized: String, in catalog: PhraseCatalog, apps: [Int]) -> Resolution
}
