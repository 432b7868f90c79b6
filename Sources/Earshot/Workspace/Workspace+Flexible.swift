import EarshotDialogue
import EarshotEmbedding
import EarshotMatching
import EarshotSemantic

extension Workspace {
    /// The sentence encoder, loaded once per process when a flexible device first needs it.
    private static let encoder = Result<SentenceEncoder, EmbeddingError> { () throws(EmbeddingError) in try SentenceEncoder() }

    /// A session on `profile` that matches by meaning where the profile and the apps allow it
    /// (behavior.md §2.4): the sentence model is loaded, and the apps' similarity index built or read
    /// from its cache, only then. Exact-only devices (the Watch) and apps with `flexibleMatching: false`
    /// never touch the model.
    ///
    /// - Throws: ``LoadError`` for a bad profile or locale, ``EmbeddingError`` when a flexible device
    ///   needs the model and it is missing or damaged (one line naming the folder and `make setup`).
    public func matchingSession(profile name: String, locale: String? = nil, settings: DeviceSettings = DeviceSettings(),
                                handlers: HandlerRunner = HandlerRunner()) throws -> Session {
        // The profile and locale are checked first, so their errors come before any about the model.
        let plain = try session(profile: name, locale: locale, settings: settings, handlers: handlers)
        let catalog = plain.catalog
        guard catalog.apps.indices.contains(where: catalog.allowsFlexibleMatching) else { return plain }
        // The same compiled catalog, now with the matcher (compiling it again would repeat every expansion).
        let matcher = SemanticMatcher(catalog: catalog, encoder: try Self.encoder.get())
        return Session(resolver: Resolver(catalog: catalog, flexible: matcher), settings: settings, handlers: handlers, locale: locale)
    }

    /// The process's sentence encoder (loaded on first use), for checks that score phrases by meaning.
    ///
    /// - Throws: ``EmbeddingError`` naming the model folder and the `make setup` fix.
    public static func sentenceEncoder() throws(EmbeddingError) -> SentenceEncoder {
        try encoder.get()
    }

    /// Forgets the sentences the encoder remembered (so a benchmark pass starts as a fresh process does).
    public static func forgetEncodedSentences() {
        (try? encoder.get())?.clearCache()
    }
}
