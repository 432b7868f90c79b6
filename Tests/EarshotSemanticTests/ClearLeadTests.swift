import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// Issue 19, sixteenth pass: a request a little under the threshold still runs its intent when nothing
/// else in the app comes close and the request's own words vouch for it (the intent's verb or a synonym,
/// or a question to an intent that tells); and an intent whose phrase hands over an act ("send a cheer")
/// owns that act's verb ("cheer"). WordNet (`make setup`) must be there for the verbs.
@Suite("A clear lead under the threshold")
struct ClearLeadTests: ReadsRequests {
    let verbs = ActionVerbs()

    /// A band's app, in the test's own words: one phrase hands over an act, one a thing.
    static let band = """
        app: Roadie
        platforms: [iOS]
        flexibleMatching: true
        locale: en-US
        intents:
          - id: LeaveComment
            title: Leave a comment
            category: other
            dialog: { success: The band heard you. }
            result: { values: {} }
          - id: OrderShirt
            title: Order a shirt
            category: order
            dialog: { success: Your shirt is on its way. }
            result: { values: {} }
        shortcuts:
          - intent: LeaveComment
            phrases: ["Leave a comment with {applicationName}"]
          - intent: OrderShirt
            phrases: ["Order a shirt from {applicationName}"]
        """

    @Test("an intent that leaves an act owns the act's verb; one that orders a thing gains no verb from it")
    func actsNamedByNouns() throws {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        let manifest = try AppManifest(yaml: Self.band, path: "roadie.yaml")
        func own(_ id: String) throws -> Set<String> {
            let intent = try #require(manifest.intent(id))
            let phrases = manifest.phrases(in: "en-US").filter { $0.intent.id == id }.map(\.phrase)
            return verbs.ownVerbs(of: intent, phrases: phrases)
        }
        let comment = try own("LeaveComment")
        #expect(comment.contains("comment"), "\(comment.sorted())")
        #expect(verbs.fit(request("comment on the encore"), comment) == .fits)
        let shirt = try own("OrderShirt")
        #expect(!shirt.contains("shirt"), "\(shirt.sorted())")
    }

    /// The calibrated settings with the threshold out of reach, so that only a clear lead can match.
    static func leadOnly(_ reach: Float) -> SemanticMatcher.Settings {
        var settings = SemanticMatcher.Settings.calibrated
        settings.threshold = 1
        settings.leadReach = reach
        return settings
    }

    /// What a new HomePod session under ``leadOnly(_:)`` makes of `request`.
    static func lead(_ request: String, reach: Float) async throws -> Turn {
        var session = try semanticSession("homepod", settings: leadOnly(reach))
        return await session.respond(to: request)
    }

    @Test("under the threshold, the intent's own verb with a clear lead matches; another action on it does not")
    func leadWithTheIntentsVerb() async throws {
        let ordered = try await Self.lead("please order me the tomato soup from Soup Chef tonight", reach: 0.6)
        #expect(ordered.match?.intent == "OrderSoup", "\(ordered.reply.text)")
        let cancelled = try await Self.lead("cancel the tomato soup from Soup Chef tonight", reach: 0.6)
        #expect(cancelled.match == nil, "\(cancelled.reply.text)")
        let unreached = try await Self.lead("please order me the tomato soup from Soup Chef tonight", reach: 0)
        #expect(unreached.match == nil, "\(unreached.reply.text)")
    }

    @Test("under the threshold, a request that names a value the app does not have is no order")
    func leadNeedsAKnownValue() async throws {
        let known = try await Self.lead("please order me the tomato soup from Soup Chef tonight", reach: 0.6)
        #expect(known.match?.intent == "OrderSoup", "\(known.reply.text)")
        let unknown = try await Self.lead("please order me the minestrone from Soup Chef tonight", reach: 0.6)
        #expect(unknown.match == nil, "\(unknown.reply.text)")
    }
}
