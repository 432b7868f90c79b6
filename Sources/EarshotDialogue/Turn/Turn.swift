import EarshotMatching
import EarshotModel

/// How a turn ended, as the CLI's JSON says it.
public enum Outcome: String, Sendable, Codable, CaseIterable {
    case inProgress = "in-progress"
    case success, error, cancelled
    case noMatch = "no-match"
    case notUnderstood = "not-understood"
    case needsCompanion = "needs-companion"
    case needsAuthentication = "needs-authentication"
    case unavailable

    /// Whether the conversation is over after this turn.
    public var endsConversation: Bool { self != .inProgress }
}

/// A parameter's value: its id and the title it is spoken by.
public struct ParameterValue: Sendable, Hashable, Codable {
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

/// One exchange: what the person said, what matched, what the device replied. Encodes to the
/// turn JSON of the CLI spec, and decodes from it (Turn+Decoding.swift).
public struct Turn: Sendable, Codable {
    /// What was heard.
    public struct Heard: Sendable, Codable {
        public enum Source: String, Sendable, Codable { case text, audio }
        public struct Word: Sendable, Codable {
            public var word: String
            public var start: Double
            public var end: Double
            public init(word: String, start: Double, end: Double) {
                self.word = word
                self.start = start
                self.end = end
            }

            enum CodingKeys: String, CodingKey { case word, start, end }
            /// Times to the centisecond (the recognizer's frame), without float noise ("1.28", not "1.2799999999999998").
            public func encode(to encoder: any Encoder) throws {
                var c = encoder.container(keyedBy: CodingKeys.self)
                try c.encode(word, forKey: .word)
                try c.encode((start * 100).rounded() / 100, forKey: .start)
                try c.encode((end * 100).rounded() / 100, forKey: .end)
            }
        }
        public var text: String
        public var source: Source
        /// Only for audio.
        public var confidence: Double?
        /// Only for audio.
        public var words: [Word]?
        /// The text is a language model's transcript (not a grammar's): one word of a value's title may be
        /// misheard, so answers are read with ``AnswerReader/approximate``. Not part of the turn's JSON.
        public var approximate: Bool

        public init(text: String, source: Source = .text, confidence: Double? = nil, words: [Word]? = nil, approximate: Bool = false) {
            self.text = text
            self.source = source
            self.confidence = confidence
            self.words = words
            self.approximate = approximate
        }

        enum CodingKeys: String, CodingKey { case text, source, confidence, words }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(text, forKey: .text)
            try c.encode(source, forKey: .source)
            try c.encodeIfPresent(confidence, forKey: .confidence)
            try c.encodeIfPresent(words, forKey: .words)
        }
    }

    /// A phrase that matched or came close.
    public struct CandidateInfo: Sendable, Codable, Equatable {
        public var app: String
        public var intent: String
        public var phrase: String
        public var said: String
        public var score: Double
    }

    /// What the invocation matched.
    public struct Match: Sendable, Codable, Equatable {
        public var app: String
        public var intent: String
        public var shortcut: String
        public var phrase: String
        public var mode: MatchMode
        public var score: Double
        public var candidates: [CandidateInfo]
    }

    /// What the device says and shows.
    public struct Reply: Sendable, Codable, Equatable {
        public var text: String
        public var dialog: Profile.DialogKind
        public var snippet: Snippet?
        /// Where the reply audio was written, when it was.
        public var audio: String?
        /// The app named in the reply (verbal attribution), if any.
        public var attribution: String?

        enum CodingKeys: String, CodingKey { case text, dialog, snippet, audio, attribution }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(text, forKey: .text)
            try c.encode(dialog, forKey: .dialog)
            try c.encode(snippet, forKey: .snippet)
            try c.encode(audio, forKey: .audio)
            try c.encodeIfPresent(attribution, forKey: .attribution)
        }
    }

    public var profile: String
    public var turn: Int
    public var heard: Heard
    /// Present on the invocation turn; `nil` otherwise.
    public var match: Match?
    /// Whether this turn was an invocation (so `match` is written, as `null` on no-match).
    public var isInvocation: Bool
    /// On no-match: the nearest phrases with their scores.
    public var nearest: [CandidateInfo]?
    /// The intent's parameters in declared order, `nil` for those without a value.
    public var parameters: [(id: String, value: ParameterValue?)]
    /// The parameter being asked for, "confirmation", or "intent" while disambiguating.
    public var asking: String?
    public var reply: Reply
    public var outcome: Outcome
    /// Why an error turn failed (a handler's exit status, time-out or bad output).
    public var error: String?
    /// On no-match: the app whose negative phrase the utterance is.
    public var blockedBy: String?
    /// The app whose conversation this is.
    public var app: String?
    /// The intent being run.
    public var intent: String?

    /// The value of one parameter.
    public func parameter(_ id: String) -> ParameterValue? {
        parameters.first { $0.id == id }?.value
    }

    enum CodingKeys: String, CodingKey {
        case profile, turn, heard, match, nearest, parameters, asking, reply, outcome, error, blockedBy
    }

    struct DynamicKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(profile, forKey: .profile)
        try c.encode(turn, forKey: .turn)
        try c.encode(heard, forKey: .heard)
        if isInvocation || match != nil { try c.encode(match, forKey: .match) }
        try c.encodeIfPresent(nearest, forKey: .nearest)
        var p = c.nestedContainer(keyedBy: DynamicKey.self, forKey: .parameters)
        for (id, value) in parameters { try p.encode(value, forKey: DynamicKey(stringValue: id)) }
        try c.encode(asking, forKey: .asking)
        try c.encode(reply, forKey: .reply)
        try c.encode(outcome, forKey: .outcome)
        try c.encodeIfPresent(error, forKey: .error)
        try c.encodeIfPresent(blockedBy, forKey: .blockedBy)
    }
}

/// What a device with a screen shows beside the spoken line.
public struct Snippet: Sendable, Codable, Equatable {
    public var title: String
    public var lines: [String]
    public var image: String?
}
