import Earshot
import EarshotModel
import EarshotReview
import Foundation
import Testing

/// `earshot check --acoustic`: phrases spoken by espeak-ng, recognised by pocketsphinx on an exact device.
@Suite(.serialized)
struct AcousticReviewTests {
    /// "weight" and "wait" are one pronunciation (W EY T) in cmudict, and espeak-ng says them alike: the
    /// grammar cannot tell the two sentences apart, and which one the decoder lands on is a tie broken by
    /// its running state (its cepstral mean follows the utterances before). Over two phrases × three
    /// voices, some come out as the other intent.
    @Test func homophonesOfDifferentIntentsAreConfused() async throws {
        let manifest = try AppManifest(yaml: """
            app: Scale Buddy
            platforms: [iOS, watchOS]
            intents:
              - { id: CheckWeight, title: Check the weight, category: information }
              - { id: CheckWait, title: Check the wait, category: information }
            shortcuts:
              - { intent: CheckWeight, phrases: ["Check the weight with {applicationName}"], shortTitle: Check weight, systemImage: scalemass }
              - { intent: CheckWait, phrases: ["Check the wait with {applicationName}"], shortTitle: Check wait, systemImage: clock }
            """, path: "scale-buddy/app.yaml")
        let confusions = try await timed("homophones", phrases: 2) {
            try await AcousticReview.confusions(in: manifest, profiles: try Bundled.profiles())
        }
        let other = ["CheckWeight": "CheckWait", "CheckWait": "CheckWeight"]
        #expect(!confusions.isEmpty)
        for confusion in confusions {
            #expect(confusion.voices == AcousticReview.defaultVoices.count)
            #expect(confusion.phrase.text.contains("{applicationName}"))
            #expect(!confusion.heard.isEmpty)
            for heard in confusion.heard {
                #expect(heard.intent == other[confusion.intent], "\(confusion.text) heard as \(heard.text) in \(heard.voice)")
            }
        }
        let confused = try #require(confusions.first)
        #expect(["Check the weight with {applicationName}", "Check the wait with {applicationName}"].contains(confused.phrase.text))
        #expect(confused.text.hasSuffix("with Scale Buddy"))
        #expect(confused.heard.allSatisfy { AcousticReview.defaultVoices.contains($0.voice) })
    }

    /// Phrases that sound nothing alike are each heard as themselves. The app is not on watchOS: the
    /// check installs it on the Watch anyway (otherwise every phrase would be "not available").
    @Test func distinctPhrasesAreNotConfused() async throws {
        let manifest = try AppManifest(yaml: """
            app: Soup Chef
            platforms: [iOS]
            intents:
              - { id: OrderSoup, title: Order soup, category: order }
              - { id: TrackOrder, title: Track my order, category: information }
            shortcuts:
              - { intent: OrderSoup, phrases: ["Order soup with {applicationName}"], shortTitle: Order soup, systemImage: cart }
              - { intent: TrackOrder, phrases: ["Track my order with {applicationName}"], shortTitle: Track order, systemImage: box.truck }
            """, path: "soup-chef/app.yaml")
        let confusions = try await timed("distinct", phrases: 2) {
            try await AcousticReview.confusions(in: manifest, profiles: try Bundled.profiles())
        }
        #expect(confusions.isEmpty, "\(confusions.map { "\($0.text): \($0.heard.map { "\($0.voice) → \($0.text) (\($0.intent))" })" })")
    }

    /// Not English: the en-us model has nothing to say about it.
    @Test func otherLocalesAreSkipped() async throws {
        let manifest = try AppManifest(yaml: """
            app: Balance
            locale: fr-FR
            platforms: [iOS, watchOS]
            intents:
              - { id: CheckWeight, title: Vérifier le poids, category: information }
            shortcuts:
              - { intent: CheckWeight, phrases: ["Vérifier le poids avec {applicationName}"], shortTitle: Poids, systemImage: scalemass }
            """, path: "balance/app.yaml")
        #expect(try await AcousticReview.confusions(in: manifest, profiles: try Bundled.profiles()).isEmpty)
    }

    /// A voice espeak-ng lacks stops the check before any phrase, naming the voice and the fix.
    @Test func missingVoiceIsAnError() async throws {
        let manifest = try AppManifest(yaml: """
            app: Soup Chef
            platforms: [iOS, watchOS]
            intents:
              - { id: OrderSoup, title: Order soup, category: order }
            shortcuts:
              - { intent: OrderSoup, phrases: ["Order soup with {applicationName}"], shortTitle: Order soup, systemImage: cart }
            """, path: "soup-chef/app.yaml")
        let error = await #expect(throws: (any Error).self) {
            try await AcousticReview.confusions(in: manifest, profiles: try Bundled.profiles(), voices: ["en-us", "qq-nowhere"])
        }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("qq-nowhere"), "\(text)")
        #expect(text.contains("make setup"), "\(text)")
    }

    /// Runs `body`, printing its time per phrase × voice (model start-up included).
    private func timed<T>(_ name: String, phrases: Int, _ body: () async throws -> T) async throws -> T {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try await body()
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let utterances = phrases * AcousticReview.defaultVoices.count
        print("acoustic review (\(name)): \(String(format: "%.2f", seconds)) s for \(utterances) utterances, "
              + "\(String(format: "%.2f", seconds / Double(utterances))) s each")
        return result
    }
}
