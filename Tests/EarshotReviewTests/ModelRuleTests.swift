import Earshot
import EarshotModel
import EarshotReview
import EarshotTesting
import Foundation
import Testing

/// The rules that need a model: words the recognizer guesses (pocketsphinx's dictionary) and phrases
/// flexible matching cannot tell apart (the sentence model).
@Suite("check: rules with a model", .serialized)
struct ModelRuleTests {
    static let examples = packageRoot.appendingPathComponent("examples")

    /// An app whose name and one entity title are not English words.
    static let quokka = ReviewFixtures.clean
        .replacingOccurrences(of: "app: Soup Chef", with: "app: Souplet")
        .replacingOccurrences(of: "title: Tomato Soup", with: "title: Quokka Bisque")

    /// Phones of the en-us model, one or two capitals each, separated by single spaces.
    static func isPhoneString(_ phones: String) -> Bool {
        !phones.isEmpty && phones.split(separator: " ", omittingEmptySubsequences: false)
            .allSatisfy { (1...2).contains($0.count) && $0.allSatisfy { $0.isUppercase && $0.isASCII } }
    }

    static func reviewer(pronunciations: PronunciationCheck = PronunciationCheck()) -> Reviewer {
        Reviewer(profiles: ReviewFixtures.profiles, options: Reviewer.Options(semantic: false), pronunciations: pronunciations)
    }

    @Test("pronunciation.guessed: a made-up app name and entity title, each at its first mention; common words are known")
    func guessed() async throws {
        let review = await ReviewFixtures.review(Self.quokka, with: Self.reviewer())
        let notes = review.diagnostics.filter { $0.rule == "pronunciation.guessed" }
        #expect(notes.count == 2, "\(notes.map(\.message))")
        let app = try #require(notes.first { $0.message.hasPrefix("“souplet”") })
        #expect(app.location.line == 1 && app.sourceLine == "app: Souplet")
        let phones = try #require(app.message.components(separatedBy: "Earshot guessed ").last?.dropLast())
        #expect(Self.isPhoneString(String(phones)) && phones.hasPrefix("S "), "phones: \(phones)")
        let bisque = try #require(notes.first { $0.message.hasPrefix("“quokka”") })
        #expect(bisque.sourceLine?.contains("Quokka Bisque") == true)
        #expect(bisque.severity == .note && !review.fails(strict: true))

        let clean = await ReviewFixtures.review(ReviewFixtures.clean, with: Self.reviewer())
        #expect(clean.diagnostics.isEmpty, "\(clean.diagnostics.map(\.message))")
    }

    @Test("pronunciation.guessed on the examples: Trail Log's Dipsea; none for Soup Chef, whose French phrases are not English words")
    func examples() async throws {
        let reviewer = Self.reviewer()
        let traillog = await reviewer.review(Self.examples.appendingPathComponent("traillog").path)
        let dipsea = try #require(traillog.diagnostics.first { $0.rule == "pronunciation.guessed" && $0.message.hasPrefix("“dipsea”") })
        #expect(dipsea.sourceLine?.contains("Dipsea Trail") == true, "at \(dipsea.location): \(dipsea.sourceLine ?? "")")
        let soupchef = await reviewer.review(Self.examples.appendingPathComponent("soupchef").path)
        #expect(!soupchef.diagnostics.contains { $0.rule == "pronunciation.guessed" })
        let manifest = try AppManifest(contentsOf: Self.examples.appendingPathComponent("soupchef").path)
        let words = PronunciationCheck.spokenWords(of: manifest)
        #expect(words.isSuperset(of: ["order", "soup", "chef", "clam", "chowder"]))
        #expect(!words.contains("commande") && !words.contains("soupe"))
    }

