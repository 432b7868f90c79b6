import Earshot
import EarshotEmbedding
import EarshotImport
import EarshotMatching
import EarshotModel
import EarshotReviewRules
import EarshotSemantic
import EarshotSpeech
import Foundation

/// Reviews manifests against every ``Rule``: loads each (keeping every limit it breaks), runs the checks
/// that need a model once per process, applies the manifest's silences, and sorts the problems by place.
public final class Reviewer {
    /// What to run beyond the rules that read the manifest alone.
    public struct Options: Sendable {
        /// Look up the app's words in the recognizer's dictionary (`pronunciation.guessed`).
        public var pronunciations = true
        /// Score phrases of different intents with the sentence model (`phrase.semantic-overlap`).
        public var semantic = true
        /// Speak and recognise every phrase (`phrase.acoustic-confusion`): slow, off by default.
        public var acoustic = false
        /// The espeak-ng voices `acoustic` speaks with.
        public var voices = AcousticReview.defaultVoices

        public init(pronunciations: Bool = true, semantic: Bool = true, acoustic: Bool = false, voices: [String] = AcousticReview.defaultVoices) {
            self.pronunciations = pronunciations
            self.semantic = semantic
            self.acoustic = acoustic
            self.voices = voices
        }
    }

    public let profiles: ProfileCatalog
    public let options: Options
    private let pronunciations: PronunciationCheck

    public init(profiles: ProfileCatalog, options: Options = Options(), pronunciations: PronunciationCheck = PronunciationCheck()) {
        self.profiles = profiles
        self.options = options
        self.pronunciations = pronunciations
    }

    /// Reviews the manifest at `path` (a file, a folder holding `app.yaml`, or a folder of the app's
    /// sources, imported: every finding then points at the Swift line it comes from).
    public func review(_ path: String) async -> ManifestReview {
        if AppImporter.isSourceFolder(path) { return await reviewImported(path) }
        let file = AppManifest.manifestPath(for: path)
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        do {
            let (manifest, violations) = try AppManifest.reviewing(contentsOf: file)
            return await review(manifest, violations: violations, text: text)
        } catch {
            return ManifestReview(file: file, loadError: error, diagnostics: [], notChecked: [])
        }
    }

