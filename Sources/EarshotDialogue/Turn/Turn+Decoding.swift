extension Turn.Heard {
    /// The turn JSON's `heard`; ``approximate`` is not in it, so it reads as `false`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(text: try c.decode(String.self, forKey: .text), source: try c.decode(Source.self, forKey: .source),
                  confidence: try c.decodeIfPresent(Double.self, forKey: .confidence),
                  words: try c.decodeIfPresent([Word].self, forKey: .words))
    }
}

extension Turn {
    /// A turn read back from the turn JSON of the CLI spec (what ``encode(to:)`` writes).
    ///
    /// The JSON does not say everything a turn knows: ``isInvocation`` is whether `match` is present,
    /// ``app`` and ``intent`` come from the match, and ``parameters`` are in the order of their ids
    /// (the JSON object keeps no order).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        profile = try c.decode(String.self, forKey: .profile)
        turn = try c.decode(Int.self, forKey: .turn)
        heard = try c.decode(Heard.self, forKey: .heard)
        isInvocation = c.contains(.match)
        match = try c.decodeIfPresent(Match.self, forKey: .match)
        nearest = try c.decodeIfPresent([CandidateInfo].self, forKey: .nearest)
        let p = try c.nestedContainer(keyedBy: DynamicKey.self, forKey: .parameters)
        parameters = try p.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
            (id: key.stringValue, value: try p.decodeIfPresent(ParameterValue.self, forKey: key))
        }
        asking = try c.decodeIfPresent(String.self, forKey: .asking)
        reply = try c.decode(Reply.self, forKey: .reply)
        outcome = try c.decode(Outcome.self, forKey: .outcome)
        error = try c.decodeIfPresent(String.self, forKey: .error)
        blockedBy = try c.decodeIfPresent(String.self, forKey: .blockedBy)
        app = match?.app
        intent = match?.intent
    }
}
