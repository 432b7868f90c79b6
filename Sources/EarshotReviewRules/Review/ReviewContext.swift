import EarshotMatching
import EarshotModel

/// What the rules read: one manifest, where its text is, the devices it may run on, and the results of
/// the checks that need a model (each `nil` when not run).
public struct ReviewContext: Sendable {
    public let manifest: AppManifest
    /// The limit rules the manifest breaks (the loader's, every one).
    public let violations: [AppManifest.Violation]
    /// The manifest's text, line by line, to point at a word within a line.
    public let lines: [String]
    /// The device profiles known: which speak the full dialogue, which have no screen.
    public let profiles: [Profile]
    /// Words the recognizer would have to guess, with the phones it guessed.
    public var guessedWords: [GuessedWord]?
    /// Phrases of different intents the flexible matcher cannot tell apart.
    public var semanticOverlaps: [SemanticOverlap]?
    /// Phrases the speech loop heard as another intent's.
    public var acousticConfusions: [AcousticConfusion]?

    public init(manifest: AppManifest, violations: [AppManifest.Violation] = [], text: String = "", profiles: [Profile] = []) {
        self.manifest = manifest
        self.violations = violations
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        self.profiles = profiles
    }

    /// A trigger phrase with what it belongs to.
    public struct PhraseEntry: Sendable {
        public var phrase: Phrase
        public var intent: Intent
        public var locale: String
        /// The shortcut, for phrases of the manifest's own locale.
        public var shortcut: Shortcut?
    }

    /// Every trigger phrase of every locale, in file order within each locale.
    public var phrases: [PhraseEntry] {
        manifest.locales.flatMap { locale in
            manifest.phrases(in: locale).map { entry in
                PhraseEntry(phrase: entry.phrase, intent: entry.intent, locale: locale,
                            shortcut: locale == manifest.locale ? manifest.shortcut(for: entry.intent.id) : nil)
            }
        }
    }

    /// The phrases in English locales: the word-level rules know English only.
    public var englishPhrases: [PhraseEntry] { phrases.filter { Language.isEnglish($0.locale) } }

    /// Whether the manifest's own locale (its titles, summaries and dialogue) is English.
    public var isEnglish: Bool { Language.isEnglish(manifest.locale) }

    /// The app's names in every locale, as written.
    public var allNames: [String] {
        var names = manifest.names
        for localization in manifest.localizations {
            names += [localization.name].compactMap { $0 } + (localization.synonyms ?? [])
        }
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// `location` moved to where `text` starts on its line (case-insensitive), when it is found there
    /// at or after the location's column.
    public func locate(_ text: String, at location: SourceLocation) -> SourceLocation {
        guard let line = location.line, line >= 1, line <= lines.count, !text.isEmpty else { return location }
        let source = lines[line - 1]
        let start = max((location.column ?? 1) - 1, 0)
        let characters = Array(source)
        guard start < characters.count else { return location }
        let rest = String(characters[start...]).lowercased()
        guard let range = rest.range(of: text.lowercased()) else { return location }
        var moved = location
        moved.column = start + rest.distance(from: rest.startIndex, to: range.lowerBound) + 1
        return moved
    }

    /// The first place `word` is written in the file, as a whole word (case-insensitive).
    public func firstMention(of word: String) -> SourceLocation? {
        // Where people read it (a title, a phrase) before where only code does (an id).
        firstMention(of: word, skippingIDs: true) ?? firstMention(of: word, skippingIDs: false)
    }

    private func firstMention(of word: String, skippingIDs: Bool) -> SourceLocation? {
        let lower = word.lowercased()
        for (index, line) in lines.enumerated() {
            let text = line.lowercased()
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") { continue }
            if skippingIDs && (trimmed.hasPrefix("id:") || trimmed.hasPrefix("- id:") || trimmed.contains("{ id: \(lower)")) { continue }
            var search = text.startIndex
            while let range = text.range(of: lower, range: search..<text.endIndex) {
                let before = range.lowerBound == text.startIndex ? " " : text[text.index(before: range.lowerBound)]
                let after = range.upperBound == text.endIndex ? " " : text[range.upperBound]
                if !before.isLetter && !before.isNumber && !after.isLetter && !after.isNumber {
                    return SourceLocation(file: manifest.source.file, line: index + 1,
                                          column: text.distance(from: text.startIndex, to: range.lowerBound) + 1)
                }
                search = range.upperBound
            }
        }
        return nil
    }
}

/// A word of the manifest missing from the recognizer's dictionary, and the phones guessed for it.
public struct GuessedWord: Sendable, Codable, Equatable {
    public var word: String
    public var phones: String

    public init(word: String, phones: String) {
        self.word = word
        self.phones = phones
    }
}

/// A phrase the flexible matcher cannot tell from another intent's: said any other way, the device
/// would have to ask which one.
public struct SemanticOverlap: Sendable {
    public var phrase: Phrase
    public var intent: String
    /// The expansion scored.
    public var text: String
    public var otherIntent: String
    public var otherText: String
    /// The other intent's score against the phrase (its own scores 1).
    public var score: Double
    public var margin: Double

    public init(phrase: Phrase, intent: String, text: String, otherIntent: String, otherText: String, score: Double, margin: Double) {
        self.phrase = phrase
        self.intent = intent
        self.text = text
        self.otherIntent = otherIntent
        self.otherText = otherText
        self.score = score
        self.margin = margin
    }
}

/// A phrase that, spoken, was recognised and matched as another intent.
public struct AcousticConfusion: Sendable {
    public var phrase: Phrase
    public var intent: String
    /// The expansion spoken.
    public var text: String
    /// Voice → what was heard and the intent it matched.
    public var heard: [(voice: String, text: String, intent: String)]
    /// How many voices were tried.
    public var voices: Int

    public init(phrase: Phrase, intent: String, text: String, heard: [(voice: String, text: String, intent: String)], voices: Int) {
        self.phrase = phrase
        self.intent = intent
        self.text = text
        self.heard = heard
        self.voices = voices
    }
}
