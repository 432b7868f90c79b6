import EarshotMatching
import EarshotSemantic
import Testing

/// How a request's words are read for its action: English's ways of refusing one (a negator or a
/// refusal verb before the verb), light verbs, and two-word verbs. WordNet (`make setup`) must be there.
@Suite("The action a request asks for")
struct ActionVerbsTests: ReadsRequests {
    let verbs = ActionVerbs()

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

    @Test("a verb of several words is read as one, wherever its particle is, and its meaning is WordNet's")
    func multiwordVerbs() {
        // "call off" is "cancel", "get rid of" is "remove": other actions on the things an order or a list names.
        #expect(request("call off my clam chowder order") == .verb(["call_off"]))
        #expect(verbs.fit(request("call off my clam chowder order"), ["order", "buy"]) == .conflicts)
        #expect(request("get rid of the packing list") == .phrasal(["get_rid_of"]))
        #expect(verbs.fit(request("get rid of the packing list"), ["summarize", "read"]) == .conflicts)
        // The particle after the object is the verb's: "clear … out" clears.
        // With its object before the particle, "take … off" means WordNet's commonest "take off" that
        // takes an object ("take away or remove"), not its commonest (leaving): a kind of removing.
        #expect(request("take my latest postcard off my board") == .phrasal(["take_off", "remove"]))
        #expect(verbs.fit(request("take the newest card off my wall"), ["post", "put_up", "share"]) == .conflicts)
        #expect(request("clear my packing list out") == .verb(["clear_out", "remove"]))
        #expect(verbs.fit(request("turn the pet camera off"), ["turn_on", "open"]) == .conflicts)
        // A two-word verb for the screen's "show" is still a wording of it, whatever else WordNet files it under.
        #expect(verbs.fit(request("pull up the menu"), ["open", "show"]) != .conflicts)
        #expect(verbs.fit(request("bring up my last hike"), ["open", "show"]) != .conflicts)
        #expect(verbs.fit(request("sum up my shopping list"), ["summarize"]) == .fits)
    }

    @Test("no before a thing refuses it; a way of discarding is a way of removing; turn off is turn on's opposite")
    func fifthPassReadings() {
        #expect(request("no soup for me tonight") == .negated)
        #expect(request("no need to order soup") == .negated)
        // "scrap" is a way to discard, which is a way to remove: another action than ordering.
        #expect(verbs.fit(request("scrap my tomato soup order"), ["order", "buy"]) == .conflicts)
        #expect(verbs.fit(request("purchase a tomato soup"), ["order", "buy"]) == .fits)
        // The opposite the matcher tries in the sentence model: the one WordNet gives.
        #expect(VerbNet.shared.opposites(of: "turn_off").contains("turn_on"))
        #expect(VerbNet.shared.opposites(of: "start").contains("end"))
    }

    @Test("a support verb with a noun asks for the noun's action")
    func supportVerbNouns() {
        #expect(request("make a copy of my last hike") == .phrasal(["copy"]))
        #expect(verbs.fit(request("make a copy of the garden album"), ["share", "post", "send"]) == .conflicts)
        #expect(verbs.fit(request("give my last coffee a rating"), ["order", "buy"]) == .conflicts)
        // The WWDC example: a summary is the action of summarizing.
        #expect(verbs.fit(request("give me a summary of my shopping list"), ["summarize"]) == .fits)
        // A thing handed over names no action: ordering soup is not judged by "soup".
        #expect(request("give me a bowl of soup") == .unknown)
        #expect(request("get me a copy of the menu") == .unknown)
    }

    @Test("a question asks to be told: it fits an intent that tells, not one that acts")
    func questions() {
        for text in ["where's the card I mailed to Priya", "how many miles did I hike this week", "is my soup on its way",
                     "has my soup left yet", "do I have anything on my list", "when did the cat last eat"] {
            #expect(request(text) == .question, "\(text)")
        }
        #expect(verbs.fit(.question, ["post", "share"], answers: false) == .conflicts)
        #expect(verbs.fit(.question, ["track"], answers: true) == .fits)
        // A suggestion and a request are no questions.
        #expect(request("how about ordering soup") != .question)
        #expect(request("can you order my soup") == .verb(["order"]))
    }
}
