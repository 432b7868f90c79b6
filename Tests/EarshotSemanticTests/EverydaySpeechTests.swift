import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// How people say a request out loud (issue 19, eleventh pass): hesitations inside it ("jot down, er,
/// the Dipsea"), spoken contractions ("gimme"), and everyday verbs WordNet does not link to the action
/// ("ping me", "look up", "bump up my goal"). WordNet (`make setup`) must be there for the verbs.
@Suite("Requests as people say them")
struct EverydaySpeechTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("hesitations are left out of the request, and a contraction is said in full")
    func fillersAndContractions() {
        #expect(SemanticMatcher.request(in: "uh trail log jot down er the dipsea") == "trail log jot down the dipsea")
        #expect(SemanticMatcher.request(in: "um can you order soup with soup chef") == "order soup with soup chef")
        #expect(SemanticMatcher.request(in: "demo gimme the short version of my work list")
            == "demo give me the short version of my work list")
        #expect(SemanticMatcher.request(in: "lemme see my last hike in trail log") == "let me see my last hike in trail log")
        // "the ER" is a place, not a hesitation.
        #expect(SemanticMatcher.request(in: "take me to the er with curbside") == "take me to the er with curbside")
    }

    @Test("a contraction of a light verb is read as the light verb: nothing to judge")
    func contractedLightVerb() {
        let said = SemanticMatcher.request(in: Normalizer.normalize("gimme the short version of my work list"))
        #expect(verbs.request(said.split(separator: " ")) == .unknown)
    }

    @Test("everyday verbs for reminding, finding and raising a goal are the intent's own verbs")
    func everydayVerbsOfThisPass() {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        let cases: [(String, Set<String>)] = [
            ("ping me every night to stretch", ["remind"]),
            ("nudge me at noon to drink water", ["remind"]),
            ("look up a recipe for banana bread", ["find", "search"]),
            ("bump up my daily step goal", ["set"]),
        ]
        for (text, intentVerbs) in cases {
            #expect(verbs.fit(request(text), intentVerbs) == .fits, "\(text)")
            #expect(verbs.confirms(request(text), intentVerbs), "\(text)")
        }
    }

    @Test("they stand for those actions only, and a refusal of them is still a refusal")
    func everydayVerbsOfThisPassStayInTheirPlace() {
        #expect(verbs.fit(request("ping me every night to stretch"), ["delete", "remove"]) != .fits)
        #expect(verbs.fit(request("look up a recipe for banana bread"), ["order", "buy"]) != .fits)
        #expect(verbs.fit(request("don't ping me tonight"), ["remind"]) == .conflicts)
    }

    /// A choir's app, in the test's own words: reminding to practise, finding a score, setting a goal.
    static let choir = """
        app: Choir Notes
        platforms: [iOS]
        flexibleMatching: true
        locale: en-US
        intents:
          - id: PracticeReminder
            title: Remind me to practise
            category: other
            dialog: { success: I'll remind you. }
            result: { values: {} }
          - id: FindScore
            title: Find a score
            category: search
            dialog: { success: Here are the scores. }
            result: { values: {} }
          - id: DeleteScore
            title: Delete a score
            category: other
            dialog: { success: The score is deleted. }
            result: { values: {} }
        shortcuts:
          - intent: PracticeReminder
            phrases: ["Remind me to practise with {applicationName}", "Set a practice reminder in {applicationName}"]
          - intent: FindScore
            phrases: ["Find a score in {applicationName}", "Search {applicationName} for a score"]
          - intent: DeleteScore
            phrases: ["Delete a score from {applicationName}"]
        """

    @Test("on a new app, a request with a hesitation and an everyday verb reaches its intent; a refusal does not")
    func everydaySpeechOnANewApp() async throws {
        let apps = [try AppManifest(yaml: Self.choir, path: "choir.yaml")]
        var session = try semanticSession("homepod", apps: apps)
        let ping = await session.respond(to: "um, Choir Notes, ping me to practise")
        #expect(ping.match?.intent == "PracticeReminder", "\(ping.reply.text)")
        session = try semanticSession("homepod", apps: apps)
        let look = await session.respond(to: "look up a score in Choir Notes")
        #expect(look.match?.intent == "FindScore", "\(look.reply.text)")
        session = try semanticSession("homepod", apps: apps)
        let refused = await session.respond(to: "Choir Notes, don't ping me to practise")
        #expect(refused.match == nil, "\(refused.reply.text)")
    }
}
