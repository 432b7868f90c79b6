import EarshotSemantic
import Testing

/// Issue 19, nineteenth and twentieth passes: everyday wordings WordNet does not link to an app action's own verb,
/// read from the development files' misses (bookmarking a thing saves it, querying someone asks them, revising words
/// reviews them, writing to someone messages them; settling on a glaze chooses it, picking up clay buys it, timing
/// the drying starts a timer, pricing a trip checks it, depositing money tops up). WordNet (`make setup`) must be
/// there.
@Suite("Everyday wordings read from the development files' misses")
struct EverydayVerbsFromMissesTests: ReadsRequests {
    let verbs = ActionVerbs()

    @Test("everyday wordings stand for their actions", arguments: [
        // Nineteenth pass.
        ("bookmark the sea life exhibit", ["save"]),
        ("remember this exhibit for me", ["save"]),
        ("query a curator about a painting", ["ask"]),
        ("revise my Japanese words", ["review"]),
        ("work on my German", ["practice"]),
        ("write to the band", ["message"]),
        ("pop a garden card in the post", ["send"]),
        ("change how much I study each day", ["set"]),
        // Twentieth pass.
        ("I've settled on the blue glaze", ["choose"]),
        ("pick up a bag of clay", ["buy"]),
        ("join the evening class", ["book"]),
        ("time the bread in the oven", ["start"]),
        ("pass a message to my driver", ["message"]),
        ("contact the front desk", ["message"]),
        ("price a ride to the station", ["check"]),
        ("alert me when the film starts", ["remind"]),
        ("stick the film on my list", ["add"]),
        ("write up what I thought of the show", ["review"]),
        ("deposit twenty dollars", ["top_up"]),
        ("return my coat to me", ["deliver"]),
        // Twenty-second pass.
        ("stick on the latest episode", ["play"]),
        ("release a bike for me at the square", ["unlock"]),
        ("close my ride", ["end"]),
        ("finish my homework", ["mark"]),
        ("earn some screen time", ["reward"]),
        // Twenty-third pass.
        ("fire off a note to the band", ["send"]),
        ("shout to the drummer that I'm late", ["message"]),
        ("hand out a link to the garden album", ["share"]),
        ("pose a question to the curator", ["ask"]),
        ("quiz me on my French words", ["review"]),
        ("walk me round the mummies", ["tour"]),
        ("point me towards the toilets", ["find"]),
        ("set me up with a tutor on Tuesday", ["book"]),
        ("display the menu", ["show"]),
        ("read me my packing list", ["summarize"]),
        ("update my weekly target", ["set"]),
        ("bump my weekly target to five", ["set"]),
        ("pencil me in for a cleaning", ["book"]),
        ("squeeze me into the evening class", ["book"]),
        ("submit the bill to my insurance", ["file"]),
        ("free up a bike for me", ["unlock"]),
        ("fill up the car", ["charge"]),
        ("throw a life vest in with my boat", ["add"]),
        ("fancy some chicken noodle soup", ["order"]),
        // Twenty-sixth pass.
        ("publish my most recent postcard", ["post"]),
        ("sign me up for a monthly pass", ["buy"]),
        ("fix me up with a bowl of tomato soup", ["order"]),
        ("treat me to a manicure on Saturday", ["book"]),
    ] as [(String, Set<String>)])
    func stands(text: String, intentVerbs: Set<String>) {
        #expect(VerbNet.shared.available, "WordNet is missing: run make setup")
        #expect(verbs.confirms(request(text), intentVerbs), "\(text): \(request(text))")
    }

    @Test("they stand for those actions only, and a refusal of them still refuses")
    func onlyThose() {
        #expect(!verbs.confirms(request("bookmark the sea life exhibit"), ["order", "buy"]))
        #expect(!verbs.confirms(request("change my soup order"), ["order", "buy"]))
        #expect(request("don't bookmark this exhibit") == .negated)
        #expect(!verbs.confirms(request("pick up a bag of clay"), ["message", "send"]))
        #expect(!verbs.confirms(request("return a bag of clay"), ["order", "buy"]))
        #expect(request("don't time the bread") == .negated)
        #expect(!verbs.confirms(request("release a bike for me"), ["order", "buy"]))
        #expect(!verbs.confirms(request("submit a complaint about the driver"), ["order", "buy", "book"]))
        #expect(!verbs.confirms(request("free up a bike for me"), ["end", "stop"]))
    }

    @Test("'bring' said by the speaker asks whether it is allowed, or is judged as itself; brought to the speaker it is light (twenty-second pass)")
    func bringing() {
        #expect(request("can i bring my own glaze from home") == .explanationQuestion)
        #expect(request("could we bring a friend") == .explanationQuestion)
        #expect(request("i will bring my own snacks") == .verb(["bring"]))
        #expect(request("bring me some tomato soup") == .unknown)
        #expect(request("can you bring me a bowl of soup") == .unknown)
    }

    @Test("money back is a refund, settling up pays, taking down or back a thing already there removes it (twenty-second pass)")
    func refundsAndPayments() {
        #expect(request("get my money back for the tickets") == .verb(["refund"]))
        #expect(request("i want some money back") == .verb(["refund"]))
        #expect(!verbs.confirms(request("get my money back for the tickets"), ["buy", "order"]))
        #expect(request("settle up for last nights session") == .verb(["pay"]))
        #expect(request("settle my gas bill") == .verb(["pay"]))
        #expect(request("settle on the blue glaze") != .verb(["pay"]))
        #expect(request("take down the card i posted") == .verb(["remove"]))
        #expect(request("take back my last postcard") == .verb(["remove"]))
        #expect(request("take down a note") != .verb(["remove"]))
    }

    @Test("swapping, rescheduling, exporting or splitting a thing, or scrapping it, is another action (twenty-third pass)",
          arguments: ["can i swap my order to a different soup", "exchange my bin for a smaller one", "reschedule my trip to sunday",
                      "export my hiking distance", "split the bill for our order", "scrap my appointment"])
    func otherActions(text: String) {
        #expect(verbs.fit(request(text), ["order", "buy", "plan", "book", "show", "view", "check"]) == .conflicts, "\(text): \(request(text))")
    }

    @Test("what the speaker cannot attend is no request; what they cannot do otherwise asks for it; a later clause is the request (twenty-third pass)")
    func inability() {
        #expect(request("i cant make it tonight") == .negated)
        #expect(request("we cant come on thursday") == .negated)
        #expect(verbs.fit(request("i cant come on thursday scrap my appointment"), ["book", "check", "view"]) == .conflicts)
        #expect(verbs.confirms(request("i cant find my car"), ["find"]))
    }
}