    /// Reviews an app imported from its sources: the import's own findings join the rules'.
    func reviewImported(_ path: String) async -> ManifestReview {
        do {
            let (manifest, violations, imported) = try AppImporter().reviewApp(path)
            var review = await review(manifest, violations: violations, text: "")
            review.diagnostics += imported.map(Rule.diagnostic(for:))
            var files: [String: [Substring]] = [:]
            for index in review.diagnostics.indices {
                let location = review.diagnostics[index].location
                guard let line = location.line else { continue }
                if files[location.file] == nil {
                    let text = (try? String(contentsOfFile: location.file, encoding: .utf8)) ?? ""
                    files[location.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
                }
                if let lines = files[location.file], line >= 1, line <= lines.count {
                    review.diagnostics[index].sourceLine = String(lines[line - 1])
                }
            }
            review.diagnostics.sort { a, b in
                (a.location.file, a.location.line ?? 0, a.location.column ?? 0, a.rule) < (b.location.file, b.location.line ?? 0, b.location.column ?? 0, b.rule)
            }
            review.file = path
            return review
        } catch {
            return ManifestReview(file: path, loadError: error, diagnostics: [], notChecked: [])
        }
    }

    /// Reviews manifest text; `path` names it.
    public func review(yaml text: String, path: String) async -> ManifestReview {
        do {
            let (manifest, violations) = try AppManifest.reviewing(yaml: text, path: path)
            return await review(manifest, violations: violations, text: text)
        } catch {
            return ManifestReview(file: path, loadError: error, diagnostics: [], notChecked: [])
        }
    }

    func review(_ manifest: AppManifest, violations: [AppManifest.Violation], text: String) async -> ManifestReview {
        var context = ReviewContext(manifest: manifest, violations: violations, text: text, profiles: profiles.profiles)
        var notChecked: [(String, String)] = []
        if options.pronunciations {
            switch pronunciations.guesses(for: manifest) {
            case .success(let guesses): context.guessedWords = guesses.map { GuessedWord(word: $0.word, phones: $0.phones) }
            case .failure(let error): notChecked.append((Rule.pronunciationGuessed.id, error.description))
            }
        }
        if options.semantic {
            switch semanticOverlaps(manifest, context: context) {
            case .success(let overlaps): context.semanticOverlaps = overlaps
            case .failure(let reason): notChecked.append((Rule.phraseSemanticOverlap.id, reason.message))
            }
        }
        if options.acoustic {
            do {
                context.acousticConfusions = try await AcousticReview.confusions(in: manifest, profiles: profiles, voices: options.voices)
            } catch {
                notChecked.append((Rule.phraseAcousticConfusion.id, "\(error)"))
            }
        }

        var diagnostics: [Diagnostic] = []
        let silences = Dictionary(manifest.silenced.map { ($0.rule, $0) }, uniquingKeysWith: { first, _ in first })
        var used: Set<String> = []
        for rule in Rule.all {
            for finding in rule.check(context) {
                let silence = silences[rule.id]
                if silence != nil { used.insert(rule.id) }
                diagnostics.append(Diagnostic(rule: rule.id, severity: rule.severity, location: finding.location, message: finding.message,
                                              fix: finding.fix, guideline: rule.guideline, sourceLine: context.line(finding.location),
                                              silenced: silence?.reason))
            }
        }
        let skipped = Set(notChecked.map(\.0))
        for silence in manifest.silenced where !used.contains(silence.rule) && Rule.named(silence.rule) != nil && !skipped.contains(silence.rule) {
            let rule = Rule.reviewUnusedSilence
            diagnostics.append(Diagnostic(rule: rule.id, severity: rule.severity, location: silence.location,
                                          message: "'\(silence.rule)' is silenced but found nothing here.",
                                          fix: "Remove the silence, so the rule speaks up if the problem comes back.",
                                          guideline: rule.guideline, sourceLine: context.line(silence.location)))
        }
        diagnostics.sort { a, b in
            (a.location.line ?? 0, a.location.column ?? 0, b.severity, a.rule) < (b.location.line ?? 0, b.location.column ?? 0, a.severity, b.rule)
        }
        var counts: [String: Int] = [:]
        for locale in manifest.locales { counts[locale] = manifest.expansionCount(in: locale) }
        return ManifestReview(file: manifest.source.file, app: manifest.name, shortcuts: manifest.shortcuts.count, expansions: counts,
                              loadError: nil, diagnostics: diagnostics, notChecked: notChecked)
    }

    /// Why a model-backed check did not run.
    struct NotRun: Error {
        var message: String
    }

    /// Phrases that the flexible matcher scores within its margin of another intent's phrase.
    func semanticOverlaps(_ manifest: AppManifest, context: ReviewContext) -> Result<[SemanticOverlap], NotRun> {
        guard manifest.flexibleMatching else { return .success([]) }
        guard Language.isEnglish(manifest.locale) else { return .failure(NotRun(message: "the sentence model is English and the app is not.")) }
        guard var profile = profiles.profiles.first(where: { $0.matching == .flexible }) ?? profiles.profiles.first else {
            return .failure(NotRun(message: "no device profile."))
        }
        profile.matching = .flexible
        let encoder: SentenceEncoder
        do {
            encoder = try Workspace.sentenceEncoder()
        } catch {
            return .failure(NotRun(message: error.description))
        }
        var app = manifest
        app.platforms = Array(Set(app.platforms + [profile.platform]))
        let catalog = PhraseCatalog(apps: [app], profile: profile)
        let matcher = SemanticMatcher(catalog: catalog, encoder: encoder)
        let settings = matcher.settings
        var out: [SemanticOverlap] = []
        // Said as written, a phrase scores 1 against itself. A paraphrase scores less against it, and
        // about as much less against the other intent's phrases: when another intent already comes
        // within twice the margin, a paraphrase halfway there is within the margin, and the device asks
        // which one was meant.
        let reach = 1 - 2 * Double(settings.margin)
        // Each phrase is matched as the device would match it said as written; the requests and their
        // actions are encoded together first (one batched pass of the model over all of them, instead
        // of two passes a phrase: at 1,000 phrases that was most of the review's time).
        let entries = context.phrases.filter { $0.locale == manifest.locale }
        let texts = entries.map { context.firstExpansion(of: $0) }
        let normalized = texts.map { Normalizer.normalize($0) }
        let requests = normalized.map { SemanticMatcher.request(in: $0) }
        let vectors = encoder.encode(requests)
        let actions = settings.sentenceWeight < 1 ? encoder.encode(requests.map { matcher.action(of: $0, apps: [0]) }) : vectors
        for (index, entry) in entries.enumerated() {
            let text = texts[index]
            let resolution = matcher.match(vectors[index], action: actions[index], normalized: normalized[index], in: catalog, apps: [0])
            guard let other = resolution.candidates.first(where: { $0.expansion.intent != entry.intent.id }), other.score >= reach else { continue }
            let otherText = catalog.apps[0].expansions[other.reference.expansion].text
            out.append(SemanticOverlap(phrase: entry.phrase, intent: entry.intent.id, text: text, otherIntent: other.expansion.intent,
                                       otherText: otherText, score: other.score, margin: Double(settings.margin)))
        }
        return .success(out)
    }
}

extension ReviewContext {
    /// The manifest line at `location`, as written.
    func line(_ location: SourceLocation) -> String? {
        guard let line = location.line, line >= 1, line <= lines.count else { return nil }
        return lines[line - 1]
    }
}