    @Test("without the speech model: every other rule still runs, and the review says pronunciations were not checked")
    func missingModel() async throws {
        let check = PronunciationCheck(acousticModel: "/nonexistent/en-us", dictionary: "/nonexistent/cmudict-en-us.dict")
        let reviewer = Self.reviewer(pronunciations: check)
        let broken = await ReviewFixtures.review("app: [", with: reviewer)
        #expect(broken.loadError != nil)
        #expect(!check.started, "a manifest that does not load never starts the recognizer")
        let review = await ReviewFixtures.review(Self.quokka.replacingOccurrences(of: "title: Order soup\n", with: "title: Soup order\n"), with: reviewer)
        #expect(check.started)
        #expect(review.diagnostics.contains { $0.rule == "title.verb" })
        #expect(!review.diagnostics.contains { $0.rule == "pronunciation.guessed" })
        let reason = try #require(review.notChecked.first { $0.rule == "pronunciation.guessed" }?.reason)
        #expect(reason.contains("the speech model is missing (/nonexistent/en-us)"), "\(reason)")
        #expect(ReviewText.render(review).contains(": note: pronunciation.guessed not checked: the speech model is missing"))
    }

    /// Two intents whose phrases mean the same.
    static let overlapping = ReviewFixtures.clean.replacingOccurrences(of: "shortcuts:\n", with: """
        shortcuts:
          - intent: ShowOrders
            phrases: ["Show my orders with {applicationName}"]
            shortTitle: Show orders
            systemImage: list.bullet

        """).replacingOccurrences(of: "intents:\n", with: """
        intents:
          - id: ShowOrders
            title: Show my orders
            category: information
            dialog:
              success: You have two orders.

        """).replacingOccurrences(of: "      - Track my order with {applicationName}", with: "      - Track my order with {applicationName}\n      - Show my order with {applicationName}")

    @Test("phrase.semantic-overlap: phrases of two intents that mean the same are flagged; the clean manifest's are not")
    func semanticOverlap() async throws {
        let reviewer = Reviewer(profiles: ReviewFixtures.profiles, options: Reviewer.Options(pronunciations: false))
        let review = await ReviewFixtures.review(Self.overlapping, with: reviewer)
        #expect(review.notChecked.isEmpty, "\(review.notChecked)")
        let overlaps = review.diagnostics.filter { $0.rule == "phrase.semantic-overlap" }
        #expect(!overlaps.isEmpty, "\(review.diagnostics.map(\.message))")
        #expect(overlaps.allSatisfy { $0.sourceLine?.contains("Show my order") == true }, "\(overlaps.map { $0.sourceLine ?? "" })")
        #expect(overlaps.contains { $0.message.contains("ShowOrders") && $0.message.contains("TrackOrder") })

        let clean = await ReviewFixtures.review(ReviewFixtures.clean, with: reviewer)
        #expect(!clean.diagnostics.contains { $0.rule == "phrase.semantic-overlap" })
        for example in ["soupchef", "demo", "postcard", "traillog"] {
            let review = await reviewer.review(Self.examples.appendingPathComponent(example).path)
            #expect(!review.diagnostics.contains { $0.rule == "phrase.semantic-overlap" }, "\(example)")
        }
    }

    @Test("phrase.acoustic-confusion: with --acoustic, homophone phrases of two intents are reported at their line; without it, not run")
    func acoustic() async throws {
        let yaml = """
        app: Scale Buddy
        platforms: [watchOS]
        intents:
          - { id: CheckWeight, title: Check the weight, category: information }
          - { id: CheckWait, title: Check the wait, category: information }
        shortcuts:
          - { intent: CheckWeight, phrases: ["Check the weight with {applicationName}"], shortTitle: Check weight, systemImage: scalemass }
          - { intent: CheckWait, phrases: ["Check the wait with {applicationName}"], shortTitle: Check wait, systemImage: clock }

        """
        let acoustic = Reviewer(profiles: ReviewFixtures.profiles, options: Reviewer.Options(pronunciations: false, semantic: false, acoustic: true))
        let review = await ReviewFixtures.review(yaml, with: acoustic)
        #expect(review.notChecked.isEmpty, "\(review.notChecked)")
        let found = review.diagnostics.filter { $0.rule == "phrase.acoustic-confusion" }
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { [7, 8].contains($0.location.line ?? 0) && $0.message.contains("was heard as another intent's phrase") })
        #expect(found.allSatisfy { $0.severity == .warning })
        let plain = await ReviewFixtures.review(yaml)
        #expect(!plain.diagnostics.contains { $0.rule == "phrase.acoustic-confusion" })
    }
}
