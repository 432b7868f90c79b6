import EarshotMatching
import EarshotModel
import EarshotSpeech

/// The recognizer's dictionary, for `earshot check`: started the first time a manifest needs it, so a
/// missing model only means the pronunciations are not checked.
public final class PronunciationCheck {
    /// A word the recognizer had to guess, and its phones (the en-us model's ARPAbet).
    public struct Guess: Sendable, Equatable {
        public var word: String
        public var phones: String
    }

    private let model: Recognizer.Model
    private var recognizer: Result<Recognizer, SpeechError>?

    /// Whether the speech model was loaded (or tried).
    public var started: Bool { recognizer != nil }

    public init(model: Recognizer.Model = .debian) {
        self.model = model
    }

    /// With the en-us acoustic model folder and pronouncing dictionary at these paths.
    public convenience init(acousticModel: String, dictionary: String) {
        self.init(model: .at(acousticModel: acousticModel, dictionary: dictionary))
    }

    /// The words of `manifest` the dictionary lacks with their guessed phones, or why they could not be checked.
    public func guesses(for manifest: AppManifest) -> Result<[Guess], SpeechError> {
        guard manifest.locales.contains(where: Self.isEnglish) else {
            return .failure(SpeechError("the recognizer's model is en-us and the app has no English locale."))
        }
        let words = Self.spokenWords(of: manifest)
        if recognizer == nil {
            recognizer = Result { () throws(SpeechError) in try Recognizer(model: model) }
        }
        switch recognizer! {
        case .failure(let error):
            return .failure(error)
        case .success(let recognizer):
            do {
                return .success(try recognizer.guesses(for: words).map { Guess(word: $0.word, phones: $0.phones) })
            } catch {
                return .failure(error)
            }
        }
    }

    /// Every word the recognizer may have to hear for `manifest`, as its grammars spell them: the phrase
    /// expansions of every English locale (the speech model is en-us), the app's names, and the titles and
    /// synonyms of every enum case and entity. Empty when the app has no English locale.
    public static func spokenWords(of manifest: AppManifest) -> Set<String> {
        let english = manifest.locales.filter(isEnglish)
        guard !english.isEmpty else { return [] }
        var texts: [String] = []
        for locale in english {
            texts += CompiledApp(manifest, locale: locale).expansions.map(\.text)
            texts += manifest.names(in: locale)
        }
        for set in manifest.enums + manifest.entities {
            texts += set.values.flatMap(\.spokenForms)
        }
        return Set(texts.flatMap { RecognitionContext.words($0).split(separator: " ").map(String.init) })
    }

    /// `en`, `en-US`, `en_GB`...
    static func isEnglish(_ locale: String) -> Bool {
        let lower = locale.lowercased()
        return lower == "en" || lower.hasPrefix("en-") || lower.hasPrefix("en_")
    }
}
