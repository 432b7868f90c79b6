import EarshotMatching
import EarshotModel
import EarshotSpeech
import Foundation

/// The result of checking one manifest (for `earshot check`).
public struct ManifestCheck: Sendable, Encodable {
    public var file: String
    public var ok: Bool
    public var app: String?
    public var shortcuts: Int?
    /// Trigger phrases per locale, as the 1,000 limit counts them.
    public var expansions: [String: Int]?
    public var error: Problem?
    /// Words of the app the recognizer's dictionary lacks, with the pronunciation Earshot derived
    /// (`[]` when every word is known; absent when not checked).
    public var guessedWords: [Guess]?
    /// Why pronunciations were not checked on a manifest that loaded (no speech model, no English locale).
    public var pronunciationsNotChecked: String?

    /// A word the recognizer had to guess, and its phones (the en-us model's ARPAbet).
    public struct Guess: Sendable, Encodable, Equatable {
        public var word: String
        public var phones: String
    }

    public struct Problem: Sendable, Encodable {
        public var line: Int?
        public var column: Int?
        public var message: String
        public var fix: String?
    }

    /// Loads the manifest at `path` and reports; on a manifest that loads, lists the words `pronunciations`
    /// had to guess (pass one checker for many manifests: it starts the speech model once, when first needed).
    public static func run(_ path: String, pronunciations: PronunciationCheck? = PronunciationCheck()) -> ManifestCheck {
        let file = AppManifest.manifestPath(for: path)
        do {
            let manifest = try AppManifest(contentsOf: file)
            var counts: [String: Int] = [:]
            for locale in manifest.locales { counts[locale] = manifest.expansionCount(in: locale) }
            var report = ManifestCheck(file: file, ok: true, app: manifest.name, shortcuts: manifest.shortcuts.count, expansions: counts)
            if let pronunciations {
                switch pronunciations.guesses(for: manifest) {
                case .success(let guesses): report.guessedWords = guesses
                case .failure(let reason): report.pronunciationsNotChecked = reason.description
                }
            }
            return report
        } catch {
            return ManifestCheck(file: file, ok: false, error: Problem(line: error.location.line, column: error.location.column,
                                                                        message: error.message, fix: error.fix))
        }
    }

    /// For people: one line, and on a manifest that loaded, a note on the pronunciations Earshot
    /// guessed (or why they were not checked).
    public var text: String {
        if let error {
            return LoadError(SourceLocation(file: file, line: error.line, column: error.column), error.message, fix: error.fix).description
        }
        let counts = (expansions ?? [:]).sorted { $0.key < $1.key }.map { "\($0.value) in \($0.key)" }.joined(separator: ", ")
        var lines = ["\(file): ok: \(app ?? "") — \(shortcuts ?? 0) shortcuts; trigger phrases \(counts) (limit \(AppManifest.maximumExpansions) per locale)"]
        if let pronunciationsNotChecked {
            lines.append("\(file): note: pronunciations not checked: \(pronunciationsNotChecked)")
        } else if let guessedWords, !guessedWords.isEmpty {
            let list = guessedWords.map { "\"\($0.word)\" \($0.phones.isEmpty ? "(none)" : $0.phones)" }.joined(separator: ", ")
            let count = guessedWords.count == 1 ? "1 word is" : "\(guessedWords.count) words are"
            lines.append("\(file): note: \(count) not in the recognizer's dictionary; Earshot guessed: \(list). "
                         + "Fix: hear a guess with `earshot say WORD -o WORD.wav`; if one sounds wrong, add a synonym spelled as it sounds.")
        }
        return lines.joined(separator: "\n")
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

    /// One line of JSON.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// The recognizer's dictionary, for `earshot check`: started the first time a manifest that loaded needs
/// it, so checking a broken manifest never loads the speech model, and a missing model only means the
/// pronunciations are not checked.
public final class PronunciationCheck {
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
    public func guesses(for manifest: AppManifest) -> Result<[ManifestCheck.Guess], SpeechError> {
        guard manifest.locales.contains(where: ManifestCheck.isEnglish) else {
            return .failure(SpeechError("the recognizer's model is en-us and the app has no English locale."))
        }
        let words = ManifestCheck.spokenWords(of: manifest)
        if recognizer == nil {
            recognizer = Result { () throws(SpeechError) in try Recognizer(model: model) }
        }
        switch recognizer! {
        case .failure(let error):
            return .failure(error)
        case .success(let recognizer):
            do {
                return .success(try recognizer.guesses(for: words).map { ManifestCheck.Guess(word: $0.word, phones: $0.phones) })
            } catch {
                return .failure(error)
            }
        }
    }
}
