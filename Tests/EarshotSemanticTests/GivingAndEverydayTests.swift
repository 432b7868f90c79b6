import EarshotDialogue
import EarshotMatching
import EarshotModel
import EarshotSemantic
import Testing

/// Issue 19, eighteenth pass: a verb that is also another verb's irregular form is read as itself too ("rent"
/// is renting, not only the past of "rend"), a way of giving said to the speaker is the converse action ("sell
/// me a pass" buys one), and everyday wordings WordNet does not link (hearing a show plays it, bringing a card
/// up shows it, hunting a podcast down finds it, powering up starts, borrowing gear rents it, pinning to a board
/// posts, flagging a fault reports it). WordNet (`make setup`) must be there.
@Suite("Giving to the speaker, verbs that are irregular forms, more everyday wordings")
struct GivingAndEverydayTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("a verb that is also another verb's past form is read as itself")
    func irregularFormIsItsOwnVerb() {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        #expect(VerbNet.shared.lemmas(of: "rent").contains("rent"))
        #expect(VerbNet.shared.lemmas(of: "rent").contains("rend"))
        #expect(VerbNet.shared.lemmas(of: "found").contains("find"))
        // Hiring is renting: WordNet puts them in one sense.
        #expect(verbs.fit(request("hire a bass amp"), Set(VerbNet.shared.lemmas(of: "rent"))) == .fits)
    }

    @Test("a way of giving said to the speaker is the speaker's converse action; said of the speaker's things it is not")
    func givingToTheSpeaker() {
        #expect(request("sell me thirty days of riding") == .verb(["buy"]))
        #expect(request("lend us the van for the weekend") == .verb(["borrow"]))
        #expect(verbs.fit(request("sell me a day pass"), ["buy", "purchase"]) == .fits)
        // Selling one's own things is still selling, another action than buying.
        #expect(verbs.fit(request("sell my old day pass"), ["buy", "purchase"]) == .conflicts)
        // Only ways of giving: "wake me" stays waking, "show me" showing.
        #expect(request("wake me at seven") != .verb(["sleep"]))
        #expect(request("show me my pass") == .verb(["show"]))
    }

    @Test("everyday wordings stand for their actions only, and a refusal of them still refuses")
    func everydayWordings() {
        let cases: [(String, Set<String>)] = [
            ("let's hear the news show", ["play"]),
            ("bring up my library card", ["show", "open"]),
            ("hunt down a podcast about chess", ["find", "search"]),
            ("power up the car at the mall", ["start", "charge"]),
            ("borrow the speakers for the session", ["rent"]),
            ("pin my newest card to my board", ["post"]),
            ("flag a faulty bike", ["report"]),
        ]
        for (text, intentVerbs) in cases {
            #expect(verbs.confirms(request(text), intentVerbs), "\(text): \(request(text))")
        }
        #expect(verbs.fit(request("hear the news show"), ["order", "book"]) != .fits)
        #expect(verbs.fit(request("borrow the speakers"), ["buy", "purchase"]) != .fits)
        #expect(request("don't flag this bike") == .negated)
    }

    /// A boat hire app, in the test's own words: renting a kayak, buying a season pass, reporting damage.
    static let kayaks = """
        app: Harbor Kayaks
        platforms: [iOS]
        flexibleMatching: true
        locale: en-US
        enums:
          Boat:
            title: Boat
            cases:
              - id: single
                title: Single Kayak
              - id: tandem
                title: Tandem Kayak
        intents:
          - id: RentBoat
            title: Rent a boat
            category: order
            parameters:
              - id: boat
                title: Boat
                type: Boat
                prompt: Which boat?
            dialog: { success: Your boat is waiting at the dock. }
            result: { values: {} }
          - id: BuySeasonPass
            title: Buy a season pass
            category: order
            dialog: { success: Your season pass is ready. }
            result: { values: {} }
          - id: ReportDamage
            title: Report a damaged boat
            category: other
            dialog: { success: Thanks for telling us. }
            result: { values: {} }
        shortcuts:
          - intent: RentBoat
            phrases: ["Rent a {boat} with {applicationName}", "Rent a boat from {applicationName}"]
          - intent: BuySeasonPass
            phrases: ["Buy a season pass with {applicationName}"]
          - intent: ReportDamage
            phrases: ["Report a damaged boat to {applicationName}"]
        """

    @Test("on a new app, hiring rents and 'sell me' buys; selling the speaker's own pass buys nothing")
    func onANewApp() async throws {
        let apps = [try AppManifest(yaml: Self.kayaks, path: "kayaks.yaml")]
        let hire = try await firstTurn("Hire a tandem kayak through Harbor Kayaks", apps: apps)
        #expect(hire.match?.intent == "RentBoat", "\(hire.reply.text)")
        let sell = try await firstTurn("Harbor Kayaks, sell me a season pass", apps: apps)
        #expect(sell.match?.intent == "BuySeasonPass", "\(sell.reply.text)")
        let sellMine = try await firstTurn("Harbor Kayaks, sell my season pass", apps: apps)
        #expect(sellMine.match == nil, "\(sellMine.reply.text)")
    }
}
