import EarshotMatching
import EarshotSemantic
import Testing

/// How a request's words are read for its action: English's ways of refusing one (a negator or a
/// refusal verb before the verb), light verbs, and two-word verbs. WordNet (`make setup`) must be there.
@Suite("The action a request asks for")
struct ActionVerbsTests {
    let verbs = ActionVerbs()

    func request(_ text: String) -> ActionVerbs.Request {
        verbs.request(Normalizer.normalize(text).split(separator: " "))
    }

    @Test("a negator before the verb refuses the action, however it is said")
    func negators() {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        for text in ["don't order soup", "no need to track my order", "there's no need to order soup", "whatever you do, do not send a postcard",
                     "I'd rather not log this hike", "I'd rather you didn't order soup", "never order tomato soup", "please don't bother summarizing my list"] {
            #expect(request(text) == .negated, "\(text)")
        }
    }

    @Test("a negator after the verb is about something else; \"don't forget to\" asks for the action")
    func negatorsOutOfScope() {
        #expect(request("order soup, I don't want to cook") == .verb(["order"]))
        #expect(request("don't forget to order soup") != .negated)
        #expect(request("don't forget to order the soup") == .verb(["order"]))
    }

    @Test("a refusal verb over another action, or over a thing, refuses it unless the intent's verb is that verb")
    func refusalVerbs() {
        #expect(request("stop reminding me about street cleaning") == .refused(["stop"], of: ["remind"]))
        #expect(request("hold off on ordering soup") == .refused(["hold_off"], of: ["order"]))
        #expect(request("skip my soup order this week") == .refused(["skip"], of: []))
        #expect(verbs.fit(request("skip my soup order"), ["order", "buy"]) == .conflicts)
        #expect(verbs.fit(request("hold off on ordering soup"), ["order", "buy"]) == .conflicts)
        // Ending parking is what "stop" asks of an intent whose verbs are stop and park; reminders are not.
        #expect(verbs.fit(request("stop my parking"), ["stop", "end", "park"]) == .fits)
        #expect(verbs.fit(request("stop parking downtown"), ["stop", "end", "park"]) == .fits)
        #expect(verbs.fit(request("stop reminding me"), ["stop", "end", "park"]) == .conflicts)
    }

    @Test("a light verb is no evidence; with a particle it is judged only against an opposite")
    func lightVerbs() {
        #expect(request("grab me a tomato soup") == .unknown)
        #expect(request("get me some soup") == .unknown)
        #expect(verbs.fit(request("put in an order for soup"), ["order", "buy"]) == .fits)
        #expect(verbs.fit(request("turn off the camera"), ["turn_on"]) == .conflicts)
    }

    @Test("the first word of a request, when it can be a verb, is the verb: an imperative")
    func imperative() {
        // WordNet's corpus has "forward" mostly as an adverb, and a name follows it, not "my" or "the".
        #expect(request("forward Priya's postcard to my sister") == .verb(["forward"]))
    }
}
