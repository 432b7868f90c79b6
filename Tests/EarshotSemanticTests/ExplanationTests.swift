import Earshot
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Foundation
import Testing

/// What `earshot bench --only flexible --features-out` writes for a developer studying a new signal: the
/// parts of each intent's score must describe the decision the device makes, or a signal studied on them
/// would be judged on another matcher than the one that runs.
@Suite("Flexible matching explained")
struct ExplanationTests {
    /// A bike-light app written for this test: two intents that act on the same light, one that tells.
    static let beacon = """
        app: Beacon
        platforms: [iOS]
        flexibleMatching: true
        locale: en-US
        enums:
          Pattern:
            title: Pattern
            cases:
              - { id: steady, title: Steady, synonyms: [always on] }
              - { id: flashing, title: Flashing, synonyms: [blinking] }
        intents:
          - id: SetPattern
            title: Set the light pattern
            category: other
            summary: Set the light to {pattern}
            parameters:
              - { id: pattern, title: Pattern, type: Pattern, prompt: Which pattern? }
            dialog: { success: "The light is {pattern}." }
            result: { values: {} }
          - id: BatteryCharge
            title: Check the light's battery
            category: information
            dialog: { success: The light has 70 percent left. }
            result: { values: {} }
        shortcuts:
          - intent: SetPattern
            phrases: ["Switch the light to {pattern} with {applicationName}", "Change the light pattern in {applicationName}"]
          - intent: BatteryCharge
            phrases: ["How much battery does my light have in {applicationName}"]
        """

    func explained(_ utterance: String) throws -> (resolution: Resolution, explanation: (negated: Bool, negative: Float, intents: [SemanticMatcher.IntentExplanation])) {
        guard let encoder = sharedEncoder else { throw EmbeddingMissing() }
        let apps = [try AppManifest(yaml: Self.beacon, path: "beacon.yaml")]
        let catalog = PhraseCatalog(apps: apps, profile: try Bundled.profiles().profile("homepod"))
        let matcher = SemanticMatcher(catalog: catalog, encoder: encoder, cacheFolder: nil)
        let normalized = Normalizer.normalize(utterance)
        let request = SemanticMatcher.request(in: normalized)
        let vector = encoder.encode(request), action = encoder.encode(matcher.action(of: request, apps: [0]))
        let frames = matcher.verbFrames(normalized, apps: [0])
        return (matcher.match(vector, action: action, normalized: normalized, in: catalog, apps: [0], frames: frames),
                matcher.explain(vector, action: action, normalized: normalized, in: catalog, apps: [0], frames: frames))
    }

    struct EmbeddingMissing: Error {}

    @Test("a request that names its app loses only that app's names and things from its action, not another installed app's (twenty-sixth pass)")
    func actionKeepsOtherAppsThings() throws {
        guard let encoder = sharedEncoder else { throw EmbeddingMissing() }
        let ferry = try Self.ferry()
        let apps = [try AppManifest(yaml: Self.beacon, path: "beacon.yaml"), ferry]
        let catalog = PhraseCatalog(apps: apps, profile: try Bundled.profiles().profile("homepod"))
        let matcher = SemanticMatcher(catalog: catalog, encoder: encoder, cacheFolder: nil)
        // Beacon named: the ferry's "car" stays a word of the request.
        #expect(matcher.action(of: "how much battery does my car light have in beacon", apps: [0, 1]) == "how much battery does my car light have in")
        // The ferry named: its own thing goes.
        #expect(matcher.action(of: "book a crossing for my car with ferryline", apps: [0, 1]) == "book a crossing for my with")
        // No app named: every app's things go.
        #expect(matcher.action(of: "book a crossing for my car", apps: [0, 1]) == "book a crossing for my")
    }

    @Test("a request said again with an intent's verb keeps another installed app's things too (twenty-seventh pass)")
    func swapKeepsOtherAppsThings() throws {
        guard let encoder = sharedEncoder else { throw EmbeddingMissing() }
        let homepod = try Bundled.profiles().profile("homepod")
        let beacon = try AppManifest(yaml: Self.beacon, path: "beacon.yaml")
        // "tweak" is no verb of Beacon's: the request is said again with each intent's verbs, without Beacon's name.
        let utterance = "tweak the car light to blinking with beacon"
        func scores(_ apps: [AppManifest]) -> [String: Double] {
            let catalog = PhraseCatalog(apps: apps, profile: homepod)
            let matcher = SemanticMatcher(catalog: catalog, encoder: encoder, cacheFolder: nil)
            let resolution = matcher.match(utterance, normalized: Normalizer.normalize(utterance), in: catalog, apps: Array(apps.indices))
            return Dictionary(resolution.candidates.filter { $0.reference.app == 0 }.map { ($0.expansion.intent, $0.score) }) { a, _ in a }
        }
        let alone = scores([beacon])
        #expect(!alone.isEmpty)
        // The ferry's "car" beside it changes none of Beacon's scores.
        #expect(scores([beacon, try Self.ferry()]) == alone)
    }

    /// A ferry app that carries cars, written for these tests.
    static func ferry() throws -> AppManifest {
        try AppManifest(yaml: """
        app: Ferryline
        platforms: [iOS]
        enums:
          Vehicle:
            title: Vehicle
            cases:
              - { id: car, title: Car }
              - { id: bike, title: Bike }
        intents:
          - id: BookCrossing
            title: Book a crossing
            category: order
            parameters:
              - { id: vehicle, title: Vehicle, type: Vehicle }
        shortcuts:
          - intent: BookCrossing
            phrases: ["Book a crossing with {applicationName}"]
            shortTitle: Book Crossing
        """, path: "ferryline.yaml")
    }

    @Test("the explanation ranks the intents as the device does, with the same scores")
    func explanationAgreesWithTheDecision() throws {
        let (resolution, explanation) = try explained("make my light blink with Beacon")
        let best = explanation.intents.max { $0.score < $1.score }
        #expect(best?.intent == resolution.candidates.first?.expansion.intent)
        #expect(abs((best?.score ?? 0) - (resolution.candidates.first?.score ?? 1)) < 1e-6)
        // A value said ("blink" is not one; "blinking" is): counted for the intent that takes it only.
        let (_, said) = try explained("set the light to blinking with Beacon")
        let pattern = said.intents.first { $0.intent == "SetPattern" }, battery = said.intents.first { $0.intent == "BatteryCharge" }
        #expect(pattern?.valuesSaid == 1 && pattern?.valuesTaken == 1)
        #expect(battery?.valuesSaid == 1 && battery?.valuesTaken == 0)
    }

    @Test("a refusal and another action on the same light are shown as the device judges them")
    func refusalsAndOtherActionsAreShown() throws {
        let (refusedResolution, refused) = try explained("don't switch the light to flashing with Beacon")
        #expect(refused.negated)
        #expect(refusedResolution.matches.isEmpty)
        let (deleted, other) = try explained("delete the light pattern in Beacon")
        #expect(deleted.matches.isEmpty)
        let pattern = other.intents.first { $0.intent == "SetPattern" }
        #expect(pattern?.fit == 2 && pattern?.otherAction == true, "\(String(describing: pattern))")
        // Without the verb judged, the same request scores higher: the cost is the verb's.
        #expect((pattern?.unjudged ?? 0) > (pattern?.score ?? 0) + 0.5)
    }
}
