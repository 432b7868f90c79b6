/// A text-to-speech voice, as `describe` lists it and `synthesize` names it.
public struct WyomingVoice: Sendable, Hashable {
    public var name: String
    public var languages: [String]
    public var description: String?

    public init(name: String, languages: [String], description: String? = nil) {
        self.name = name
        self.languages = languages
        self.description = description
    }
}
